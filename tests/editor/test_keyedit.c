/* SPDX-License-Identifier: MIT */
/* tests/editor/test_keyedit.c - the selection as a set, editing key values
 * directly, transforms of the selection or the whole path, and a key at the
 * playhead that keeps the path's shape (measured). */
#include <math.h>

#include "edtest.h"

typedef edtest_fixture fixture;

#define DEG (M_PI / 180.0)

static int setup(void **state)
{
    *state = edtest_fixture_new("edit.json", 1);
    return 0;
}

static int teardown(void **state) { return edtest_teardown(state); }

static void assert_selection(const ed_app *app, const char *want)
{
    char got[64] = "";
    for (size_t i = 0; i < ed_app_key_count(app) && strlen(got) < sizeof got - 4; i++)
        if (ed_app_is_selected(app, i))
            snprintf(got + strlen(got), sizeof got - strlen(got), "%s%zu", got[0] ? "," : "", i);
    if (strcmp(got, want) != 0)
        fail_msg("selected {%s}, expected {%s}", got, want);
    assert_int_equal(ed_app_selected_count(app), strlen(want) ? (strlen(want) + 1) / 2 : 0);
}

/* ---- the selection ---------------------------------------------------------------------------------- */

static void the_selection_should_be_a_set_that_undo_brings_back(void **state)
{
    ed_app *app = &((fixture *)*state)->app;
    edtest_record_line(app, 6, 6.0);
    assert_int_equal(ed_select_one(app, 1), 0);
    assert_int_equal(ed_select_add(app, 3, 0), 0);
    assert_int_equal(ed_select_add(app, 4, 0), 0);
    assert_selection(app, "1,3,4");
    assert_int_equal(app->doc.cur.selected, 4);
    assert_int_equal(ed_edit_fov(app, 40), 0);
    for (size_t i = 0; i < 6; i++)
        assert_near(edtest_key(app, i)->fov, i == 1 || i == 3 || i == 4 ? 40 : 60, 0, 1);
    assert_selection(app, "1,3,4");
    assert_int_equal(ed_select_one(app, 0), 0);
    assert_selection(app, "0");
    assert_int_equal(ed_edit_undo(app), 0);
    assert_near(edtest_key(app, 3)->fov, 60, 0, 1);
    assert_selection(app, "1,3,4");
    assert_int_equal(ed_edit_redo(app), 0);
    assert_near(edtest_key(app, 3)->fov, 40, 0, 1);
    /* toggling, ranges, all, none */
    assert_int_equal(ed_select_range(app, 2, 4), 0);
    assert_selection(app, "2,3,4");
    assert_int_equal(app->doc.cur.selected, 2);
    assert_int_equal(ed_select_add(app, 2, 1), 0);
    assert_selection(app, "3,4");
    assert_int_equal(app->doc.cur.selected, 3);
    assert_int_equal(ed_select_all(app), 0);
    assert_selection(app, "0,1,2,3,4,5");
    assert_int_equal(ed_select_one(app, -1), 0);
    assert_selection(app, "");
    assert_int_equal(app->doc.cur.selected, -1);
    assert_int_equal(ed_select_range(app, 4, 9), -1);
    assert_int_equal(ed_select_add(app, 6, 0), -1);
    assert_selection(app, "");
}

static void delete_should_remove_every_selected_key(void **state)
{
    ed_app *app = &((fixture *)*state)->app;
    edtest_record_line(app, 6, 6.0);
    assert_int_equal(ed_select_range(app, 1, 3), 0);
    assert_int_equal(ed_edit_delete(app), 0);
    assert_int_equal(ed_app_key_count(app), 3);
    assert_near(edtest_key(app, 1)->position.x, 24, 0, 1);
    assert_near(edtest_key(app, 2)->position.x, 30, 0, 1);
    assert_int_equal(app->doc.cur.selected, -1);
    assert_selection(app, "");
    assert_int_equal(ed_edit_undo(app), 0);
    assert_int_equal(ed_app_key_count(app), 6);
    assert_selection(app, "1,2,3");
}

/* ---- one key's values ---------------------------------------------------------------------------------- */

static void edits_should_set_a_value_in_one_undo_step(void **state)
{
    ed_app *app = &((fixture *)*state)->app;
    edtest_record_line(app, 4, 6.0); /* t = 0, 1, 2, 3 */
    assert_int_equal(ed_select_one(app, 1), 0);
    unsigned long rev = app->doc.cur.revision;
    assert_int_equal(ed_edit_time(app, 1.25), 0);
    assert_near(edtest_key(app, 1)->time, 1.25, 0, 1);
    assert_int_equal(ed_edit_time(app, 2.0), -1); /* not strictly before key 2 */
    assert_non_null(strstr(app->base.message, "must lie between 0.00 s (key 0) and 2.00 s (key 2)"));
    assert_int_equal(ed_edit_position(app, cp_vec3_make(5, 2, -3)), 0);
    assert_int_equal(ed_edit_rotation(app, 30, -10, 15), 0);
    double y, p, r;
    ed_quat_to_yaw_pitch_roll(edtest_key(app, 1)->rotation, &y, &p, &r);
    assert_near(y / DEG, 30, 1e-12, 1);
    assert_near(p / DEG, -10, 1e-12, 1);
    assert_near(r / DEG, 15, 1e-12, 1);
    assert_int_equal(ed_edit_rotation(app, 0, 95, 0), -1);
    assert_int_equal(ed_edit_fov(app, 35), 0);
    assert_int_equal(ed_edit_fov(app, 180), -1);
    assert_int_equal(ed_edit_fov(app, 0), -1);
    assert_near(edtest_key(app, 1)->fov, 35, 0, 1);
    assert_near(edtest_key(app, 1)->position.y, 2, 0, 1);
    /* four edits, four undo steps, in order */
    assert_int_equal(ed_edit_undo(app), 0);
    assert_near(edtest_key(app, 1)->fov, 60, 0, 1);
    assert_int_equal(ed_edit_undo(app), 0);
    ed_quat_to_yaw_pitch_roll(edtest_key(app, 1)->rotation, &y, &p, &r);
    assert_near(y, 0, 0, 1);
    assert_int_equal(ed_edit_undo(app), 0);
    assert_near(edtest_key(app, 1)->position.x, 6, 0, 1);
    assert_int_equal(ed_edit_undo(app), 0);
    assert_near(edtest_key(app, 1)->time, 1, 0, 1);
    assert_int_equal(app->doc.cur.revision, rev);
    /* a key's own time or position needs one key */
    assert_int_equal(ed_select_range(app, 1, 2), 0);
    assert_int_equal(ed_edit_time(app, 1.5), -1);
    assert_int_equal(ed_edit_position(app, cp_vec3_make(0, 0, 0)), -1);
    assert_non_null(strstr(app->base.message, "2 are selected"));
    assert_int_equal(ed_select_one(app, -1), 0);
    assert_int_equal(ed_edit_fov(app, 50), -1);
    assert_non_null(strstr(app->base.message, "select a key first"));
}

/* ---- transforms ---------------------------------------------------------------------------------------- */

static void transforms_should_move_the_selection_or_the_whole_path(void **state)
{
    ed_app *app = &((fixture *)*state)->app;
    edtest_record_line(app, 4, 10.0); /* x = 0, 10, 20, 30 at t = 0, 10/6 ... */
    double t3 = edtest_key(app, 3)->time;
    assert_int_equal(ed_select_one(app, -1), 0);
    /* nothing selected: the whole path */
    assert_int_equal(ed_xform_translate(app, cp_vec3_make(1, 2, 3)), 0);
    for (size_t i = 0; i < 4; i++) {
        assert_near(edtest_key(app, i)->position.x, 10.0 * i + 1, 1e-15, 1);
        assert_near(edtest_key(app, i)->position.y, 2, 0, 1);
    }
    /* a quarter turn about +Y through the centre (16, 2, 3): +X goes to -Z */
    assert_int_equal(ed_xform_rotate(app, 90), 0);
    for (size_t i = 0; i < 4; i++) {
        assert_near(edtest_key(app, i)->position.x, 16, 1e-14, 16);
        assert_near(edtest_key(app, i)->position.z, 3 - (10.0 * i + 1 - 16), 1e-14, 16);
        double y, p, r;
        ed_quat_to_yaw_pitch_roll(edtest_key(app, i)->rotation, &y, &p, &r);
        assert_near(y / DEG, 90, 1e-12, 1);
    }
    assert_int_equal(ed_xform_scale(app, 0.5), 0);
    assert_near(edtest_key(app, 0)->position.z, 3 + 7.5, 1e-14, 16);
    assert_near(edtest_key(app, 3)->position.z, 3 - 7.5, 1e-14, 16);
    assert_int_equal(ed_xform_scale(app, -1), -1);
    assert_int_equal(ed_xform_scale(app, 0), -1);
    assert_int_equal(ed_xform_shift(app, 2.5), 0);
    assert_near(edtest_key(app, 0)->time, 2.5, 0, 1);
    assert_near(edtest_key(app, 3)->time, t3 + 2.5, 1e-15, 1);
    /* the selection alone: keys 1 and 2 */
    assert_int_equal(ed_select_range(app, 1, 2), 0);
    double z0 = edtest_key(app, 0)->position.z, t1 = edtest_key(app, 1)->time;
    assert_int_equal(ed_xform_translate(app, cp_vec3_make(0, 10, 0)), 0);
    assert_near(edtest_key(app, 0)->position.y, 2, 0, 1);
    assert_near(edtest_key(app, 1)->position.y, 12, 0, 1);
    assert_near(edtest_key(app, 2)->position.y, 12, 0, 1);
    assert_near(edtest_key(app, 3)->position.y, 2, 0, 1);
    assert_near(edtest_key(app, 0)->position.z, z0, 0, 1);
    assert_int_equal(ed_xform_shift(app, 0.5), 0);
    assert_near(edtest_key(app, 1)->time, t1 + 0.5, 1e-15, 1);
    /* keys keep their order: shifting past key 3 is refused and changes nothing */
    unsigned long rev = app->doc.cur.revision;
    assert_int_equal(ed_xform_shift(app, 100), -1);
    assert_non_null(strstr(app->base.message, "keep their order"));
    assert_int_equal(app->doc.cur.revision, rev);
    /* every transform was one undo step: six back to the recording */
    for (int i = 0; i < 6; i++)
        assert_int_equal(ed_edit_undo(app), 0);
    assert_near(edtest_key(app, 2)->position.x, 20, 0, 1);
    assert_near(edtest_key(app, 3)->time, t3, 0, 1);
}

/* ---- a key at the playhead ----------------------------------------------------------------------------- */

/* The largest differences between two paths over their span: position
 * (relative to the span of the keys), rotation (degrees) and fov (degrees). */
static void compare(const cp_path *a, const cp_path *b, double out[3])
{
    out[0] = out[1] = out[2] = 0;
    double start = cp_path_start(a), dur = cp_path_duration(a), size = 0;
    const cp_key *k = cp_path_keys(a);
    for (size_t i = 1; i < cp_path_key_count(a); i++)
        size = fmax(size, cp_vec3_length(cp_vec3_sub(k[i].position, k[0].position)));
    for (int i = 0; i <= 4000; i++) {
        cp_pose p, q;
        double t = start + dur * i / 4000.0;
        cp_path_sample(a, t, &p);
        cp_path_sample(b, t, &q);
        out[0] = fmax(out[0], cp_vec3_length(cp_vec3_sub(p.position, q.position)) / size);
        double d = fabs(cp_quat_dot(p.rotation, q.rotation));
        out[1] = fmax(out[1], 2.0 * acos(fmin(1.0, d)) / DEG);
        out[2] = fmax(out[2], fabs(p.fov - q.fov));
    }
}

/* Inserts a key at each of the playheads in turn (undoing each) and gives
 * the largest changes to the path, as compare() measures them. */
static void inserts_at(ed_app *app, const double *at, int count, double worst[3])
{
    cp_document copy;
    assert_int_equal(cp_document_copy(&copy, &app->doc.cur.doc, NULL), 0);
    cp_path *before = cp_document_to_path(&copy, NULL);
    assert_non_null(before);
    cp_document_free(&copy);
    worst[0] = worst[1] = worst[2] = 0;
    for (int j = 0; j < count; j++) {
        ed_app_seek(app, at[j]);
        size_t n = ed_app_key_count(app);
        assert_int_equal(ed_record_at_playhead(app), 0);
        assert_int_equal(ed_app_key_count(app), n + 1);
        double d[3];
        compare(before, app->doc.path, d);
        for (int m = 0; m < 3; m++)
            worst[m] = fmax(worst[m], d[m]);
        assert_int_equal(ed_edit_undo(app), 0);
    }
    cp_path_destroy(before);
}

static void a_key_at_the_playhead_should_keep_the_shape_as_far_as_the_interpolation_allows(void **state)
{
    ed_app *app = &((fixture *)*state)->app;
    static const struct {
        cp_interp interp;
        cp_ends   ends;
        double    pos, rot, fov;   /* the bounds: what the interpolation allows */
        cp_timing timing;
    } cases[] = {
        /* position and fov: a C2 spline with a knot added on itself is itself; rotation
           is splined through unit keys, and the curve in R4 is not on the unit sphere
           between keys (this test's keys turn 40-100 degrees apart) */
        {CP_INTERP_C2, CP_ENDS_NATURAL, 1e-12, 1.0, 1e-12, CP_TIMING_KEYS},
        {CP_INTERP_C2, CP_ENDS_REST, 1e-12, 1.0, 1e-12, CP_TIMING_KEYS},
        {CP_INTERP_C2, CP_ENDS_CLOSED, 1e-12, 5.0, 1e-12, CP_TIMING_KEYS},
        /* a point on a line splits it into the same line; the rotation's speed along its arc changes a hair */
        {CP_INTERP_LINEAR, CP_ENDS_NATURAL, 1e-12, 1e-4, 1e-12, CP_TIMING_KEYS},
        /* local tangents: the neighbours' tangents change */
        {CP_INTERP_CATMULL_ROM, CP_ENDS_NATURAL, 0.02, 2, 1, CP_TIMING_KEYS},
        {CP_INTERP_BISECTOR, CP_ENDS_NATURAL, 0.02, 2, 1, CP_TIMING_KEYS},
        /* smooth timing: the shape is splined over the chords between keys (each channel
           over its own), and a key between two splits their chord into two whose sum is
           longer: the new key's parameter is not the one it had on the curve */
        {CP_INTERP_C2, CP_ENDS_NATURAL, 0.01, 2, 1, CP_TIMING_SMOOTH},
        {CP_INTERP_C2, CP_ENDS_REST, 0.01, 2, 1, CP_TIMING_SMOOTH},
        {CP_INTERP_C2, CP_ENDS_CLOSED, 0.03, 5, 2, CP_TIMING_SMOOTH},
    };
    /* keys at uneven times, turning and zooming */
    static const double keys[6][6] = {{0, 0, 0, 0, 0, 60},   {1.5, 12, 3, -4, 40, 50},  {2.2, 20, 1, -15, 95, 40},
                                      {4, 26, 6, -30, 150, 65}, {5.1, 18, 9, -42, 200, 70}, {7, 4, 4, -48, 260, 55}};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        ed_select_one(app, -1);
        while (ed_app_key_count(app)) {
            ed_select_one(app, 0);
            ed_edit_delete(app);
        }
        cp_document work;
        assert_int_equal(cp_document_copy(&work, &app->doc.cur.doc, NULL), 0);
        for (int i = 0; i < 6; i++) {
            cp_key k;
            memset(&k, 0, sizeof k);
            k.time = keys[i][0];
            k.position = cp_vec3_make(keys[i][1], keys[i][2], keys[i][3]);
            k.rotation = cp_quat_from_yaw_pitch_roll(keys[i][4] * DEG, 0.2 * i, 0.1 * i);
            k.fov = keys[i][5];
            assert_int_equal(cp_document_insert_key(&work, (size_t)i, &k, NULL), 0);
        }
        work.options.position = work.options.rotation = work.options.fov = cases[c].interp;
        work.options.timing = cases[c].timing;
        work.options.ends = cases[c].ends;
        work.options.period = cases[c].ends == CP_ENDS_CLOSED ? 9.0 : 0;
        assert_int_equal(ed_edit_replace(app, &work, -1), 0);
        const double at[] = {0.6, 3.1, 6.2, 8.0};
        double worst[3];
        /* the closing segment (after 7 s) only exists on a loop */
        inserts_at(app, at, cases[c].ends == CP_ENDS_CLOSED ? 4 : 3, worst);
        print_message("insert at the playhead, %s %s, %s timing: position %.2e of the path's size, rotation %.3g deg, "
                      "fov %.3g deg\n", cp_interp_name(cases[c].interp), cp_ends_name(cases[c].ends),
                      cp_timing_name(cases[c].timing), worst[0], worst[1], worst[2]);
        if (!(worst[0] <= cases[c].pos && worst[1] <= cases[c].rot && worst[2] <= cases[c].fov))
            fail_msg("%s %s: the shape moved more than the interpolation allows", cp_interp_name(cases[c].interp),
                     cp_ends_name(cases[c].ends));
    }
    /* a recorded path, whose keys turn as a person turns between two presses of F2, in keys and smooth timing */
    for (int smooth = 0; smooth < 2; smooth++) {
        cp_document demo;
        assert_int_equal(cp_document_load("paths/demo.json", &demo, NULL), 0);
        demo.options.timing = smooth ? CP_TIMING_SMOOTH : CP_TIMING_KEYS;
        assert_int_equal(ed_edit_replace(app, &demo, -1), 0);
        double at[39], worst[3];
        for (int j = 1; j < 40; j++)
            at[j - 1] = ed_app_start(app) + ed_app_duration(app) * (j + 0.37) / 40.0;
        inserts_at(app, at, 39, worst);
        print_message("insert at the playhead, paths/demo.json (c2 rest), %s timing: position %.2e, rotation %.3g deg, "
                      "fov %.3g deg\n", smooth ? "smooth" : "keys", worst[0], worst[1], worst[2]);
        if (smooth)
            assert_true(worst[0] <= 0.002 && worst[1] <= 15 && worst[2] <= 0.5);
        else
            assert_true(worst[0] <= 1e-12 && worst[1] <= 0.9 && worst[2] <= 1e-12);
    }
    /* on a key: refused; without a path: refused */
    ed_app_seek(app, edtest_key(app, 3)->time + 0.004);
    assert_int_equal(ed_record_at_playhead(app), -1);
    assert_non_null(strstr(app->base.message, "key 3 is at the playhead"));
    assert_int_equal(ed_select_all(app), 0);
    assert_int_equal(ed_edit_delete(app), 0);
    assert_int_equal(ed_record_at_playhead(app), -1);
    assert_non_null(strstr(app->base.message, "needs a path"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(the_selection_should_be_a_set_that_undo_brings_back, setup, teardown),
        cmocka_unit_test_setup_teardown(delete_should_remove_every_selected_key, setup, teardown),
        cmocka_unit_test_setup_teardown(edits_should_set_a_value_in_one_undo_step, setup, teardown),
        cmocka_unit_test_setup_teardown(transforms_should_move_the_selection_or_the_whole_path, setup, teardown),
        cmocka_unit_test_setup_teardown(a_key_at_the_playhead_should_keep_the_shape_as_far_as_the_interpolation_allows,
                                        setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
