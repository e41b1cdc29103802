/* SPDX-License-Identifier: MIT */
/* editor/core/hide.h - hiding what is in the way: scene objects (by the
 * name of their node in the scene file, with everything under it) hidden
 * from the view and from the clearance check, a closed door the camera is
 * meant to pass. The names are the path file's "hidden" member
 * (docs/format.md), so hiding is an edit: undone, saved and reloaded like
 * any other; the scene part applies them to whatever world is loaded.
 */
#ifndef ED_HIDE_H
#define ED_HIDE_H

#include "app.h"

/* Hides (hide = 1) or shows again the objects of the node named `name`.
 * 0, or -1 with a message (already so, not a node of the scene, a question
 * waits). */
int ed_hide_node(ed_app *app, const char *name, int hide);
/* Hides the object under the window pixel (x, y) in the view. 0, or -1 with
 * a message (nothing there, or an object whose node has no name). */
int ed_hide_at(ed_app *app, int x, int y);
/* Shows every hidden object again. 0, or -1 with a message when none is hidden. */
int ed_hide_show_all(ed_app *app);

#endif /* ED_HIDE_H */
