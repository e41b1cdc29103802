/* SPDX-License-Identifier: MIT */
/* tests/unit/test_gltf_fov.c - glTF export refuses a field of view that a
 * glTF camera cannot hold: a perspective yfov must be above 0, and a keys
 * timed fov spline can swing below 0 between its keys (campath check's
 * fov-range). Refused in every export form, with the figure check gives;
 * the same keys in smooth timing export. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

/* fov 60 -> 20 in 1 s, held to 10 s, back to 60 at 11 s (tests/data/check/fov_dips_keys.json) */
static cp_path *dipping(cp_timing timing, const double fov[4])
{
    cp_key k[4] = {{0}};
    const double t[4] = {0, 1, 10, 11};
    for (int i = 0; i < 4; i++) {
        k[i].time = t[i];
        k[i].rotation = cp_quat_make(0, 0, 0, 1);
        k[i].fov = fov[i];
    }
    cp_error err;
    cp_path *p = cp_path_create(k, 4, &(cp_path_options){.timing = timing}, &err);
    if (!p)
        fail_msg("%s", err.message);
    return p;
}

static void export_should_refuse_a_fov_that_leaves_its_range(void **state)
{
    (void)state;
    static const double dips[4] = {60, 20, 20, 60};
    cp_path *p = dipping(CP_TIMING_KEYS, dips);
    static const char message[] =
        "glTF export: the field of view reaches -63.79310344827586 degrees (at t = 5.5), outside (0, 180): a glTF "
        "camera's yfov must be above 0 (campath check reports it as fov-range; smooth timing keeps the fov between "
        "its keys)";
    cp_error err;
    size_t size = 7;
    /* the path's own curves: the extreme to the digit, where check finds it */
    const cp_gltf_export_options cubic = {.form = CP_GLTF_CUBIC};
    assert_null(cp_gltf_export_memory(p, &cubic, &size, &err));
    assert_int_equal(err.code, CP_ERR_INVALID);
    assert_string_equal(err.message, message);
    assert_int_equal(size, 7); /* untouched */
    assert_null(cp_gltf_export_glb_memory(p, &cubic, &size, &err));
    assert_string_equal(err.message, message);
    /* the default LINEAR samples: the lowest sample, within the export's bound of the extreme */
    assert_null(cp_gltf_export_memory(p, NULL, &size, &err));
    assert_int_equal(err.code, CP_ERR_INVALID);
    assert_true(strstr(err.message, "the field of view reaches -63.79") != NULL);
    assert_true(strstr(err.message, "outside (0, 180)") != NULL);
    /* baked, the frames pass through the dip too */
    const cp_gltf_export_options bake = {.bake_fps = 30};
    assert_null(cp_gltf_export_memory(p, &bake, &size, &err));
    assert_int_equal(err.code, CP_ERR_INVALID);
    assert_true(strstr(err.message, "-63.79") != NULL);
    /* no file is left behind */
    char *dir = testutil_tempdir(), file[512];
    snprintf(file, sizeof file, "%s/dip.gltf", dir);
    assert_int_equal(cp_gltf_export(p, file, NULL, &err), CP_ERR_INVALID);
    FILE *f = fopen(file, "rb");
    assert_null(f);
    testutil_rmtree(dir);
    free(dir);
    cp_path_destroy(p);

    /* a swing past 180 degrees, the top of the range */
    static const double wide[4] = {120, 170, 170, 120};
    p = dipping(CP_TIMING_KEYS, wide);
    assert_null(cp_gltf_export_memory(p, NULL, &size, &err));
    assert_true(strstr(err.message, "outside (0, 180)") != NULL);
    cp_path_destroy(p);

    /* the same keys in smooth timing keep the fov between them: exported */
    p = dipping(CP_TIMING_SMOOTH, dips);
    char *text = cp_gltf_export_memory(p, NULL, &size, &err);
    assert_non_null(text);
    assert_int_equal(err.code, CP_OK);
    free(text);
    cp_path_destroy(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(export_should_refuse_a_fov_that_leaves_its_range),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
