/* SPDX-License-Identifier: MIT */
/* editor/core/commands.h - every command of the editor, for the front ends
 * (the key bindings, the script language, the SDL window): one include. A
 * front end reads the parts through a const ed_app and changes them
 * through these only (editor/core/README.md).
 */
#ifndef ED_COMMANDS_H
#define ED_COMMANDS_H

#include "app.h"      /* the editor as a whole: playback, camera, file, scene, settings */
#include "clip.h"     /* copy, cut, paste */
#include "drag.h"     /* edits that follow the mouse */
#include "edit.h"     /* a key's values, delete, undo, retime */
#include "game.h"     /* running games linked to the editor */
#include "help.h"     /* the key help sheet */
#include "hide.h"     /* scene objects hidden from the view and the clearance check */
#include "inspector.h"/* the key inspector: typed and dragged values */
#include "options.h"  /* timing, interpolation, ends, orientation */
#include "pace.h"     /* the duration, the speed set at a segment or a key */
#include "pointer.h"  /* the left mouse button */
#include "record.h"   /* F2, a key at the playhead */
#include "screen.h"   /* where the overlays go */
#include "select.h"   /* the selection */
#include "shots.h"    /* a sequence's shots, the shot track */
#include "snap.h"     /* snapping key times to frames and beats */
#include "status.h"   /* the HUD's text */
#include "xform.h"    /* transforms */

#endif /* ED_COMMANDS_H */
