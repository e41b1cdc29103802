/* SPDX-License-Identifier: MIT */
/* editor/core/script_args.c - what every script command shares: its
 * errors, reading its arguments, and delivering events. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "script_impl.h"

int ed_script_fail(const ed_script *s, char *err, size_t n, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    snprintf(err, n, "%s:%d: %s", s->source ? s->source : "<script>", s->line, msg);
    return -1;
}

/* An app command's failure, with the reason the app gave. */
int ed_script_result(const ed_script *s, int rc, const char *cmd, char *err, size_t n)
{
    return rc == 0 ? 0 : ed_script_fail(s, err, n, "%s: %s", cmd, s->app->base.message);
}

int ed_script_number(const ed_script *s, const char *word, double *out, char *err, size_t n)
{
    char *end;
    *out = 0;
    double x = strtod(word, &end);
    if (end == word || *end != '\0' || !isfinite(x))
        return ed_script_fail(s, err, n, "'%s' is not a number", word);
    *out = x;
    return 0;
}

int ed_script_numbers(const ed_script *s, char **words, int count, double *out, char *err, size_t n)
{
    for (int i = 0; i < count; i++)
        if (ed_script_number(s, words[i], &out[i], err, n))
            return -1;
    return 0;
}

int ed_script_index(const ed_script *s, const char *word, long *out, char *err, size_t n)
{
    char *end;
    long i = strtol(word, &end, 10);
    if (end == word || *end != '\0' || i < 0)
        return ed_script_fail(s, err, n, "'%s' is not a key index", word);
    *out = i;
    return 0;
}

/* One of `names` (NULL-terminated): its position, or -1 with an error listing them. */
int ed_script_choice(const ed_script *s, const char *word, const char *const *names, char *err, size_t n)
{
    char list[256] = "";
    for (int i = 0; names[i]; i++) {
        if (strcmp(word, names[i]) == 0)
            return i;
        strncat(list, i ? ", " : "", sizeof list - strlen(list) - 1);
        strncat(list, names[i], sizeof list - strlen(list) - 1);
    }
    ed_script_fail(s, err, n, "'%s' is not one of: %s", word, list);
    return -1;
}

/* Delivers an event through the host's input layer when there is one. */
void ed_script_send(ed_script *s, const ed_event *ev)
{
    if (s->host && s->host->event)
        s->host->event(s->host->ctx, s->app, s->control, ev);
    else
        ed_control_event(s->control, s->app, ev);
}

