/* SPDX-License-Identifier: MIT */
/* editor/core/clip.h - copy, cut and paste of keys, within a file and
 * between files.
 *
 * The clipboard holds text: a path file (docs/format.md) of the copied keys,
 * written and read by the library's document calls, so that keys keep every
 * member (unknown ones too) and exact numbers, and a path file's text copied
 * from anywhere pastes as its keys. The editor's own carries the top-level
 * member ED_CLIP_MEMBER, {"keys": N}: the first N keys are the copied ones.
 * A path file needs two keys, so a single copied key is followed by a copy
 * of itself a second later, which N leaves out; no key is marked. N that is
 * not a whole number from 1 to the file's key count is refused with a
 * message. The front end passes the text through the system clipboard
 * (ui.h: ed_clipboard_host); the editor also keeps its own copy, which
 * scripts and tests use.
 */
#ifndef ED_CLIP_H
#define ED_CLIP_H

#include "app.h"

/* The clipboard's top-level member that says how many of its keys were copied. */
#define ED_CLIP_MEMBER "campath-editor-clipboard"
/* It is looked for in at most this many bytes of top-level members the
 * library does not know (the editor writes no others): text with more is
 * another program's, and pastes all its keys. */
#define ED_CLIP_MEMBERS_MAX 65536

/* Copies the selected keys to the clipboard; cut also deletes them. */
int ed_clip_copy(ed_app *app);
int ed_clip_cut(ed_app *app);
/* Pastes the clipboard's keys at the playhead, keeping their spacing (after
 * the key at the playhead if there is one, after the last key when the
 * playhead is at the end); the keys after them move on by the pasted keys'
 * span plus the way from the last of them to the next key at nominal speed.
 * Keys from a path of another orientation, or with or without focus and
 * aperture, fit this one (fit.h). The pasted keys are selected. */
int ed_clip_paste(ed_app *app);

#endif /* ED_CLIP_H */
