/* SPDX-License-Identifier: MIT */
/* editor/core/rec.h - recording and live drags: the take (the keys recorded
 * since the last break, by the library's recorder) and how its key times
 * are paced, the gesture the left mouse button is making, and the key the
 * free camera looks from.
 *
 * The recorder's rules (campath/record.h) time the keys F2 records: the
 * distance flown at a nominal speed (a turn on the spot counts too), or the
 * real time between presses. The same rule times the way between keys that
 * pastes and inserts make room for.
 */
#ifndef ED_REC_H
#define ED_REC_H

#include "base.h"
#include "camera.h"
#include "campath/campath.h"
#include "gizmo.h"
#include "view.h"

typedef enum ed_time_mode {
    ED_TIME_DISTANCE = 0,  /* previous key time + distance flown / nominal speed */
    ED_TIME_REAL           /* previous key time + real time since the previous recording */
} ed_time_mode;

#define ED_NOMINAL_SPEED CP_RECORDER_SPEED   /* m/s, the default nominal speed */
#define ED_NOMINAL_STEP 1.25                 /* PageUp / PageDown factor */
#define ED_MIN_GAP CP_RECORDER_MIN_GAP       /* s: the shortest time between two keys by distance */
#define ED_TURN_RATE CP_RECORDER_TURN_RATE   /* rad/s: turning on the spot counts as if at 60 degrees/s */

/* A gesture of the left mouse button (pointer.h), kept here so that the
 * renderer shows it: the box, the gizmo part held or under the mouse. */
typedef enum ed_gesture_kind {
    ED_GESTURE_NONE = 0,
    ED_GESTURE_SCRUB,      /* on the timeline or the graph: the playhead follows */
    ED_GESTURE_BOX,        /* in the view from empty space: keys inside are selected */
    ED_GESTURE_KEY,        /* in the view from a key marker: the selection moves in the camera's plane */
    ED_GESTURE_GIZMO,      /* a gizmo part: the selection moves along it */
    ED_GESTURE_KEY_TIME,   /* a key's tick on the timeline: its time (Shift: and the later keys') */
    ED_GESTURE_FIELD,      /* an inspector value: dragged left or right */
    ED_GESTURE_SPEED       /* the graph's speed strip: up and down sets the speed there (pace.h); sideways scrubs */
} ed_gesture_kind;

typedef struct ed_gesture {
    ed_gesture_kind kind;
    int      pending;      /* the button is down, the mouse not moved far enough yet: still a click */
    int      x0, y0;       /* where it began, window pixels */
    long     key;          /* the key it began on (-1: none) */
    int      part;         /* the gizmo part or inspector field it holds (speed: ed_pace_at) */
    int      add;          /* Shift was down when it began */
    int      was_selected; /* the key it began on was selected before */
    int      hover;        /* with no button down: the gizmo part under the mouse */
    ed_view  view;         /* the 3D view when it began */
    ed_gizmo gizmo;        /* the gizmo when it began */
} ed_gesture;

typedef struct ed_rec {
    ed_time_mode time_mode;
    double       nominal_speed;  /* m/s */
    cp_recorder *take;           /* NULL until the first recording: its last key anchors the
                                    distance flown and the real time since the press */
    ed_gesture   gesture;
    long         look_key;       /* the key the free camera looks from (-1: none) */
    ed_camera    look_from;      /* the camera as looking from it began */
} ed_rec;

void ed_rec_init(ed_rec *r);
void ed_rec_free(ed_rec *r);

/* The recorder's options for the time mode and nominal speed. */
cp_recorder_options ed_rec_options(const ed_rec *r);
/* The time the way from key `from` to a pose takes at nominal speed, by the
 * recorder's distance rule (at least ED_MIN_GAP). */
double ed_rec_gap(const ed_rec *r, const cp_key *from, cp_vec3 position, cp_quat rotation);
/* Sets the time mode or the nominal speed (0.01..1000 m/s), with a message. */
void ed_rec_set_time_mode(ed_rec *r, ed_base *b, ed_time_mode mode);
int ed_rec_set_nominal_speed(ed_rec *r, ed_base *b, double speed);
/* Counts `metres` flown for the take (before its first key there is nothing to count from). */
void ed_rec_fly(ed_rec *r, double metres);
/* Forgets the take (keys of another file anchor nothing). */
void ed_rec_break(ed_rec *r);

/* When the next key recorded after `from` (the document's last key, NULL
 * for none) would be, for a camera at position and rotation at `now`. */
double ed_rec_next_time(const ed_rec *r, const cp_key *from, double now, cp_vec3 position, cp_quat rotation);
/* Records a camera pose into the take and sets *dt to the time from `from`
 * (NULL for the first key) to it: a take that goes on from `from` times it
 * by its pace; otherwise a new take starts and the straight distance at
 * nominal speed counts. -1 with a message on failure. */
int ed_rec_take(ed_rec *r, ed_base *b, const cp_key *from, double now, cp_vec3 position, cp_quat rotation, double fov,
                double *dt);
/* Takes back the last pose taken (an edit that used it failed). */
void ed_rec_untake(ed_rec *r);

#endif /* ED_REC_H */
