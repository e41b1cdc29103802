/* SPDX-License-Identifier: MIT */
/* tests/editor/test_partial.c - an edit of a few keys of a long path: the
 * document updates its path (cp_path_update) instead of building it anew,
 * and the trace and the clearance check redo only the span the update
 * changed. Each partial result must be what a whole build and a whole
 * recompute give on the same path: the path's poses, the trace's points and
 * graph samples, the clearance's findings, after random single-key and
 * multi-key edits, undo and redo and drags; and, with spans made by hand
 * narrower than the whole path, what lies outside the span is kept. */
#include "edtest.h"

#include "bvh.h"
#include "clearance.h"
#include "diff.h"
#include "refusal.h"
#include "doc.h"
#include "trace.h"
#include "world.h"

/* ---- fixtures ------------------------------------------------------------------------------------ */

/* n keys winding through the 20 m cube of edtest_random_world, timed ~0.4 s apart. */
static void make_doc(cp_document *d, size_t n, cp_timing timing, testutil_rng *rng)
{
    memset(d, 0, sizeof *d);
    double t = 0;
    for (size_t i = 0; i < n; i++) {
        double u = 6.0 * (double)i / (double)n;
        cp_key k;
        memset(&k, 0, sizeof k);
        t += testutil_uniform(rng, 0.3, 0.5);
        k.time = t;
        k.position = cp_vec3_make(8 * sin(u) + testutil_uniform(rng, -0.3, 0.3), 2 * sin(3 * u),
                                  8 * cos(u) + testutil_uniform(rng, -0.3, 0.3));
        k.rotation = cp_quat_from_yaw_pitch_roll(u + 0.1 * testutil_uniform(rng, -1, 1), 0.1 * sin(u), 0);
        k.fov = 55 + 5 * sin(2 * u);
        assert_int_equal(cp_document_insert_key(d, i, &k, NULL), 0);
    }
    d->options.timing = timing;
}


/* ---- comparing ----------------------------------------------------------------------------------- */

/* The two paths' poses at many times, and their keys, bit for bit. */
static void assert_same_path(const cp_path *a, const cp_path *b)
{
    assert_int_equal(cp_path_key_count(a), cp_path_key_count(b));
    assert_memory_equal(cp_path_keys(a), cp_path_keys(b), cp_path_key_count(a) * sizeof(cp_key));
    assert_true(cp_path_start(a) == cp_path_start(b) && cp_path_duration(a) == cp_path_duration(b));
    double t0 = cp_path_start(a), dur = cp_path_duration(a);
    for (int i = 0; i <= 997; i++) {
        cp_pose p, q;
        cp_path_sample(a, t0 + dur * i / 997.0, &p);
        cp_path_sample(b, t0 + dur * i / 997.0, &q);
        assert_memory_equal(&p, &q, sizeof p);
    }
}

static void assert_same_trace(const ed_trace *a, const ed_trace *b)
{
    assert_int_equal(a->count, b->count);
    assert_memory_equal(a->xyz, b->xyz, 3 * a->count * sizeof *a->xyz);
    assert_memory_equal(a->level[0], b->level[0], a->count);
    assert_memory_equal(a->level[1], b->level[1], a->count);
    assert_memory_equal(a->max, b->max, sizeof a->max);
    assert_int_equal(a->plot_count, b->plot_count);
    assert_memory_equal(a->plot_t, b->plot_t, a->plot_count * sizeof *a->plot_t);
    for (int k = 0; k < ED_PLOT_COUNT; k++)
        assert_memory_equal(a->plot[k], b->plot[k], a->plot_count * sizeof *a->plot[k]);
    assert_memory_equal(a->lens_near, b->lens_near, a->plot_count * sizeof *a->lens_near);
    assert_memory_equal(a->lens_far, b->lens_far, a->plot_count * sizeof *a->lens_far);
    assert_memory_equal(a->plot_min, b->plot_min, sizeof a->plot_min);
    assert_memory_equal(a->plot_max, b->plot_max, sizeof a->plot_max);
    assert_memory_equal(a->plot_floor, b->plot_floor, sizeof a->plot_floor);
    assert_int_equal(a->has_lens, b->has_lens);
}

static void assert_same_clearance(const ed_clearance *a, const ed_clearance *b)
{
    assert_int_equal(a->count, b->count);
    assert_int_equal(a->samples, b->samples);
    for (size_t i = 0; i < a->count; i++) {
        assert_true(a->ranges[i].t0 == b->ranges[i].t0 && a->ranges[i].t1 == b->ranges[i].t1);
        assert_true(a->ranges[i].min_distance == b->ranges[i].min_distance);
        assert_int_equal(a->ranges[i].through, b->ranges[i].through);
    }
}

/* ---- the run of keys ------------------------------------------------------------------------------ */

static void the_run_should_be_the_keys_that_differ_and_nothing_else(void **state)
{
    (void)state;
    testutil_rng rng = {7};
    cp_document a, b;
    make_doc(&a, 20, CP_TIMING_SMOOTH, &rng);
    assert_int_equal(cp_document_copy(&b, &a, NULL), 0);
    size_t first = 99, count = 99;
    assert_int_equal(ed_diff_key_run(&a, &b, &first, &count), 1);
    assert_int_equal(count, 0);
    b.keys[5].fov += 1;
    assert_int_equal(ed_diff_key_run(&a, &b, &first, &count), 1);
    assert_int_equal(first, 5);
    assert_int_equal(count, 1);
    b.keys[11].ease[1] = 0.5; /* a member the document's equality once forgot */
    assert_int_equal(ed_diff_key_run(&a, &b, &first, &count), 1);
    assert_int_equal(first, 5);
    assert_int_equal(count, 7);
    b.keys[0].position.y = -b.keys[0].position.y;
    b.keys[19].time += 1;
    assert_int_equal(ed_diff_key_run(&a, &b, &first, &count), 1);
    assert_int_equal(first, 0);
    assert_int_equal(count, 20);
    /* what reaches the path besides the keys: no run */
    cp_document c;
    assert_int_equal(cp_document_copy(&c, &a, NULL), 0);
    c.options.ends = CP_ENDS_REST;
    assert_int_equal(ed_diff_key_run(&a, &c, &first, &count), 0);
    c.options = a.options;
    assert_int_equal(ed_diff_key_run(&a, &c, &first, &count), 1);
    c.name = strdup("renamed");
    assert_int_equal(ed_diff_key_run(&a, &c, &first, &count), 0);
    free(c.name);
    c.name = NULL;
    c.extras = strdup("{\"x\":1}");
    assert_int_equal(ed_diff_key_run(&a, &c, &first, &count), 0);
    free(c.extras);
    c.extras = NULL;
    c.scene = strdup("house.ifc");
    assert_int_equal(ed_diff_key_run(&a, &c, &first, &count), 0);
    free(c.scene);
    c.scene = NULL;
    c.key_extras = calloc(c.capacity, sizeof *c.key_extras);
    assert_non_null(c.key_extras);
    assert_int_equal(ed_diff_key_run(&a, &c, &first, &count), 0);
    cp_key k = a.keys[3];
    k.time = 0.5 * (a.keys[2].time + a.keys[3].time);
    assert_int_equal(cp_document_insert_key(&b, 3, &k, NULL), 0);
    assert_int_equal(ed_diff_key_run(&a, &b, &first, &count), 0);
    cp_document_free(&a);
    cp_document_free(&b);
    cp_document_free(&c);
}

/* ---- the document's path -------------------------------------------------------------------------- */

/* Moves `count` keys from `first` a little (and, for an inner key of smooth
 * timing, its time within its neighbours). */
static void nudge(cp_document *w, size_t first, size_t count, testutil_rng *rng)
{
    for (size_t i = first; i < first + count; i++) {
        cp_key *k = &w->keys[i];
        k->position = cp_vec3_add(k->position, cp_vec3_make(testutil_uniform(rng, -0.5, 0.5),
                                                            testutil_uniform(rng, -0.5, 0.5),
                                                            testutil_uniform(rng, -0.5, 0.5)));
        k->rotation = cp_quat_normalize(cp_quat_mul(k->rotation, cp_quat_from_yaw_pitch_roll(
                                                                      testutil_uniform(rng, -0.2, 0.2), 0, 0)));
        k->fov += testutil_uniform(rng, -2, 2);
        if (w->options.timing == CP_TIMING_SMOOTH && count == 1 && i > 0 && i + 1 < w->count &&
            testutil_uniform(rng, 0, 1) < 0.3) {
            double lo = w->keys[i - 1].time, hi = w->keys[i + 1].time;
            k->time = lo + (hi - lo) * testutil_uniform(rng, 0.3, 0.7);
        }
    }
}

/* The caches as the editor keeps them: updated where the document says the
 * path changed, then compared with a whole build and a whole check. */
typedef struct caches {
    ed_trace     trace;
    ed_clearance clear;
    unsigned long checked;
    ed_bvh       *bvh;
    int          partial; /* updates that took a span */
} caches;

static void refresh(caches *c, const ed_doc *d)
{
    double span[2];
    int part = ed_doc_changed_since(d, c->trace.serial, span);
    c->partial += part;
    assert_int_equal(ed_trace_update(&c->trace, d->path, d->path_serial, part ? span : NULL), 0);
    part = ed_doc_changed_since(d, c->checked, span);
    c->partial += part;
    assert_int_equal(part ? ed_clearance_update(&c->clear, d->path, c->bvh, 0.3, span)
                          : ed_clearance_check(&c->clear, d->path, c->bvh, 0.3),
                     0);
    c->checked = d->path_serial;
    /* against everything made anew */
    cp_error err;
    cp_path *whole = cp_document_to_path(&d->cur.doc, &err);
    assert_non_null(whole);
    assert_same_path(d->path, whole);
    ed_trace t;
    memset(&t, 0, sizeof t);
    assert_int_equal(ed_trace_build(&t, whole, 1), 0);
    assert_same_trace(&c->trace, &t);
    ed_trace_free(&t);
    ed_clearance k = {0};
    assert_int_equal(ed_clearance_check(&k, whole, c->bvh, 0.3), 0);
    assert_same_clearance(&c->clear, &k);
    ed_clearance_free(&k);
    cp_path_destroy(whole);
}

static void random_edits(cp_timing timing, unsigned seed)
{
    testutil_rng rng = {seed};
    ed_world w;
    ed_bvh bvh;
    edtest_random_world(&w, 3.0, 300, &rng);
    assert_int_equal(ed_bvh_build(&bvh, &w), 0);
    ed_base b;
    ed_base_init(&b);
    ed_doc d;
    ed_doc_init(&d);
    cp_document doc;
    make_doc(&doc, 120, timing, &rng);
    assert_int_equal(ed_doc_replace(&d, &b, &doc), 0);
    caches c;
    memset(&c, 0, sizeof c);
    c.bvh = &bvh;
    refresh(&c, &d);
    int updates = 0;
    for (int e = 0; e < 24; e++) {
        cp_document work;
        assert_int_equal(ed_doc_copy(&d, &b, &work), 0);
        size_t n = work.count, count = e % 3 == 0 ? 1 + (size_t)testutil_uniform(&rng, 0, 4) : 1;
        size_t first = (size_t)testutil_uniform(&rng, 0, (double)(n - count + 1));
        first = first > n - count ? n - count : first;
        nudge(&work, first, count, &rng);
        if (e % 5 == 4) /* two keys far apart: one run from the first to the last */
            nudge(&work, (first + n / 2) % n, 1, &rng);
        unsigned long serial = d.path_serial;
        assert_int_equal(ed_doc_commit(&d, &b, &work, NULL, (long)first, NULL), 0);
        assert_true(d.path_serial == serial + 1);
        updates += d.change.to == d.path_serial; /* the path was updated, not built anew */
        refresh(&c, &d);
        if (e % 6 == 5) {
            assert_int_equal(ed_doc_undo(&d, &b, 0), 0);
            updates += d.change.to == d.path_serial;
            refresh(&c, &d);
            assert_int_equal(ed_doc_undo(&d, &b, 1), 0);
            updates += d.change.to == d.path_serial;
            refresh(&c, &d);
        }
    }
    /* every edit changed keys alone: every one went through the update */
    assert_int_equal(updates, 24 + 2 * 4);
    assert_int_equal(c.partial, 2 * updates);
    ed_trace_free(&c.trace);
    ed_clearance_free(&c.clear);
    ed_doc_free(&d);
    ed_bvh_free(&bvh);
    ed_world_free(&w);
}

static void random_edits_of_a_smooth_path_should_equal_whole_builds(void **state)
{
    (void)state;
    random_edits(CP_TIMING_SMOOTH, 11);
}

static void random_edits_of_a_keys_path_should_equal_whole_builds(void **state)
{
    (void)state;
    random_edits(CP_TIMING_KEYS, 12);
}

static void random_edits_of_a_constant_speed_path_should_equal_whole_builds(void **state)
{
    (void)state;
    random_edits(CP_TIMING_CONSTANT_SPEED, 13);
}

static void a_drag_should_update_and_its_cancel_put_back(void **state)
{
    (void)state;
    testutil_rng rng = {21};
    ed_world w;
    ed_bvh bvh;
    edtest_random_world(&w, 3.0, 200, &rng);
    assert_int_equal(ed_bvh_build(&bvh, &w), 0);
    ed_base b;
    ed_base_init(&b);
    ed_doc d;
    ed_doc_init(&d);
    cp_document doc;
    make_doc(&doc, 80, CP_TIMING_SMOOTH, &rng);
    assert_int_equal(ed_doc_replace(&d, &b, &doc), 0);
    caches c;
    memset(&c, 0, sizeof c);
    c.bvh = &bvh;
    refresh(&c, &d);
    for (int step = 0; step < 5; step++) {
        cp_document work;
        assert_int_equal(ed_doc_live_work(&d, &b, &work), 0);
        work.keys[40].position.x += 0.2 * (step + 1);
        assert_int_equal(ed_doc_live_update(&d, &b, &work), 0);
        assert_true(d.change.to == d.path_serial);
        refresh(&c, &d);
    }
    ed_doc_live_cancel(&d, &b);
    assert_true(d.change.to == d.path_serial);
    refresh(&c, &d);
    assert_int_equal(c.partial, 2 * 6);
    ed_trace_free(&c.trace);
    ed_clearance_free(&c.clear);
    ed_doc_free(&d);
    ed_bvh_free(&bvh);
    ed_world_free(&w);
}

/* An edit the path refuses changes nothing, and says what a whole build says. */
static void a_refused_update_should_change_nothing(void **state)
{
    (void)state;
    testutil_rng rng = {31};
    ed_base b;
    ed_base_init(&b);
    ed_doc d;
    ed_doc_init(&d);
    cp_document doc;
    make_doc(&doc, 30, CP_TIMING_SMOOTH, &rng);
    assert_int_equal(ed_doc_replace(&d, &b, &doc), 0);
    cp_document work;
    assert_int_equal(ed_doc_copy(&d, &b, &work), 0);
    nudge(&work, 3, 1, &rng);
    assert_int_equal(ed_doc_commit(&d, &b, &work, NULL, 3, NULL), 0);
    const cp_path *path = d.path;
    unsigned long serial = d.path_serial, revision = d.cur.revision;
    size_t undo = d.history.undo_count;
    cp_document before;
    assert_int_equal(cp_document_copy(&before, &d.cur.doc, NULL), 0);
    assert_int_equal(ed_doc_copy(&d, &b, &work), 0);
    work.keys[10].time = work.keys[12].time; /* past its neighbour */
    cp_document same;
    assert_int_equal(cp_document_copy(&same, &work, NULL), 0);
    assert_int_equal(ed_doc_commit(&d, &b, &work, NULL, 10, NULL), -1);
    /* the message a whole build gives */
    cp_error err;
    assert_null(cp_document_to_path(&same, &err));
    char why[sizeof b.message];
    ed_refusal_text(&err, &same, why, sizeof why);
    assert_string_equal(b.message, why);
    assert_true(d.path == path && d.path_serial == serial && d.cur.revision == revision);
    assert_int_equal(d.history.undo_count, undo);
    assert_int_equal(ed_doc_equal(&d.cur.doc, &before), 1);
    cp_path *whole = cp_document_to_path(&d.cur.doc, &err);
    assert_non_null(whole);
    assert_same_path(d.path, whole);
    cp_path_destroy(whole);
    /* the same refused in a drag: the last good state stays */
    assert_int_equal(ed_doc_live_work(&d, &b, &work), 0);
    work.keys[10].time = work.keys[12].time;
    assert_int_equal(ed_doc_live_update(&d, &b, &work), -1);
    assert_true(d.path_serial == serial);
    ed_doc_live_cancel(&d, &b);
    cp_document_free(&before);
    cp_document_free(&same);
    ed_doc_free(&d);
}

/* A cache at another serial (another path of a sequence) redoes the whole. */
static void a_cache_of_another_path_should_not_take_the_span(void **state)
{
    (void)state;
    testutil_rng rng = {41};
    ed_base b;
    ed_base_init(&b);
    ed_doc d;
    ed_doc_init(&d);
    cp_document doc;
    make_doc(&doc, 10, CP_TIMING_SMOOTH, &rng);
    assert_int_equal(ed_doc_replace(&d, &b, &doc), 0);
    unsigned long built = d.path_serial;
    double span[2];
    assert_int_equal(ed_doc_changed_since(&d, built, span), 0); /* built whole */
    cp_document work;
    assert_int_equal(ed_doc_copy(&d, &b, &work), 0);
    work.keys[4].fov += 1;
    assert_int_equal(ed_doc_commit(&d, &b, &work, NULL, 4, NULL), 0);
    assert_int_equal(ed_doc_changed_since(&d, built, span), 1);
    assert_true(span[0] <= d.cur.doc.keys[4].time && span[1] >= d.cur.doc.keys[4].time);
    assert_int_equal(ed_doc_changed_since(&d, built - 1, span), 0);
    assert_int_equal(ed_doc_changed_since(&d, 0, span), 0);
    d.path_serial += 5; /* as a sequence gives a document a serial no other had */
    assert_int_equal(ed_doc_changed_since(&d, built, span), 0);
    ed_doc_free(&d);
}

/* The editor as a whole: an edit command updates the path, the clearance
 * check of the scene follows it over the span and equals a whole check. */
static void the_app_should_check_an_edited_path_as_a_whole_check_does(void **state)
{
    (void)state;
    edtest_fixture *f = edtest_fixture_new("wall.json", 1);
    ed_app *app = &f->app;
    assert_int_equal(ed_app_load_scene(app, "tests/data/scenes/wall.gltf", 0), 0);
    assert_int_equal(ed_app_wait_scene(app, NULL, NULL), 0);
    cp_document doc;
    memset(&doc, 0, sizeof doc);
    for (size_t i = 0; i < 60; i++) { /* down -Z through the wall at z = -10, winding */
        cp_key k;
        memset(&k, 0, sizeof k);
        k.time = 0.2 * (double)i;
        k.position = cp_vec3_make(0.5 * sin(0.7 * (double)i), 2.0, -20.0 * (double)i / 59.0);
        k.rotation = cp_quat_identity();
        k.fov = 60;
        assert_int_equal(cp_document_insert_key(&doc, i, &k, NULL), 0);
    }
    doc.options.timing = CP_TIMING_SMOOTH;
    assert_int_equal(ed_edit_replace(app, &doc, 20), 0);
    assert_non_null(ed_app_check_clearance(app));
    testutil_rng rng = {71};
    for (int e = 0; e < 8; e++) {
        unsigned long before = app->doc.path_serial;
        cp_vec3 p = ed_app_keys(app)[20].position;
        p.x += testutil_uniform(&rng, -0.4, 0.4);
        p.z += testutil_uniform(&rng, -0.1, 0.1);
        assert_int_equal(ed_edit_position(app, p), 0);
        double span[2];
        assert_int_equal(ed_app_path_changed(app, before, span), 1);
        const ed_clearance *c = ed_app_check_clearance(app);
        assert_non_null(c);
        ed_clearance whole = {0};
        assert_int_equal(ed_clearance_check(&whole, app->doc.path, &app->scene.bvh, app->scene.radius), 0);
        assert_same_clearance(c, &whole);
        assert_true(whole.count >= 1 && whole.ranges[0].through);
        ed_clearance_free(&whole);
    }
    void *fs = f;
    edtest_teardown(&fs);
}

/* ---- spans made by hand ------------------------------------------------------------------------- */

/* Linear curves: moving key k moves the poses between its neighbours and no
 * others, to the bit; the trace and the clearance updated over that span
 * alone must be what whole builds give. */
static void a_local_change_with_its_span_should_equal_whole_builds(void **state)
{
    (void)state;
    testutil_rng rng = {51};
    ed_world w;
    ed_bvh bvh;
    edtest_random_world(&w, 3.0, 300, &rng);
    assert_int_equal(ed_bvh_build(&bvh, &w), 0);
    cp_document doc;
    make_doc(&doc, 150, CP_TIMING_KEYS, &rng);
    doc.options.position = doc.options.rotation = doc.options.fov = CP_INTERP_LINEAR;
    cp_error err;
    cp_path *p = cp_document_to_path(&doc, &err);
    assert_non_null(p);
    ed_trace t;
    memset(&t, 0, sizeof t);
    assert_int_equal(ed_trace_build(&t, p, 1), 0);
    ed_clearance c = {0};
    assert_int_equal(ed_clearance_check(&c, p, &bvh, 0.3), 0);
    for (int e = 0; e < 30; e++) {
        size_t k = 1 + (size_t)testutil_uniform(&rng, 0, (double)(doc.count - 2));
        k = k > doc.count - 2 ? doc.count - 2 : k;
        /* far moves too: the polyline's point count of the segments changes, and so may the largest speed */
        double far = e % 4 == 0 ? 6.0 : 0.4;
        doc.keys[k].position = cp_vec3_add(doc.keys[k].position, cp_vec3_make(testutil_uniform(&rng, -far, far), 0,
                                                                                testutil_uniform(&rng, -far, far)));
        doc.keys[k].fov += testutil_uniform(&rng, -3, 3);
        cp_path *q = cp_document_to_path(&doc, &err);
        assert_non_null(q);
        const double span[2] = {doc.keys[k - 1].time, doc.keys[k + 1].time};
        /* outside the span the poses are the same to the bit */
        for (int i = 0; i <= 400; i++) {
            double tt = cp_path_start(q) + cp_path_duration(q) * i / 400.0;
            if (tt >= span[0] && tt <= span[1])
                continue;
            cp_pose x, y;
            cp_path_sample(p, tt, &x);
            cp_path_sample(q, tt, &y);
            assert_memory_equal(&x, &y, sizeof x);
        }
        assert_int_equal(ed_trace_update(&t, q, (unsigned long)e + 2, span), 0);
        assert_int_equal(ed_clearance_update(&c, q, &bvh, 0.3, span), 0);
        ed_trace whole;
        memset(&whole, 0, sizeof whole);
        assert_int_equal(ed_trace_build(&whole, q, 1), 0);
        assert_same_trace(&t, &whole);
        ed_trace_free(&whole);
        ed_clearance fresh = {0};
        assert_int_equal(ed_clearance_check(&fresh, q, &bvh, 0.3), 0);
        assert_same_clearance(&c, &fresh);
        ed_clearance_free(&fresh);
        cp_path_destroy(p);
        p = q;
    }
    assert_true(c.count > 0); /* the world is in the way: there are findings to keep */
    ed_trace_free(&t);
    ed_clearance_free(&c);
    cp_path_destroy(p);
    cp_document_free(&doc);
    ed_bvh_free(&bvh);
    ed_world_free(&w);
}

/* A C2 path moves everywhere a little when one key moves; told that only a
 * narrow span changed, the updates must sample that span again from the new
 * path and keep the old samples outside it. */
static void outside_a_narrow_span_the_old_samples_should_stay(void **state)
{
    (void)state;
    testutil_rng rng = {61};
    ed_world w;
    ed_bvh bvh;
    edtest_random_world(&w, 3.0, 300, &rng);
    assert_int_equal(ed_bvh_build(&bvh, &w), 0);
    cp_document doc;
    make_doc(&doc, 150, CP_TIMING_SMOOTH, &rng);
    cp_error err;
    cp_path *p = cp_document_to_path(&doc, &err);
    assert_non_null(p);
    ed_trace before, t, after;
    memset(&before, 0, sizeof before);
    memset(&t, 0, sizeof t);
    memset(&after, 0, sizeof after);
    assert_int_equal(ed_trace_build(&before, p, 1), 0);
    assert_int_equal(ed_trace_build(&t, p, 1), 0);
    ed_clearance cb = {0}, c = {0}, ca = {0};
    assert_int_equal(ed_clearance_check(&cb, p, &bvh, 0.3), 0);
    assert_int_equal(ed_clearance_check(&c, p, &bvh, 0.3), 0);
    const size_t k = 75;
    doc.keys[k].position.y += 2.0;
    cp_path *q = cp_document_to_path(&doc, &err);
    assert_non_null(q);
    const double span[2] = {doc.keys[k - 3].time, doc.keys[k + 3].time};
    assert_int_equal(ed_trace_update(&t, q, 2, span), 0);
    assert_int_equal(ed_trace_build(&after, q, 2), 0);
    /* the segments that meet the span (k-4 .. k+3): from the new path; the others: the old samples
       (segments k-1 and k are longer now: more points, and the later ones moved along) */
    assert_true(t.count == after.count && t.count > before.count);
    assert_true(t.plot_count == after.plot_count && t.plot_count == before.plot_count);
    size_t in = 0;
    for (size_t s = 0; s < t.seg_count; s++) {
        const int inside = s + 4 >= k && s <= k + 3;
        const ed_trace *from = inside ? &after : &before;
        size_t n = t.seg_point[s + 1] - t.seg_point[s];
        assert_int_equal(n, from->seg_point[s + 1] - from->seg_point[s]);
        assert_memory_equal(&t.xyz[3 * t.seg_point[s]], &from->xyz[3 * from->seg_point[s]], 3 * n * sizeof *t.xyz);
        in += inside ? n : 0;
        n = t.seg_plot[s + 1] - t.seg_plot[s];
        assert_int_equal(n, from->seg_plot[s + 1] - from->seg_plot[s]);
        for (size_t i = 0; i < n; i++) {
            assert_true(t.plot_t[t.seg_plot[s] + i] == from->plot_t[from->seg_plot[s] + i]);
            for (int m = 0; m < ED_PLOT_COUNT; m++)
                assert_true(t.plot[m][t.seg_plot[s] + i] == from->plot[m][from->seg_plot[s] + i]);
        }
    }
    assert_true(in >= 2 * 8);
    /* the new samples differ from the old, there and far away: the test sees which it got */
    assert_memory_not_equal(&after.xyz[3 * after.seg_point[k]], &before.xyz[3 * before.seg_point[k]],
                            3 * sizeof *t.xyz);
    assert_memory_not_equal(&after.xyz[3 * after.seg_point[k - 5] + 3], &before.xyz[3 * before.seg_point[k - 5] + 3],
                            3 * sizeof *t.xyz);
    /* the clearance: the blocks that meet the span from the new path, the others' findings kept */
    assert_int_equal(ed_clearance_update(&c, q, &bvh, 0.3, span), 0);
    assert_int_equal(ed_clearance_check(&ca, q, &bvh, 0.3), 0);
    const double start = cp_path_start(q), end = start + cp_path_duration(q);
    size_t again = 0;
    for (size_t b = 0; b < ED_CLEARANCE_BLOCKS; b++) {
        double tb0 = start + (end - start) * (double)b / ED_CLEARANCE_BLOCKS;
        double tb1 = b + 1 == ED_CLEARANCE_BLOCKS ? end : start + (end - start) * (double)(b + 1) / ED_CLEARANCE_BLOCKS;
        const int inside = tb1 >= span[0] && tb0 <= span[1];
        again += inside;
        const ed_clearance *from = inside ? &ca : &cb;
        size_t n = c.block_raw[b + 1] - c.block_raw[b];
        assert_int_equal(n, from->block_raw[b + 1] - from->block_raw[b]);
        assert_memory_equal(&c.raw[c.block_raw[b]], &from->raw[from->block_raw[b]], n * sizeof *c.raw);
        assert_int_equal(c.block_samples[b], from->block_samples[b]);
    }
    assert_true(again > 10 && again < ED_CLEARANCE_BLOCKS / 4);
    assert_true(cb.count > 0);
    ed_trace_free(&before);
    ed_trace_free(&t);
    ed_trace_free(&after);
    ed_clearance_free(&cb);
    ed_clearance_free(&c);
    ed_clearance_free(&ca);
    cp_path_destroy(p);
    cp_path_destroy(q);
    cp_document_free(&doc);
    ed_bvh_free(&bvh);
    ed_world_free(&w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_run_should_be_the_keys_that_differ_and_nothing_else),
        cmocka_unit_test(random_edits_of_a_smooth_path_should_equal_whole_builds),
        cmocka_unit_test(random_edits_of_a_keys_path_should_equal_whole_builds),
        cmocka_unit_test(random_edits_of_a_constant_speed_path_should_equal_whole_builds),
        cmocka_unit_test(a_drag_should_update_and_its_cancel_put_back),
        cmocka_unit_test(a_refused_update_should_change_nothing),
        cmocka_unit_test(a_cache_of_another_path_should_not_take_the_span),
        cmocka_unit_test(the_app_should_check_an_edited_path_as_a_whole_check_does),
        cmocka_unit_test(a_local_change_with_its_span_should_equal_whole_builds),
        cmocka_unit_test(outside_a_narrow_span_the_old_samples_should_stay),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
