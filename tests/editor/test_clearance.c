/* SPDX-License-Identifier: MIT */
/* tests/editor/test_clearance.c - the clearance check: the BVH's answers
 * against brute force, and paths through, near and clear of a wall. */
#include "edtest.h"

#include "bvh.h"
#include "clearance.h"
#include "import.h"
#include "world.h"


static cp_vec3 corner(const ed_world *w, size_t t, int k)
{
    const float *p = &w->meshes[0].positions[9 * t + 3 * k];
    return cp_vec3_make(p[0], p[1], p[2]);
}

static void the_point_triangle_distance_should_match_dense_sampling(void **state)
{
    (void)state;
    testutil_rng rng = {7};
    for (int i = 0; i < 200; i++) {
        cp_vec3 a = cp_vec3_make(testutil_uniform(&rng, -1, 1), testutil_uniform(&rng, -1, 1), testutil_uniform(&rng, -1, 1));
        cp_vec3 b = cp_vec3_make(testutil_uniform(&rng, -1, 1), testutil_uniform(&rng, -1, 1), testutil_uniform(&rng, -1, 1));
        cp_vec3 c = cp_vec3_make(testutil_uniform(&rng, -1, 1), testutil_uniform(&rng, -1, 1), testutil_uniform(&rng, -1, 1));
        cp_vec3 p = cp_vec3_make(testutil_uniform(&rng, -2, 2), testutil_uniform(&rng, -2, 2), testutil_uniform(&rng, -2, 2));
        double d = ed_point_triangle_distance(p, a, b, c);
        /* no point of the triangle is nearer than d, and one on a fine grid is within the grid's step */
        double best = 1e30;
        const int steps = 120;
        for (int u = 0; u <= steps; u++)
            for (int v = 0; u + v <= steps; v++) {
                cp_vec3 q = cp_vec3_add(a, cp_vec3_add(cp_vec3_scale(cp_vec3_sub(b, a), (double)u / steps),
                                                       cp_vec3_scale(cp_vec3_sub(c, a), (double)v / steps)));
                best = fmin(best, cp_vec3_length(cp_vec3_sub(p, q)));
            }
        assert_true(d <= best + 1e-12);
        assert_true(best - d < 0.05);
    }
}

static void the_bvh_should_answer_as_brute_force_does(void **state)
{
    (void)state;
    testutil_rng rng = {11};
    ed_world w;
    edtest_random_world(&w, 10.0, 3000, &rng);
    ed_bvh b;
    assert_int_equal(ed_bvh_build(&b, &w), 0);
    assert_int_equal(b.tri_count, 3000);
    for (int i = 0; i < 300; i++) {
        cp_vec3 p = cp_vec3_make(testutil_uniform(&rng, -12, 12), testutil_uniform(&rng, -12, 12), testutil_uniform(&rng, -12, 12));
        double brute = 1e30;
        for (size_t t = 0; t < 3000; t++)
            brute = fmin(brute, ed_point_triangle_distance(p, corner(&w, t, 0), corner(&w, t, 1), corner(&w, t, 2)));
        double limit = i % 2 ? 1e30 : 0.5;
        double got = ed_bvh_distance(&b, p, limit);
        assert_near(got, fmin(brute, limit), 1e-9, 1);
        /* segments: the first crossing as brute force finds it */
        cp_vec3 q = cp_vec3_add(p, cp_vec3_make(testutil_uniform(&rng, -3, 3), testutil_uniform(&rng, -3, 3), testutil_uniform(&rng, -3, 3)));
        double u = -1;
        int hit = ed_bvh_segment(&b, p, q, &u);
        ed_bvh one;
        int any = 0;
        double first = 2;
        for (size_t t = 0; t < 3000; t++) {
            ed_world single;
            ed_world_init(&single);
            const float white[4] = {1, 1, 1, 1};
            int mat = ed_world_add_material(&single, white, -1);
            ed_mesh *m = ed_world_add_mesh(&single, mat, 3, 1, 0);
            assert_non_null(m);
            memcpy(m->positions, &w.meshes[0].positions[9 * t], 9 * sizeof(float));
            memset(m->normals, 0, 9 * sizeof(float));
            m->indices[0] = 0, m->indices[1] = 1, m->indices[2] = 2;
            ed_world_mesh_done(&single, m);
            assert_int_equal(ed_bvh_build(&one, &single), 0);
            double ut;
            if (ed_bvh_segment(&one, p, q, &ut)) {
                any = 1;
                first = fmin(first, ut);
            }
            ed_bvh_free(&one);
            ed_world_free(&single);
            if (i > 20)
                break; /* the full brute force for the first 20 segments is enough */
        }
        if (i <= 20) {
            assert_int_equal(hit, any);
            if (hit)
                assert_near(u, first, 1e-12, 1);
        }
    }
    ed_bvh_free(&b);
    ed_world_free(&w);
}

/* A path of keys along a line, all looking down -Z, `speed` m/s. */
static cp_path *line_path(cp_vec3 from, cp_vec3 to, double seconds)
{
    cp_key k[2];
    memset(k, 0, sizeof k);
    k[0] = (cp_key){.time = 0, .position = from, .rotation = {0, 0, 0, 1}, .fov = 60};
    k[1] = (cp_key){.time = seconds, .position = to, .rotation = {0, 0, 0, 1}, .fov = 60};
    cp_path_options o = {0};
    o.position = o.rotation = o.fov = CP_INTERP_LINEAR;
    cp_error err;
    cp_path *p = cp_path_create(k, 2, &o, &err);
    assert_non_null(p);
    return p;
}

static void load_wall(ed_world *w, ed_bvh *b)
{
    char err[1024];
    assert_int_equal(ed_import_world(w, "tests/data/scenes/wall.glb", NULL, NULL, err, sizeof err), 0);
    assert_int_equal(ed_bvh_build(b, w), 0);
}

static void a_path_through_the_wall_should_be_found_at_the_right_time(void **state)
{
    (void)state;
    ed_world w;
    ed_bvh b;
    load_wall(&w, &b);
    /* 5 m/s down -Z from z = 0 to z = -20: the wall (z -10.25..-9.75) is passed at 1.95..2.05 s */
    cp_path *p = line_path(cp_vec3_make(0, 2, 0), cp_vec3_make(0, 2, -20), 4.0);
    ed_clearance c = {0};
    assert_int_equal(ed_clearance_check(&c, p, &b, ED_CLEARANCE_DEFAULT), 0);
    assert_int_equal(c.count, 1);
    assert_true(c.ranges[0].through);
    /* within 0.2 m of a face from 1.91 s to 2.09 s; the samples are at most 0.1 m apart */
    assert_true(c.ranges[0].t0 >= 1.88 && c.ranges[0].t0 <= 1.95);
    assert_true(c.ranges[0].t1 >= 2.05 && c.ranges[0].t1 <= 2.12);
    char line[256];
    ed_clearance_describe(&c, 4, line, sizeof line);
    assert_non_null(strstr(line, "passes through geometry at 1.9-2.1 s"));
    ed_clearance_free(&c);
    cp_path_destroy(p);
    ed_bvh_free(&b);
    ed_world_free(&w);
}

static void a_thin_wall_should_not_slip_between_samples(void **state)
{
    (void)state;
    ed_world w;
    ed_world_init(&w);
    const float white[4] = {1, 1, 1, 1};
    int mat = ed_world_add_material(&w, white, -1);
    /* one quad of no thickness across the way, at z = -50 */
    ed_mesh *m = ed_world_add_mesh(&w, mat, 4, 2, 0);
    const float pos[12] = {-5, 0, -50, 5, 0, -50, 5, 6, -50, -5, 6, -50};
    memcpy(m->positions, pos, sizeof pos);
    memset(m->normals, 0, 12 * sizeof(float));
    const unsigned idx[6] = {0, 1, 2, 0, 2, 3};
    memcpy(m->indices, idx, sizeof idx);
    ed_world_mesh_done(&w, m);
    ed_bvh b;
    assert_int_equal(ed_bvh_build(&b, &w), 0);
    /* 1 km in 1 s: far more than 2000 samples of 0.1 m would cover */
    cp_path *p = line_path(cp_vec3_make(0, 2, 450), cp_vec3_make(0, 2, -550), 1.0);
    ed_clearance c = {0};
    assert_int_equal(ed_clearance_check(&c, p, &b, 0.001), 0);
    assert_int_equal(c.count, 1);
    assert_true(c.ranges[0].through);
    assert_true(c.ranges[0].t0 <= 0.5 && c.ranges[0].t1 >= 0.5);
    ed_clearance_free(&c);
    cp_path_destroy(p);
    ed_bvh_free(&b);
    ed_world_free(&w);
}

/* A fast path passes 0.1 m from a sliver of geometry halfway between where
 * samples one block apart (0.5 m at 100 m/s) would fall, 0.27 m from each:
 * samples at most half the clearance apart find it at 0.1 m. */
static void a_near_miss_between_blocks_should_be_found(void **state)
{
    (void)state;
    ed_world w;
    ed_world_init(&w);
    const float white[4] = {1, 1, 1, 1};
    int mat = ed_world_add_material(&w, white, -1);
    ed_mesh *m = ed_world_add_mesh(&w, mat, 3, 1, 0);
    const float pos[9] = {0.1f, 1, -0.25f, 0.1f, 3, -0.25f, 0.11f, 2, -0.25f};
    memcpy(m->positions, pos, sizeof pos);
    memset(m->normals, 0, 9 * sizeof(float));
    const unsigned idx[3] = {0, 1, 2};
    memcpy(m->indices, idx, sizeof idx);
    ed_world_mesh_done(&w, m);
    ed_bvh b;
    assert_int_equal(ed_bvh_build(&b, &w), 0);
    cp_path *p = line_path(cp_vec3_make(0, 2, 500), cp_vec3_make(0, 2, -500), 10.0);
    ed_clearance c = {0};
    assert_int_equal(ed_clearance_check(&c, p, &b, 0.2), 0);
    assert_int_equal(c.count, 1);
    assert_false(c.ranges[0].through);
    assert_true(c.ranges[0].min_distance >= 0.1 - 1e-6 && c.ranges[0].min_distance < 0.12);
    assert_true(c.ranges[0].t0 <= 5.0025 && c.ranges[0].t1 >= 5.0025);
    /* every step within half the clearance: 1 km at 0.1 m at most */
    assert_true(c.samples >= 10000);
    ed_clearance_free(&c);
    cp_path_destroy(p);
    ed_bvh_free(&b);
    ed_world_free(&w);
}

static void a_path_near_the_wall_should_be_close_and_one_away_clear(void **state)
{
    (void)state;
    ed_world w;
    ed_bvh b;
    load_wall(&w, &b);
    /* along the wall's front face (z = -9.75) at 0.15 m, from x = -10 to x = 10 */
    cp_path *p = line_path(cp_vec3_make(-10, 3, -9.6), cp_vec3_make(10, 3, -9.6), 4.0);
    ed_clearance c = {0};
    assert_int_equal(ed_clearance_check(&c, p, &b, 0.2), 0);
    assert_int_equal(c.count, 1);
    assert_false(c.ranges[0].through);
    assert_near(c.ranges[0].min_distance, 0.15, 1e-5, 1);
    /* x from -5.11 to 5.11 (0.2 m around the corners): 0.98 .. 3.02 s */
    assert_true(fabs(c.ranges[0].t0 - 0.98) < 0.03 && fabs(c.ranges[0].t1 - 3.02) < 0.03);
    /* a clearance of 0.1 m: the same path is clear */
    assert_int_equal(ed_clearance_check(&c, p, &b, 0.1), 0);
    assert_int_equal(c.count, 0);
    char line[128];
    assert_string_equal(ed_clearance_describe(&c, 4, line, sizeof line), "clear of the world by 0.1 m");
    ed_clearance_free(&c);
    cp_path_destroy(p);
    ed_bvh_free(&b);
    ed_world_free(&w);
}

static void the_app_should_check_its_path_against_its_scene_and_follow_edits(void **state)
{
    (void)state;
    edtest_fixture *f = edtest_fixture_new("wall.json", 1);
    ed_app *app = &f->app;
    assert_int_equal(ed_app_load_scene(app, "tests/data/scenes/wall.gltf", 0), 0);
    assert_int_equal(ed_app_wait_scene(app, NULL, NULL), 0);
    edtest_place(app, 0, 2, 0);
    assert_int_equal(ed_record_key(app, 0), 0);
    edtest_place(app, 0, 2, -20);
    assert_int_equal(ed_record_key(app, 0), 0);
    const ed_clearance *c = ed_app_check_clearance(app);
    assert_non_null(c);
    assert_int_equal(c->count, 1);
    assert_true(c->ranges[0].through);
    /* the script's view of it */
    double mid = 0.5 * (c->ranges[0].t0 + c->ranges[0].t1);
    char line[64];
    snprintf(line, sizeof line, "expect through %.17g", mid);
    assert_int_equal(ed_script_line(&f->s, line, f->err, sizeof f->err), 0);
    assert_int_equal(ed_script_line(&f->s, "expect clearance 1", f->err, sizeof f->err), 0);
    assert_int_equal(ed_script_line(&f->s, "expect clear 0", f->err, sizeof f->err), 0);
    assert_int_equal(ed_script_line(&f->s, "expect clear 1", f->err, sizeof f->err), 0);
    assert_int_equal(ed_script_line(&f->s, "expect clearance 0", f->err, sizeof f->err), -1);
    assert_non_null(strstr(f->err, "expected 0 clearance problems, there are 1: passes through geometry at"));
    /* F5 goes to the problem */
    ed_app_seek(app, 0);
    assert_int_equal(ed_app_next_problem(app), 0);
    assert_near(app->base.playhead, c->ranges[0].t0, 1e-12, 1);
    /* move the second key beside the wall: the problem goes away */
    edtest_place(app, 12, 2, -20);
    assert_int_equal(ed_edit_move_to_camera(app), 0);
    c = ed_app_check_clearance(app);
    assert_int_equal(c->count, 0);
    edtest_teardown((void **)&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_point_triangle_distance_should_match_dense_sampling),
        cmocka_unit_test(the_bvh_should_answer_as_brute_force_does),
        cmocka_unit_test(a_path_through_the_wall_should_be_found_at_the_right_time),
        cmocka_unit_test(a_thin_wall_should_not_slip_between_samples),
        cmocka_unit_test(a_near_miss_between_blocks_should_be_found),
        cmocka_unit_test(a_path_near_the_wall_should_be_close_and_one_away_clear),
        cmocka_unit_test(the_app_should_check_its_path_against_its_scene_and_follow_edits),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
