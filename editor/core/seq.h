/* SPDX-License-Identifier: MIT */
/* editor/core/seq.h - a sequence file open in the editor: its shots (which
 * path file each plays, from, to, blend), the path of the shot being edited,
 * the sequence time, the sequence built from the paths as edited, the
 * shots' own undo history, and saving them.
 *
 * The document (doc.h) and the file (file.h) of the editor hold the path of
 * the shot being edited; the other path files the shots name wait here,
 * each with its document (and its own undo history) and its file, and
 * change places with the editor's when another shot is chosen. A path file
 * that several shots play is loaded once. Shots are numbered from 1 in
 * everything a person reads ("shot 2"); from 0 in the code.
 *
 * The sequence time and the playhead (the path time of the shot being
 * edited) go together: moving either moves the other, within the shot.
 */
#ifndef ED_SEQ_H
#define ED_SEQ_H

#include <stddef.h>

#include "base.h"
#include "campath/campath.h"
#include "doc.h"
#include "file.h"

#define ED_SEQ_HISTORY_DEPTH 500
#define ED_SEQ_TRACK_HEIGHT 30   /* pixels: the shot track above the timeline */

typedef struct ed_seq_shot {
    size_t path;      /* index into ed_seq.paths */
    double from, to;  /* seconds of the path (resolved: from < to) */
    double blend;     /* seconds of overlap with the shot before (0: a cut) */
    long   origin;    /* the shot's place in the file as read (its other members are kept), -1: new */
} ed_seq_shot;

typedef struct ed_seq_path {
    char   *file;     /* as opened (the sequence's folder joined to its member) */
    ed_doc  doc;      /* while another path is edited; empty while this one is */
    ed_file part;
} ed_seq_path;

/* A state of the shots, for undo. */
typedef struct ed_seq_step {
    ed_seq_shot  *shots;
    size_t        count;
    size_t        current;
    unsigned long revision;
    size_t        depth;      /* the edited document's undo depth when the step was made */
    unsigned long stamp;      /* when (ed_seq.clock) */
    char          what[96];   /* the edit, as its message said it */
} ed_seq_step;

typedef struct ed_seq {
    char         *name;       /* the sequence file; NULL when none is open */
    char         *title;      /* its "name" member, or NULL */
    ed_seq_shot  *shots;
    size_t        count, cap;
    ed_seq_path  *paths;
    size_t        path_count;
    size_t        current;    /* the shot being edited */
    double        time;       /* the sequence time, seconds */
    double        playhead;   /* the playhead that goes with `time` */
    cp_sequence  *built;      /* the shots over the paths as edited, or NULL (build_error) */
    unsigned long built_serial;   /* the edited document's path_serial it was built with */
    size_t        built_path;     /* and which path that was */
    char          build_error[256];
    unsigned long revision, saved_revision, next_revision;
    unsigned long max_serial; /* the highest path_serial any of the documents had */
    ed_seq_step  *undo, *redo;
    size_t        undo_count, undo_cap, redo_count, redo_cap;
    unsigned long clock;      /* counts shot edits and changes of the path edited */
    unsigned long switch_stamp;
    size_t        switch_depth;   /* the edited document's undo depth when it was chosen */
    size_t        cur_path;   /* the path edited (in the editor's document) */
    int           stale;      /* the shots changed since `built` */
    int           live;       /* a shots edit that follows the mouse runs */
    ed_seq_step   origin;     /* the shots when it began */
    char         *source;     /* the sequence file's text as opened: members the editor does not
                                 change are written back from it */
    struct {                  /* the mouse on the shot track (shots.c) */
        int    kind;          /* ED_SHOTS_GRAB_* (0: none) */
        size_t shot;
        int    x, moved;
    } grab;
} ed_seq;

void ed_seq_init(ed_seq *s);
void ed_seq_free(ed_seq *s);
static inline int ed_seq_active(const ed_seq *s) { return s->name != NULL; }

/* Opens the sequence `file` (every path file its shots name, each loaded
 * once; the first shot's becomes the document edited, in d and f). Refused
 * while d has unsaved edits, and for a shot whose path is inline in the
 * sequence file. 0, or -1 with a message (nothing changed). */
int ed_seq_open(ed_seq *s, ed_file *f, ed_doc *d, ed_base *b, const char *file);
/* Starts a new sequence file `file` (not on disk until saved; refused when
 * something is there) whose one shot is the whole path edited (d, in the
 * file f). 0, or -1 with a message. */
int ed_seq_create(ed_seq *s, const ed_file *f, const ed_doc *d, ed_base *b, const char *file);
/* Closes the sequence (the document edited stays); refused (-1, message)
 * with unsaved shots or paths other than the one edited. */
int ed_seq_close(ed_seq *s, ed_file *f, const ed_doc *d, ed_base *b);

/* Builds the sequence over the paths as edited when the document changed
 * (the update step; front ends read it after a refresh). */
void ed_seq_refresh(ed_seq *s, const ed_doc *d);
/* The sequence as built for document d now (NULL: stale, or it does not
 * build: build_error says why). */
const cp_sequence *ed_seq_built(const ed_seq *s, const ed_doc *d);
/* Samples it; -1 when there is none for d. */
int ed_seq_sample(const ed_seq *s, const ed_doc *d, double time, cp_sequence_pose *out);
/* Where shot i starts and ends in the sequence, from the shots alone
 * (valid or not). */
double ed_seq_shot_start(const ed_seq *s, size_t i);
double ed_seq_shot_end(const ed_seq *s, size_t i);
double ed_seq_duration(const ed_seq *s);
/* The sequence time that goes with the playhead now (a playhead moved since
 * the last update moves it within the shot). */
double ed_seq_time(const ed_seq *s, const ed_base *b);

/* Makes shot i the one edited: its path becomes d and f (the one edited
 * before waits with its edits and history). Ends nothing: the caller ends a
 * drag first. The playhead goes to the same sequence time within the shot. */
int ed_seq_choose(ed_seq *s, ed_file *f, ed_doc *d, ed_base *b, size_t i);
/* Moves the sequence time (clamped to the sequence), choosing the shot
 * playing then (the later one in a blend), and the playhead with it. */
void ed_seq_seek(ed_seq *s, ed_file *f, ed_doc *d, ed_base *b, double time);
/* The update step: playback through the shots, and the sequence time
 * following a playhead moved within the shot. */
void ed_seq_update(ed_seq *s, ed_file *f, ed_doc *d, ed_base *b, double dt);

/* Unsaved: the shots, or a waiting path. */
int ed_seq_dirty(const ed_seq *s);
/* Saves the document edited, every waiting path with edits, and the
 * sequence file when the shots changed, each atomically. The sequence file
 * keeps its members in their order, and each shot read from it its members
 * (its "path" as written, any the editor does not know); from, to and blend
 * are the editor's. */
int ed_seq_save(ed_seq *s, ed_file *f, ed_doc *d, ed_base *b);

/* ---- changing the shots --------------------------------------------------------------------------- */

/* Checks `shots` (count of them) against the paths as edited: the message
 * names the shot (from 1) and the seconds. 0, or -1 with the message. */
int ed_seq_check(const ed_seq *s, const ed_doc *d, const ed_seq_shot *shots, size_t count, ed_base *b);
/* Makes `shots` (copied) the shots, with an undo step (`current` the shot
 * edited after). Checked first; -1 with a message changes nothing. */
int ed_seq_commit(ed_seq *s, ed_file *f, ed_doc *d, ed_base *b, const ed_seq_shot *shots, size_t count,
                  size_t current, const char *what);
/* The index of path file `file` among the paths, loading it when new. -1
 * with a message. */
long ed_seq_path_of(ed_seq *s, const ed_file *f, ed_base *b, const char *file);
/* The path edited now. */
size_t ed_seq_current_path(const ed_seq *s);
/* Shots edits that follow the mouse: the shots before the drag are kept
 * (ed_seq_live_begin), each step shown without an undo step
 * (ed_seq_live_update, checked), one undo step at the end. */
int ed_seq_live_begin(ed_seq *s, ed_base *b, const char *what);
int ed_seq_live_update(ed_seq *s, const ed_doc *d, ed_base *b, const ed_seq_shot *shots, size_t count);
int ed_seq_live_end(ed_seq *s, ed_file *f, ed_doc *d, ed_base *b);
void ed_seq_live_cancel(ed_seq *s);
int ed_seq_live_active(const ed_seq *s);

/* Undo and redo go back and forth through the shots' edits and the edited
 * path's edits in the order they were made: whether the next step (redo:
 * the next one undone) is a shot edit. */
int ed_seq_owns_undo(const ed_seq *s, const ed_doc *d, int redo);
/* Steps back or forward through the shots' edits; the message names the
 * edit. -1 when there is none. */
int ed_seq_undo(ed_seq *s, ed_file *f, ed_doc *d, ed_base *b, int redo);

#endif /* ED_SEQ_H */
