/* SPDX-License-Identifier: MIT */
/* campath/sequence.h - a cut-scene as a list of shots: each plays a part of a
 * path, and the picture cuts or blends (C2) from one shot to the next.
 *
 * Quick start (a sequence file, docs/format.md "Sequences"):
 *
 *     cp_error err;
 *     cp_sequence *seq = cp_sequence_load("paths/sequence.json", &err);  // every shot's path too
 *     if (!seq) { fprintf(stderr, "%s\n", err.message); return 1; }
 *     double previous = NAN;
 *     for (double t = 0; t <= cp_sequence_duration(seq); t += 1.0 / 60) {
 *         cp_sequence_pose s;
 *         cp_sequence_sample(seq, t, previous, &s);   // s.pose, s.shot, s.cut
 *         if (s.cut) ...reset motion blur and temporal anti-aliasing
 *         previous = t;
 *     }
 *     cp_sequence_destroy(seq);
 *
 * Timing: shot 0 starts at sequence time 0; each later shot starts where the
 * one before it ends, less its blend. Shot i plays its path from `from` to
 * `to` (the path's own seconds): at sequence time s in shot i, outside
 * blends, the pose is exactly the path's at from + (s - start_i). During a
 * blend (`blend` seconds from the start of shot i) the pose is the hand-off's
 * C2 blend (cp_pose_blend) from shot i-1, still playing, to shot i: position,
 * rotation and fov with their first and second derivatives continuous at
 * both ends of the blend (docs/math.md, "Sequences"). A blend of 0 is a cut.
 * A shot's `shake` adds to its poses before they are blended (so a blend of
 * shaken shots is C2 too); cp_sequence_sample_unshaken leaves every layer out.
 *
 * Memory: cp_sequence_create refers to the paths it is given (they must
 * outlive the sequence); cp_sequence_load owns the paths it loads. Either
 * way cp_sequence_destroy frees the sequence (NULL is a no-op).
 */
#ifndef CAMPATH_SEQUENCE_H
#define CAMPATH_SEQUENCE_H

#include <stddef.h>

#include "common.h"
#include "path.h"

#ifdef __cplusplus
extern "C" {
#endif

/* At most this many shots in a sequence (CP_ERR_LIMIT beyond). */
#define CP_SEQUENCE_MAX_SHOTS 100000

typedef struct cp_sequence cp_sequence;

/* One shot. `from` and `to` both 0 mean the whole path (its start to its
 * end); otherwise start <= from < to <= end of the path (a closed path's end
 * is its start plus its period). `blend`: seconds of overlap with the shot
 * before (0: a cut; the first shot has none). */
typedef struct cp_shot {
    const cp_path *path;
    double         from, to;   /* seconds of the path */
    double         blend;      /* seconds; 0 or CP_HANDOFF_MIN_BLEND (1e-6) and up */
    cp_shake       shake;      /* a shake layer for this shot, on top of the path's own (if any),
                                  on the path's clock and scaled by its shake_scale; zero: none */
} cp_shot;

/* A sample of a sequence. */
typedef struct cp_sequence_pose {
    cp_pose pose;      /* pose.time is the sequence time */
    size_t  shot;      /* the shot playing; during a blend the later one */
    bool    cut;       /* a cut lies between the previous time and this one */
    bool    blending;  /* the time is inside a blend */
} cp_sequence_pose;

/* A sequence of `count` shots (copied; the paths are not: they must outlive
 * it). Errors name the shot and the field ("shots[2].blend: ...", also in
 * error->field, and the shot's index in error->key): a from or to outside
 * the path, from >= to, a negative blend, a blend longer than either shot,
 * two blends of one shot that overlap. NULL on failure. */
CP_API cp_sequence *cp_sequence_create(const cp_shot *shots, size_t count, cp_error *error);
/* Frees the sequence (and the paths it loaded, for cp_sequence_load); NULL is a no-op. */
CP_API void cp_sequence_destroy(cp_sequence *seq);

/* Seconds from the start of shot 0 to the end of the last shot. */
CP_API double cp_sequence_duration(const cp_sequence *seq);
CP_API size_t cp_sequence_shot_count(const cp_sequence *seq);
/* Shot i as played: from and to resolved (never both 0), its path. */
CP_API const cp_shot *cp_sequence_shot(const cp_sequence *seq, size_t i);
/* The sequence time at which shot i starts (the start of its blend). */
CP_API double cp_sequence_shot_start(const cp_sequence *seq, size_t i);
/* The file shot i's path was loaded from (as the sequence file names it,
 * joined to the sequence's folder), or NULL for an inline path or a
 * sequence made with cp_sequence_create. */
CP_API const char *cp_sequence_shot_file(const cp_sequence *seq, size_t i);
/* The sequence's "name", or NULL. */
CP_API const char *cp_sequence_name(const cp_sequence *seq);
/* The warnings of loading its file (members campath does not know, in the
 * sequence and in its inline paths: "file:line:col: ..."), owned by the
 * sequence; 0 and NULL for one made with cp_sequence_create. */
CP_API size_t cp_sequence_warning_count(const cp_sequence *seq);
CP_API const char *cp_sequence_warning(const cp_sequence *seq, size_t i);

/* The pose at sequence time `time`, with its derivatives, the shot and
 * whether a cut lies in (previous, time] (or [time, previous) when playing
 * backwards): a renderer resets motion blur and temporal anti-aliasing
 * then. `previous` NaN (the first frame): no cut. Before 0 and after the
 * duration the sequence holds its first and last pose at rest (derivatives
 * zero); a NaN time samples time 0. */
CP_API void cp_sequence_sample(const cp_sequence *seq, double time, double previous, cp_sequence_pose *out);

/* cp_sequence_sample without any shake layer: neither the shots' nor their
 * paths' (what `campath plot` draws beside the shaken sequence). */
CP_API void cp_sequence_sample_unshaken(const cp_sequence *seq, double time, double previous, cp_sequence_pose *out);

/* Shot i's pose at sequence time `time`, played on its own (no blend, not
 * held at the sequence's ends): with its layers (`shaken` true) or without.
 * cp_sequence_check measures the blends' ends on the shaken poses. */
CP_API void cp_sequence_shot_pose(const cp_sequence *seq, size_t i, double time, bool shaken, cp_pose *out);

/* What `campath check` reports for a sequence: each shot's path checked
 * (findings within the part that plays, at sequence times, their messages
 * prefixed with the shot), the continuity of position, velocity,
 * acceleration (and their angular and fov counterparts) at both ends of
 * every blend measured from samples (a CP_FINDING_JUMP beyond
 * options->max_jump), and every cut as a CP_FINDING_CUT (information).
 * Free the report with cp_check_report_free. */
CP_API cp_status cp_sequence_check(const cp_sequence *seq, const cp_check_options *options,
                                   cp_check_report *report, cp_error *error);

#ifdef __cplusplus
}
#endif

#endif /* CAMPATH_SEQUENCE_H */
