/* SPDX-License-Identifier: MIT */
/* editor/cli/plot.c - `campath plot`: speed, acceleration, angular speed and
 * angular acceleration over time as four stacked SVG charts.
 *
 * Each segment between keys is sampled on its own, from the right limit at
 * its first key to the left limit at its last (cp_path_sample_side), and the
 * segments are joined into one polyline: a derivative that jumps at a key is
 * drawn as a vertical step at that key instead of being smoothed over by
 * samples that straddle it. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "campath/campath.h"
#include "cli.h"
#include "sequence.h"
#include "svg.h"

#define RAD_TO_DEG (180.0 / 3.14159265358979323846)
#define NCHARTS 4
/* Points per series over the whole path, spread over the segments, with at
 * least 2 (both limits) and at most 64 per segment. */
#define SAMPLE_BUDGET 4000
#define SEGMENT_MIN 2
#define SEGMENT_MAX 64

/* Layout in pixels. */
#define WIDTH 960.0
#define MARGIN_LEFT 90.0
#define MARGIN_RIGHT 24.0
#define LEGEND_TOP 46.0
#define LEGEND_ROW 32.0
#define CHART_HEIGHT 170.0
#define CHART_GAP 56.0
#define FOOTER 24.0

static const char usage[] =
    "usage: campath plot PATH.json OUT.svg [--compare bisector|catmull-rom|linear|c2|step]\n"
    "\n"
    "Writes an SVG with four stacked charts over time: speed (m/s), acceleration\n"
    "magnitude (m/s^2), angular speed (deg/s) and angular acceleration magnitude\n"
    "(deg/s^2), with every key marked. Values at the keys are drawn from both\n"
    "sides, so a jump shows as a vertical step. With --compare, the same keys\n"
    "under another interpolation (position and rotation) are drawn over it in a\n"
    "second colour. A path with a shake layer is drawn with it and, in the second\n"
    "colour, without it (unless --compare). A sequence file is drawn over its own\n"
    "time, its blends shaded and its cuts dashed.\n";

static const char css[] =
    "text { font-family: DejaVu Sans, Helvetica, Arial, sans-serif; font-size: 12px; fill: #222; }\n"
    ".title { font-size: 16px; font-weight: bold; }\n"
    ".axis-label { font-size: 12px; }\n"
    ".tick { font-size: 10px; fill: #555; }\n"
    ".frame { fill: none; stroke: #444; stroke-width: 1; }\n"
    ".grid { stroke: #e4e4e4; stroke-width: 1; }\n"
    ".key { stroke: #9a9a9a; stroke-width: 1; stroke-dasharray: 4 3; }\n"
    ".key-label { font-size: 9px; fill: #777; }\n"
    ".series0 { fill: none; stroke: #1f5fbf; stroke-width: 1.6; stroke-linejoin: round; }\n"
    ".series1 { fill: none; stroke: #d9480f; stroke-width: 1.3; stroke-linejoin: round; stroke-opacity: 0.9; }\n"
    ".swatch0 { fill: #1f5fbf; }\n"
    ".swatch1 { fill: #d9480f; }";

static const char *const chart_titles[NCHARTS] = {"speed", "acceleration", "angular speed",
                                                  "angular acceleration"};
static const char *const chart_units[NCHARTS] = {"m/s", "m/s\xc2\xb2", "deg/s", "deg/s\xc2\xb2"};
static const char *const chart_ids[NCHARTS] = {"chart-speed", "chart-acceleration", "chart-angular-speed",
                                               "chart-angular-acceleration"};

/* One path's samples: for each chart, n points (time, value). */
typedef struct series {
    svg_point *pts[NCHARTS];
    size_t     n;
    double     jump_acc, jump_alpha;  /* largest jump at a key, m/s^2 and deg/s^2 */
} series;

static void series_free(series *s)
{
    for (int c = 0; c < NCHARTS; c++)
        free(s->pts[c]);
    memset(s, 0, sizeof *s);
}

/* Times where a derivative may jump, increasing, each once: the keys, the
 * ends of their holds and the end of the path; in keys timing also the keys
 * the rotation builder inserted (its curve is over time there and holds
 * every key, so its key times are the joins; smooth and constant-speed
 * curves are over the shape's parameter, and look-at paths have none). */
static double *breakpoints(const cp_path *p, size_t *count)
{
    const cp_curve *rot = cp_path_rotation_curve(p);
    const int timed = cp_path_get_options(p).timing == CP_TIMING_KEYS && rot;
    const size_t n = timed ? cp_curve_key_count(rot) + 1 : 2 * cp_path_key_count(p) + 1;
    double *t = malloc(n * sizeof *t);
    if (!t)
        return NULL;
    if (!timed) {
        *count = cp_path_key_times(p, t);
        return t;
    }
    size_t m = 0;
    for (size_t i = 0; i < cp_curve_key_count(rot); i++)
        cp_curve_key(rot, i, &t[m++], NULL, NULL, NULL);
    const double end = cp_curve_end(rot);
    if (end > t[m - 1])
        t[m++] = end;
    *count = m;
    return t;
}

static void put_pose(series *s, const cp_pose *pose)
{
    const double v[NCHARTS] = {cp_vec3_length(pose->velocity), cp_vec3_length(pose->acceleration),
                               cp_vec3_length(pose->angular_velocity) * RAD_TO_DEG,
                               cp_vec3_length(pose->angular_acceleration) * RAD_TO_DEG};
    for (int c = 0; c < NCHARTS; c++) {
        s->pts[c][s->n].x = pose->time;
        s->pts[c][s->n].y = isfinite(v[c]) ? v[c] : 0.0;
    }
    s->n++;
}

/* The pose at t (side as cp_path_sample_unshaken's), with the path's shake
 * layer or, `bare`, without it. */
static void pose_at(const cp_path *p, int bare, double t, int side, cp_pose *pose)
{
    if (bare)
        cp_path_sample_unshaken(p, t, side, pose);
    else if (side)
        cp_path_sample_side(p, t, side, pose);
    else
        cp_path_sample(p, t, pose);
}

static int sample_series(const cp_path *p, int bare, series *s)
{
    size_t nb = 0;
    double *bp = breakpoints(p, &nb);
    if (!bp)
        return -1;
    const size_t nseg = nb > 1 ? nb - 1 : 1;
    size_t per = SAMPLE_BUDGET / nseg;
    per = per < SEGMENT_MIN ? SEGMENT_MIN : per > SEGMENT_MAX ? SEGMENT_MAX : per;
    for (int c = 0; c < NCHARTS; c++)
        if (!(s->pts[c] = malloc(nseg * per * sizeof(svg_point)))) {
            free(bp);
            return -1;
        }
    for (size_t k = 0; k + 1 < nb; k++) {
        for (size_t j = 0; j < per; j++) {
            const double t = j + 1 == per ? bp[k + 1] : bp[k] + (bp[k + 1] - bp[k]) * (double)j / (double)(per - 1);
            cp_pose pose;
            pose_at(p, bare, t, j == 0 ? 1 : j + 1 == per ? -1 : 0, &pose);
            put_pose(s, &pose);
        }
    }
    /* the jumps the charts show, measured as vectors at the path's keys */
    const cp_key *keys = cp_path_keys(p);
    const int closed = cp_path_get_options(p).ends == CP_ENDS_CLOSED;
    for (size_t i = closed ? 0 : 1; i < cp_path_key_count(p) - (closed ? 0 : 1); i++) {
        cp_pose l, r;
        pose_at(p, bare, keys[i].time, -1, &l);
        pose_at(p, bare, keys[i].time, 1, &r);
        s->jump_acc = fmax(s->jump_acc, cp_vec3_length(cp_vec3_sub(r.acceleration, l.acceleration)));
        s->jump_alpha = fmax(s->jump_alpha,
                             RAD_TO_DEG * cp_vec3_length(cp_vec3_sub(r.angular_acceleration, l.angular_acceleration)));
    }
    free(bp);
    return 0;
}

/* A "nice" step (1, 2 or 5 times a power of ten) giving about `ticks` ticks over `range`. */
static double nice_step(double range, int ticks)
{
    if (!(range > 0))
        return 1.0;
    double raw = range / ticks, mag = pow(10.0, floor(log10(raw))), f = raw / mag;
    return (f < 1.5 ? 1.0 : f < 3.5 ? 2.0 : f < 7.5 ? 5.0 : 10.0) * mag;
}

static void format_tick(char *buf, size_t size, double v, double step)
{
    if (fabs(v) < step * 1e-9)
        v = 0.0;
    snprintf(buf, size, "%.*f", step >= 1 ? 0 : (int)ceil(-log10(step) - 1e-9), v);
}

typedef struct chart_box {
    double x0, y0, w, h;   /* the plotting area in pixels */
    double t0, t1, ymax;   /* the data range */
} chart_box;

static double px(const chart_box *b, double t) { return b->x0 + (t - b->t0) / (b->t1 - b->t0) * b->w; }
static double py(const chart_box *b, double v) { return b->y0 + b->h - v / b->ymax * b->h; }

static void draw_chart(FILE *f, int c, const chart_box *b, double ystep, const series *s, int ns, const cp_path *p)
{
    char buf[128];
    svg_group_begin(f, "chart", chart_ids[c]);
    for (double v = 0; v <= b->ymax * (1 + 1e-9); v += ystep) {
        svg_line(f, b->x0, py(b, v), b->x0 + b->w, py(b, v), "grid");
        format_tick(buf, sizeof buf, v, ystep);
        svg_text(f, b->x0 - 6, py(b, v) + 3.5, "end", 0, "tick", buf);
    }
    const double tstep = nice_step(b->t1 - b->t0, 10);
    /* ticks counted, not accumulated: far from 0 (times of 1e15 s), t += tstep may not move t */
    const double tfirst = ceil(b->t0 / tstep - 1e-9) * tstep;
    for (int i = 0; i <= 100; i++) {
        const double t = tfirst + i * tstep;
        if (!(t <= b->t1 + tstep * 1e-9))
            break;
        svg_line(f, px(b, t), b->y0 + b->h, px(b, t), b->y0 + b->h + 4, "frame");
        format_tick(buf, sizeof buf, t, tstep);
        svg_text(f, px(b, t), b->y0 + b->h + 16, "middle", 0, "tick", buf);
    }
    const cp_key *keys = cp_path_keys(p);
    const size_t nk = cp_path_key_count(p);
    for (size_t i = 0; i < nk; i++) {
        svg_line(f, px(b, keys[i].time), b->y0, px(b, keys[i].time), b->y0 + b->h, "key");
        if (c == 0 && nk <= 40) {
            snprintf(buf, sizeof buf, "k%zu", i);
            svg_text(f, px(b, keys[i].time), b->y0 - 4, "middle", 0, "key-label", buf);
        }
    }
    if (cp_path_get_options(p).ends == CP_ENDS_CLOSED) /* the seam: key 0 again */
        svg_line(f, px(b, b->t1), b->y0, px(b, b->t1), b->y0 + b->h, "key");
    svg_point *pts = NULL;
    for (int k = 0; k < ns; k++) {
        svg_point *grown = realloc(pts, (s[k].n ? s[k].n : 1) * sizeof *pts);
        if (!grown)
            break;
        pts = grown;
        for (size_t i = 0; i < s[k].n; i++) {
            pts[i].x = px(b, s[k].pts[c][i].x);
            pts[i].y = py(b, s[k].pts[c][i].y);
        }
        svg_polyline(f, pts, s[k].n, k == 0 ? "series0" : "series1");
    }
    free(pts);
    svg_rect(f, b->x0, b->y0, b->w, b->h, "frame");
    snprintf(buf, sizeof buf, "%s (%s)", chart_titles[c], chart_units[c]);
    svg_text(f, b->x0 - 58, b->y0 + b->h / 2, "middle", -90, "axis-label", buf);
    svg_text(f, b->x0 + b->w / 2, b->y0 + b->h + 32, "middle", 0, "axis-label", "time (s)");
    svg_group_end(f);
}

/* One legend entry: what was drawn, and the largest jumps it has at the keys
 * (zero up to rounding for C2), so the charts' message is also in numbers. */
static void legend_entry(FILE *f, double y, int k, const cp_path *p, const series *s, const char *what)
{
    char buf[256];
    cp_path_options o = cp_path_get_options(p);
    svg_rect(f, MARGIN_LEFT, y - 5, 22, 4, k == 0 ? "swatch0" : "swatch1");
    snprintf(buf, sizeof buf, "%s: position %s, rotation %s, %s ends", what, cp_interp_name(o.position),
             cp_interp_name(o.rotation), cp_ends_name(o.ends));
    svg_text(f, MARGIN_LEFT + 30, y, "start", 0, NULL, buf);
    snprintf(buf, sizeof buf,
             "largest jump at a key: acceleration %.3g m/s\xc2\xb2, angular acceleration %.3g deg/s\xc2\xb2",
             s->jump_acc, s->jump_alpha);
    svg_text(f, MARGIN_LEFT + 30, y + 14, "start", 0, "tick", buf);
}

static int write_svg(const char *out, const char *in, const cp_path *p, const series *s, int ns,
                     const cp_path *other, const char *first, const char *second)
{
    FILE *f = fopen(out, "w");
    if (!f) {
        fprintf(stderr, "campath plot: %s: cannot open for writing\n", out);
        return -1;
    }
    const double header = LEGEND_TOP + LEGEND_ROW * ns + 34;
    const double height = header + NCHARTS * (CHART_HEIGHT + CHART_GAP) + FOOTER;
    char buf[512];
    svg_begin(f, WIDTH, height, css);
    snprintf(buf, sizeof buf, "%s%s%s: speed, acceleration, angular speed and angular acceleration", in,
             cp_path_name(p) ? " - " : "", cp_path_name(p) ? cp_path_name(p) : "");
    svg_text(f, MARGIN_LEFT, 24, "start", 0, "title", buf);
    svg_group_begin(f, "legend", "legend");
    for (int k = 0; k < ns; k++)
        legend_entry(f, LEGEND_TOP + LEGEND_ROW * k, k, k == 0 ? p : other, &s[k],
                     k == 0 ? first : second);
    const double ky = LEGEND_TOP + LEGEND_ROW * ns;
    svg_line(f, MARGIN_LEFT + 4, ky - 4, MARGIN_LEFT + 18, ky - 4, "key");
    svg_text(f, MARGIN_LEFT + 30, ky, "start", 0, NULL,
             "a key (values at a key are drawn from both sides: a jump is a vertical step)");
    svg_group_end(f);

    const double t0 = cp_path_start(p), t1 = t0 + cp_path_duration(p);
    for (int c = 0; c < NCHARTS; c++) {
        double ymax = 0;
        for (int k = 0; k < ns; k++)
            for (size_t i = 0; i < s[k].n; i++)
                ymax = fmax(ymax, s[k].pts[c][i].y);
        const double step = nice_step(ymax > 0 ? ymax : 1.0, 4);
        chart_box b = {MARGIN_LEFT, header + c * (CHART_HEIGHT + CHART_GAP), WIDTH - MARGIN_LEFT - MARGIN_RIGHT,
                       CHART_HEIGHT, t0, t1, step * ceil((ymax > 0 ? ymax : 1.0) / step - 1e-9)};
        draw_chart(f, c, &b, step, s, ns, p);
    }
    int rc = svg_end(f);
    if (fclose(f) != 0 || rc != 0) {
        fprintf(stderr, "campath plot: %s: write failed\n", out);
        return -1;
    }
    return 0;
}

int cli_plot(int argc, char **argv)
{
    if (cli_wants_help(argc, argv)) {
        fputs(usage, stdout);
        return 0;
    }
    const char *files[2] = {NULL, NULL};
    int nfiles = 0, compare = 0;
    cp_interp other_interp = CP_INTERP_BISECTOR;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--compare") == 0) {
            if (i + 1 >= argc || cp_interp_parse(argv[i + 1], &other_interp) != CP_OK) {
                fprintf(stderr, "campath plot: --compare needs bisector, catmull-rom, linear, c2 or step\n");
                return 2;
            }
            compare = 1;
            i++;
        } else if (argv[i][0] == '-' && argv[i][1] != '\0') {
            fprintf(stderr, "campath plot: unknown option '%s'\n%s", argv[i], usage);
            return 2;
        } else if (nfiles < 2) {
            files[nfiles++] = argv[i];
        } else {
            fprintf(stderr, "campath plot: too many arguments ('%s')\n%s", argv[i], usage);
            return 2;
        }
    }
    if (nfiles != 2) {
        fprintf(stderr, "campath plot: PATH.json and OUT.svg are required\n%s", usage);
        return 2;
    }
    if (cp_json_file_is_sequence(files[0])) {
        if (compare) {
            fprintf(stderr, "campath plot: --compare is for path files, and %s is a sequence\n", files[0]);
            return 2;
        }
        return cli_seq_plot(files[0], files[1]);
    }
    cp_error err;
    cp_path *path = cp_path_load(files[0], &err), *other = NULL;
    if (!path) {
        fprintf(stderr, "campath plot: %s\n", err.message);
        return 1;
    }
    int rc = 1;
    series s[2];
    memset(s, 0, sizeof s);
    if (compare) {
        cp_path_options o = cp_path_get_options(path);
        o.position = o.rotation = other_interp;
        other = cp_path_create(cp_path_keys(path), cp_path_key_count(path), &o, &err);
        if (!other) {
            fprintf(stderr, "campath plot: %s: the keys under %s: %s\n", files[0], cp_interp_name(other_interp),
                    err.message);
            goto done;
        }
    }
    /* a shaken path: with its layer, and the same path without it */
    const cp_path_options po = cp_path_get_options(path);
    const int shaken = !other && cp_shake_active(&po.shake);
    if (sample_series(path, 0, &s[0]) != 0 || (other && sample_series(other, 0, &s[1]) != 0) ||
        (shaken && sample_series(path, 1, &s[1]) != 0)) {
        fprintf(stderr, "campath plot: out of memory\n");
        goto done;
    }
    if (write_svg(files[1], files[0], path, s, other || shaken ? 2 : 1, other ? other : path,
                  shaken ? "this path, with its shake" : "this path",
                  shaken ? "the same path without its shake" : "the same keys") == 0) {
        printf("%s: %d charts over %.6g s, %zu keys%s%s\n", files[1], NCHARTS, cp_path_duration(path),
               cp_path_key_count(path), other ? ", compared with " : shaken ? ", with and without its shake" : "",
               other ? cp_interp_name(other_interp) : "");
        rc = 0;
    }
done:
    series_free(&s[0]);
    series_free(&s[1]);
    cp_path_destroy(path);
    cp_path_destroy(other);
    return rc;
}
