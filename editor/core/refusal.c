/* SPDX-License-Identifier: MIT */
/* editor/core/refusal.c - a refusal in the user's terms: key numbers, seconds to 2 decimals, what to do. */
#include "refusal.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MARGIN 0.01 /* s: the room the editor leaves between a hold's end and the next key */

static double hold_of(const cp_key *k) { return (k->flags & CP_KEY_HOLD) ? k->hold : 0.0; }

/* Appends "move key j later" or "make the hold at most S s, ..." to out. */
static void add_remedy(char *out, size_t size, size_t j, double room)
{
    size_t n = strlen(out);
    if (n + 1 >= size)
        return;
    if (room > 0)
        snprintf(out + n, size - n, "make the hold at most %.2f s, or move the later keys on (Shift+drag key %zu)",
                 floor(room * 100 + 1e-6) / 100, j);
    else
        snprintf(out + n, size - n, "move key %zu later", j);
}

/* The number at p (a JSON-like number: sign, digits, point, exponent), its
 * length in *len; 0 when there is none. */
static int number_at(const char *p, double *v, size_t *len)
{
    const char *q = p;
    if (*q == '-')
        q++;
    if (!isdigit((unsigned char)*q))
        return 0;
    char *end;
    *v = strtod(p, &end); /* the message's numbers are C-locale: the library writes them so */
    /* strtod reads a comma-decimal locale's digits short: a point after them is still ours */
    *len = (size_t)(end - p);
    return *len > 0;
}

void ed_refusal_plain(const char *message, char *out, size_t size)
{
    size_t o = 0;
    const char *p = message;
    while (*p && o + 1 < size) {
        /* "keys[3].t" and "keys[3].hold": key 3's ... */
        if (strncmp(p, "keys[", 5) == 0 && isdigit((unsigned char)p[5])) {
            char *end;
            unsigned long i = strtoul(p + 5, &end, 10);
            if (end[0] == ']') {
                const char *f = end[1] == '.' ? end + 2 : end + 1;
                size_t fl = strcspn(f, " :,()");
                char field[32];
                snprintf(field, sizeof field, "%.*s", (int)(fl < 31 ? fl : 31), f);
                if (strcmp(field, "t") == 0)
                    snprintf(field, sizeof field, "time");
                int w = end[1] == '.' ? snprintf(out + o, size - o, "key %lu's %s", i, field)
                                      : snprintf(out + o, size - o, "key %lu", i);
                o = w < 0 ? o : o + (size_t)w >= size ? size - 1 : o + (size_t)w;
                p = end[1] == '.' ? f + fl : end + 1;
                continue;
            }
        }
        double v;
        size_t len;
        const int starts = p == message || !(isalnum((unsigned char)p[-1]) || p[-1] == '.' || p[-1] == '_');
        if (starts && number_at(p, &v, &len) && isfinite(v)) {
            const char *dot = memchr(p, '.', len);
            const int exp = memchr(p, 'e', len) != NULL || memchr(p, 'E', len) != NULL;
            const size_t decimals = dot ? len - (size_t)(dot - p) - 1 : 0;
            /* seconds ("2 s", "1.5 s") always to 2 decimals */
            const int seconds = p[len] == ' ' && p[len + 1] == 's' && !isalnum((unsigned char)p[len + 2]);
            int w;
            if ((decimals > 2 || exp || seconds) && fabs(v) >= 0.01 && fabs(v) < 1e6)
                w = snprintf(out + o, size - o, "%.2f", v);
            else if (decimals > 2 || exp)
                w = snprintf(out + o, size - o, "%.3g", v);
            else
                w = snprintf(out + o, size - o, "%.*s", (int)len, p);
            o = w < 0 ? o : o + (size_t)w >= size ? size - 1 : o + (size_t)w;
            p += len;
            continue;
        }
        out[o++] = *p++;
    }
    out[o < size ? o : size - 1] = '\0';
}

/* Key i's hold refused. 0 when said, -1 to say it the plain way. */
static int hold_text(const cp_document *doc, size_t i, char *out, size_t size)
{
    const cp_key *k = &doc->keys[i];
    const double h = hold_of(k), end = k->time + h;
    if (doc->options.timing == CP_TIMING_KEYS) {
        snprintf(out, size, "key %zu holds, and a hold needs smooth or constant-speed timing (this path's is keys): "
                            "take the hold away or change the timing (Shift+T)", i);
        return 0;
    }
    if (h < 0) {
        snprintf(out, size, "key %zu's hold is negative: a hold is 0 s (a rest for an instant) or more", i);
        return 0;
    }
    const int closed = doc->options.ends == CP_ENDS_CLOSED, last = i + 1 == doc->count;
    if (last && !closed)
        return -1;
    const size_t j = last ? 0 : i + 1;
    const double next = last ? doc->keys[0].time + doc->options.period : doc->keys[j].time;
    if (end > next - MARGIN) {
        snprintf(out, size, "key %zu's hold of %.2f s ends at %.2f s, not before key %zu at %.2f s: ", i, h, end, j,
                 next);
        add_remedy(out, size, j, next - MARGIN - k->time);
        return 0;
    }
    if (h > 0) {
        snprintf(out, size, "key %zu's hold of %.2g s is too short to be a hold here: make it 0 (a rest for an "
                            "instant) or %.2f s or more", i, h, MARGIN);
        return 0;
    }
    return -1;
}

/* Key i's time refused: it comes too close to the key before it (or its hold). */
static int time_text(const cp_document *doc, size_t i, char *out, size_t size)
{
    if (i == 0 || i >= doc->count)
        return -1;
    const cp_key *k = &doc->keys[i], *prev = &doc->keys[i - 1];
    const double end = prev->time + hold_of(prev);
    if (k->time - end >= MARGIN)
        return -1;
    if (hold_of(prev) > 0)
        snprintf(out, size, "key %zu at %.2f s comes too soon after key %zu's hold, which ends at %.2f s: keep keys "
                            "at least %.2f s apart (move key %zu later, or shorten the hold)", i, k->time, i - 1, end,
                 MARGIN, i);
    else
        snprintf(out, size, "key %zu at %.2f s comes too soon after key %zu at %.2f s: keep keys at least %.2f s "
                            "apart (move key %zu later)", i, k->time, i - 1, prev->time, MARGIN, i);
    return 0;
}

void ed_refusal_text(const cp_error *err, const cp_document *doc, char *out, size_t size)
{
    if (!size)
        return;
    out[0] = '\0';
    const char *f = err->field;
    const size_t n = doc ? doc->count : 0;
    if (err->key >= 0 && (size_t)err->key < n && strncmp(f, "keys[", 5) == 0) {
        const char *dot = strchr(f, '.');
        const char *member = dot ? dot + 1 : "";
        const size_t i = (size_t)err->key;
        if (strcmp(member, "hold") == 0 && hold_text(doc, i, out, size) == 0)
            return;
        if ((strcmp(member, "t") == 0 || strcmp(member, "time") == 0) && time_text(doc, i, out, size) == 0)
            return;
    }
    if (n >= 2 && strcmp(f, "period") == 0 && doc->options.ends == CP_ENDS_CLOSED) {
        const cp_key *last = &doc->keys[n - 1];
        const double seam = doc->keys[0].time + doc->options.period - (last->time + hold_of(last));
        if (seam < MARGIN) {
            snprintf(out, size, "the loop's period, %.2f s, leaves %.2f s from key %zu back to key 0: make the period "
                                "longer than %.2f s", doc->options.period, seam, n - 1,
                     last->time + hold_of(last) - doc->keys[0].time + MARGIN);
            return;
        }
    }
    ed_refusal_plain(err->message, out, size);
}
