/* SPDX-License-Identifier: MIT */
/* tests/editor/test_trace.c - the path as the view and the graph show it:
 * the graph must show no acceleration jump at the keys of a C2 path and a
 * clear one for bisector tangents; the polyline must follow the path within
 * its point budget. Also the undo history's limits. */
#include "edtest.h"

#include "history.h"
#include "trace.h"

static cp_path *zigzag(cp_interp interp, cp_ends ends)
{
    cp_key k[6] = {0}; /* zeroed: no holds, no optional members */
    for (int i = 0; i < 6; i++) {
        k[i].time = i * 1.0 + (i > 2 ? 0.7 : 0.0); /* uneven spacing makes bisector jump */
        k[i].position = cp_vec3_make(10.0 * i, (i % 2) ? 4.0 : -3.0, -2.0 * i * i);
        k[i].rotation = cp_quat_from_yaw_pitch_roll(0.3 * i, 0.1 * (i % 3), 0.0);
        k[i].fov = 50 + 3 * i;
    }
    cp_path_options o = {.position = interp, .rotation = interp, .fov = interp, .ends = ends};
    if (ends == CP_ENDS_CLOSED)
        o.period = 8.0;
    cp_path *p = cp_path_create(k, 6, &o, NULL);
    assert_non_null(p);
    return p;
}

/* The largest relative jump of acceleration across a key, read off the graph samples. */
static double largest_jump(const ed_trace *t, int plot)
{
    double worst = 0;
    for (size_t i = 1; i < t->plot_count; i++)
        if (t->plot_t[i] == t->plot_t[i - 1]) {
            double a = t->plot[plot][i - 1], b = t->plot[plot][i];
            worst = fmax(worst, fabs(a - b) / fmax(t->plot_max[plot], 1e-300));
        }
    return worst;
}

static void the_graph_should_show_jumps_for_bisector_but_not_for_c2(void **state)
{
    (void)state;
    ed_trace t;
    memset(&t, 0, sizeof t);
    cp_path *c2 = zigzag(CP_INTERP_C2, CP_ENDS_NATURAL), *bis = zigzag(CP_INTERP_BISECTOR, CP_ENDS_NATURAL);
    assert_int_equal(ed_trace_build(&t, c2, 7), 0);
    assert_int_equal(t.serial, 7);
    assert_true(t.plot_count > ED_TRACE_PLOT_SAMPLES);
    assert_true(largest_jump(&t, ED_PLOT_ACCELERATION) < 1e-5);
    assert_true(largest_jump(&t, ED_PLOT_ANGULAR_ACCELERATION) < 1e-5);
    assert_true(largest_jump(&t, ED_PLOT_SPEED) < 1e-5);
    assert_int_equal(ed_trace_build(&t, bis, 8), 0);
    assert_true(largest_jump(&t, ED_PLOT_ACCELERATION) > 0.05);
    assert_true(largest_jump(&t, ED_PLOT_SPEED) < 1e-5); /* still C1 */
    /* samples go forward in time */
    for (size_t i = 1; i < t.plot_count; i++)
        assert_true(t.plot_t[i] >= t.plot_t[i - 1]);
    cp_path_destroy(c2);
    cp_path_destroy(bis);
    ed_trace_free(&t);
}

static void the_polyline_should_follow_the_path(void **state)
{
    (void)state;
    ed_trace t;
    memset(&t, 0, sizeof t);
    cp_path *p = zigzag(CP_INTERP_C2, CP_ENDS_CLOSED);
    assert_int_equal(ed_trace_build(&t, p, 1), 0);
    assert_true(t.count >= 12 && t.count <= ED_TRACE_MAX_POINTS);
    const cp_key *k = cp_path_keys(p);
    assert_near(t.xyz[0], k[0].position.x, 1e-6, 1);
    /* closed: the polyline comes back to where it started */
    assert_near(t.xyz[3 * (t.count - 1)], t.xyz[0], 1e-5, 1);
    assert_near(t.xyz[3 * (t.count - 1) + 2], t.xyz[2], 1e-5, 1);
    int top[2] = {0, 0};
    for (size_t i = 0; i < t.count; i++)
        for (int m = 0; m < 2; m++) {
            assert_true(t.level[m][i] < ED_TRACE_LEVELS);
            top[m] |= t.level[m][i] == ED_TRACE_LEVELS - 1;
        }
    assert_true(top[0] && top[1]);
    assert_true(t.max[0] > 0 && t.max[1] > 0);
    /* no path: nothing to draw */
    assert_int_equal(ed_trace_build(&t, NULL, 0), 0);
    assert_int_equal(t.count, 0);
    assert_int_equal(t.plot_count, 0);
    cp_path_destroy(p);
    ed_trace_free(&t);
}

static void a_long_path_should_keep_to_the_point_budget(void **state)
{
    (void)state;
    enum { N = 20000 };
    cp_key *k = calloc(N, sizeof *k); /* zeroed: no optional members */
    assert_non_null(k);
    for (int i = 0; i < N; i++) {
        k[i].time = i * 0.5;
        k[i].position = cp_vec3_make(40.0 * i, 10 * sin(i * 0.1), 0);
        k[i].rotation = cp_quat_identity();
        k[i].fov = 60;
    }
    cp_path *p = cp_path_create(k, N, NULL, NULL);
    assert_non_null(p);
    ed_trace t;
    memset(&t, 0, sizeof t);
    assert_int_equal(ed_trace_build(&t, p, 3), 0);
    assert_true(t.count <= ED_TRACE_MAX_POINTS);
    assert_true(t.count >= 2 * (N - 1));
    ed_trace_free(&t);
    cp_path_destroy(p);
    free(k);
}

/* ---- the undo history ---------------------------------------------------------------------- */

static ed_state state_with(size_t keys, unsigned long rev)
{
    ed_state s;
    memset(&s, 0, sizeof s);
    for (size_t i = 0; i < keys; i++) {
        cp_key k = {.time = (double)i, .rotation = {0, 0, 0, 1}, .fov = 60};
        assert_int_equal(cp_document_insert_key(&s.doc, i, &k, NULL), 0);
    }
    s.revision = rev;
    s.selected = -1;
    return s;
}

static void the_history_should_forget_its_oldest_states_past_its_limit(void **state)
{
    (void)state;
    ed_history h;
    memset(&h, 0, sizeof h);
    ed_state cur = state_with(1, 1);
    for (unsigned long r = 2; r < ED_HISTORY_DEPTH + 50; r++) {
        ed_state prev = cur;
        assert_int_equal(ed_history_push(&h, &prev), 0);
        assert_null(prev.doc.keys); /* moved in */
        cur = state_with(1, r);
    }
    assert_int_equal(h.undo_count, ED_HISTORY_DEPTH);
    assert_int_equal(h.keys_held, ED_HISTORY_DEPTH);
    /* the newest survive: undo gives back revisions in order */
    unsigned long want = ED_HISTORY_DEPTH + 48;
    for (int i = 0; i < 5; i++) {
        assert_int_equal(ed_history_undo(&h, &cur), 0);
        assert_int_equal(cur.revision, want--);
    }
    assert_int_equal(ed_history_redo(&h, &cur), 0);
    assert_int_equal(cur.revision, want + 2);
    /* a push forgets the redo states */
    ed_state prev = cur;
    assert_int_equal(ed_history_push(&h, &prev), 0);
    cur = state_with(2, 9999);
    assert_int_equal(h.redo_count, 0);
    assert_int_equal(ed_history_redo(&h, &cur), -1);
    cp_document_free(&cur.doc);
    ed_history_free(&h);
}

/* With linear interpolation and one rotation for every key, the angular
 * strips held rounding noise (3e-17 rad/s) and scaled themselves to it,
 * filling the strip with noise: each strip's scale has a floor tied to the
 * path's own magnitudes. */
static void graph_strips_should_not_scale_to_rounding_noise(void **state)
{
    (void)state;
    cp_key k[5];
    memset(k, 0, sizeof k);
    for (int i = 0; i < 5; i++) {
        k[i].time = 1.3 * i;
        k[i].position = cp_vec3_make(10.0 * i, (i % 2) * 3.0, -4.0 * i);
        k[i].rotation = cp_quat_from_yaw_pitch_roll(0.7, 0.2, 0.1);
        k[i].fov = 60;
    }
    cp_path_options o = {.position = CP_INTERP_LINEAR, .rotation = CP_INTERP_LINEAR, .fov = CP_INTERP_LINEAR};
    cp_path *p = cp_path_create(k, 5, &o, NULL);
    assert_non_null(p);
    ed_trace t;
    memset(&t, 0, sizeof t);
    assert_int_equal(ed_trace_build(&t, p, 1), 0);
    for (int plot = ED_PLOT_ANGULAR_SPEED; plot <= ED_PLOT_ANGULAR_ACCELERATION; plot++) {
        double lo, hi;
        ed_trace_plot_range(&t, plot, &lo, &hi);
        /* what is drawn is within a millionth of the strip's height of its foot */
        double tallest = 0;
        for (size_t i = 0; i < t.plot_count; i++)
            tallest = fmax(tallest, (t.plot[plot][i] - lo) / (hi - lo));
        if (!(tallest < 1e-6))
            fail_msg("strip %d scaled to %g: its noise (up to %g) fills %.0f%% of it", plot, hi, t.plot_max[plot],
                     100 * tallest);
    }
    /* the field of view holds still: a flat line, not noise either */
    double lo, hi;
    ed_trace_plot_range(&t, ED_PLOT_FOV, &lo, &hi);
    assert_true(lo < 60 && hi > 60 && hi - lo >= 1e-3);
    cp_path_destroy(p);
    /* a path that moves and turns keeps its own scale: the floor stays out of the way */
    p = zigzag(CP_INTERP_C2, CP_ENDS_NATURAL);
    assert_int_equal(ed_trace_build(&t, p, 2), 0);
    for (int plot = 0; plot < ED_PLOT_FOV; plot++) {
        ed_trace_plot_range(&t, plot, &lo, &hi);
        assert_near(lo, 0, 0, 1);
        assert_near(hi, 1.05 * t.plot_max[plot], 1e-12, 1);
    }
    /* and the fov strip spans the keys' fovs (50..65) */
    ed_trace_plot_range(&t, ED_PLOT_FOV, &lo, &hi);
    assert_true(lo <= t.plot_min[ED_PLOT_FOV] && lo > 45 && hi >= t.plot_max[ED_PLOT_FOV] && hi < 70);
    assert_true(t.plot_min[ED_PLOT_FOV] <= 50 + 1e-9 && t.plot_max[ED_PLOT_FOV] >= 65 - 1e-9);
    cp_path_destroy(p);
    ed_trace_free(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_graph_should_show_jumps_for_bisector_but_not_for_c2),
        cmocka_unit_test(the_polyline_should_follow_the_path),
        cmocka_unit_test(graph_strips_should_not_scale_to_rounding_noise),
        cmocka_unit_test(a_long_path_should_keep_to_the_point_budget),
        cmocka_unit_test(the_history_should_forget_its_oldest_states_past_its_limit),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
