/* SPDX-License-Identifier: MIT */
/* editor/sdl/input.c - SDL events in and out of the editor's event type. */
#include "input.h"

#include <stdio.h>
#include <string.h>

static const struct {
    SDL_Keycode sdl;
    int key;
} special[] = {
    {SDLK_F1, ED_KEY_F1}, {SDLK_F2, ED_KEY_F2}, {SDLK_F3, ED_KEY_F3}, {SDLK_F4, ED_KEY_F4},
    {SDLK_F5, ED_KEY_F5}, {SDLK_F6, ED_KEY_F6}, {SDLK_F7, ED_KEY_F7}, {SDLK_F8, ED_KEY_F8},
    {SDLK_F9, ED_KEY_F9}, {SDLK_F10, ED_KEY_F10}, {SDLK_F11, ED_KEY_F11}, {SDLK_F12, ED_KEY_F12},
    {SDLK_ESCAPE, ED_KEY_ESCAPE}, {SDLK_RETURN, ED_KEY_RETURN}, {SDLK_KP_ENTER, ED_KEY_RETURN},
    {SDLK_TAB, ED_KEY_TAB}, {SDLK_BACKSPACE, ED_KEY_BACKSPACE}, {SDLK_DELETE, ED_KEY_DELETE},
    {SDLK_HOME, ED_KEY_HOME}, {SDLK_END, ED_KEY_END}, {SDLK_PAGEUP, ED_KEY_PAGEUP},
    {SDLK_PAGEDOWN, ED_KEY_PAGEDOWN}, {SDLK_LEFT, ED_KEY_LEFT}, {SDLK_RIGHT, ED_KEY_RIGHT},
    {SDLK_UP, ED_KEY_UP}, {SDLK_DOWN, ED_KEY_DOWN}, {SDLK_KP_PLUS, ED_KEY_KP_PLUS},
    {SDLK_KP_MINUS, ED_KEY_KP_MINUS}, {SDLK_LSHIFT, ED_KEY_SHIFT}, {SDLK_RSHIFT, ED_KEY_SHIFT},
    {SDLK_LCTRL, ED_KEY_CTRL}, {SDLK_RCTRL, ED_KEY_CTRL},
    /* layouts where + has a key of its own */
    {SDLK_PLUS, '='},
};

static int key_from_sdl(SDL_Keycode k)
{
    for (size_t i = 0; i < sizeof special / sizeof special[0]; i++)
        if (special[i].sdl == k)
            return special[i].key;
    /* SDL names printable keys by their unshifted ASCII character */
    if (k > ' ' && k < 127)
        return k >= 'A' && k <= 'Z' ? k - 'A' + 'a' : (int)k;
    if (k == SDLK_SPACE)
        return ' ';
    return ED_KEY_NONE;
}

static SDL_Keycode key_to_sdl(int key)
{
    for (size_t i = 0; i < sizeof special / sizeof special[0]; i++)
        if (special[i].key == key && special[i].sdl != SDLK_PLUS && special[i].sdl != SDLK_KP_ENTER &&
            special[i].sdl != SDLK_RSHIFT && special[i].sdl != SDLK_RCTRL)
            return special[i].sdl;
    if (key >= ' ' && key < 127)
        return (SDL_Keycode)key;
    return SDLK_UNKNOWN;
}

static unsigned mods_from_sdl(Uint16 m)
{
    return ((m & KMOD_SHIFT) ? ED_MOD_SHIFT : 0u) | ((m & KMOD_CTRL) ? ED_MOD_CTRL : 0u);
}

static Uint16 mods_to_sdl(unsigned m)
{
    return (Uint16)(((m & ED_MOD_SHIFT) ? KMOD_LSHIFT : 0) | ((m & ED_MOD_CTRL) ? KMOD_LCTRL : 0));
}

static int button_key(Uint8 b)
{
    return b == SDL_BUTTON_LEFT ? ED_KEY_MOUSE_LEFT : b == SDL_BUTTON_RIGHT ? ED_KEY_MOUSE_RIGHT : ED_KEY_NONE;
}

int ed_input_translate(const SDL_Event *e, ed_event *out)
{
    memset(out, 0, sizeof *out);
    switch (e->type) {
    case SDL_QUIT:
        out->type = ED_EV_QUIT;
        return 1;
    case SDL_KEYDOWN:
    case SDL_KEYUP:
        out->type = e->type == SDL_KEYDOWN ? ED_EV_KEY_DOWN : ED_EV_KEY_UP;
        out->key = key_from_sdl(e->key.keysym.sym);
        out->mods = mods_from_sdl(e->key.keysym.mod);
        out->repeat = e->key.repeat != 0;
        return out->key != ED_KEY_NONE;
    case SDL_MOUSEBUTTONDOWN:
    case SDL_MOUSEBUTTONUP:
        out->type = e->type == SDL_MOUSEBUTTONDOWN ? ED_EV_BUTTON_DOWN : ED_EV_BUTTON_UP;
        out->key = button_key(e->button.button);
        out->x = e->button.x;
        out->y = e->button.y;
        return out->key != ED_KEY_NONE;
    case SDL_MOUSEMOTION:
        out->type = ED_EV_MOTION;
        out->x = e->motion.x;
        out->y = e->motion.y;
        out->dx = e->motion.xrel;
        out->dy = e->motion.yrel;
        return 1;
    case SDL_TEXTINPUT:
        out->type = ED_EV_TEXT;
        snprintf(out->text, sizeof out->text, "%s", e->text.text);
        return 1;
    case SDL_MOUSEWHEEL:
        out->type = ED_EV_WHEEL;
        out->dy = e->wheel.direction == SDL_MOUSEWHEEL_FLIPPED ? -e->wheel.preciseY : e->wheel.preciseY;
        return 1;
    case SDL_WINDOWEVENT:
        switch (e->window.event) {
        case SDL_WINDOWEVENT_SIZE_CHANGED:
            out->type = ED_EV_RESIZE;
            out->w = e->window.data1;
            out->h = e->window.data2;
            return 1;
        case SDL_WINDOWEVENT_MINIMIZED: out->type = ED_EV_MINIMIZE; return 1;
        case SDL_WINDOWEVENT_RESTORED:
        case SDL_WINDOWEVENT_MAXIMIZED:
        case SDL_WINDOWEVENT_SHOWN: out->type = ED_EV_RESTORE; return 1;
        case SDL_WINDOWEVENT_FOCUS_LOST: out->type = ED_EV_FOCUS_LOST; return 1;
        case SDL_WINDOWEVENT_FOCUS_GAINED: out->type = ED_EV_FOCUS_GAINED; return 1;
        case SDL_WINDOWEVENT_CLOSE: out->type = ED_EV_QUIT; return 1;
        default: return 0;
        }
    default:
        return 0;
    }
}

static void window_event(SDL_Event *out, Uint8 what, int d1, int d2)
{
    out->type = SDL_WINDOWEVENT;
    out->window.event = what;
    out->window.data1 = d1;
    out->window.data2 = d2;
}

int ed_input_synthesize(const ed_event *ev, SDL_Event *out)
{
    memset(out, 0, sizeof *out);
    switch (ev->type) {
    case ED_EV_KEY_DOWN:
    case ED_EV_KEY_UP:
        out->type = ev->type == ED_EV_KEY_DOWN ? SDL_KEYDOWN : SDL_KEYUP;
        out->key.state = ev->type == ED_EV_KEY_DOWN ? SDL_PRESSED : SDL_RELEASED;
        out->key.repeat = (Uint8)(ev->repeat != 0);
        out->key.keysym.sym = key_to_sdl(ev->key);
        out->key.keysym.scancode = SDL_GetScancodeFromKey(out->key.keysym.sym);
        out->key.keysym.mod = mods_to_sdl(ev->mods);
        return out->key.keysym.sym != SDLK_UNKNOWN;
    case ED_EV_BUTTON_DOWN:
    case ED_EV_BUTTON_UP:
        out->type = ev->type == ED_EV_BUTTON_DOWN ? SDL_MOUSEBUTTONDOWN : SDL_MOUSEBUTTONUP;
        out->button.button = ev->key == ED_KEY_MOUSE_LEFT ? SDL_BUTTON_LEFT : SDL_BUTTON_RIGHT;
        out->button.state = ev->type == ED_EV_BUTTON_DOWN ? SDL_PRESSED : SDL_RELEASED;
        out->button.clicks = 1;
        out->button.x = ev->x;
        out->button.y = ev->y;
        return 1;
    case ED_EV_MOTION:
        out->type = SDL_MOUSEMOTION;
        out->motion.x = ev->x;
        out->motion.y = ev->y;
        out->motion.xrel = (Sint32)ev->dx;
        out->motion.yrel = (Sint32)ev->dy;
        return 1;
    case ED_EV_WHEEL:
        out->type = SDL_MOUSEWHEEL;
        out->wheel.preciseY = (float)ev->dy;
        out->wheel.y = (Sint32)ev->dy;
        out->wheel.direction = SDL_MOUSEWHEEL_NORMAL;
        return 1;
    case ED_EV_RESIZE: window_event(out, SDL_WINDOWEVENT_SIZE_CHANGED, ev->w, ev->h); return 1;
    case ED_EV_MINIMIZE: window_event(out, SDL_WINDOWEVENT_MINIMIZED, 0, 0); return 1;
    case ED_EV_RESTORE: window_event(out, SDL_WINDOWEVENT_RESTORED, 0, 0); return 1;
    case ED_EV_FOCUS_LOST: window_event(out, SDL_WINDOWEVENT_FOCUS_LOST, 0, 0); return 1;
    case ED_EV_FOCUS_GAINED: window_event(out, SDL_WINDOWEVENT_FOCUS_GAINED, 0, 0); return 1;
    case ED_EV_QUIT: out->type = SDL_QUIT; return 1;
    case ED_EV_TEXT:
        out->type = SDL_TEXTINPUT;
        snprintf(out->text.text, sizeof out->text.text, "%s", ev->text);
        return 1;
    case ED_EV_NONE: return 0;
    }
    return 0;
}

void ed_input_begin(ed_input_state *st)
{
    st->texting = 0;
    st->relative = 0;
    /* keys are commands here, not text: keep input methods from taking them */
    SDL_StopTextInput();
}

/* The character a key types, for keys SDL queued while text input was off:
 * what a number field takes (digits, sign, point) and plain letters. 0 for
 * anything else (a key under Ctrl, a shifted symbol of an unknown layout). */
static char key_char(const SDL_Keysym *k)
{
    if (k->mod & (KMOD_CTRL | KMOD_ALT | KMOD_GUI))
        return 0;
    int shift = (k->mod & KMOD_SHIFT) != 0;
    SDL_Keycode s = k->sym;
    if (s >= SDLK_KP_1 && s <= SDLK_KP_9)
        return (char)('1' + (s - SDLK_KP_1));
    switch (s) {
    case SDLK_KP_0: return '0';
    case SDLK_KP_PERIOD: return '.';
    case SDLK_KP_MINUS: return '-';
    case SDLK_KP_PLUS: return '+';
    case SDLK_PLUS: return '+';
    case SDLK_EQUALS: return shift ? '+' : '=';
    default: break;
    }
    if (s >= 'a' && s <= 'z')
        return (char)(shift ? s - 'a' + 'A' : s);
    if (!shift && s > ' ' && s < 127)
        return (char)s;
    return 0;
}

int ed_input_pump(ed_input_state *st, ed_control *ctl, ed_app *app)
{
    SDL_Event e;
    ed_event ev;
    int n = 0;
    int untexted = 0;   /* events SDL queued before text input went on */
    while (SDL_PollEvent(&e)) {
        n++;
        if (e.type == SDL_DROPFILE) { /* a name, not an input event: the control layer takes it whole */
            if (e.drop.file)
                ed_control_drop(ctl, app, e.drop.file);
            SDL_free(e.drop.file);
            continue;
        }
        if (ed_input_translate(&e, &ev))
            ed_control_event(ctl, app, &ev);
        if (untexted > 0) {
            untexted--;
            SDL_Event next;
            char c;
            /* a key read before text went on came without its text: give it, unless its text follows */
            if (e.type == SDL_KEYDOWN && ctl->want_text && (c = key_char(&e.key.keysym)) != 0 &&
                !(SDL_PeepEvents(&next, 1, SDL_PEEKEVENT, SDL_FIRSTEVENT, SDL_LASTEVENT) == 1 &&
                  next.type == SDL_TEXTINPUT)) {
                ed_event t = {.type = ED_EV_TEXT};
                t.text[0] = c;
                ed_control_event(ctl, app, &t);
            }
        }
        /* text comes as text only while an inspector field takes it: keys are commands otherwise */
        if (ctl->want_text != st->texting) {
            st->texting = ctl->want_text;
            if (st->texting) {
                SDL_StartTextInput();
                untexted = SDL_PeepEvents(NULL, 0, SDL_PEEKEVENT, SDL_FIRSTEVENT, SDL_LASTEVENT);
                if (untexted < 0)
                    untexted = 0;
            } else {
                SDL_StopTextInput();
            }
        }
    }
    if (ctl->want_relative_mouse != st->relative) {
        st->relative = ctl->want_relative_mouse;
        SDL_SetRelativeMouseMode(st->relative ? SDL_TRUE : SDL_FALSE);
    }
    return n;
}
