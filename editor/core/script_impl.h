/* SPDX-License-Identifier: MIT */
/* editor/core/script_impl.h - shared by the files that implement the script
 * commands (script_cmds.c, script_input.c, script_expect.c, script_edit.c,
 * script_link.c); not for other modules. */
#ifndef ED_SCRIPT_IMPL_H
#define ED_SCRIPT_IMPL_H

#include "script.h"

/* Argument readers: 0, or -1 with "SOURCE:LINE: ..." in err. */
int ed_script_number(const ed_script *s, const char *word, double *out, char *err, size_t n);
int ed_script_numbers(const ed_script *s, char **words, int count, double *out, char *err, size_t n);
int ed_script_index(const ed_script *s, const char *word, long *out, char *err, size_t n);
/* The position of `word` in the NULL-terminated `names`, or -1 with an error listing them. */
int ed_script_choice(const ed_script *s, const char *word, const char *const *names, char *err, size_t n);
/* 0 for rc == 0, else -1 with the app's message. */
int ed_script_result(const ed_script *s, int rc, const char *cmd, char *err, size_t n);
/* Delivers an event through the host's input layer, or straight to the control layer. */
void ed_script_send(ed_script *s, const ed_event *ev);

/* The commands of script_input.c, script_expect.c and script_edit.c. */
int ed_script_c_quit(ed_script *s, int argc, char **argv, char *err, size_t n);
int ed_script_c_press(ed_script *s, int argc, char **argv, char *err, size_t n);
int ed_script_c_click(ed_script *s, int argc, char **argv, char *err, size_t n);
int ed_script_c_type(ed_script *s, int argc, char **argv, char *err, size_t n);
int ed_script_c_drag(ed_script *s, int argc, char **argv, char *err, size_t n);
int ed_script_c_event(ed_script *s, int argc, char **argv, char *err, size_t n);
int ed_script_c_queue(ed_script *s, int argc, char **argv, char *err, size_t n);
int ed_script_c_pump(ed_script *s, int argc, char **argv, char *err, size_t n);
int ed_script_c_screenshot(ed_script *s, int argc, char **argv, char *err, size_t n);
/* script_expect.c */
int ed_script_c_expect(ed_script *s, int argc, char **argv, char *err, size_t n);
/* script_edit.c */
int ed_script_c_select(ed_script *s, int argc, char **argv, char *err, size_t n);
int ed_script_c_select_add(ed_script *s, int argc, char **argv, char *err, size_t n);
int ed_script_c_edit(ed_script *s, int argc, char **argv, char *err, size_t n);
int ed_script_c_transform(ed_script *s, int argc, char **argv, char *err, size_t n);
int ed_script_c_clipboard(ed_script *s, int argc, char **argv, char *err, size_t n);
int ed_script_c_timing(ed_script *s, int argc, char **argv, char *err, size_t n);
int ed_script_c_orientation(ed_script *s, int argc, char **argv, char *err, size_t n);
int ed_script_c_insert_at_playhead(ed_script *s, int argc, char **argv, char *err, size_t n);
/* script_pace.c */
int ed_script_c_duration(ed_script *s, int argc, char **argv, char *err, size_t n);
int ed_script_c_speed_at(ed_script *s, int argc, char **argv, char *err, size_t n);
/* script_sound.c */
int ed_script_c_audio(ed_script *s, int argc, char **argv, char *err, size_t n);
int ed_script_c_drop(ed_script *s, int argc, char **argv, char *err, size_t n);
/* script_link.c: linked games, and their checks of `expect` */
int ed_script_c_link(ed_script *s, int argc, char **argv, char *err, size_t n);
int ed_script_c_link_wait(ed_script *s, int argc, char **argv, char *err, size_t n);
int ed_script_c_follow_game(ed_script *s, int argc, char **argv, char *err, size_t n);
int ed_script_c_hand_off(ed_script *s, int argc, char **argv, char *err, size_t n);
int ed_script_x_games(ed_script *s, char **a, int na, char *err, size_t n);
int ed_script_x_game_key(ed_script *s, char **a, int na, char *err, size_t n);
int ed_script_x_game_camera(ed_script *s, char **a, int na, char *err, size_t n);
/* script_shots.c: a sequence's shots, and their checks of `expect` */
int ed_script_c_shot(ed_script *s, int argc, char **argv, char *err, size_t n);
int ed_script_x_shot(ed_script *s, char **a, int na, char *err, size_t n);
int ed_script_x_shots(ed_script *s, char **a, int na, char *err, size_t n);
int ed_script_x_shot_part(ed_script *s, char **a, int na, char *err, size_t n);
int ed_script_x_sequence_time(ed_script *s, char **a, int na, char *err, size_t n);

#endif /* ED_SCRIPT_IMPL_H */
