/* SPDX-License-Identifier: MIT */
/* editor/core/wrap.h - text wrapped to a width, for the HUD's panels. */
#ifndef ED_WRAP_H
#define ED_WRAP_H

#define ED_STATUS_LINE 200        /* bytes per line, NUL included */

/* Splits `text` into lines of at most `width` characters, at blanks where
 * it can (a longer word is cut); at most `max` lines, the last ending in
 * "..." when the text goes on. Returns the count (0 for empty text). */
int ed_wrap(const char *text, int width, char (*lines)[ED_STATUS_LINE], int max);

#endif /* ED_WRAP_H */
