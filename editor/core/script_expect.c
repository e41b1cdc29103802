/* SPDX-License-Identifier: MIT */
/* editor/core/script_expect.c - `expect`: stops a script with an error unless
 * the editor is in the state named, so that tests read as what a person
 * would check on the screen. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "script_impl.h"

#define DEG (M_PI / 180.0)

typedef int (*check_fn)(ed_script *s, char **a, int na, char *err, size_t n);

/* An optional tolerance after `fixed` numbers: the default when absent. */
static int tolerance(const ed_script *s, char **a, int na, int fixed, double def, double *tol, char *err, size_t n)
{
    *tol = def;
    if (na > fixed && ed_script_number(s, a[fixed], tol, err, n))
        return -1;
    if (!(*tol >= 0))
        return ed_script_fail(s, err, n, "expect: a tolerance is 0 or more, not %s", a[fixed]);
    return 0;
}

static int near(double got, double want, double tol) { return fabs(got - want) <= tol; }

static int x_keys(ed_script *s, char **a, int na, char *err, size_t n)
{
    (void)na;
    long i;
    if (ed_script_index(s, a[0], &i, err, n))
        return -1;
    if ((size_t)i != s->app->doc.cur.doc.count)
        return ed_script_fail(s, err, n, "expected %ld keys, the path has %zu", i, s->app->doc.cur.doc.count);
    return 0;
}

static int x_dirty(ed_script *s, char **a, int na, char *err, size_t n)
{
    (void)na;
    static const char *const yes_no[] = {"no", "yes", NULL};
    int k = ed_script_choice(s, a[0], yes_no, err, n);
    if (k < 0)
        return -1;
    if (k != (ed_app_dirty(s->app) != 0))
        return ed_script_fail(s, err, n, "expected dirty %s, it is %s", a[0], ed_app_dirty(s->app) ? "yes" : "no");
    return 0;
}

static int x_selected(ed_script *s, char **a, int na, char *err, size_t n)
{
    (void)na;
    long i = -1;
    if (strcmp(a[0], "none") != 0 && ed_script_index(s, a[0], &i, err, n))
        return -1;
    if (i != s->app->doc.cur.selected)
        return ed_script_fail(s, err, n, "expected selected %s, it is %ld", a[0], s->app->doc.cur.selected);
    return 0;
}

static int x_selected_count(ed_script *s, char **a, int na, char *err, size_t n)
{
    (void)na;
    long i;
    if (ed_script_index(s, a[0], &i, err, n))
        return -1;
    if ((size_t)i != ed_app_selected_count(s->app))
        return ed_script_fail(s, err, n, "expected %ld keys selected, %zu are", i, ed_app_selected_count(s->app));
    return 0;
}

static int x_prompt(ed_script *s, char **a, int na, char *err, size_t n)
{
    (void)na;
    static const char *const prompts[] = {"none", "reload", "recovery", "quit", NULL};
    int k = ed_script_choice(s, a[0], prompts, err, n);
    if (k < 0)
        return -1;
    if (k != (int)s->app->base.prompt)
        return ed_script_fail(s, err, n, "expected prompt %s, it is %s", a[0], prompts[s->app->base.prompt]);
    return 0;
}

/* playhead T [TOL], camera-speed V [TOL] */
static int x_scalar(ed_script *s, char **a, int na, char *err, size_t n, const char *what, double got)
{
    double want, tol;
    if (ed_script_number(s, a[0], &want, err, n) || tolerance(s, a, na, 1, 1e-9, &tol, err, n))
        return -1;
    if (!near(got, want, tol))
        return ed_script_fail(s, err, n, "expected %s %.9g (within %g), it is %.9g", what, want, tol, got);
    return 0;
}

static int x_playhead(ed_script *s, char **a, int na, char *err, size_t n)
{
    return x_scalar(s, a, na, err, n, "playhead", s->app->base.playhead);
}

static int x_camera_speed(ed_script *s, char **a, int na, char *err, size_t n)
{
    return x_scalar(s, a, na, err, n, "camera-speed", s->app->ui.camera.speed);
}

static int x_interpolation(ed_script *s, char **a, int na, char *err, size_t n)
{
    (void)na;
    const char *is = cp_interp_name(s->app->doc.cur.doc.options.position);
    if (strcmp(a[0], is) != 0)
        return ed_script_fail(s, err, n, "expected interpolation %s, it is %s", a[0], is);
    return 0;
}

static int x_ends(ed_script *s, char **a, int na, char *err, size_t n)
{
    (void)na;
    const char *is = cp_ends_name(s->app->doc.cur.doc.options.ends);
    if (strcmp(a[0], is) != 0)
        return ed_script_fail(s, err, n, "expected ends %s, they are %s", a[0], is);
    return 0;
}

static int x_timing(ed_script *s, char **a, int na, char *err, size_t n)
{
    (void)na;
    const char *is = cp_timing_name(s->app->doc.cur.doc.options.timing);
    if (strcmp(a[0], is) != 0)
        return ed_script_fail(s, err, n, "expected timing %s, it is %s", a[0], is);
    return 0;
}

static int x_orientation(ed_script *s, char **a, int na, char *err, size_t n)
{
    (void)na;
    const char *is = cp_orientation_name(s->app->doc.cur.doc.options.orientation);
    if (strcmp(a[0], is) != 0)
        return ed_script_fail(s, err, n, "expected orientation %s, it is %s", a[0], is);
    return 0;
}

static int x_key_time(ed_script *s, char **a, int na, char *err, size_t n)
{
    (void)na;
    long i;
    double t;
    if (ed_script_index(s, a[0], &i, err, n) || ed_script_number(s, a[1], &t, err, n))
        return -1;
    if ((size_t)i >= s->app->doc.cur.doc.count)
        return ed_script_fail(s, err, n, "expect key-time: no key %ld", i);
    double got = s->app->doc.cur.doc.keys[i].time;
    if (!near(got, t, 1e-9 * fmax(1.0, fabs(t))))
        return ed_script_fail(s, err, n, "expected key %ld at %.9g s, it is at %.17g s", i, t, got);
    return 0;
}

/* key I time T [TOL] | key I position X Y Z [TOL] | key I fov F [TOL] | key I rotation YAW PITCH ROLL [TOL]
 * | key I hold S|none [TOL] | key I target X Y Z|none [TOL] | key I focus M|none [TOL]
 * | key I aperture F|none [TOL] | key I ease IN OUT [TOL] */
static int x_key(ed_script *s, char **a, int na, char *err, size_t n)
{
    static const char *const what[] = {"time", "position", "fov", "rotation", "hold", "target", "focus", "aperture",
                                       "ease", NULL};
    static const int counts[] = {1, 3, 1, 3, 1, 3, 1, 1, 2};
    long i;
    if (ed_script_index(s, a[0], &i, err, n))
        return -1;
    int w = ed_script_choice(s, a[1], what, err, n);
    if (w < 0)
        return -1;
    const int none = w >= 5 && w <= 7 && na >= 3 && strcmp(a[2], "none") == 0;
    if (!none && na != 2 + counts[w] && na != 3 + counts[w])
        return ed_script_fail(s, err, n, "expect key I %s takes %d number%s and an optional tolerance", what[w],
                              counts[w], counts[w] > 1 ? "s" : "");
    if ((size_t)i >= s->app->doc.cur.doc.count)
        return ed_script_fail(s, err, n, "expect key: no key %ld (the path has %zu)", i, s->app->doc.cur.doc.count);
    const cp_key *k = &s->app->doc.cur.doc.keys[i];
    /* a target, focus or aperture the key has, or none */
    const int has = w == 5 ? (k->flags & CP_KEY_TARGET) != 0 : w == 6 ? k->focus > 0 : w == 7 ? k->aperture > 0 : 1;
    if (none && has)
        return ed_script_fail(s, err, n, "expected key %ld without a %s, it has one", i, what[w]);
    if (none)
        return 0;
    if (!has)
        return ed_script_fail(s, err, n, "expected key %ld to have a %s, it has none", i, what[w]);
    if (w == 4 && strcmp(a[2], "none") == 0) {
        if (k->flags & CP_KEY_HOLD)
            return ed_script_fail(s, err, n, "expected key %ld without a hold, it holds %.17g s", i, k->hold);
        return 0;
    }
    if (w == 4 && !(k->flags & CP_KEY_HOLD))
        return ed_script_fail(s, err, n, "expected key %ld to hold %s s, it has no hold", i, a[2]);
    double v[3], tol;
    if (ed_script_numbers(s, a + 2, counts[w], v, err, n) || tolerance(s, a, na, 2 + counts[w], 1e-9, &tol, err, n))
        return -1;
    double got[3] = {0, 0, 0};
    switch (w) {
    case 0: got[0] = k->time; break;
    case 1: got[0] = k->position.x, got[1] = k->position.y, got[2] = k->position.z; break;
    case 2: got[0] = k->fov; break;
    case 4: got[0] = k->hold; break;
    case 5: got[0] = k->target.x, got[1] = k->target.y, got[2] = k->target.z; break;
    case 6: got[0] = k->focus; break;
    case 7: got[0] = k->aperture; break;
    case 8: got[0] = k->ease[0], got[1] = k->ease[1]; break;
    default:
        ed_quat_to_yaw_pitch_roll(k->rotation, &got[0], &got[1], &got[2]);
        for (int c = 0; c < 3; c++)
            got[c] /= DEG;
        break;
    }
    for (int c = 0; c < counts[w]; c++) {
        /* angles compare the short way round */
        double d = got[c] - v[c];
        if (w == 3)
            d = remainder(d, 360.0);
        if (!(fabs(d) <= tol)) {
            if (counts[w] == 1)
                return ed_script_fail(s, err, n, "expected key %ld %s %.9g (within %g), it is %.17g", i, what[w], v[0],
                                      tol, got[0]);
            if (counts[w] == 2)
                return ed_script_fail(s, err, n, "expected key %ld %s (%.9g, %.9g) (within %g), it is (%.17g, %.17g)",
                                      i, what[w], v[0], v[1], tol, got[0], got[1]);
            return ed_script_fail(s, err, n, "expected key %ld %s (%.9g, %.9g, %.9g) (within %g), it is (%.17g, %.17g, %.17g)",
                                  i, what[w], v[0], v[1], v[2], tol, got[0], got[1], got[2]);
        }
    }
    return 0;
}

/* camera X Y Z [TOL]: the free camera's position */
static int x_camera(ed_script *s, char **a, int na, char *err, size_t n)
{
    double v[3], tol;
    if (ed_script_numbers(s, a, 3, v, err, n) || tolerance(s, a, na, 3, 1e-9, &tol, err, n))
        return -1;
    cp_vec3 p = s->app->ui.camera.position;
    if (!near(p.x, v[0], tol) || !near(p.y, v[1], tol) || !near(p.z, v[2], tol))
        return ed_script_fail(s, err, n, "expected the camera at (%.9g, %.9g, %.9g) (within %g), it is at (%.17g, %.17g, %.17g)",
                              v[0], v[1], v[2], tol, p.x, p.y, p.z);
    return 0;
}

/* message TEXT...: the HUD's message (still showing) holds the words */
static int x_message(ed_script *s, char **a, int na, char *err, size_t n)
{
    char want[512] = "";
    for (int i = 0; i < na; i++) {
        strncat(want, i ? " " : "", sizeof want - strlen(want) - 1);
        strncat(want, a[i], sizeof want - strlen(want) - 1);
    }
    const ed_app *app = s->app;
    int showing = ed_app_message_shown(app);
    if (!showing || !strstr(app->base.message, want))
        return ed_script_fail(s, err, n, "expected a message with \"%s\", the HUD shows \"%s\"", want,
                              showing ? app->base.message : "");
    return 0;
}

static int x_scene(ed_script *s, char **a, int na, char *err, size_t n)
{
    (void)na;
    const char *file = s->app->scene.file;
    const char *name = file ? strrchr(file, '/') : NULL;
    name = file ? (name ? name + 1 : file) : "demo";
    if (strcmp(name, a[0]) != 0)
        return ed_script_fail(s, err, n, "expected scene %s, it is %s", a[0], name);
    return 0;
}

static int x_hidden(ed_script *s, char **a, int na, char *err, size_t n)
{
    (void)na;
    double v;
    if (ed_script_number(s, a[0], &v, err, n))
        return -1;
    ed_app_check_clearance(s->app);
    if (v != (double)s->app->scene.hidden_meshes)
        return ed_script_fail(s, err, n, "expected %s hidden meshes, %zu are hidden", a[0], s->app->scene.hidden_meshes);
    return 0;
}

static int x_triangles(ed_script *s, char **a, int na, char *err, size_t n)
{
    (void)na;
    double v;
    if (ed_script_number(s, a[0], &v, err, n))
        return -1;
    if (v != (double)s->app->scene.world.triangle_count)
        return ed_script_fail(s, err, n, "expected %s triangles, the world has %zu", a[0], s->app->scene.world.triangle_count);
    return 0;
}

/* clearance N | through T | clear T */
static int x_clearance(ed_script *s, char **a, int na, char *err, size_t n, int w)
{
    (void)na;
    double v;
    if (ed_script_number(s, a[0], &v, err, n))
        return -1;
    const ed_clearance *c = ed_app_check_clearance(s->app);
    if (!c)
        return ed_script_fail(s, err, n, "expect: out of memory for the clearance check");
    char list[512];
    ed_clearance_describe(c, 6, list, sizeof list);
    if (w == 0) {
        if (v != (double)c->count)
            return ed_script_fail(s, err, n, "expected %s clearance problems, there are %zu: %s", a[0], c->count, list);
        return 0;
    }
    int inside = 0;
    for (size_t i = 0; i < c->count; i++)
        if (v >= c->ranges[i].t0 && v <= c->ranges[i].t1 && (w == 2 || c->ranges[i].through))
            inside = 1;
    if (w == 1 && !inside)
        return ed_script_fail(s, err, n, "expected the camera to pass through geometry at %g s; the check found: %s", v, list);
    if (w == 2 && inside)
        return ed_script_fail(s, err, n, "expected the camera clear at %g s; the check found: %s", v, list);
    return 0;
}

static int x_clearance_count(ed_script *s, char **a, int na, char *err, size_t n)
{
    return x_clearance(s, a, na, err, n, 0);
}

static int x_through(ed_script *s, char **a, int na, char *err, size_t n) { return x_clearance(s, a, na, err, n, 1); }
static int x_clear(ed_script *s, char **a, int na, char *err, size_t n) { return x_clearance(s, a, na, err, n, 2); }

static const struct {
    const char *name;
    int         min, max;   /* words after the name */
    check_fn    check;
} checks[] = {
    {"keys", 1, 1, x_keys},
    {"dirty", 1, 1, x_dirty},
    {"selected", 1, 1, x_selected},
    {"selected-count", 1, 1, x_selected_count},
    {"prompt", 1, 1, x_prompt},
    {"playhead", 1, 2, x_playhead},
    {"interpolation", 1, 1, x_interpolation},
    {"ends", 1, 1, x_ends},
    {"timing", 1, 1, x_timing},
    {"orientation", 1, 1, x_orientation},
    {"key-time", 2, 2, x_key_time},
    {"key", 3, 6, x_key},
    {"camera", 3, 4, x_camera},
    {"camera-speed", 1, 2, x_camera_speed},
    {"message", 1, ED_SCRIPT_MAX_WORDS - 2, x_message},
    {"scene", 1, 1, x_scene},
    {"triangles", 1, 1, x_triangles},
    {"hidden", 1, 1, x_hidden},
    {"clearance", 1, 1, x_clearance_count},
    {"through", 1, 1, x_through},
    {"clear", 1, 1, x_clear},
    {"games", 1, 1, ed_script_x_games},
    {"game-key", 1, 1, ed_script_x_game_key},
    {"game-camera", 4, 4, ed_script_x_game_camera},
    {"shot", 1, 1, ed_script_x_shot},
    {"shots", 1, 1, ed_script_x_shots},
    {"shot-part", 4, 5, ed_script_x_shot_part},
    {"sequence-time", 1, 2, ed_script_x_sequence_time},
};

int ed_script_c_expect(ed_script *s, int argc, char **argv, char *err, size_t n)
{
    char names[400] = "";
    for (size_t i = 0; i < sizeof checks / sizeof checks[0]; i++) {
        if (strcmp(argv[1], checks[i].name) == 0) {
            int na = argc - 2;
            if (na < checks[i].min || na > checks[i].max)
                return ed_script_fail(s, err, n, "expect %s: wrong number of words", argv[1]);
            return checks[i].check(s, argv + 2, na, err, n);
        }
        strncat(names, i ? ", " : "", sizeof names - strlen(names) - 1);
        strncat(names, checks[i].name, sizeof names - strlen(names) - 1);
    }
    return ed_script_fail(s, err, n, "'%s' is not one of: %s", argv[1], names);
}
