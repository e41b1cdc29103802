/* SPDX-License-Identifier: MIT */
/* editor/core/game.h - the commands about running games linked to the
 * editor (link.h, docs/link.md): listen for them or stop, look through a
 * game's camera (F2 then records what it sees), let the playhead follow a
 * game's time, hand the games' cameras to the path and back; and what the
 * front ends read of them.
 */
#ifndef ED_GAME_H
#define ED_GAME_H

#include "app.h"

#define ED_GAME_BLEND 1.0   /* s: the hand-off blend of F8 */

/* Keeps the address and token to listen with (--link-address, --link-token). 0, or -1 with a message. */
int ed_game_configure(ed_app *app, const char *address, const char *token);
/* Listens for games on `port` (0: the default port; CP_LINK_ANY_PORT: one
 * the system picks), or stops. 0, or -1 with the reason in the message. */
int ed_game_listen(ed_app *app, int port);
void ed_game_stop(ed_app *app);
/* F6: listens on the default port, or stops. */
void ed_game_toggle(ed_app *app);
/* Looks through the first game's camera (1) or not (0); -1 with a message
 * when no game has sent its camera. A take of F2 does not run on across the switch. */
int ed_game_view(ed_app *app, int on);
/* The playhead follows the game's time (1) or the editor's (0). -1 with a message when not linked. */
int ed_game_follow(ed_app *app, int on);
/* Asks the games to hand their camera to the path (take 1) or take it back
 * (0), blending over `blend` seconds. -1 with a message when not linked. */
int ed_game_hand_off(ed_app *app, int take, double blend);
/* The link's part of the update step without time passing: the script's
 * waits for games use it. */
void ed_game_poll(ed_app *app);

/* What the front ends read: the camera shown as the game's (1 and *out, else 0). */
int ed_game_camera(const ed_app *app, cp_link_camera *out);
/* Whether the view is the game's camera now. */
int ed_game_viewing(const ed_app *app);

#endif /* ED_GAME_H */
