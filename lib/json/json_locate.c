/* SPDX-License-Identifier: MIT */
/* lib/json/json_locate.c - errors of the path layer placed in a file: the
 * field and key the error names as data (cp_error.field, cp_error.key) give
 * the line and column of that field in the text that was read. */
#include <string.h>

#include "json_reader.h"

/* The offset of a key's member from the rest of its field ("" for the key
 * itself, ".t", ".position", ".position[0]", ".rotation", ".fov"): the
 * key object's when the key does not have the member. */
static uint32_t key_member(const cpi_key_offsets *k, const char *rest)
{
    if (rest[0] == '.')
        for (int i = 0; i < CPI_KEY_MEMBERS; i++) {
            const char *name = cpi_json_key_names[i];
            size_t n = strlen(name);
            if (strncmp(rest + 1, name, n) == 0 && (rest[1 + n] == '\0' || rest[1 + n] == '.' || rest[1 + n] == '['))
                return k->member[i] != NO_OFFSET ? k->member[i] : k->object;
        }
    return k->object;
}

static uint32_t field_offset(const cpi_locations *loc, const char *name, long key)
{
    if (key >= 0 && (size_t)key < loc->key_count) {
        const char *rest = strchr(name, ']');
        return key_member(&loc->keys[key], rest ? rest + 1 : "");
    }
    if (strcmp(name, "keys") == 0)
        return loc->keys_member;
    if (strcmp(name, "period") == 0)
        return loc->period;
    if (strcmp(name, "ends") == 0)
        return loc->ends;
    if (strcmp(name, "timing") == 0)
        return loc->timing;
    if (strcmp(name, "orientation") == 0)
        return loc->orientation;
    if (strcmp(name, "dolly_zoom") == 0)
        return loc->dolly_zoom;
    if (strcmp(name, "max_angular_speed") == 0)
        return loc->max_angular_speed;
    if (strncmp(name, "interpolation.", 14) == 0)
        for (int c = 0; c < 3; c++)
            if (strcmp(name + 14, cpi_json_channel_names[c]) == 0)
                return loc->interp[c];
    return NO_OFFSET;
}

void cpi_locate_error(const cpi_locations *loc, cp_error *error)
{
    uint32_t pos = field_offset(loc, error->field, error->key);
    if (pos == NO_OFFSET)
        pos = loc->top;
    cpi_line_col(loc->text, pos, &error->line, &error->column);
    cpi_error_prefix(error, "%s:%lu:%lu: ", loc->source, error->line, error->column);
}
