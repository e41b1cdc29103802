/* SPDX-License-Identifier: MIT */
/* editor/core/file.h - the document's file on disk: opening it, saving it
 * atomically, noticing changes that other programs make (a reload, or a
 * question when there are unsaved edits), the recovery file that keeps
 * unsaved edits through a crash, and the questions about losing work.
 *
 * The file part reads and writes the document (doc.h) and nothing else of
 * the editor; the commands (app.h) do what opening means for the camera,
 * the scene and the recording.
 */
#ifndef ED_FILE_H
#define ED_FILE_H

#include <stddef.h>

#include "base.h"
#include "bindings.h"
#include "campath/campath.h"
#include "doc.h"
#include "os.h"

#define ED_RECOVERY_INTERVAL 3.0     /* s between recovery writes while there are unsaved edits */
#define ED_RECOVERY_SUFFIX ".recovery"

typedef struct ed_file {
    char         *name;              /* NULL until a file is opened */
    char         *recovery;          /* name + ED_RECOVERY_SUFFIX */
    int           exists;            /* the file is on disk (a new one is not until saved) */
    unsigned long saved_revision;    /* the document revision that matches the file */
    ed_os_id      known;             /* the file as the editor last read or wrote it */
    cp_library   *library;           /* watches the file once it exists */
    cp_resource  *resource;
    unsigned long generation;        /* the resource generation already dealt with */
    char         *reload_error;      /* the last failed reload already reported */
    cp_document   pending;           /* the disk or recovery version a question offers */
    unsigned long recovery_revision; /* the revision last written to the recovery file (0: none) */
    int           recovery_keep;     /* the recovery file holds edits a reload set aside: keep it */
    ed_os_id      recovery_known;    /* the recovery file as the editor last wrote or read it; one
                                        it does not know (another session's) is left alone */
    double        recovery_clock;    /* the clock of the last recovery check that wrote */
} ed_file;

void ed_file_init(ed_file *f);
void ed_file_free(ed_file *f);

/* Non-zero when the document has edits not saved to the file. */
int ed_file_dirty(const ed_file *f, const ed_doc *d);

/* Opens `name` for editing: loads it into the document if it exists (a
 * file that does not load is an error: the editor never starts over a file
 * it could overwrite), or starts an empty document (smooth timing) that the
 * first save creates; watches the file. Refused while there are unsaved
 * edits. 0, or -1 with a message. */
int ed_file_open(ed_file *f, ed_doc *d, ed_base *b, const char *name);
/* Asks about the recovery file when it holds something the file does not
 * (ED_PROMPT_RECOVERY), removes it when it holds nothing new. */
void ed_file_offer_recovery(ed_file *f, const ed_doc *d, ed_base *b);
/* Saves atomically with cp_path_save (needs at least 2 keys). Unknown fields
 * read from the file are written back. Removes the recovery file. */
int ed_file_save(ed_file *f, ed_doc *d, ed_base *b);
/* Looks for changes to the file made by another program (also a new file
 * that another program creates): reloads at once if there are no unsaved
 * edits, else asks (ED_PROMPT_RELOAD). Not during an edit that follows the
 * mouse. */
void ed_file_poll(ed_file *f, ed_doc *d, ed_base *b);
/* Writes the recovery file now if there are unsaved edits it does not hold;
 * refuses (-1, with a message) to write over one the editor did not write or
 * read itself. */
int ed_file_write_recovery(ed_file *f, const ed_doc *d, ed_base *b);
/* Writes the recovery file when ED_RECOVERY_INTERVAL has passed with
 * unsaved edits it does not hold (the update step). */
void ed_file_tick(ed_file *f, const ed_doc *d, ed_base *b);
/* Answers the current question with one of the ED_CMD_ANSWER_* commands. */
int ed_file_answer(ed_file *f, ed_doc *d, ed_base *b, ed_cmd answer);
/* Quits at once when there is nothing to lose (sets b->quit), else asks
 * (ED_PROMPT_QUIT). Returns b->quit. */
int ed_file_request_quit(ed_file *f, ed_doc *d, ed_base *b);

/* ---- other files, as seen from this one ----------------------------------------------------- */

/* The file `member` names relative to the document's file (a path file's
 * "scene" member), resolved (malloc'd); NULL with a message naming the file
 * when it is not there. */
char *ed_file_resolve(const ed_file *f, const char *member, ed_base *b);
/* `target` as a member relative to the document file's folder
 * ("../scenes/town.glb") into out. 0, or -1 when either does not resolve. */
int ed_file_relative(const ed_file *f, const char *target, char *out, size_t size);

#endif /* ED_FILE_H */
