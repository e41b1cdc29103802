/* SPDX-License-Identifier: MIT */
/* editor/core/game.c - the commands about linked games. */
#include "game.h"

int ed_game_configure(ed_app *app, const char *address, const char *token)
{
    if (ed_link_configure(&app->link, address, token) != 0) {
        ed_app_message(app, 1, "out of memory");
        return -1;
    }
    return 0;
}

int ed_game_listen(ed_app *app, int port) { return ed_link_listen(&app->link, &app->base, port); }

void ed_game_stop(ed_app *app) { ed_link_stop(&app->link, &app->base); }

void ed_game_toggle(ed_app *app)
{
    if (app->link.server)
        ed_game_stop(app);
    else
        ed_game_listen(app, 0);
}

int ed_game_camera(const ed_app *app, cp_link_camera *out) { return ed_link_camera(&app->link, out); }

int ed_game_viewing(const ed_app *app)
{
    cp_link_camera c;
    return app->link.view_game && ed_link_camera(&app->link, &c);
}

int ed_game_view(ed_app *app, int on)
{
    cp_link_camera c;
    if (on && !ed_link_camera(&app->link, &c)) {
        ed_app_message(app, 1, app->link.server ? "no game has sent its camera yet"
                                                : "no game is linked (F6 listens for games)");
        return -1;
    }
    if ((on != 0) != (app->link.view_game != 0))
        ed_rec_break(&app->rec); /* keys timed by the game's clock and by the editor's do not mix */
    app->link.view_game = on != 0;
    if (on)
        app->ui.view_path = 0;
    ed_app_message(app, 0, on ? "looking through the game's camera: F2 records what it sees (Shift+V: back)"
                              : "free camera");
    return 0;
}

int ed_game_follow(ed_app *app, int on)
{
    if (on && !app->link.server) {
        ed_app_message(app, 1, "no game is linked (F6 listens for games)");
        return -1;
    }
    app->link.follow = on != 0;
    app->link.followed = 0;
    if (on)
        app->base.playing = 0;
    ed_app_message(app, 0, on ? "the playhead follows the game's time (F7: the editor's)"
                              : "the playhead runs on the editor's time");
    return 0;
}

int ed_game_hand_off(ed_app *app, int take, double blend)
{
    if (!app->link.server || app->link.games == 0) {
        ed_app_message(app, 1, "no game is linked (F6 listens for games)");
        return -1;
    }
    cp_error err;
    if (cp_link_server_hand_off(app->link.server, take != 0, blend, &err) != CP_OK) {
        ed_app_message(app, 1, "%s", err.message);
        return -1;
    }
    app->link.taken = take != 0;
    ed_app_message(app, 0, take ? "the games hand their camera to the path (F8 gives it back)"
                                : "the games have their own camera back");
    return 0;
}

void ed_game_poll(ed_app *app) { ed_link_update(&app->link, &app->base, &app->doc); }
