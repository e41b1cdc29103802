/* SPDX-License-Identifier: MIT */
/* editor/core/rec.c - the take and its pacing. */
#include "rec.h"
#include "refusal.h"

#include <string.h>

#include "doc.h"

void ed_rec_init(ed_rec *r)
{
    memset(r, 0, sizeof *r);
    r->nominal_speed = ED_NOMINAL_SPEED;
    r->look_key = -1;
    r->gesture.key = -1;
}

void ed_rec_free(ed_rec *r)
{
    cp_recorder_destroy(r->take);
    memset(r, 0, sizeof *r);
}

cp_recorder_options ed_rec_options(const ed_rec *r)
{
    cp_recorder_options o = {.pace = r->time_mode == ED_TIME_REAL ? CP_PACE_REAL : CP_PACE_DISTANCE,
                             .speed = r->nominal_speed};
    return o;
}

/* The recorder of the take follows the time mode and nominal speed. */
static void sync(ed_rec *r)
{
    cp_recorder_options o = ed_rec_options(r);
    if (r->take)
        cp_recorder_set_options(r->take, &o, NULL);
}

double ed_rec_gap(const ed_rec *r, const cp_key *from, cp_vec3 position, cp_quat rotation)
{
    cp_recorder_options o = ed_rec_options(r);
    return cp_recorder_gap(&o, from->position, from->rotation, position, rotation, 0.0);
}

void ed_rec_set_time_mode(ed_rec *r, ed_base *b, ed_time_mode mode)
{
    r->time_mode = mode;
    sync(r);
    ed_base_message(b, 0, mode == ED_TIME_REAL ? "key times: real time between recordings"
                                               : "key times: distance / nominal speed");
}

int ed_rec_set_nominal_speed(ed_rec *r, ed_base *b, double speed)
{
    if (!(speed >= 0.01 && speed <= 1000.0)) {
        ed_base_message(b, 1, "nominal speed must be between 0.01 and 1000 m/s");
        return -1;
    }
    r->nominal_speed = speed;
    sync(r);
    ed_base_message(b, 0, "nominal speed %.2f m/s", speed);
    return 0;
}

void ed_rec_fly(ed_rec *r, double metres)
{
    if (r->take)
        cp_recorder_fly(r->take, metres, NULL);
}

void ed_rec_break(ed_rec *r)
{
    if (r->take)
        cp_recorder_clear(r->take);
}

/* The take's last key, or NULL. */
static const cp_key *take_last(const ed_rec *r)
{
    size_t n = r->take ? cp_recorder_count(r->take) : 0;
    return n ? &cp_recorder_keys(r->take)[n - 1] : NULL;
}

/* Whether `k` is the key the previous recording made (the take's last), so
 * that the take goes on from it: the distance flown and the real time since
 * that recording count. */
static int anchored(const ed_rec *r, const cp_key *k)
{
    const cp_key *last = take_last(r);
    return k && last && memcmp(&k->position, &last->position, sizeof k->position) == 0;
}

double ed_rec_next_time(const ed_rec *r, const cp_key *from, double now, cp_vec3 position, cp_quat rotation)
{
    if (!from)
        return 0.0;
    /* the way on starts where the last key's hold ends */
    if (!anchored(r, from))
        return ed_doc_key_end(from) + ed_rec_gap(r, from, position, rotation);
    double t;
    /* in real time, while the clock has not moved on from the press: its time */
    if (cp_recorder_next_time(r->take, now, position, rotation, &t, NULL) != CP_OK)
        return ed_doc_key_end(from);
    return ed_doc_key_end(from) + (t - take_last(r)->time);
}

int ed_rec_take(ed_rec *r, ed_base *b, const cp_key *from, double now, cp_vec3 position, cp_quat rotation, double fov,
                double *dt)
{
    cp_error err;
    if (!r->take) {
        cp_recorder_options o = ed_rec_options(r);
        if (!(r->take = cp_recorder_create(&o, &err))) {
            ed_base_message(b, 1, "%s", err.message);
            return -1;
        }
    }
    int go_on = anchored(r, from);
    if (!go_on)
        cp_recorder_clear(r->take);
    if (cp_recorder_add(r->take, now, position, rotation, fov, &err) != CP_OK) {
        if (strstr(err.field, ".now"))
            ed_base_message(b, 1, "real time: no time has passed since the previous key was recorded");
        else {
            char why[sizeof b->message];
            ed_refusal_plain(err.message, why, sizeof why);
            ed_base_message(b, 1, "%s", why);
        }
        return -1;
    }
    size_t n = cp_recorder_count(r->take);
    const cp_key *k = cp_recorder_keys(r->take);
    *dt = go_on ? k[n - 1].time - k[n - 2].time : from ? ed_rec_gap(r, from, position, rotation) : 0.0;
    return 0;
}

void ed_rec_untake(ed_rec *r)
{
    if (r->take)
        cp_recorder_undo(r->take);
}
