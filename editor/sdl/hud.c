/* editor/sdl/hud.c - the heads-up text, the timeline, the help screen and questions. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "draw.h"
#include "status.h"

static const SDL_Color white = {240, 240, 240, 255}, dim = {170, 175, 185, 255}, yellow = {255, 220, 40, 255},
                       red = {255, 110, 100, 255}, orange = {255, 170, 60, 255}, panel = {16, 18, 24, 190}, magenta = {255, 120, 255, 255};

static void text(ed_gfx *g, int x, int y, SDL_Color c, const char *s) { ed_ui_text(g->ui, g->text, (float)x, (float)y, c, s); }

/* The file name as it fits: the end of a long path matters most. */
static const char *short_name(const char *file, size_t max)
{
    size_t n = strlen(file);
    return n > max ? file + n - max : file;
}

/* Text in a panel above the timeline, wrapped to the view's width; `bottom`
 * is the y its last line ends at. Returns the y where the panel begins. */
static int message_panel(ed_gfx *g, const ed_layout *l, const char *msg, SDL_Color c, int bottom, int max_lines)
{
    int lh = ed_text_height(g->text) + 1, adv = ed_text_advance(g->text);
    char lines[ED_MESSAGE_MAX_LINES][ED_STATUS_LINE];
    int width = adv > 0 ? (l->view.w - 32) / adv : 80;
    int n = ed_wrap(msg, width, lines, max_lines < ED_MESSAGE_MAX_LINES ? max_lines : ED_MESSAGE_MAX_LINES);
    int w = 0;
    for (int i = 0; i < n; i++) {
        int tw = ed_text_width(g->text, lines[i]);
        w = tw > w ? tw : w;
    }
    int y = bottom - n * lh;
    ed_ui_rect(g->ui, 8, y - 4, w + 16, n * lh + 8, panel);
    for (int i = 0; i < n; i++)
        text(g, 16, y + i * lh, c, lines[i]);
    return y - 4;
}

void ed_draw_hud(ed_gfx *g, ed_app *app, const ed_layout *l)
{
    ed_status_line line[ED_STATUS_MAX_LINES];
    int nl = ed_status_lines(app, g->trace.max[app->color_mode == ED_COLOR_ACCELERATION], line);
    int lh = ed_text_height(g->text) + 1, w = 0;
    for (int i = 0; i < nl; i++) {
        int tw = ed_text_width(g->text, line[i].text);
        w = tw > w ? tw : w;
    }
    ed_ui_rect(g->ui, 8, 8, w + 16, nl * lh + 12, panel);
    for (int i = 0; i < nl; i++) {
        static const SDL_Color *colors[] = {&white, &white, &yellow, &orange, &red, &dim};
        text(g, 16, 14 + i * lh, *colors[line[i].kind], line[i].text);
    }
    /* the colour scale next to its caption */
    int lx = 16 + w - 120 < 16 ? 16 : 16 + w + 8, ly = 14 + 2 * lh + 2;
    if (app->path && lx + 120 < l->view.w)
        for (int i = 0; i < 120; i++) {
            SDL_Color c = ed_ramp(i * (ED_TRACE_LEVELS - 1) / 119);
            ed_ui_line(g->ui, (float)(lx + i), (float)ly, (float)(lx + i), (float)(ly + lh - 4), c);
        }

    int bottom = l->view.y + l->view.h - 10;
    double age = app->clock - app->message_clock;
    if (app->message[0] && age < ED_MESSAGE_SECONDS)
        bottom = message_panel(g, l, app->message, app->message_error ? red : white, bottom, ED_MESSAGE_MAX_LINES) - 6;
    if (app->loader) {
        char progress[600];
        ed_loader_describe(app->loader, progress, sizeof progress);
        message_panel(g, l, progress, yellow, bottom, 2);
    }
}

void ed_draw_timeline(ed_gfx *g, ed_app *app, const ed_layout *l)
{
    const ed_rect *tl = &l->timeline, *bar = &l->bar;
    ed_ui_rect(g->ui, tl->x, tl->y, tl->w, tl->h, (SDL_Color){22, 24, 30, 255});
    ed_ui_rect(g->ui, bar->x, bar->y, bar->w, bar->h, (SDL_Color){55, 60, 72, 255});
    double start = ed_app_start(app), dur = ed_app_duration(app);
    char buf[32];
    int th = ed_text_height(g->text), ty = bar->y + bar->h / 2 - th / 2;
    snprintf(buf, sizeof buf, "%.2f", start);
    text(g, bar->x - ed_text_width(g->text, buf) - 6, ty, dim, buf);
    snprintf(buf, sizeof buf, "%.2f", start + dur);
    text(g, bar->x + bar->w + 6, ty, dim, buf);
    size_t n = ed_app_key_count(app);
    const cp_key *k = ed_app_keys(app);
    if (dur > 0 && n > 0 && !ed_gfx_reserve((void **)&g->cells, &g->cell_cap, (size_t)bar->w + 1, 1)) {
        /* one tick per pixel column, however many keys share it */
        memset(g->cells, 0, (size_t)bar->w + 1);
        const SDL_Color tick = {225, 225, 235, 255};
        /* selected keys first, so that a column they share with others shows them */
        for (int pass = 0; pass < 2; pass++)
            for (size_t i = 0; i < n; i++) {
                int is_sel = ed_app_is_selected(app, i);
                if (is_sel != (pass == 0))
                    continue;
                int x = (int)lround(ed_layout_x_of(l, start, dur, k[i].time));
                int c = x - bar->x;
                if (c < 0 || c > bar->w || g->cells[c])
                    continue;
                g->cells[c] = 1;
                ed_ui_line(g->ui, (float)x, (float)(bar->y + 2), (float)x, (float)(bar->y + bar->h - 3),
                           is_sel ? yellow : tick);
            }
    }
    /* holds: a band from each key to where its hold ends, the camera at rest there */
    const SDL_Color hold = {90, 200, 255, 255};
    for (size_t i = 0; dur > 0 && i < n; i++)
        if (k[i].flags & CP_KEY_HOLD) {
            double x0 = ed_layout_x_of(l, start, dur, k[i].time), x1 = ed_layout_x_of(l, start, dur, ed_key_end(&k[i]));
            /* from just right of the key's tick, which stays in sight */
            ed_ui_rect(g->ui, (float)floor(x0) + 2, (float)(bar->y + 3), (float)fmax(2.0, x1 - x0 - 2), (float)(bar->h - 6),
                       hold);
        }
    const ed_clearance *c = app->path && dur > 0 ? ed_app_clearance(app) : NULL;
    for (size_t i = 0; c && i < c->count; i++) {
        /* a problem shows however short it is */
        double x0 = ed_layout_x_of(l, start, dur, c->ranges[i].t0), x1 = ed_layout_x_of(l, start, dur, c->ranges[i].t1);
        ed_ui_rect(g->ui, (float)floor(x0), (float)(bar->y + bar->h - 4), (float)fmax(2.0, x1 - x0), 4,
                   c->ranges[i].through ? red : orange);
    }
    if (dur > 0 && app->cur.selected >= 0 && (size_t)app->cur.selected < n) {
        int x = (int)lround(ed_layout_x_of(l, start, dur, k[app->cur.selected].time));
        ed_ui_rect(g->ui, x - 1, bar->y - 3, 3, bar->h + 6, yellow);
    }
    if (app->path) {
        int x = (int)lround(ed_layout_x_of(l, start, dur, app->playhead));
        ed_ui_rect(g->ui, x - 1, bar->y - 6, 3, bar->h + 12, magenta);
        snprintf(buf, sizeof buf, "%.2f s", app->playhead);
        int bw = ed_text_width(g->text, buf);
        int bx = x + 6 + bw > bar->x + bar->w ? x - 6 - bw : x + 6;
        text(g, bx, bar->y - th - 1 < tl->y ? tl->y : bar->y - th - 1, magenta, buf);
    } else {
        text(g, bar->x + 8, ty, dim, "record 2 keys (F2) to get a path");
    }
}

/* ---- help and questions ---------------------------------------------------------------------- */

/* One line of the help: a binding, with the chords of the bindings right
 * after it that do the same (Delete, Backspace); *next gets the index after them. */
static void help_line(const ed_binding *b, size_t n, size_t i, size_t *next, char *line, size_t size)
{
    char chords[64] = "", one[32];
    size_t j = i;
    do {
        ed_chord_name(b[j].key, b[j].mods, one, sizeof one);
        /* joined only while they fit the chord column */
        if (j > i && strlen(chords) + 2 + strlen(one) > 12)
            break;
        snprintf(chords + strlen(chords), sizeof chords - strlen(chords), "%s%s", j > i ? ", " : "", one);
        j++;
    } while (j < n && b[j].prompt == ED_PROMPT_NONE && strcmp(b[j].help, b[i].help) == 0 &&
             strcmp(b[j].section, b[i].section) == 0);
    *next = j;
    snprintf(line, size, "%-12s %s", chords, b[i].help);
}

/* The key bindings (the answers to questions are left out: each question
 * lists its own), in columns as wide as the lines and as many as the window
 * takes, on pages when it takes too few: F1 turns the page. */
static void draw_help(ed_gfx *g, ed_app *app)
{
    size_t n;
    const ed_binding *b = ed_bindings(&n);
    ed_text *font = g->small ? g->small : g->text;
    int lh = ed_text_height(font), adv = ed_text_advance(font);
    lh = lh > 0 ? lh : 1;
    adv = adv > 0 ? adv : 1;
    size_t widest = 0, next;
    char line[256];
    for (size_t i = 0; i < n && b[i].prompt == ED_PROMPT_NONE; i = next) {
        help_line(b, n, i, &next, line, sizeof line);
        widest = strlen(line) > widest ? strlen(line) : widest;
    }
    int col_w = (int)widest * adv + 3 * adv;
    int cols = (app->width - 24) / col_w;
    cols = cols < 1 ? 1 : cols > 3 ? 3 : cols;
    int fit = (app->height - 60) / lh;
    fit = fit < 6 ? 6 : fit;
    /* lay out every line: page, column, row; a section does not start at the foot of a column */
    int page = 0, col = 0, row = 0, pass, pages = 1;
    for (pass = 0; pass < 2; pass++) {
        page = col = row = 0;
        int shown = app->show_help > 0 ? (app->show_help - 1) % pages : 0;
        int w = cols * col_w + 24, h = fit * lh + 44;
        int x0 = (app->width - w) / 2, y0 = (app->height - h) / 2;
        x0 = x0 < 0 ? 0 : x0;
        y0 = y0 < 0 ? 0 : y0;
        if (pass == 1) {
            ed_ui_rect(g->ui, x0, y0, w, h, (SDL_Color){12, 14, 20, 235});
            char title[128];
            if (pages > 1)
                snprintf(title, sizeof title, "campath-editor keys, page %d of %d   (F1: next page, Esc closes)",
                         shown + 1, pages);
            else
                snprintf(title, sizeof title, "campath-editor keys   (F1 or Esc closes this)");
            ed_ui_text(g->ui, font, x0 + 16, y0 + 10, yellow, title);
        }
        for (size_t i = 0; i < n && b[i].prompt == ED_PROMPT_NONE; i = next) {
            int heading = i == 0 || strcmp(b[i].section, b[i - 1].section) != 0;
            if (row + (heading ? 3 : 1) > fit) {
                row = 0;
                if (++col == cols) {
                    col = 0;
                    page++;
                }
            }
            help_line(b, n, i, &next, line, sizeof line);
            if (pass == 1 && page == shown) {
                int x = x0 + 16 + col * col_w, y = y0 + 34 + row * lh;
                if (heading)
                    ed_ui_text(g->ui, font, x, y, yellow, b[i].section);
                ed_ui_text(g->ui, font, x + adv, y + (heading ? lh : 0), white, line);
            }
            row += 1 + heading;
        }
        pages = page + 1;
    }
    app->help_pages = pages;
}

static void draw_prompt(ed_gfx *g, const ed_app *app)
{
    static const char *const titles[] = {"", "The file changed on disk", "Unsaved edits from an earlier session",
                                         "Quit with unsaved edits?"};
    size_t n;
    const ed_binding *b = ed_bindings(&n);
    char lines[8][200];
    int nl = 0;
    for (size_t i = 0; i < n && nl < 8; i++)
        if (b[i].prompt == app->prompt) {
            char chord[48];
            snprintf(lines[nl++], sizeof lines[0], "%-5s %s", ed_chord_name(b[i].key, b[i].mods, chord, sizeof chord),
                     b[i].help);
        }
    char what[300];
    const char *file = app->file ? short_name(app->file, 80) : "the file";
    if (app->prompt == ED_PROMPT_RELOAD)
        snprintf(what, sizeof what, "%s was changed by another program, and you have unsaved edits.", file);
    else if (app->prompt == ED_PROMPT_RECOVERY)
        snprintf(what, sizeof what, "%s%s holds %zu %s that were never saved.", file, ED_RECOVERY_SUFFIX,
                 app->pending.count, ed_keys_word(app->pending.count));
    else
        snprintf(what, sizeof what, "%s has unsaved edits.", file);
    int lh = ed_text_height(g->text) + 2, w = ed_text_width(g->text, what);
    for (int i = 0; i < nl; i++) {
        int tw = ed_text_width(g->text, lines[i]);
        w = tw > w ? tw : w;
    }
    w += 40;
    int h = (nl + 3) * lh + 24;
    int x0 = (app->width - w) / 2, y0 = (app->height - h) / 3;
    x0 = x0 < 0 ? 0 : x0;
    y0 = y0 < 0 ? 0 : y0;
    ed_ui_rect(g->ui, x0 - 2, y0 - 2, w + 4, h + 4, yellow);
    ed_ui_rect(g->ui, x0, y0, w, h, (SDL_Color){20, 22, 30, 255});
    text(g, x0 + 20, y0 + 12, yellow, titles[app->prompt < 4 ? app->prompt : 0]);
    text(g, x0 + 20, y0 + 12 + lh, white, what);
    for (int i = 0; i < nl; i++)
        text(g, x0 + 20, y0 + 12 + (i + 3) * lh, white, lines[i]);
}

void ed_draw_overlays(ed_gfx *g, ed_app *app, const ed_layout *l)
{
    (void)l;
    if (app->show_help)
        draw_help(g, app);
    if (app->prompt != ED_PROMPT_NONE)
        draw_prompt(g, app);
}
