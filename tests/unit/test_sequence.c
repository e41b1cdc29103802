/* SPDX-License-Identifier: MIT */
/* tests/unit/test_sequence.c - sequences: shots played exactly outside
 * blends, C2 across a blend measured from samples alone (and the same
 * measure failing at a cut), cuts reported to the renderer, every bad
 * sequence file with its message and place, and hot reload of a sequence
 * and of the paths it names keeping the last good version. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

#define BAD_DIR "tests/data/bad_sequence"
#define SHOT_FILE "tests/data/bad_sequence/shots/a.json"

/* A path of uneven keys whose every derivative is far from zero. */
static cp_path *test_path(double t0, double x0)
{
    cp_key k[5] = {
        {.time = t0 + 0, .position = {x0, 2, 10}, .rotation = {0, 0, 0, 1}, .fov = 60},
        {.time = t0 + 1.5, .position = {x0 + 4, 3, 6}, .rotation = {0, 0.38268343236508978, 0, 0.92387953251128674}, .fov = 50},
        {.time = t0 + 4, .position = {x0 + 9, 1, 1}, .rotation = {0.1, 0.7, 0, 0.7}, .fov = 45},
        {.time = t0 + 5, .position = {x0 + 10, 4, -3}, .rotation = {0, 0.92387953251128674, 0.1, 0.38268343236508978}, .fov = 58},
        {.time = t0 + 8, .position = {x0 + 6, 2, -9}, .rotation = {0, 1, 0, 0.2}, .fov = 62},
    };
    cp_error err;
    cp_path *p = cp_path_create(k, 5, NULL, &err);
    if (!p)
        fail_msg("%s", err.message);
    return p;
}

/* position, rotation (R4) and fov: what a blend promises C2 */
static void signal(const cp_sequence *seq, double t, double v[8])
{
    cp_sequence_pose s;
    cp_sequence_sample(seq, t, NAN, &s);
    const cp_pose *p = &s.pose;
    const double x[8] = {p->position.x, p->position.y, p->position.z, p->rotation.x, p->rotation.y, p->rotation.z,
                         p->rotation.w, p->fov};
    memcpy(v, x, sizeof x);
}

/* The largest jump, relative to the quantity's size (at least 1), between
 * the left and right one-sided velocity (order 1) or acceleration (order 2)
 * at t, each from samples of the pose alone (second-order one-sided
 * differences, step h). */
static double sampled_jump(const cp_sequence *seq, double t, int order, double h)
{
    double p[2][4][8];
    for (int side = 0; side < 2; side++)
        for (int k = 0; k < 4; k++)
            signal(seq, t + (side ? 1 : -1) * k * h, p[side][k]);
    double worst = 0;
    for (int j = 0; j < 8; j++) {
        double d[2];
        for (int side = 0; side < 2; side++) {
            const double s = side ? -1 : 1; /* the left side's differences look back */
            d[side] = order == 1 ? s * (3 * p[side][0][j] - 4 * p[side][1][j] + p[side][2][j]) / (2 * h)
                                 : (2 * p[side][0][j] - 5 * p[side][1][j] + 4 * p[side][2][j] - p[side][3][j]) / (h * h);
        }
        worst = fmax(worst, fabs(d[0] - d[1]) / fmax(1.0, fmax(fabs(d[0]), fabs(d[1]))));
    }
    return worst;
}

static cp_sequence *two_shots(const cp_path *a, const cp_path *b, double blend)
{
    cp_shot shots[2] = {{.path = a, .from = 1, .to = 7}, {.path = b, .from = 0.5, .to = 7.5, .blend = blend}};
    cp_error err;
    cp_sequence *seq = cp_sequence_create(shots, 2, &err);
    if (!seq)
        fail_msg("%s", err.message);
    return seq;
}

static void blend_should_be_c2_from_samples_and_a_cut_should_not(void **state)
{
    (void)state;
    cp_path *a = test_path(0, 0), *b = test_path(0, 30);
    cp_sequence *blend = two_shots(a, b, 2.0), *cut = two_shots(a, b, 0.0);
    /* shot 1 starts 6 - 2 = 4 s in; its blend ends at 6 s */
    assert_true(cp_sequence_shot_start(blend, 1) == 4.0 && cp_sequence_duration(blend) == 11.0);
    assert_true(cp_sequence_shot_start(cut, 1) == 6.0);
    double most = 0;
    const double ends[2] = {4.0, 6.0};
    for (int e = 0; e < 2; e++)
        for (int order = 1; order <= 2; order++) {
            const double j = sampled_jump(blend, ends[e], order, 1e-4);
            if (j > 1e-4)
                fail_msg("the blend's %s jumps by %.3g (relative) at t = %g", order == 1 ? "velocity" : "acceleration",
                         j, ends[e]);
            most = fmax(most, j);
        }
    /* the control: the same measure inside a shot, where the path is C2 */
    const double inside = fmax(sampled_jump(blend, 2.0, 1, 1e-4), sampled_jump(blend, 2.0, 2, 1e-4));
    /* and at the cut it fails: the shots are 30 m apart */
    const double at_cut = fmin(sampled_jump(cut, 6.0, 1, 1e-4), sampled_jump(cut, 6.0, 2, 1e-4));
    assert_true(at_cut > 0.5); /* the measure saturates near 1: the sides differ by as much as they are */
    print_message("one-sided differences (h = 0.1 ms) disagree by at most %.2g at the blend's ends, %.2g inside a shot, "
                  "%.2g at a cut\n", most, inside, at_cut);
    /* the check agrees: no jump at the blend's ends, the cut listed */
    cp_check_report r;
    cp_error err;
    assert_int_equal(cp_sequence_check(blend, NULL, &r, &err), CP_OK);
    for (size_t i = 0; i < r.count; i++)
        assert_true(r.findings[i].kind != CP_FINDING_JUMP && r.findings[i].kind != CP_FINDING_CUT);
    cp_check_report_free(&r);
    assert_int_equal(cp_sequence_check(cut, NULL, &r, &err), CP_OK);
    size_t cuts = 0;
    for (size_t i = 0; i < r.count; i++)
        if (r.findings[i].kind == CP_FINDING_CUT) {
            cuts++;
            assert_true(r.findings[i].at == 6.0 && r.findings[i].severity == CP_SEVERITY_INFO);
            assert_string_equal(r.findings[i].message, "shots[0]..shots[1]: cut at t = 6");
        }
    assert_int_equal(cuts, 1);
    assert_string_equal(cp_finding_kind_name(CP_FINDING_CUT), "cut");
    cp_check_report_free(&r);
    cp_sequence_destroy(blend);
    cp_sequence_destroy(cut);
    cp_path_destroy(a);
    cp_path_destroy(b);
}

/* Outside blends a shot is its path, bit for bit, at from + (s - start). */
static void shots_should_play_their_paths_exactly_outside_blends(void **state)
{
    (void)state;
    cp_path *a = test_path(0, 0), *b = test_path(0, 30);
    cp_sequence *seq = two_shots(a, b, 2.0);
    size_t checked = 0;
    for (double s = 0; s <= 11.0; s += 1.0 / 64) {
        cp_sequence_pose got;
        cp_sequence_sample(seq, s, NAN, &got);
        if (s >= 4.0 && s < 6.0) {
            assert_true(got.blending && got.shot == 1); /* the later shot from the start of its blend */
            continue;
        }
        const size_t i = s < 4.0 ? 0 : 1;
        const cp_shot *shot = cp_sequence_shot(seq, i);
        cp_pose want;
        cp_path_sample(shot->path, shot->from + (s - cp_sequence_shot_start(seq, i)), &want);
        want.time = s;
        assert_false(got.blending);
        assert_int_equal(got.shot, i);
        assert_memory_equal(&got.pose, &want, sizeof want);
        checked++;
    }
    assert_int_equal(checked, 577); /* every 1/64 s from 0 to 11 s but the blend */
    /* before 0 and after the end: the first and last pose, at rest */
    cp_sequence_pose before, after;
    cp_sequence_sample(seq, -1, NAN, &before);
    cp_sequence_sample(seq, 12, NAN, &after);
    cp_pose first, last;
    cp_path_sample(a, 1, &first);
    cp_path_sample(b, 7.5, &last);
    assert_true(before.pose.position.x == first.position.x && after.pose.position.x == last.position.x);
    assert_true(before.pose.velocity.x == 0 && after.pose.acceleration.y == 0 && after.shot == 1);
    cp_sequence_destroy(seq);
    cp_path_destroy(a);
    cp_path_destroy(b);
}

static void cuts_should_be_reported_between_frames(void **state)
{
    (void)state;
    cp_path *a = test_path(0, 0), *b = test_path(0, 30);
    cp_shot shots[3] = {{.path = a, .from = 0, .to = 2}, {.path = b, .from = 1, .to = 3}, {.path = a, .blend = 1}};
    cp_error err;
    cp_sequence *seq = cp_sequence_create(shots, 3, &err);
    assert_non_null(seq);
    /* shot 1 at 2 s (a cut), shot 2 at 3 s (a blend: no cut) */
    assert_true(cp_sequence_shot(seq, 2)->from == 0 && cp_sequence_shot(seq, 2)->to == 8);
    cp_sequence_pose s;
    cp_sequence_sample(seq, 2.0, 1.99, &s);
    assert_true(s.cut && s.shot == 1);
    cp_sequence_sample(seq, 1.999, 1.99, &s);
    assert_false(s.cut);
    cp_sequence_sample(seq, 2.01, 2.0, &s); /* the cut was at 2.0, in the frame before */
    assert_false(s.cut);
    cp_sequence_sample(seq, 1.5, 2.5, &s);  /* playing backwards over it */
    assert_true(s.cut && s.shot == 0);
    cp_sequence_sample(seq, 3.5, 2.9, &s);  /* into a blend */
    assert_false(s.cut);
    assert_true(s.blending && s.shot == 2);
    cp_sequence_sample(seq, 10.0, 0.5, &s); /* a jump over the cut */
    assert_true(s.cut);
    cp_sequence_sample(seq, 2.0, NAN, &s);  /* the first frame */
    assert_false(s.cut);
    assert_true(fabs(cp_sequence_duration(seq) - 11.0) < 1e-15);
    cp_sequence_destroy(seq);
    cp_path_destroy(a);
    cp_path_destroy(b);
}

static void bad_shots_through_the_api_should_be_named(void **state)
{
    (void)state;
    cp_path *a = test_path(0, 0);
    cp_error err;
    cp_shot bad[2] = {{.path = a}, {.path = a, .blend = 1e-9}};
    assert_null(cp_sequence_create(bad, 2, &err));
    assert_string_equal(err.message, "shots[1].blend: 1e-9 s is shorter than 1e-06 s (CP_HANDOFF_MIN_BLEND): use 0 "
                                     "for a cut");
    assert_string_equal(err.field, "shots[1].blend");
    assert_int_equal(err.key, 1);
    bad[1] = (cp_shot){.path = a, .from = NAN, .to = 3};
    assert_null(cp_sequence_create(bad, 2, &err));
    assert_string_equal(err.message, "shots[1].from: nan is not a finite number");
    bad[1] = (cp_shot){.path = NULL};
    assert_null(cp_sequence_create(bad, 2, &err));
    assert_string_equal(err.message, "shots[1].path: no path");
    assert_null(cp_sequence_create(bad, 0, &err));
    assert_string_equal(err.message, "shots: a sequence needs at least 1 shot, got 0");
    cp_path_destroy(a);
}

static char *read_all(const char *file)
{
    size_t n;
    return testutil_read_file(file, &n);
}

/* Every tests/data/bad_sequence/NAME.json fails with the message of NAME.expect, at its place. */
static void check_bad_file(const char *file, void *ctx)
{
    (void)ctx;
    char expect_file[512];
    snprintf(expect_file, sizeof expect_file, "%.*s.expect", (int)strlen(file) - 5, file);
    char *expect = read_all(expect_file);
    if (!expect)
        fail_msg("%s has no .expect file", file);
    char *second = expect + strcspn(expect, "\n");
    unsigned long line = 0, column = 0;
    char field[64] = "";
    long key = 0;
    if (*second == '\0' || sscanf(second + 1, "at %lu:%lu field %63s key %ld", &line, &column, field, &key) != 4)
        fail_msg("%s: the second line is not \"at LINE:COLUMN field FIELD key KEY\"", expect_file);
    *second = '\0';
    cp_error err;
    cp_sequence *seq = cp_sequence_load(file, &err);
    if (seq)
        fail_msg("%s loaded, expected: %s", file, expect);
    if (strcmp(err.message, expect) != 0)
        fail_msg("%s\n  message:  %s\n  expected: %s", file, err.message, expect);
    if (err.line != line || err.column != column || strcmp(err.field, strcmp(field, "-") ? field : "") != 0 ||
        err.key != key)
        fail_msg("%s: at %lu:%lu field %s key %ld, expected %s", file, err.line, err.column, err.field, err.key,
                 second + 1);
    free(expect);
}

static void bad_sequence_files_should_give_their_messages(void **state)
{
    (void)state;
    assert_true(testutil_each_file(BAD_DIR, ".json", check_bad_file, NULL) >= 20);
}

static void files_should_be_told_apart_and_inline_paths_read(void **state)
{
    (void)state;
    cp_error err;
    /* a path loader given a sequence says what it is */
    assert_null(cp_path_load("paths/sequence.json", &err));
    assert_non_null(strstr(err.message, "paths/sequence.json:4:12: shots: this is a sequence file"));
    assert_true(cp_json_file_is_sequence("paths/sequence.json"));
    assert_false(cp_json_file_is_sequence("paths/demo.json"));
    assert_false(cp_json_file_is_sequence("paths/not-there.json"));
    static const char text[] = "{\"name\": \"x\", \"u\": {\"shots\": 1}, \"shots\": []}";
    assert_true(cp_json_is_sequence(text, sizeof text - 1));
    assert_false(cp_json_is_sequence("{\"u\": {\"shots\": 1}}", 19));
    assert_false(cp_json_is_sequence("[1]", 3));
    /* the shipped sequence: three shots, one blend */
    cp_sequence *seq = cp_sequence_load("paths/sequence.json", &err);
    assert_non_null(seq);
    assert_int_equal(cp_sequence_shot_count(seq), 3);
    assert_string_equal(cp_sequence_shot_file(seq, 1), "paths/intro.json");
    assert_string_equal(cp_sequence_name(seq), "three_shots");
    cp_sequence_destroy(seq);
    /* inline paths from memory; a file name needs a folder */
    static const char inl[] = "{\"campath\": 1, \"shots\": [{\"path\": {\"keys\": ["
                              "{\"t\": 0, \"position\": [0, 0, 0], \"rotation\": [0, 0, 0, 1]},"
                              "{\"t\": 2, \"position\": [1, 0, 0], \"rotation\": [0, 0, 0, 1]}]}, \"to\": 1.5}]}";
    seq = cp_sequence_load_memory(inl, sizeof inl - 1, "mem.json", NULL, &err);
    assert_non_null(seq);
    assert_true(cp_sequence_duration(seq) == 1.5);
    assert_null(cp_sequence_shot_file(seq, 0));
    cp_sequence_destroy(seq);
    static const char named[] = "{\"campath\": 1, \"shots\": [{\"path\": \"a.json\"}]}";
    assert_null(cp_sequence_load_memory(named, sizeof named - 1, "mem.json", NULL, &err));
    assert_non_null(strstr(err.message, "mem.json:1:35: shots[0].path: \"a.json\": a sequence read from memory"));
    seq = cp_sequence_load_memory(named, sizeof named - 1, "mem.json", "tests/data/bad_sequence/shots", &err);
    assert_non_null(seq);
    assert_int_equal(cp_sequence_warning_count(seq), 0);
    cp_sequence_destroy(seq);
    /* members campath does not know: warnings, in the sequence, a shot and an inline path */
    static const char unknown[] = "{\"campath\": 1, \"note\": 1, \"shots\": [{\"path\": \"a.json\", \"wobble\": {}},\n"
                                  "{\"path\": {\"x\": 2, \"keys\": [{\"t\": 0, \"position\": [0, 0, 0], \"rotation\": [0, 0, 0, 1]},"
                                  "{\"t\": 2, \"position\": [1, 0, 0], \"rotation\": [0, 0, 0, 1]}]}}]}";
    seq = cp_sequence_load_memory(unknown, sizeof unknown - 1, "mem.json", "tests/data/bad_sequence/shots", &err);
    assert_non_null(seq);
    assert_int_equal(cp_sequence_warning_count(seq), 3);
    assert_non_null(strstr(cp_sequence_warning(seq, 0), "mem.json:1:16: unknown member \"note\""));
    assert_non_null(strstr(cp_sequence_warning(seq, 1), "mem.json:1:56: shots[0]: unknown member \"wobble\""));
    assert_non_null(strstr(cp_sequence_warning(seq, 2), "mem.json:2:11: shots[1].path: unknown member \"x\" ignored"));
    assert_null(cp_sequence_warning(seq, 3));
    cp_sequence_destroy(seq);
}

/* ---- hot reload ----------------------------------------------------------------------------- */

static void write_in(const char *dir, const char *name, const char *text)
{
    char file[1024];
    snprintf(file, sizeof file, "%s/%s", dir, name);
    assert_int_equal(testutil_write_file(file, text), 0);
}

/* Polls until the resource's generation reaches `gen` or its error is set (at most 2 s). */
static void poll_until(cp_library *lib, const cp_resource *r, unsigned long gen, int want_error)
{
    const double end = testutil_now() + 2.0;
    while (testutil_now() < end) {
        cp_library_poll(lib);
        if (cp_resource_generation(r) >= gen && (!want_error || cp_resource_error(r)))
            return;
        testutil_nap(0.005);
    }
    fail_msg("no reload: generation %lu, error %s", cp_resource_generation(r),
             cp_resource_error(r) ? cp_resource_error(r) : "none");
}

static const char *const PATH_A = "{\"campath\": 1, \"keys\": ["
                                  "{\"t\": 0, \"position\": [0, 0, 0], \"rotation\": [0, 0, 0, 1]},"
                                  "{\"t\": 4, \"position\": [1, 0, 0], \"rotation\": [0, 0, 0, 1]}]}";

static void reload_should_follow_the_sequence_and_its_paths(void **state)
{
    (void)state;
    for (int polling = 0; polling < 2; polling++) {
        char *dir = testutil_tempdir();
        assert_non_null(dir);
        char file[1024];
        snprintf(file, sizeof file, "%s/seq.json", dir);
        write_in(dir, "a.json", PATH_A);
        write_in(dir, "seq.json", "{\"campath\": 1, \"shots\": [{\"path\": \"a.json\"}, {\"path\": \"a.json\", \"blend\": 1}]}");
        cp_error err;
        cp_library *lib = polling ? cp_library_create_polling(&err) : cp_library_create(&err);
        cp_resource *r = cp_library_open_sequence(lib, file, &err);
        assert_non_null(r);
        assert_null(cp_resource_path(r));
        assert_true(cp_sequence_duration(cp_resource_sequence(r)) == 7.0);
        assert_int_equal(cp_resource_generation(r), 1);
        /* the same file as a path: refused */
        assert_null(cp_library_open(lib, file, &err));
        assert_non_null(strstr(err.message, "already open as a sequence"));

        /* a path file changes: the sequence is loaded again */
        write_in(dir, "a.json", "{\"campath\": 1, \"keys\": ["
                                "{\"t\": 0, \"position\": [0, 0, 0], \"rotation\": [0, 0, 0, 1]},"
                                "{\"t\": 6, \"position\": [2, 0, 0], \"rotation\": [0, 0, 0, 1]}]}");
        poll_until(lib, r, 2, 0);
        assert_true(cp_sequence_duration(cp_resource_sequence(r)) == 11.0);
        /* a broken path file: the last good sequence stays, with the error */
        write_in(dir, "a.json", "{\"campath\": 1, \"keys\": [");
        poll_until(lib, r, 2, 1);
        assert_non_null(strstr(cp_resource_error(r), "shots[0].path: "));
        assert_int_equal(cp_resource_generation(r), 2);
        assert_true(cp_sequence_duration(cp_resource_sequence(r)) == 11.0);
        /* a sequence that does not hold together: kept too */
        write_in(dir, "a.json", PATH_A);
        write_in(dir, "seq.json", "{\"campath\": 1, \"shots\": [{\"path\": \"a.json\"}, {\"path\": \"a.json\", \"blend\": 9}]}");
        const double end = testutil_now() + 2.0;
        while (testutil_now() < end && !(cp_resource_error(r) && strstr(cp_resource_error(r), "blend")))
            cp_library_poll(lib), testutil_nap(0.005);
        assert_non_null(strstr(cp_resource_error(r), "shots[1].blend: 9 s is longer than the shot itself"));
        assert_int_equal(cp_resource_generation(r), 2);
        assert_true(cp_sequence_duration(cp_resource_sequence(r)) == 11.0);
        /* fixed: the next generation */
        write_in(dir, "seq.json", "{\"campath\": 1, \"shots\": [{\"path\": \"a.json\"}, {\"path\": \"a.json\", \"blend\": 2}]}");
        poll_until(lib, r, 3, 0);
        assert_null(cp_resource_error(r));
        assert_true(cp_sequence_duration(cp_resource_sequence(r)) == 6.0);
        /* the sequence file deleted: said so, the last good sequence stays */
        assert_int_equal(remove(file), 0);
        poll_until(lib, r, 3, 1);
        assert_non_null(strstr(cp_resource_error(r), "not found (deleted?); keeping the last good sequence"));
        assert_true(cp_sequence_duration(cp_resource_sequence(r)) == 6.0);
        cp_library_destroy(lib);
        testutil_rmtree(dir);
        free(dir);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(blend_should_be_c2_from_samples_and_a_cut_should_not),
        cmocka_unit_test(shots_should_play_their_paths_exactly_outside_blends),
        cmocka_unit_test(cuts_should_be_reported_between_frames),
        cmocka_unit_test(bad_shots_through_the_api_should_be_named),
        cmocka_unit_test(bad_sequence_files_should_give_their_messages),
        cmocka_unit_test(files_should_be_told_apart_and_inline_paths_read),
        cmocka_unit_test(reload_should_follow_the_sequence_and_its_paths),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
