/* SPDX-License-Identifier: MIT */
/* tests/editor/test_view.c - projection and near-plane clipping, picking,
 * the camera's angles, the window layout and the demo world's geometry. */
#include "edtest.h"

#include "camera.h"
#include "layout.h"
#include "demo.h"
#include "view.h"

static ed_view front_view(void)
{
    ed_view v;
    ed_view_init(&v, cp_vec3_make(0, 0, 0), cp_quat_identity(), 90.0, 0, 0, 800, 600);
    return v;
}

static void a_point_ahead_should_project_and_one_behind_should_not(void **state)
{
    (void)state;
    ed_view v = front_view();
    float x, y;
    assert_true(ed_view_project(&v, ed_view_to_camera(&v, cp_vec3_make(0, 0, -10)), &x, &y));
    assert_near(x, 400, 1e-4, 1);
    assert_near(y, 300, 1e-4, 1);
    /* fov 90: a point at 45 degrees up lands on the top edge */
    assert_true(ed_view_project(&v, ed_view_to_camera(&v, cp_vec3_make(0, 10, -10)), &x, &y));
    assert_near(y, 0, 1e-3, 1);
    assert_true(ed_view_project(&v, ed_view_to_camera(&v, cp_vec3_make(5, 0, -10)), &x, &y));
    assert_near(x, 550, 1e-3, 1);
    x = y = -1;
    assert_false(ed_view_project(&v, ed_view_to_camera(&v, cp_vec3_make(0, 0, 10)), &x, &y));
    assert_near(x, -1, 0, 1);
    assert_int_equal(ed_view_outcode(&v, cp_vec3_make(0, 0, 10)) & 1u, 1u);
    assert_int_equal(ed_view_outcode(&v, cp_vec3_make(0, 0, -10)), 0u);
}

static void the_view_should_follow_the_camera_rotation(void **state)
{
    (void)state;
    ed_view v;
    /* turned 90 degrees left, the camera looks down -X */
    ed_view_init(&v, cp_vec3_make(1, 2, 3), cp_quat_from_yaw_pitch_roll(M_PI / 2, 0, 0), 60, 0, 0, 640, 480);
    cp_vec3 c = ed_view_to_camera(&v, cp_vec3_make(-9, 2, 3));
    assert_near(c.z, -10, 1e-12, 1);
    assert_near(c.x, 0, 1e-12, 1);
    assert_near(c.y, 0, 1e-12, 1);
}

static void a_segment_through_the_eye_plane_should_be_cut_at_the_near_plane(void **state)
{
    (void)state;
    ed_view v = front_view();
    float o[4];
    assert_true(ed_view_clip_segment(&v, cp_vec3_make(0, -1, -10), cp_vec3_make(0, -1, 5), o));
    /* the far end stays, the near end is where the segment meets the near plane */
    assert_near(o[1], 300 + 300.0 / 10, 1e-5, 1);
    assert_true(o[3] > 300 && o[3] <= 300 + 1.0 / ED_VIEW_NEAR * 300 * ED_VIEW_GUARD + 1);
    assert_false(ed_view_clip_segment(&v, cp_vec3_make(0, 0, 1), cp_vec3_make(3, 0, 5), o));
    /* far off to one side: outside the guard band */
    assert_false(ed_view_clip_segment(&v, cp_vec3_make(100, 0, -1), cp_vec3_make(100, 3, -2), o));
}

static void clipped_polygons_should_stay_inside_the_guard_band(void **state)
{
    (void)state;
    testutil_rng rng = {12345};
    ed_view v = front_view();
    int crossing = 0;
    for (int t = 0; t < 20000; t++) {
        cp_vec3 c[3];
        for (int k = 0; k < 3; k++)
            c[k] = cp_vec3_make(testutil_uniform(&rng, -50, 50), testutil_uniform(&rng, -50, 50),
                                testutil_uniform(&rng, -60, 20));
        float xy[2 * ED_VIEW_MAX_POLY];
        int n = ed_view_clip_polygon(&v, c, 3, xy);
        assert_true(n == 0 || (n >= 3 && n <= ED_VIEW_MAX_POLY));
        int behind = (c[0].z > 0) + (c[1].z > 0) + (c[2].z > 0);
        crossing += n > 0 && behind > 0;
        for (int i = 0; i < n; i++) {
            assert_true(isfinite(xy[2 * i]) && isfinite(xy[2 * i + 1]));
            assert_true(fabsf(xy[2 * i] - 400) <= 400 * ED_VIEW_GUARD + 0.5f);
            assert_true(fabsf(xy[2 * i + 1] - 300) <= 300 * ED_VIEW_GUARD + 0.5f);
        }
        if (behind == 3)
            assert_int_equal(n, 0);
    }
    assert_true(crossing > 100); /* the test did cut triangles at the near plane */
}

static void picking_should_find_the_nearest_marker_in_reach(void **state)
{
    (void)state;
    ed_view v = front_view();
    cp_key keys[3] = {{.time = 0, .position = {0, 0, -10}, .rotation = {0, 0, 0, 1}, .fov = 60}, {.time = 1, .position = {1, 0, -10}, .rotation = {0, 0, 0, 1}, .fov = 60},
                      {.time = 2, .position = {0, 0, 10}, .rotation = {0, 0, 0, 1}, .fov = 60}};
    assert_int_equal(ed_view_pick(&v, keys, 3, 400, 300, 10), 0);
    assert_int_equal(ed_view_pick(&v, keys, 3, 436, 301, 10), 1);
    assert_int_equal(ed_view_pick(&v, keys, 3, 600, 300, 10), -1);
    /* the key behind the camera never picks, even where it would project */
    assert_int_equal(ed_view_pick(&v, keys + 2, 1, 400, 300, 1000), -1);
}

static void camera_angles_should_round_trip_through_a_quaternion(void **state)
{
    (void)state;
    testutil_rng rng = {99};
    for (int i = 0; i < 1000; i++) {
        double yaw = testutil_uniform(&rng, -3.1, 3.1), pitch = testutil_uniform(&rng, -1.5, 1.5),
               roll = testutil_uniform(&rng, -3.1, 3.1);
        double y, p, r;
        ed_quat_to_yaw_pitch_roll(cp_quat_from_yaw_pitch_roll(yaw, pitch, roll), &y, &p, &r);
        assert_near(y, yaw, 1e-9, 1);
        assert_near(p, pitch, 1e-9, 1);
        assert_near(r, roll, 1e-9, 1);
    }
    ed_camera cam;
    ed_camera_init(&cam, cp_vec3_make(0, 0, 0));
    cp_quat q = cp_quat_from_yaw_pitch_roll(0.4, 0.3, -0.2);
    ed_camera_set_pose(&cam, cp_vec3_make(1, 2, 3), cp_quat_scale(q, -2.0), 200);
    assert_near(fabs(cp_quat_dot(ed_camera_rotation(&cam), q)), 1.0, 1e-12, 1);
    assert_near(cam.fov, ED_CAMERA_MAX_FOV, 0, 1);
}

static void the_camera_should_roll_zoom_and_clamp(void **state)
{
    (void)state;
    ed_camera cam;
    ed_camera_init(&cam, cp_vec3_make(0, 0, 0));
    ed_camera_input in = {0, 0, 0, 1, -1, 0};
    for (int i = 0; i < 30; i++)
        ed_camera_update(&cam, &in, 1.0 / 30);
    assert_near(cam.roll, ED_CAMERA_ROLL_RATE, 1e-12, 1);
    assert_near(cam.fov, 60 - ED_CAMERA_FOV_RATE, 1e-12, 1);
    for (int i = 0; i < 100; i++)
        ed_camera_update(&cam, &in, 0.1);
    assert_near(cam.fov, ED_CAMERA_MIN_FOV, 0, 1);
    assert_true(cam.roll > -M_PI && cam.roll <= M_PI);
    ed_camera_look(&cam, 0, -1e6);
    assert_near(cam.pitch, ED_CAMERA_MAX_PITCH, 0, 1);
    ed_camera_wheel(&cam, 1000);
    assert_near(cam.speed, ED_CAMERA_MAX_SPEED, 0, 1);
    /* diagonal flight is no faster than straight flight */
    ed_camera_init(&cam, cp_vec3_make(0, 0, 0));
    ed_camera_input diag = {1, 1, 1, 0, 0, 0};
    assert_near(ed_camera_update(&cam, &diag, 1.0), cam.speed, 1e-12, 1);
    assert_near(ed_camera_update(&cam, &diag, -1.0), 0, 0, 1);
}

static void the_layout_should_tile_the_window(void **state)
{
    (void)state;
    for (int w = 1; w < 3000; w += 97)
        for (int h = 1; h < 2000; h += 89)
            for (int g = 0; g < 2; g++) {
                ed_layout l;
                ed_layout_compute(&l, w, h, g);
                assert_true(l.view.h >= 1 && l.view.w >= 1);
                assert_true(l.view.h + l.graph.h + l.timeline.h <= (h > 3 ? h : 3) + 1);
                assert_true(l.bar.w >= 1);
                assert_true(g || l.graph.h == 0);
            }
    ed_layout l;
    ed_layout_compute(&l, 1000, 600, 1);
    assert_near(ed_layout_time_at(&l, 2, 10, l.bar.x), 2, 0, 1);
    assert_near(ed_layout_time_at(&l, 2, 10, l.bar.x + l.bar.w - 1), 12, 1e-12, 1);
    assert_near(ed_layout_x_of(&l, 2, 10, 7), l.bar.x + 0.5 * (l.bar.w - 1), 1e-12, 1);
}

/* The corners of triangle f of mesh m. */
static void corners(const ed_mesh *m, size_t f, cp_vec3 v[3])
{
    for (int k = 0; k < 3; k++) {
        const float *p = &m->positions[3 * (size_t)m->indices[3 * f + k]];
        v[k] = cp_vec3_make(p[0], p[1], p[2]);
    }
}

static void the_demo_world_should_be_plain_meshes_with_normals_that_match_their_faces(void **state)
{
    (void)state;
    ed_world w;
    assert_int_equal(ed_demo_build(&w), 0);
    assert_true(w.mesh_count > 10);
    assert_true(w.triangle_count > 500);
    assert_true(w.line_count > 50);
    assert_int_equal(w.material_count, w.mesh_count);
    size_t tris = 0;
    int pillar = 0, arch_clear = 1;
    for (size_t i = 0; i < w.mesh_count; i++) {
        const ed_mesh *m = &w.meshes[i];
        tris += m->triangle_count;
        assert_true(m->material >= 0 && (size_t)m->material < w.material_count);
        for (size_t f = 0; f < m->triangle_count; f++) {
            cp_vec3 v[3];
            corners(m, f, v);
            const float *nf = &m->normals[3 * (size_t)m->indices[3 * f]];
            cp_vec3 n = cp_vec3_make(nf[0], nf[1], nf[2]);
            assert_near(cp_vec3_length(n), 1.0, 1e-6, 1);
            /* flat shading: the normal is the face's, and the winding agrees with it */
            cp_vec3 face = cp_vec3_cross(cp_vec3_sub(v[1], v[0]), cp_vec3_sub(v[2], v[0]));
            assert_true(cp_vec3_dot(face, n) > 0.999 * cp_vec3_length(face));
            for (int k = 0; k < 3; k++) {
                if (v[k].y >= 40 && fabs(v[k].x) < 4 && fabs(v[k].z) < 4)
                    pillar = 1;
            }
            /* nothing stands in the arch's opening under the bridge (x in -1..1, y 0.5..8, z -74..-66) */
            double lo_x = fmin(v[0].x, fmin(v[1].x, v[2].x)), hi_x = fmax(v[0].x, fmax(v[1].x, v[2].x));
            double lo_y = fmin(v[0].y, fmin(v[1].y, v[2].y)), hi_y = fmax(v[0].y, fmax(v[1].y, v[2].y));
            double lo_z = fmin(v[0].z, fmin(v[1].z, v[2].z)), hi_z = fmax(v[0].z, fmax(v[1].z, v[2].z));
            if (hi_x > -1 && lo_x < 1 && hi_y > 0.5 && lo_y < 8 && hi_z > -74 && lo_z < -66)
                arch_clear = 0;
        }
    }
    assert_int_equal(tris, w.triangle_count);
    assert_true(pillar);
    assert_true(arch_clear);
    assert_true(w.lo[1] >= -1e-9 && w.hi[1] > 80);
    ed_world_free(&w);
    assert_int_equal(w.mesh_count, 0);
}

static void the_gl_matrix_should_put_points_where_the_view_projects_them(void **state)
{
    (void)state;
    ed_view v;
    cp_quat q = cp_quat_from_yaw_pitch_roll(0.7, -0.3, 0.2);
    ed_view_init(&v, cp_vec3_make(3, 4, 5), q, 55, 100, 50, 640, 360);
    float m[16];
    ed_view_matrix(&v, 0.05, 1000, m);
    testutil_rng rng = {42};
    for (int i = 0; i < 100; i++) {
        cp_vec3 p = cp_vec3_make(testutil_uniform(&rng, -50, 50), testutil_uniform(&rng, -50, 50),
                                 testutil_uniform(&rng, -50, 50));
        cp_vec3 c = ed_view_to_camera(&v, p);
        float sx, sy;
        if (!ed_view_project(&v, c, &sx, &sy))
            continue;
        double clip[4];
        for (int r = 0; r < 4; r++)
            clip[r] = m[r] * p.x + m[4 + r] * p.y + m[8 + r] * p.z + m[12 + r];
        /* normalised device coordinates onto the viewport, y down */
        double px = v.x + (clip[0] / clip[3] + 1) * 0.5 * v.w, py = v.y + (1 - clip[1] / clip[3]) * 0.5 * v.h;
        assert_near(px, sx, 1e-4, 1);
        assert_near(py, sy, 1e-4, 1);
        double depth = clip[2] / clip[3];
        assert_true(depth > -1 && depth < 1);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_point_ahead_should_project_and_one_behind_should_not),
        cmocka_unit_test(the_view_should_follow_the_camera_rotation),
        cmocka_unit_test(a_segment_through_the_eye_plane_should_be_cut_at_the_near_plane),
        cmocka_unit_test(clipped_polygons_should_stay_inside_the_guard_band),
        cmocka_unit_test(picking_should_find_the_nearest_marker_in_reach),
        cmocka_unit_test(camera_angles_should_round_trip_through_a_quaternion),
        cmocka_unit_test(the_camera_should_roll_zoom_and_clamp),
        cmocka_unit_test(the_layout_should_tile_the_window),
        cmocka_unit_test(the_demo_world_should_be_plain_meshes_with_normals_that_match_their_faces),
        cmocka_unit_test(the_gl_matrix_should_put_points_where_the_view_projects_them),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
