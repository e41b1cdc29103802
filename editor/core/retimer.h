/* SPDX-License-Identifier: MIT */
/* editor/core/retimer.h - retiming to constant speed on a thread of its own.
 *
 * Retiming a long path takes a while (about a second for 10^5 keys, more for
 * millions, make bench measures it): the editor keeps drawing, says how long
 * it has been at it, and takes the result only if the document is still the
 * one that was retimed. */
#ifndef ED_RETIMER_H
#define ED_RETIMER_H

#include <stddef.h>

#include "campath/campath.h"

typedef struct ed_retimer ed_retimer;

/* Starts retiming a copy of `doc` (its revision `revision`) to constant
 * speed over `duration` seconds (0: its own). NULL with a reason in err if
 * there was no memory or no thread. */
ed_retimer *ed_retimer_start(const cp_document *doc, unsigned long revision, double duration, char *err,
                             size_t err_size);
/* Non-zero once the retime has finished (either way). */
int ed_retimer_done(ed_retimer *r);
/* Waits at most `seconds` for it to finish; non-zero if it has. */
int ed_retimer_wait(ed_retimer *r, double seconds);
/* The revision of the document being retimed. */
unsigned long ed_retimer_revision(const ed_retimer *r);
/* One line on how it is doing: "retiming 100000 keys to constant speed, 1.2 s". */
void ed_retimer_describe(ed_retimer *r, char *buf, size_t size);
/* Waits for it, frees the retimer and gives its result: the retimed path
 * (the caller destroys it), or NULL with the reason in err. */
cp_path *ed_retimer_finish(ed_retimer *r, char *err, size_t err_size);

#endif /* ED_RETIMER_H */
