/* SPDX-License-Identifier: MIT */
/* editor/core/help.c - the key help sheet's layout. */
#include "help.h"

#include <stdio.h>
#include <string.h>

#include "bindings.h"

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

/* Lays the sheet out for the app's window; with h, fills it for page `shown`
 * (counted from 0, taken modulo the page count). Returns the page count. */
static int layout(const ed_app *app, int shown, ed_help *h)
{
    size_t n;
    const ed_binding *b = ed_bindings(&n);
    const int lh = app->ui.text.small_line > 0 ? app->ui.text.small_line : 1;
    const int adv = app->ui.text.small_advance > 0 ? app->ui.text.small_advance : 1;
    size_t widest = 0, next;
    char line[ED_HELP_TEXT];
    for (size_t i = 0; i < n && b[i].prompt == ED_PROMPT_NONE; i = next) {
        help_line(b, n, i, &next, line, sizeof line);
        widest = strlen(line) > widest ? strlen(line) : widest;
    }
    const int col_w = (int)widest * adv + 3 * adv;
    int cols = (app->ui.width - 24) / col_w;
    cols = cols < 1 ? 1 : cols > 3 ? 3 : cols;
    int fit = (app->ui.height - 60) / lh;
    fit = fit < 6 ? 6 : fit;
    /* first the page count, then the page shown: a section does not start at the foot of a column */
    int pages = 1;
    for (int pass = 0; pass < (h ? 2 : 1); pass++) {
        int page = 0, col = 0, row = 0;
        const int w = cols * col_w + 24, ht = fit * lh + 44;
        int x0 = (app->ui.width - w) / 2, y0 = (app->ui.height - ht) / 2;
        x0 = x0 < 0 ? 0 : x0;
        y0 = y0 < 0 ? 0 : y0;
        const int page_shown = shown % pages;
        if (pass == 1) {
            h->box = (ed_rect){x0, y0, w, ht};
            h->pages = pages;
            h->page = page_shown;
            h->title_x = x0 + 16;
            h->title_y = y0 + 10;
            if (pages > 1)
                snprintf(h->title, sizeof h->title, "campath-editor keys, page %d of %d   (F1: next page, Esc closes)",
                         page_shown + 1, pages);
            else
                snprintf(h->title, sizeof h->title, "campath-editor keys   (F1 or Esc closes this)");
        }
        for (size_t i = 0; i < n && b[i].prompt == ED_PROMPT_NONE; i = next) {
            const int heading = i == 0 || strcmp(b[i].section, b[i - 1].section) != 0;
            if (row + (heading ? 3 : 1) > fit) {
                row = 0;
                if (++col == cols) {
                    col = 0;
                    page++;
                }
            }
            help_line(b, n, i, &next, line, sizeof line);
            if (pass == 1 && page == page_shown && h->count + 2 <= ED_HELP_MAX_ITEMS) {
                const int x = x0 + 16 + col * col_w, y = y0 + 34 + row * lh;
                if (heading) {
                    ed_help_item *it = &h->items[h->count++];
                    *it = (ed_help_item){x, y, 1, ""};
                    snprintf(it->text, sizeof it->text, "%s", b[i].section);
                }
                ed_help_item *it = &h->items[h->count++];
                *it = (ed_help_item){x + adv, y + (heading ? lh : 0), 0, ""};
                snprintf(it->text, sizeof it->text, "%s", line);
            }
            row += 1 + heading;
        }
        pages = page + 1;
    }
    return pages;
}

int ed_help_pages(const ed_app *app) { return layout(app, 0, NULL); }

void ed_help_build(const ed_app *app, ed_help *h)
{
    memset(h, 0, sizeof *h);
    if (app->ui.show_help > 0)
        layout(app, app->ui.show_help - 1, h);
}
