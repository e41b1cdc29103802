/* SPDX-License-Identifier: MIT */
/* editor/core/refusal.h - a refusal in the user's terms.
 *
 * The library names what it refuses as a file does ("keys[3].hold: 1.5 s
 * from time 2.5000000000000004 ends at 4.000000000000001, not before
 * keys[4].time 4"): exact, and right for a file, but not what a person at
 * the editor sees. The editor says it with key numbers as it shows them,
 * seconds to 2 decimals, and what to do ("key 3's hold of 1.50 s ends at
 * 4.00 s, not before key 4 at 4.00 s: make the hold shorter than 1.49 s, or
 * move key 4 later"). Refusals about a key's time, its hold and a loop's
 * period are said from the keys themselves; any other message has its
 * field names and long numbers rewritten.
 */
#ifndef ED_REFUSAL_H
#define ED_REFUSAL_H

#include <stddef.h>

#include "campath/campath.h"

/* The refusal `err` of the keys `doc` (the document that was refused) in
 * the user's terms, into out (size bytes, NUL-terminated). */
void ed_refusal_text(const cp_error *err, const cp_document *doc, char *out, size_t size);
/* A message's field names ("keys[3].t", "keys[3].hold") as key numbers and
 * its numbers of more than 2 decimals, and all seconds ("2 s"), written
 * with 2 (large and tiny ones to 3 significant digits), into out. */
void ed_refusal_plain(const char *message, char *out, size_t size);

#endif /* ED_REFUSAL_H */
