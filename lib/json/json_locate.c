/* lib/json/json_locate.c - library errors placed in a file: a message from the
 * key checks of cp_path_create ("keys[2].time: ...") gets the line and
 * column of the field it names, and the file's own member names. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json_reader.h"

/* Replaces every `from` in the message with `to` (shorter or equal). */
static void replace_all(char *m, const char *from, const char *to)
{
    const size_t nf = strlen(from), nt = strlen(to);
    for (char *at = strstr(m, from); at; at = strstr(at + nt, from))
        memmove(at + nt, at + nf, strlen(at + nf) + 1), memcpy(at, to, nt);
}

/* The library names fields as the API does (keys[2].time, options.period);
 * in a file they are keys[2].t, period and interpolation.position. */
static void rename_fields(cp_error *error)
{
    static const struct { const char *api, *file; } names[] = {
        {"].time", "].t"},
        {"options.period", "period"},
        {"options.ends", "ends"},
        {"options.timing", "timing"},
        {"options.position", "interpolation.position"},
        {"options.rotation", "interpolation.rotation"},
        {"options.fov", "interpolation.fov"},
    };
    char *m = error->message;
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        if (strlen(names[i].file) <= strlen(names[i].api)) {
            replace_all(m, names[i].api, names[i].file);
        } else if (strncmp(m, names[i].api, strlen(names[i].api)) == 0) { /* longer: at the head only */
            char rest[sizeof error->message];
            snprintf(rest, sizeof rest, "%s", m + strlen(names[i].api));
            snprintf(m, sizeof error->message, "%s%s", names[i].file, rest);
        }
    }
}

void cpi_locate_error(const cpi_locations *loc, cp_error *error)
{
    if (!error)
        return;
    const char *m = error->message;
    const char *colon = strchr(m, ':');
    size_t head = colon ? (size_t)(colon - m) : 0;
    uint32_t pos = NO_OFFSET;
    if (strncmp(m, "keys[", 5) == 0) {
        char *end;
        unsigned long long i = strtoull(m + 5, &end, 10);
        if (end != m + 5 && i < loc->key_count) {
            const cpi_key_offsets *k = &loc->keys[i];
            char part[64];
            snprintf(part, sizeof part, "%.*s", (int)(head < 63 ? head : 63), m);
            pos = strstr(part, ".time")       ? k->t
                  : strstr(part, ".position") ? k->position
                  : strstr(part, ".rotation") ? k->rotation
                  : strstr(part, ".fov")      ? k->fov
                  : strstr(part, ".hold")     ? k->hold
                                              : k->object;
        }
    } else if (strncmp(m, "options.", 8) == 0) {
        const char *o = m + 8;
        pos = strncmp(o, "period", 6) == 0   ? loc->period
              : strncmp(o, "ends", 4) == 0   ? loc->ends
              : strncmp(o, "timing", 6) == 0 ? loc->timing
                                             : NO_OFFSET;
        for (int c = 0; c < 3; c++)
            if (strncmp(o, cpi_json_channel_names[c], strlen(cpi_json_channel_names[c])) == 0)
                pos = loc->interp[c];
    } else if (strstr(m, " keys")) {
        pos = loc->keys_member;
    }
    if (pos == NO_OFFSET)
        pos = loc->top;
    rename_fields(error);
    unsigned long line, col;
    cpi_line_col(loc->text, pos, &line, &col);
    cpi_error_prefix(error, "%s:%lu:%lu: ", loc->source, line, col);
}
