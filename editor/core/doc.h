/* SPDX-License-Identifier: MIT */
/* editor/core/doc.h - the document being edited: its keys and options (a
 * cp_document), the path built from them, the keys selected, the undo
 * history, an edit that follows the mouse, and a retime under way.
 *
 * Every change goes the same way, all or nothing: copy the document
 * (ed_doc_copy), change the copy, commit it (ed_doc_commit), which builds its
 * path, keeps the old state for undo and gives the new one a revision. A
 * copy that does not build changes nothing. When the copy differs from the
 * document in one run of keys alone (diff.h), its path is the old one updated
 * (cp_path_update) rather than built anew, and `change` says where it moved,
 * for the caches of the trace and the clearance check to redo that part
 * alone; so do undo, redo and the steps of a drag. An edit of one run of
 * keys alone may skip the copy (ed_doc_commit_keys, ed_doc_live_update_keys):
 * it changes the keys in place and keeps the run's old keys for undo. An edit that follows the mouse
 * (ed_doc_live_*) shows each step without an undo step and makes the whole
 * drag one undo step when it ends.
 *
 * The document knows nothing of files, scenes, cameras or recording: the
 * commands above (app.h) bring those in.
 */
#ifndef ED_DOC_H
#define ED_DOC_H

#include <stddef.h>

#include "base.h"
#include "campath/campath.h"
#include "history.h"
#include "retimer.h"
#include "selection.h"

#define ED_TIME_MARGIN 0.01          /* s: how close an edit may bring a key to its neighbour */
#define ED_RETIME_BACKGROUND 20000   /* keys from which a retime runs in the background
                                        (make bench: 10^4 keys take about 0.1 s) */

typedef struct ed_doc {
    ed_state      cur;              /* the document, its selection and revision */
    cp_path      *path;             /* built from cur.doc; NULL while it has fewer than 2 keys */
    unsigned long path_serial;      /* +1 every time `path` is replaced (for caches) */
    unsigned long next_revision;
    ed_history    history;
    struct {                        /* an edit that follows the mouse */
        int      active;
        int      changed;
        ed_state origin;            /* the state when it began */
        unsigned long serial;       /* the message serial when it began */
        size_t   span[2];           /* keys [span[0], span[1]) are the only ones that may differ
                                       from the origin's (the last ed_doc_live_update_keys) */
        int      whole;             /* a step of the whole document's way was taken (it may
                                       change anything): the next steps take it too */
    } live;
    int           naming;           /* the state just made waits for its edit's message to name it */
    ed_retimer   *retimer;          /* a retime under way, or NULL */
    size_t        retime_background;/* paths of this many keys or more are retimed in the
                                       background (ED_RETIME_BACKGROUND) */
    struct {                        /* the last change of `path`, when it updated part of it */
        unsigned long from, to;     /* path_serial before and after (to 0: the path was built whole) */
        double        span[2];      /* seconds: outside it no pose moved (beyond cp_path_update's bound) */
    } change;
} ed_doc;

/* An empty document (smooth timing, as a new file gets). */
void ed_doc_init(ed_doc *d);
void ed_doc_free(ed_doc *d);

/* ---- the keys -------------------------------------------------------------------------------- */

/* The time key k's hold ends: its time when it has none. */
static inline double ed_doc_key_end(const cp_key *k) { return k->time + ((k->flags & CP_KEY_HOLD) ? k->hold : 0.0); }
/* The first key time and the duration of the path (0 with fewer than 2 keys). */
double ed_doc_start(const ed_doc *d);
double ed_doc_duration(const ed_doc *d);
/* 1 when the path of serial `serial` (a cache's) became the current path by
 * one update of part of it, with `span` (filled) the time outside which no
 * pose moved (beyond cp_path_update's bound): the cache may redo that span
 * alone. 0: redo everything. */
int ed_doc_changed_since(const ed_doc *d, unsigned long serial, double span[2]);
/* Same keys, options, name and extras. */
int ed_doc_equal(const cp_document *a, const cp_document *b);
/* Whether the end behaviour acts on the path: natural and rest shape the
 * tangents at the ends of C2, bisector and Catmull-Rom curves, and the time
 * warp of smooth timing; under linear and step curves in keys timing only a
 * closed loop makes a difference. */
int ed_doc_ends_matter(const cp_path_options *o);
/* -1 with a message when key i's time is one the path computes (an inner
 * key of a constant-speed path), 0 when it may be set. */
int ed_doc_time_is_free(const ed_doc *d, ed_base *b, size_t i);

/* ---- the selection ---------------------------------------------------------------------------- */

/* Whether key i is one a selection edit acts on: the selected keys, or the
 * active key when the set is empty; and how many those are. */
int ed_doc_chosen(const ed_doc *d, size_t i);
size_t ed_doc_chosen_count(const ed_doc *d);
/* Whether key i is one a transform acts on: the chosen keys, or every key
 * when none is chosen; and the mean position of those keys of `keys` (the
 * document's, or a copy of it). */
int ed_doc_transformed(const ed_doc *d, size_t i);
cp_vec3 ed_doc_centre(const ed_doc *d, const cp_document *keys);
/* -1 (with a message) when no key is selected. */
int ed_doc_need_selection(const ed_doc *d, ed_base *b);

/* ---- changing it ----------------------------------------------------------------------------- */

/* `work` becomes a copy of the document to change. 0, or -1 with a message
 * (work zeroed) if out of memory. */
int ed_doc_copy(const ed_doc *d, ed_base *b, cp_document *work);
/* Makes `work` (moved in) the document with the selection `sel` (moved in;
 * for work's keys; NULL: kept when the keys are the same ones (same count,
 * same active key), else the active key alone) and `selected` the active
 * key: builds its path, keeps the old state for undo, gives it a new
 * revision. When `closing` is given and work is a closed loop, the loop's
 * closing segment keeps the duration it had, or when it had none takes the
 * way from the last key to the first by that recording rule; NULL keeps
 * work's period as it is. On failure frees work and sel, changes nothing
 * and returns -1 with a message. */
int ed_doc_commit(ed_doc *d, ed_base *b, cp_document *work, ed_sel *sel, long selected,
                  const cp_recorder_options *closing);
/* An edit of keys [first, first + count) alone, with `keys` their new
 * values: the same as ed_doc_copy, the run written into the copy, and
 * ed_doc_commit (sel NULL) of it, and for the user no different, but when
 * the path is updated rather than built (and a built path writes nothing
 * back into the keys: not constant-speed timing nor look-at orientation; not
 * a closed loop with `closing`) without the copy: the keys change in place
 * and the undo step is a delta (history.h), so the edit costs the run, not
 * the document. Otherwise it takes the whole way. 0, or -1 with a message
 * (nothing changed). */
int ed_doc_commit_keys(ed_doc *d, ed_base *b, size_t first, size_t count, const cp_key *keys, long selected,
                       const cp_recorder_options *closing);
/* Makes `doc` (moved in) the document of a new file: no history, nothing
 * selected, a new revision; builds its path (-1 with a message when it does
 * not build: the keys stay, the path is NULL). */
int ed_doc_replace(ed_doc *d, ed_base *b, cp_document *doc);
/* Moves the playhead to `time` on the path; without a path, to the first
 * key's time (0 without keys). */
void ed_doc_seek(const ed_doc *d, ed_base *b, double time);
/* Steps back (redo = 0) or forward through the history; -1 when there is
 * nothing to step to (no message: the command says it). */
int ed_doc_undo(ed_doc *d, ed_base *b, int redo);
/* What the edit just undone (redo = 0) or redone did, as its message said
 * it when it was made ("" when it said nothing). Every edit is named by the
 * first message after it. */
const char *ed_doc_stepped(const ed_doc *d, int redo);

/* ---- an edit that follows the mouse ---------------------------------------------------------------- */

/* Starts one: the state now is kept as where it began (0 when one runs). 0,
 * or -1 with a message if out of memory. */
int ed_doc_live_begin(ed_doc *d, ed_base *b);
/* The keys as they were when it began (NULL when none runs). */
const cp_document *ed_doc_live_origin(const ed_doc *d);
/* Starts one if none runs, and makes `work` a copy of the keys as they
 * were when it began, for an update to change. 0, or -1 with a message. */
int ed_doc_live_work(ed_doc *d, ed_base *b, cp_document *work);
/* Shows `work` (moved in; the same keys as the origin, changed) as the
 * document, without an undo step. A work that does not build is refused
 * (-1, message): the last good state stays. */
int ed_doc_live_update(ed_doc *d, ed_base *b, cp_document *work);
/* A step that makes the keys those of the origin with [first, first + count)
 * replaced by `keys` (starting a drag if none runs): the same as
 * ed_doc_live_work, the run written, and ed_doc_live_update, but when it
 * can (as ed_doc_commit_keys) without copying the document: it costs this
 * step's run and the last step's. A step refused leaves the last good
 * state. 0, or -1 with a message. */
int ed_doc_live_update_keys(ed_doc *d, ed_base *b, size_t first, size_t count, const cp_key *keys);
/* Ends it: one undo step if anything changed. */
int ed_doc_live_end(ed_doc *d, ed_base *b);
/* Puts the keys back as they were when it began. */
void ed_doc_live_cancel(ed_doc *d, ed_base *b);

/* ---- a retime under way --------------------------------------------------------------------------- */

/* Retimes the path to constant speed over `duration` seconds (0: its
 * own); a path of smooth timing keeps its shape and gets constant-speed
 * timing. A long path (retime_background keys or more) is retimed in the
 * background while the editor draws and takes input; a shorter one at once.
 * 0, or -1 with a message (no path, a retime under way, no thread). */
int ed_doc_retime(ed_doc *d, ed_base *b, double duration);
/* Takes a retime that has finished: 1 applied (one undo step), 0 none
 * finished (or an edit that follows the mouse runs), -1 failed or dropped
 * because the document changed meanwhile (with a message). */
int ed_doc_poll_retime(ed_doc *d, ed_base *b);
/* Waits for a retime under way and takes it. 0 or -1. */
int ed_doc_wait_retime(ed_doc *d, ed_base *b);

#endif /* ED_DOC_H */
