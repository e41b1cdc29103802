/* SPDX-License-Identifier: MIT */
/* editor/core/script_shots.c - the script's commands for a sequence's shots
 * (shots.h), numbered from 1 as the editor shows them, and their checks of
 * `expect`. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "script_impl.h"
#include "shots.h"

/* A shot number (1..) as an index (0..). */
static int shot_number(const ed_script *s, const char *word, size_t *out, char *err, size_t n)
{
    double v;
    if (ed_script_number(s, word, &v, err, n))
        return -1;
    if (v < 1 || v != floor(v) || v > 1e9)
        return ed_script_fail(s, err, n, "'%s' is not a shot number (shots are numbered from 1)", word);
    *out = (size_t)v - 1;
    return 0;
}

int ed_script_c_shot(ed_script *s, int argc, char **argv, char *err, size_t n)
{
    const char *cmd = argv[0];
    size_t i = 0, to = 0;
    double v[2];
    int rc;
    if (strcmp(cmd, "sequence-new") == 0) {
        rc = ed_shots_new(s->app, argv[1]);
    } else if (strcmp(cmd, "shot-add") == 0) {
        rc = ed_shots_add(s->app, argc > 1 ? argv[1] : NULL);
    } else if (strcmp(cmd, "shot-seek") == 0) {
        if (ed_script_number(s, argv[1], &v[0], err, n))
            return -1;
        rc = ed_shots_seek(s->app, v[0]);
    } else {
        if (shot_number(s, argv[1], &i, err, n))
            return -1;
        if (strcmp(cmd, "shot") == 0) {
            rc = ed_shots_choose(s->app, i);
        } else if (strcmp(cmd, "shot-trim") == 0) {
            if (ed_script_numbers(s, argv + 2, 2, v, err, n))
                return -1;
            rc = ed_shots_trim(s->app, i, v[0], v[1]);
        } else if (strcmp(cmd, "shot-blend") == 0) {
            if (ed_script_number(s, argv[2], &v[0], err, n))
                return -1;
            rc = ed_shots_blend(s->app, i, v[0]);
        } else {
            if (shot_number(s, argv[2], &to, err, n))
                return -1;
            rc = ed_shots_move(s->app, i, to);
        }
    }
    return ed_script_result(s, rc, cmd, err, n);
}

/* expect shot N: the shot edited */
int ed_script_x_shot(ed_script *s, char **a, int na, char *err, size_t n)
{
    (void)na;
    size_t i;
    if (shot_number(s, a[0], &i, err, n))
        return -1;
    if (!ed_shots_open(s->app))
        return ed_script_fail(s, err, n, "expected shot %s to be edited; no sequence is open", a[0]);
    if (s->app->seq.current != i)
        return ed_script_fail(s, err, n, "expected shot %zu to be edited, it is shot %zu", i + 1, s->app->seq.current + 1);
    return 0;
}

/* expect shots N */
int ed_script_x_shots(ed_script *s, char **a, int na, char *err, size_t n)
{
    (void)na;
    double want;
    if (ed_script_number(s, a[0], &want, err, n))
        return -1;
    if (want != (double)ed_shots_count(s->app))
        return ed_script_fail(s, err, n, "expected %s shots, there are %zu", a[0], ed_shots_count(s->app));
    return 0;
}

/* expect shot-part N FROM TO BLEND [TOL] */
int ed_script_x_shot_part(ed_script *s, char **a, int na, char *err, size_t n)
{
    size_t i;
    double v[4] = {0, 0, 0, 1e-6};
    if (shot_number(s, a[0], &i, err, n) || ed_script_numbers(s, a + 1, na - 1, v, err, n))
        return -1;
    if (i >= ed_shots_count(s->app))
        return ed_script_fail(s, err, n, "there is no shot %zu", i + 1);
    const ed_seq_shot *t = &s->app->seq.shots[i];
    if (fabs(t->from - v[0]) > v[3] || fabs(t->to - v[1]) > v[3] || fabs(t->blend - v[2]) > v[3])
        return ed_script_fail(s, err, n, "expected shot %zu to play %g s to %g s with a blend of %g s; it plays %.17g s to %.17g s with %.17g s",
                              i + 1, v[0], v[1], v[2], t->from, t->to, t->blend);
    return 0;
}

/* expect sequence-time T [TOL] */
int ed_script_x_sequence_time(ed_script *s, char **a, int na, char *err, size_t n)
{
    double v[2] = {0, 1e-6};
    if (ed_script_numbers(s, a, na, v, err, n))
        return -1;
    double t = ed_shots_time(s->app);
    if (!ed_shots_open(s->app) || fabs(t - v[0]) > v[1])
        return ed_script_fail(s, err, n, "expected the sequence time %g s, it is %.17g s", v[0], t);
    return 0;
}
