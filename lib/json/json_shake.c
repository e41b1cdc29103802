/* SPDX-License-Identifier: MIT */
/* lib/json/json_shake.c - the "shake" member of a path file and of a
 * sequence's shot (docs/format.md, "Shake"): read with every field checked
 * where it stands, and written back exactly. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "dtoa.h"
#include "json_reader.h"

static const char *const shake_members[4] = {"seed", "position", "rotation", "fov"};

/* [AMPLITUDE, FREQUENCY] with the limits of band b (0 position, 1 rotation, 2 fov). */
static int read_band(reader *r, const field *f, int b, cp_shake_band *out)
{
    static const double limits[3] = {CP_SHAKE_MAX_POSITION, CP_SHAKE_MAX_ROTATION, CP_SHAKE_MAX_FOV};
    static const char *const units[3] = {"metres", "degrees", "degrees"};
    const size_t start = r->s.pos;
    size_t at[2] = {start, start};
    double v[2] = {0, 0};
    char c = cpi_jr_peek(r);
    const char *expected = b == 0 ? "[amplitude in metres, frequency in Hz]" : "[amplitude in degrees, frequency in Hz]";
    if (c != '[')
        return cpi_jr_value_start(c) ? cpi_jr_type_error(r, start, f, expected) : cpi_scan_skip_value(&r->s);
    r->s.pos++;
    size_t n = 0;
    if (cpi_jr_peek(r) == ']') {
        r->s.pos++;
    } else {
        for (;;) {
            field e = {f, NULL, n};
            cpi_jr_peek(r);
            const size_t pos = r->s.pos;
            double x;
            if (cpi_jr_read_number(r, &e, &x) != 0)
                return -1;
            if (n < 2)
                v[n] = x, at[n] = pos;
            n++;
            const int end = cpi_jr_array_next(r);
            if (end < 0)
                return -1;
            if (end)
                break;
        }
    }
    if (n != 2)
        return cpi_jr_fail(r, start, f, CP_ERR_INVALID, "%s expected, got %zu number%s", expected, n,
                           n == 1 ? "" : "s");
    char a[CPI_FMT_DOUBLE_SIZE], l[CPI_FMT_DOUBLE_SIZE];
    if (!(v[0] >= 0.0 && v[0] <= limits[b]))
        return cpi_jr_fail(r, at[0], &(field){f, NULL, 0}, CP_ERR_INVALID, "amplitude must be in [0, %s] %s, got %s",
                           cpi_fmt_double(l, limits[b]), units[b], cpi_fmt_double(a, v[0]));
    if (!(v[1] >= 0.0 && v[1] <= CP_SHAKE_MAX_FREQUENCY) || (v[0] > 0.0 && v[1] == 0.0))
        return cpi_jr_fail(r, at[1], &(field){f, NULL, 1}, CP_ERR_INVALID, "frequency must be in (0, %s] Hz, got %s",
                           cpi_fmt_double(l, CP_SHAKE_MAX_FREQUENCY), cpi_fmt_double(a, v[1]));
    out->amplitude = v[0], out->frequency = v[1];
    return 0;
}

int cpi_jr_read_shake(reader *r, const field *f, cp_shake *out)
{
    const size_t start = r->s.pos;
    char c = cpi_jr_peek(r);
    if (c != '{')
        return cpi_jr_value_start(c) ? cpi_jr_type_error(r, start, f,
                                                         "an object { \"seed\": N, \"position\": [m, Hz], ... }")
                                     : cpi_scan_skip_value(&r->s);
    r->s.pos++;
    cp_shake sh = {0};
    size_t seen[4] = {NO_OFFSET, NO_OFFSET, NO_OFFSET, NO_OFFSET};
    for (int first = 1;; first = 0) {
        size_t name_pos = 0, name_end = 0;
        int rc = cpi_jr_next_member(r, first, &name_pos, &name_end);
        if (rc < 0)
            return -1;
        if (rc == 0)
            break;
        const int which = cpi_jr_known_member(r, shake_members, 4, seen, r->s.pos, f);
        if (which < -1)
            return -1;
        if (which < 0) {
            char ex[40];
            return cpi_jr_fail(r, name_pos, f, CP_ERR_INVALID,
                               "unknown member %s (a shake has \"seed\", \"position\", \"rotation\", \"fov\")",
                               cpi_jr_excerpt(r->s.text + name_pos, name_end - name_pos, ex));
        }
        field m = {f, shake_members[which], 0};
        if (which == 0) {
            const size_t pos = r->s.pos;
            double v;
            if (cpi_jr_read_number(r, &m, &v) != 0)
                return -1;
            if (!(v >= 0.0 && v <= 4294967295.0 && v == floor(v))) {
                char a[CPI_FMT_DOUBLE_SIZE];
                return cpi_jr_fail(r, pos, &m, CP_ERR_INVALID, "must be a whole number in [0, 4294967295], got %s",
                                   cpi_fmt_double(a, v));
            }
            sh.seed = (uint32_t)v;
        } else {
            cp_shake_band *b = which == 1 ? &sh.position : which == 2 ? &sh.rotation : &sh.fov;
            if (read_band(r, &m, which - 1, b) != 0)
                return -1;
        }
    }
    *out = sh;
    return 0;
}

/* One band as the reader reads it, if it moves anything. */
static void write_band(cpi_buf *o, const char *name, const cp_shake_band *b, int *first)
{
    if (b->amplitude == 0.0 && b->frequency == 0.0)
        return;
    cpi_buf_puts(o, *first ? "\"" : ", \"");
    cpi_buf_puts(o, name);
    cpi_buf_puts(o, "\": [");
    cpi_buf_double(o, b->amplitude);
    cpi_buf_puts(o, ", ");
    cpi_buf_double(o, b->frequency);
    cpi_buf_puts(o, "]");
    *first = 0;
}

void cpi_json_write_shake(cpi_buf *o, const cp_shake *sh)
{
    char seed[16];
    snprintf(seed, sizeof seed, "%lu", (unsigned long)sh->seed);
    cpi_buf_puts(o, "{\"seed\": ");
    cpi_buf_puts(o, seed);
    int first = 0;
    write_band(o, "position", &sh->position, &first);
    write_band(o, "rotation", &sh->rotation, &first);
    write_band(o, "fov", &sh->fov, &first);
    cpi_buf_puts(o, "}");
}
