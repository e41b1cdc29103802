/* SPDX-License-Identifier: MIT */
/* editor/core/screen.c - the overlays laid out so that none covers another. */
#include "screen.h"

#include <stdio.h>
#include <string.h>

#include "help.h"
#include "inspector.h"
#include "view.h"

int ed_screen_overlap(const ed_rect *a, const ed_rect *b)
{
    if (a->w <= 0 || a->h <= 0 || b->w <= 0 || b->h <= 0)
        return 0;
    return a->x < b->x + b->w && b->x < a->x + a->w && a->y < b->y + b->h && b->y < a->y + a->h;
}

static int inside(const ed_rect *r, const ed_rect *in)
{
    return r->x >= in->x && r->y >= in->y && r->x + r->w <= in->x + in->w && r->y + r->h <= in->y + in->h;
}

/* The HUD: its lines cut to the room left of the panels on the right, the
 * colour scale after its caption (or on a row of its own). */
static void hud(const ed_app *app, double color_top, int adv, int lh, int right, ed_screen *s)
{
    s->hud_lines = app->ui.show_hud ? ed_status_lines(app, color_top, s->lines) : 0;
    if (s->hud_lines == 0)
        return;
    int chars = (right - 8 - 16) / adv;
    s->line_chars = chars < 8 ? 8 : chars;
    int widest = 0, legend_row = -1, legend_x = 0;
    for (int i = 0; i < s->hud_lines; i++) {
        char *t = s->lines[i].text;
        /* the scale goes with its caption, also when the line is cut */
        if (app->doc.path && legend_row < 0 && strstr(t, "colour: "))
            legend_row = i;
        if ((int)strlen(t) > s->line_chars)
            memcpy(t + s->line_chars - 3, "...", 4);
        int w = (int)strlen(t) * adv;
        widest = w > widest ? w : widest;
        if (legend_row == i)
            legend_x = strstr(t, "colour: ") ? 16 + w + 8 : 1 << 20; /* cut: a row of its own */
    }
    int rows = s->hud_lines;
    if (legend_row >= 0) {
        int room = 8 + 16 + s->line_chars * adv;
        if (legend_x + ED_SCREEN_LEGEND_W > room || legend_x + ED_SCREEN_LEGEND_W > right) {
            /* no room after the caption: a row of its own, under the lines */
            legend_row = rows++;
            legend_x = 16;
        }
        s->legend = (ed_rect){legend_x, 14 + legend_row * lh + 2, ED_SCREEN_LEGEND_W, lh - 4};
        int end = legend_x + ED_SCREEN_LEGEND_W - 16;
        widest = end > widest ? end : widest;
    }
    s->hud = (ed_rect){8, 8, widest + 16, rows * lh + 12};
}

/* The message and the progress lines, stacked up from the view's foot. */
static int message_height(const ed_app *app, int chars, int lh)
{
    char lines[ED_MESSAGE_MAX_LINES][ED_STATUS_LINE];
    int h = 0;
    if (ed_app_message_shown(app))
        h += ed_wrap(app->base.message, chars, lines, ED_MESSAGE_MAX_LINES) * lh + 8 + ED_SCREEN_GAP;
    char progress[2][ED_STATUS_LINE];
    for (int i = 0, n = ed_status_progress(app, progress); i < n; i++)
        h += ed_wrap(progress[i], chars, lines, 2) * lh + 8 + ED_SCREEN_GAP;
    return h;
}

static void messages(const ed_app *app, int adv, int lh, ed_screen *s)
{
    const ed_layout *l = &s->layout;
    int bottom = l->view.y + l->view.h - 10 + 4;
    int chars = (l->view.w - 32) / adv;
    for (int pass = 0; pass < 2; pass++) {
        s->message_chars = chars < 16 ? 16 : chars;
        int h = message_height(app, s->message_chars, lh);
        s->messages = h > 0 ? (ed_rect){8, bottom - h + ED_SCREEN_GAP, s->message_chars * adv + 16, h - ED_SCREEN_GAP}
                            : (ed_rect){0, 0, 0, 0};
        if (!ed_screen_overlap(&s->messages, &s->inspector))
            return;
        /* beside the inspector, not under it */
        chars = (s->inspector.x - ED_SCREEN_GAP - 8 - 16) / adv;
    }
}

/* The clearance labels, each beside its stretch of path where it covers no
 * other overlay and no other label. */
static void labels(const ed_app *app, int adv, int lh, ed_screen *s)
{
    const ed_clearance *c = ed_app_clearance(app);
    if (!app->doc.path || !c || ed_ui_through(&app->ui, 1))
        return;
    ed_view v;
    ed_app_view(app, &v);
    const ed_rect *frame = &s->layout.frame;
    const ed_rect *taken[] = {&s->hud, &s->pip, &s->inspector, &s->messages};
    for (size_t r = 0; r < c->count; r++) {
        ed_screen_label lab;
        memset(&lab, 0, sizeof lab);
        lab.through = c->ranges[r].through != 0;
        snprintf(lab.text, sizeof lab.text, "%s %.1f-%.1f s", lab.through ? "through" : "close", c->ranges[r].t0,
                 c->ranges[r].t1);
        cp_pose pose;
        cp_path_sample_fast(app->doc.path, 0.5 * (c->ranges[r].t0 + c->ranges[r].t1), &pose);
        float ax, ay;
        int placed = 0;
        if (s->label_count < ED_SCREEN_MAX_LABELS && ed_view_project(&v, ed_view_to_camera(&v, pose.position), &ax, &ay)) {
            int w = (int)strlen(lab.text) * adv + 8, h = lh + 4;
            /* above right, below right, above left, below left, then further up and down */
            for (int k = 0; k < 12 && !placed; k++) {
                int side = k % 4, step = k / 4;
                int x = side < 2 ? (int)ax + 8 : (int)ax - 8 - w;
                int y = side % 2 == 0 ? (int)ay - 6 - h - step * (h + 2) : (int)ay + 6 + step * (h + 2);
                lab.box = (ed_rect){x, y, w, h};
                int ok = inside(&lab.box, frame);
                for (size_t t = 0; ok && t < sizeof taken / sizeof taken[0]; t++)
                    ok = !ed_screen_overlap(&lab.box, taken[t]);
                for (size_t t = 0; ok && t < s->label_count; t++)
                    ok = !ed_screen_overlap(&lab.box, &s->labels[t].box);
                placed = ok;
            }
        }
        if (!placed) {
            s->labels_left_out++;
            continue;
        }
        lab.text_x = lab.box.x + 4;
        lab.text_y = lab.box.y + 2;
        s->labels[s->label_count++] = lab;
    }
}

void ed_screen_build(const ed_app *app, double color_top, ed_screen *s)
{
    memset(s, 0, sizeof *s);
    ed_app_layout(app, &s->layout);
    const int adv = app->ui.text.advance > 0 ? app->ui.text.advance : 8;
    const int lh = (app->ui.text.line > 0 ? app->ui.text.line : 17) + 1;
    const int through = ed_ui_through(&app->ui, app->doc.path != NULL);
    s->pip = s->layout.pip;
    ed_inspector in;
    ed_inspector_build(app, &in);
    s->inspector = in.panel;
    if (!through) {
        int right = s->layout.view.x + s->layout.view.w;
        if (s->pip.w > 0)
            right = s->pip.x - ED_SCREEN_GAP;
        if (s->inspector.w > 0 && s->inspector.x - ED_SCREEN_GAP < right)
            right = s->inspector.x - ED_SCREEN_GAP;
        hud(app, color_top, adv, lh, right, s);
    }
    messages(app, adv, lh, s);
    /* on a short window the HUD gives up its last lines to the messages */
    while (s->hud_lines > 1 && ed_screen_overlap(&s->hud, &s->messages)) {
        s->hud_lines--;
        s->hud.h -= lh;
        if (s->legend.w > 0 && s->legend.y + s->legend.h > s->hud.y + s->hud.h)
            s->legend = (ed_rect){0, 0, 0, 0};
    }
    if (s->hud_lines <= 1 && ed_screen_overlap(&s->hud, &s->messages))
        s->hud = s->legend = (ed_rect){0, 0, 0, 0}, s->hud_lines = 0;
    ed_help h;
    ed_help_build(app, &h);
    s->help = h.box;
    if (!through)
        labels(app, adv, lh, s);
}
