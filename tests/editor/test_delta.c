/* SPDX-License-Identifier: MIT */
/* tests/editor/test_delta.c - an edit of a run of keys changes the document
 * in place and keeps the run's old keys as its undo step (a delta), and a
 * drag's steps change the run alone. Two documents take the same random
 * edits, undos, redos, drags and whole-document edits, one each run's way
 * (ed_doc_commit_keys, ed_doc_live_update_keys), the other the whole
 * document's way (ed_doc_copy and ed_doc_commit, ed_doc_live_work and
 * ed_doc_live_update): after every step their documents are equal byte for
 * byte, and so are their selections, revisions, the edits' names, their
 * paths and their histories' depths. */
#include "edtest.h"

#include "doc.h"

/* n keys along a winding line, ~0.4 s apart, timed `timing`. */
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
        k.position = cp_vec3_make(8 * sin(u), 2 * sin(3 * u), 8 * cos(u));
        k.rotation = cp_quat_from_yaw_pitch_roll(u, 0.1 * sin(u), 0);
        k.fov = 55 + 5 * sin(2 * u);
        k.target = cp_vec3_make(0, 0, 0);
        assert_int_equal(cp_document_insert_key(d, i, &k, NULL), 0);
    }
    d->options.timing = timing;
}

/* The two editors: a the run's way, w the whole document's. */
typedef struct pair {
    ed_doc  a, w;
    ed_base ba, bw;
} pair;

static void assert_same_sel(const ed_sel *x, const ed_sel *y)
{
    assert_int_equal(x->n, y->n);
    assert_int_equal(x->count, y->count);
    for (size_t i = 0; i < x->n; i++)
        assert_int_equal(ed_sel_has(x, i), ed_sel_has(y, i));
}

static void assert_same(const pair *p)
{
    const cp_document *x = &p->a.cur.doc, *y = &p->w.cur.doc;
    assert_int_equal(x->count, y->count);
    if (x->count)
        assert_memory_equal(x->keys, y->keys, x->count * sizeof *x->keys);
    assert_memory_equal(&x->options, &y->options, sizeof x->options);
    assert_int_equal(ed_doc_equal(x, y), 1);
    assert_same_sel(&p->a.cur.sel, &p->w.cur.sel);
    assert_int_equal(p->a.cur.selected, p->w.cur.selected);
    assert_int_equal(p->a.cur.revision, p->w.cur.revision);
    assert_string_equal(p->a.cur.what, p->w.cur.what);
    assert_string_equal(ed_doc_stepped(&p->a, 0), ed_doc_stepped(&p->w, 0));
    assert_int_equal(p->a.history.undo_count, p->w.history.undo_count);
    assert_int_equal(p->a.history.redo_count, p->w.history.redo_count);
    assert_string_equal(p->ba.message, p->bw.message);
    assert_true(p->ba.playhead == p->bw.playhead);
    assert_int_equal(p->a.path == NULL, p->w.path == NULL);
    if (!p->a.path)
        return;
    assert_int_equal(cp_path_key_count(p->a.path), cp_path_key_count(p->w.path));
    assert_memory_equal(cp_path_keys(p->a.path), cp_path_keys(p->w.path),
                        cp_path_key_count(p->a.path) * sizeof(cp_key));
    double t0 = cp_path_start(p->a.path), dur = cp_path_duration(p->a.path);
    assert_true(t0 == cp_path_start(p->w.path) && dur == cp_path_duration(p->w.path));
    for (int i = 0; i <= 97; i++) {
        cp_pose q, r;
        cp_path_sample(p->a.path, t0 + dur * i / 97.0, &q);
        cp_path_sample(p->w.path, t0 + dur * i / 97.0, &r);
        assert_memory_equal(&q, &r, sizeof q);
    }
}

static unsigned rnd(testutil_rng *rng, unsigned n) { return (unsigned)testutil_uniform(rng, 0, n) % n; }

/* New values for keys [first, first + count) of doc: some moved, turned,
 * zoomed or retimed (past a neighbour now and then: refused), some as they were. */
static cp_key *new_run(const cp_document *doc, size_t first, size_t count, testutil_rng *rng)
{
    cp_key *k = malloc((count ? count : 1) * sizeof *k);
    assert_non_null(k);
    for (size_t i = 0; i < count; i++) {
        k[i] = doc->keys[first + i];
        switch (rnd(rng, 6)) {
        case 0: break; /* as it was */
        case 1: k[i].fov += testutil_uniform(rng, -2, 2); break;
        case 2: k[i].rotation = cp_quat_from_yaw_pitch_roll(testutil_uniform(rng, -3, 3), 0.2, 0); break;
        case 3: k[i].time += testutil_uniform(rng, -0.6, 0.6); break;
        default:
            k[i].position.x += testutil_uniform(rng, -1, 1);
            k[i].position.y += testutil_uniform(rng, -1, 1);
            break;
        }
    }
    return k;
}

static void name(pair *p, int step)
{
    ed_base_message(&p->ba, 0, "edit %d (of the test)", step);
    ed_base_message(&p->bw, 0, "edit %d (of the test)", step);
}

static void edit_run(pair *p, testutil_rng *rng, int step, const cp_recorder_options *closing)
{
    size_t n = p->w.cur.doc.count;
    if (n < 2)
        return;
    size_t first = rnd(rng, (unsigned)n);
    size_t count = 1 + rnd(rng, 4);
    if (count > n - first)
        count = n - first;
    long selected = (long)(rnd(rng, 3) == 0 ? first : (size_t)p->w.cur.selected);
    cp_key *k = new_run(&p->w.cur.doc, first, count, rng);
    int ra = ed_doc_commit_keys(&p->a, &p->ba, first, count, k, selected, closing);
    cp_document work;
    assert_int_equal(ed_doc_copy(&p->w, &p->bw, &work), 0);
    memcpy(work.keys + first, k, count * sizeof *k);
    int rw = ed_doc_commit(&p->w, &p->bw, &work, NULL, selected, closing);
    assert_int_equal(ra, rw);
    free(k);
    if (ra == 0)
        name(p, step);
}

/* An edit of the whole document: an option, a key deleted or the selection. */
static void edit_whole(pair *p, testutil_rng *rng, int step)
{
    cp_document wa, ww;
    assert_int_equal(ed_doc_copy(&p->a, &p->ba, &wa), 0);
    assert_int_equal(ed_doc_copy(&p->w, &p->bw, &ww), 0);
    unsigned what = (unsigned)(rnd(rng, 5));
    long selected = p->w.cur.selected;
    ed_sel sa, sw;
    memset(&sa, 0, sizeof sa);
    memset(&sw, 0, sizeof sw);
    int with_sel = 0;
    if (what == 0) {
        /* constant speed now and then (its build, a retime, is the slow one) */
        wa.options.timing = ww.options.timing = ww.options.timing != CP_TIMING_SMOOTH ? CP_TIMING_SMOOTH
                                                : rnd(rng, 4) == 0                    ? CP_TIMING_CONSTANT_SPEED
                                                                                      : CP_TIMING_KEYS;
    } else if (what == 1) {
        wa.options.orientation = ww.options.orientation =
            ww.options.orientation == CP_ORIENTATION_LOOK_AT ? CP_ORIENTATION_ROTATION : CP_ORIENTATION_LOOK_AT;
    } else if (what == 2) {
        wa.options.ends = ww.options.ends = ww.options.ends == CP_ENDS_CLOSED ? CP_ENDS_NATURAL : CP_ENDS_CLOSED;
        wa.options.period = ww.options.period = ww.keys[ww.count - 1].time - ww.keys[0].time + 0.7;
    } else if (what == 3 && ww.count > 6) {
        size_t k = rnd(rng, (unsigned)ww.count);
        cp_document_remove_key(&wa, k);
        cp_document_remove_key(&ww, k);
        selected = -1;
    } else {
        /* a selection of a few keys, the active one among them */
        size_t a = rnd(rng, (unsigned)ww.count), e = a + rnd(rng, 5);
        assert_int_equal(ed_sel_reset(&sa, ww.count), 0);
        assert_int_equal(ed_sel_reset(&sw, ww.count), 0);
        assert_int_equal(ed_sel_range(&sa, a, e, 1), 0);
        assert_int_equal(ed_sel_range(&sw, a, e, 1), 0);
        selected = (long)a;
        with_sel = 1;
    }
    int ra = ed_doc_commit(&p->a, &p->ba, &wa, with_sel ? &sa : NULL, selected, NULL);
    int rw = ed_doc_commit(&p->w, &p->bw, &ww, with_sel ? &sw : NULL, selected, NULL);
    assert_int_equal(ra, rw);
    if (ra == 0)
        name(p, step);
}

static void drag(pair *p, testutil_rng *rng, int step)
{
    size_t n = p->w.cur.doc.count;
    if (n < 2)
        return;
    int steps = 1 + (int)(rnd(rng, 5));
    assert_int_equal(ed_doc_live_begin(&p->a, &p->ba), 0);
    assert_int_equal(ed_doc_live_begin(&p->w, &p->bw), 0);
    for (int s = 0; s < steps; s++) {
        size_t first = rnd(rng, (unsigned)n);
        size_t count = rnd(rng, 4);
        if (count > n - first)
            count = n - first;
        cp_key *k = new_run(ed_doc_live_origin(&p->w), first, count, rng);
        int ra = ed_doc_live_update_keys(&p->a, &p->ba, first, count, k);
        cp_document work;
        assert_int_equal(ed_doc_live_work(&p->w, &p->bw, &work), 0);
        if (count)
            memcpy(work.keys + first, k, count * sizeof *k);
        int rw = ed_doc_live_update(&p->w, &p->bw, &work);
        assert_int_equal(ra, rw);
        free(k);
        ed_base_message(&p->ba, 0, "drag %d step %d", step, s);
        ed_base_message(&p->bw, 0, "drag %d step %d", step, s);
        assert_same(p);
    }
    if (rnd(rng, 3) == 0) {
        ed_doc_live_cancel(&p->a, &p->ba);
        ed_doc_live_cancel(&p->w, &p->bw);
    } else {
        assert_int_equal(ed_doc_live_end(&p->a, &p->ba), ed_doc_live_end(&p->w, &p->bw));
    }
}

static void run(unsigned long long seed, cp_timing timing, int steps, int closing_given)
{
    testutil_rng rng = {seed};
    pair *p = calloc(1, sizeof *p);
    assert_non_null(p);
    ed_base_init(&p->ba);
    ed_base_init(&p->bw);
    ed_doc_init(&p->a);
    ed_doc_init(&p->w);
    cp_document da, dw;
    make_doc(&da, 40, timing, &rng);
    assert_int_equal(cp_document_copy(&dw, &da, NULL), 0);
    assert_int_equal(ed_doc_replace(&p->a, &p->ba, &da), 0);
    assert_int_equal(ed_doc_replace(&p->w, &p->bw, &dw), 0);
    cp_recorder_options closing;
    memset(&closing, 0, sizeof closing); /* the defaults */
    int deltas = 0;
    for (int step = 0; step < steps; step++) {
        unsigned r = (unsigned)(rnd(&rng, 20));
        if (r < 8) {
            edit_run(p, &rng, step, closing_given ? &closing : NULL);
        } else if (r < 11) {
            assert_int_equal(ed_doc_undo(&p->a, &p->ba, 0), ed_doc_undo(&p->w, &p->bw, 0));
        } else if (r < 14) {
            assert_int_equal(ed_doc_undo(&p->a, &p->ba, 1), ed_doc_undo(&p->w, &p->bw, 1));
        } else if (r < 16) {
            drag(p, &rng, step);
        } else if (r < 17) {
            edit_whole(p, &rng, step);
        } else {
            ed_doc_seek(&p->a, &p->ba, testutil_uniform(&rng, 0, 20));
            ed_doc_seek(&p->w, &p->bw, p->ba.playhead);
        }
        assert_same(p);
        const ed_history *h = &p->a.history;
        for (size_t i = 0; i < h->undo_count; i++)
            deltas += h->undo[i].run.delta;
    }
    /* the run's way was taken (this test tests it) */
    assert_true(deltas > 0);
    /* back to the start and forward to the end, step by step */
    while (ed_doc_undo(&p->w, &p->bw, 0) == 0) {
        assert_int_equal(ed_doc_undo(&p->a, &p->ba, 0), 0);
        assert_same(p);
    }
    assert_int_equal(ed_doc_undo(&p->a, &p->ba, 0), -1);
    while (ed_doc_undo(&p->w, &p->bw, 1) == 0) {
        assert_int_equal(ed_doc_undo(&p->a, &p->ba, 1), 0);
        assert_same(p);
    }
    assert_int_equal(ed_doc_undo(&p->a, &p->ba, 1), -1);
    ed_doc_free(&p->a);
    ed_doc_free(&p->w);
    free(p);
}

static void random_edits_should_equal_the_whole_documents_way(void **state)
{
    (void)state;
    /* smooth and keys timing, each with and without a closing gap given */
    static const unsigned long long seeds[] = {1, 2, 3, 6};
    for (size_t i = 0; i < sizeof seeds / sizeof seeds[0]; i++)
        run(seeds[i], seeds[i] % 3 ? CP_TIMING_SMOOTH : CP_TIMING_KEYS, 300, (int)(seeds[i] % 2));
}

/* A delta's undo step holds the run alone, and the history's budget counts that. */
static void a_delta_should_hold_the_run_alone(void **state)
{
    (void)state;
    testutil_rng rng = {77};
    ed_base b;
    ed_base_init(&b);
    ed_doc d;
    ed_doc_init(&d);
    cp_document doc;
    make_doc(&doc, 500, CP_TIMING_SMOOTH, &rng);
    assert_int_equal(ed_doc_replace(&d, &b, &doc), 0);
    cp_key k[3];
    memcpy(k, d.cur.doc.keys + 200, sizeof k);
    cp_key before[3];
    memcpy(before, k, sizeof k);
    k[1].position.z += 1.5; /* keys 200 and 202 as they were: the run narrows to key 201 */
    unsigned long rev = d.cur.revision;
    assert_int_equal(ed_doc_commit_keys(&d, &b, 200, 3, k, 201, NULL), 0);
    assert_int_equal(d.history.undo_count, 1);
    const ed_state *u = &d.history.undo[0];
    assert_int_equal(u->run.delta, 1);
    assert_int_equal(u->run.first, 201);
    assert_int_equal(u->run.count, 1);
    assert_int_equal(u->doc.count, 0);
    assert_memory_equal(u->run.keys, &before[1], sizeof before[1]);
    assert_int_equal(d.history.keys_held, 1);
    assert_true(d.cur.revision != rev);
    assert_memory_equal(&d.cur.doc.keys[201], &k[1], sizeof k[1]);
    assert_int_equal(d.cur.selected, 201);
    assert_int_equal(ed_doc_undo(&d, &b, 0), 0);
    assert_true(d.cur.revision == rev);
    assert_memory_equal(&d.cur.doc.keys[200], before, sizeof before);
    assert_int_equal(d.cur.selected, -1);
    assert_int_equal(d.history.keys_held, 1);
    assert_int_equal(d.history.redo[0].run.delta, 1);
    assert_memory_equal(d.history.redo[0].run.keys, &k[1], sizeof k[1]);
    assert_int_equal(ed_doc_undo(&d, &b, 1), 0);
    assert_memory_equal(&d.cur.doc.keys[201], &k[1], sizeof k[1]);
    /* past the path's keys: refused, nothing changed */
    assert_int_equal(ed_doc_commit_keys(&d, &b, 499, 2, k, 0, NULL), -1);
    assert_int_equal(d.history.undo_count, 1);
    /* a constant-speed path writes its times back into the keys: the whole way */
    cp_document work;
    assert_int_equal(ed_doc_copy(&d, &b, &work), 0);
    work.options.timing = CP_TIMING_CONSTANT_SPEED;
    assert_int_equal(ed_doc_commit(&d, &b, &work, NULL, -1, NULL), 0);
    k[1] = d.cur.doc.keys[300];
    k[1].position.x += 1;
    assert_int_equal(ed_doc_commit_keys(&d, &b, 300, 1, &k[1], 300, NULL), 0);
    assert_int_equal(d.history.undo[d.history.undo_count - 1].run.delta, 0);
    assert_int_equal(d.history.undo[d.history.undo_count - 1].doc.count, 500);
    ed_doc_free(&d);
}

/* The editor's command: moving a key is one delta undo step, named by its message. */
static void moving_a_key_should_undo_as_a_delta(void **state)
{
    edtest_fixture *f = edtest_fixture_new("delta.json", 1);
    *state = f;
    ed_app *app = &f->app;
    testutil_rng rng = {5};
    cp_document doc;
    make_doc(&doc, 60, CP_TIMING_SMOOTH, &rng);
    assert_int_equal(ed_doc_replace(&app->doc, &app->base, &doc), 0);
    app->doc.cur.selected = 30;
    assert_int_equal(ed_sel_set(&app->doc.cur.sel, 30, 1), 0);
    cp_key was = app->doc.cur.doc.keys[30];
    assert_int_equal(ed_edit_position(app, cp_vec3_make(1, 2, 3)), 0);
    assert_true(app->doc.history.undo[app->doc.history.undo_count - 1].run.delta);
    assert_true(app->doc.cur.doc.keys[30].position.y == 2);
    assert_int_equal(ed_edit_undo(app), 0);
    assert_memory_equal(&app->doc.cur.doc.keys[30], &was, sizeof was);
    assert_non_null(strstr(app->base.message, "undone: key 30 at (60 keys now)"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(random_edits_should_equal_the_whole_documents_way),
        cmocka_unit_test(a_delta_should_hold_the_run_alone),
        cmocka_unit_test_teardown(moving_a_key_should_undo_as_a_delta, edtest_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
