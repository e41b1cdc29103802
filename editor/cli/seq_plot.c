/* SPDX-License-Identifier: MIT */
/* editor/cli/seq_plot.c - `campath plot` for a sequence: the four charts of a
 * path's plot (speed, acceleration, angular speed and angular acceleration)
 * over the sequence's time, with every blend shaded as a band and every cut
 * drawn as a line. Each piece between cuts and blend ends is sampled on its
 * own, up to the left limit at its end, so a jump at a cut is drawn as a step. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sequence.h"
#include "svg.h"

#define RAD_TO_DEG (180.0 / 3.14159265358979323846)
#define PER_PIECE 400
#define WIDTH 960.0
#define LEFT 90.0
#define RIGHT 24.0
#define TOP 70.0
#define HEIGHT 170.0
#define GAP 56.0

static const char css[] =
    "text { font-family: DejaVu Sans, Helvetica, Arial, sans-serif; font-size: 12px; fill: #222; }\n"
    ".title { font-size: 16px; font-weight: bold; }\n"
    ".tick { font-size: 10px; fill: #555; }\n"
    ".frame { fill: none; stroke: #444; stroke-width: 1; }\n"
    ".blend { fill: #1f5fbf; fill-opacity: 0.12; stroke: none; }\n"
    ".cut { stroke: #c92a2a; stroke-width: 1.4; stroke-dasharray: 5 3; }\n"
    ".band-label { font-size: 9px; fill: #555; }\n"
    ".series0 { fill: none; stroke: #1f5fbf; stroke-width: 1.6; stroke-linejoin: round; }\n"
    ".series1 { fill: none; stroke: #d9480f; stroke-width: 1.3; stroke-linejoin: round; stroke-opacity: 0.9; }";

static const char *const titles[4] = {"speed (m/s)", "acceleration (m/s\xc2\xb2)", "angular speed (deg/s)",
                                      "angular acceleration (deg/s\xc2\xb2)"};

static double value(const cp_pose *p, int c)
{
    const cp_vec3 v = c == 0 ? p->velocity : c == 1 ? p->acceleration : c == 2 ? p->angular_velocity
                                                                              : p->angular_acceleration;
    return cp_vec3_length(v) * (c >= 2 ? RAD_TO_DEG : 1.0);
}

static int cmp_double(const void *a, const void *b)
{
    const double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Whether a shot or its path has a shake layer. */
static int shaken(const cp_sequence *seq)
{
    for (size_t i = 0; i < cp_sequence_shot_count(seq); i++) {
        const cp_shot *s = cp_sequence_shot(seq, i);
        const cp_path_options o = cp_path_get_options(s->path);
        if (cp_shake_active(&s->shake) || cp_shake_active(&o.shake))
            return 1;
    }
    return 0;
}

int cli_seq_plot(const char *file, const char *out)
{
    cp_error err;
    cp_sequence *seq = cp_sequence_load(file, &err);
    if (!seq) {
        fprintf(stderr, "campath plot: %s\n", err.message);
        return 1;
    }
    const size_t shots = cp_sequence_shot_count(seq);
    const double duration = cp_sequence_duration(seq);
    /* the pieces: from 0 to the end, broken at every shot's start and every blend's end */
    double *cuts = malloc((2 * shots + 2) * sizeof *cuts);
    svg_point *pts[4] = {NULL, NULL, NULL, NULL}, *bare[4] = {NULL, NULL, NULL, NULL};
    const int two = shaken(seq); /* then also drawn without the layers */
    size_t nb = 0, np = 0;
    int rc = 1;
    if (!cuts)
        goto done;
    cuts[nb++] = 0, cuts[nb++] = duration;
    for (size_t i = 1; i < shots; i++) {
        cuts[nb++] = cp_sequence_shot_start(seq, i);
        if (cp_sequence_shot(seq, i)->blend > 0)
            cuts[nb++] = cp_sequence_shot_start(seq, i) + cp_sequence_shot(seq, i)->blend;
    }
    qsort(cuts, nb, sizeof *cuts, cmp_double);
    for (int c = 0; c < 4; c++)
        if (!(pts[c] = malloc(nb * (PER_PIECE + 1) * sizeof *pts[c])) ||
            (two && !(bare[c] = malloc(nb * (PER_PIECE + 1) * sizeof *bare[c]))))
            goto done;
    double ymax[4] = {0, 0, 0, 0};
    for (size_t b = 0; b + 1 < nb; b++) {
        const double t0 = cuts[b], t1 = cuts[b + 1];
        if (!(t1 > t0))
            continue;
        for (int k = 0; k <= PER_PIECE; k++) {
            /* the last point is the left limit at the piece's end: just before it */
            const double t = k < PER_PIECE ? t0 + (t1 - t0) * k / PER_PIECE : t1 - (t1 - t0) * 1e-9;
            cp_sequence_pose s;
            cp_sequence_sample(seq, t, NAN, &s);
            for (int c = 0; c < 4; c++) {
                pts[c][np] = (svg_point){t, value(&s.pose, c)};
                ymax[c] = fmax(ymax[c], pts[c][np].y);
            }
            if (two) {
                cp_sequence_sample_unshaken(seq, t, NAN, &s);
                for (int c = 0; c < 4; c++) {
                    bare[c][np] = (svg_point){t, value(&s.pose, c)};
                    ymax[c] = fmax(ymax[c], bare[c][np].y);
                }
            }
            np++;
        }
    }
    FILE *f = fopen(out, "wb");
    if (!f) {
        fprintf(stderr, "campath plot: %s: cannot create the file\n", out);
        goto done;
    }
    const double w = WIDTH - LEFT - RIGHT;
    svg_begin(f, WIDTH, TOP + 4 * (HEIGHT + GAP), css);
    char buf[512];
    snprintf(buf, sizeof buf, "%s: %zu shots over %g s (blends shaded, cuts dashed%s)", file, shots, duration,
             two ? "; blue with the shake, orange without" : "");
    svg_text(f, LEFT, 24, "start", 0, "title", buf);
    for (int c = 0; c < 4; c++) {
        const double y0 = TOP + c * (HEIGHT + GAP), top = ymax[c] > 0 ? ymax[c] * 1.05 : 1.0;
        svg_group_begin(f, "chart", NULL);
        svg_text(f, LEFT, y0 - 8, "start", 0, NULL, titles[c]);
        for (size_t i = 1; i < shots; i++) {
            const double t = cp_sequence_shot_start(seq, i), bl = cp_sequence_shot(seq, i)->blend;
            const double x = LEFT + t / duration * w;
            if (bl > 0) {
                svg_rect(f, x, y0, bl / duration * w, HEIGHT, "blend");
                svg_text(f, x + 2, y0 + 10, "start", 0, "band-label", "blend");
            } else {
                svg_line(f, x, y0, x, y0 + HEIGHT, "cut");
                svg_text(f, x + 2, y0 + 10, "start", 0, "band-label", "cut");
            }
        }
        svg_point *scaled = malloc((np ? np : 1) * sizeof *scaled);
        for (int k = two; scaled && k >= 0; k--) {
            const svg_point *src = k ? bare[c] : pts[c];
            for (size_t i = 0; i < np; i++)
                scaled[i] = (svg_point){LEFT + src[i].x / duration * w, y0 + HEIGHT - src[i].y / top * HEIGHT};
            svg_polyline(f, scaled, np, k ? "series1" : "series0");
        }
        free(scaled);
        svg_rect(f, LEFT, y0, w, HEIGHT, "frame");
        snprintf(buf, sizeof buf, "%.3g", top);
        svg_text(f, LEFT - 6, y0 + 4, "end", 0, "tick", buf);
        svg_text(f, LEFT - 6, y0 + HEIGHT, "end", 0, "tick", "0");
        svg_text(f, LEFT, y0 + HEIGHT + 14, "start", 0, "tick", "0 s");
        snprintf(buf, sizeof buf, "%g s", duration);
        svg_text(f, LEFT + w, y0 + HEIGHT + 14, "end", 0, "tick", buf);
        svg_group_end(f);
    }
    const int bad = svg_end(f) != 0;
    if (fclose(f) != 0 || bad) {
        fprintf(stderr, "campath plot: %s: cannot write the file\n", out);
        goto done;
    }
    printf("%s: 4 charts over %.6g s, %zu shots%s\n", out, duration, shots, two ? ", with and without the shake" : "");
    rc = 0;
done:
    if (rc && !cuts)
        fprintf(stderr, "campath plot: out of memory\n");
    for (int c = 0; c < 4; c++)
        free(pts[c]), free(bare[c]);
    free(cuts);
    cp_sequence_destroy(seq);
    return rc;
}
