/* SPDX-License-Identifier: MIT */
/* editor/cli/sequence.h - the commands of `campath` for sequence files (a
 * file whose top level has "shots"): each command calls these when its FILE
 * is one. Each returns the command's exit status. */
#ifndef CAMPATH_CLI_SEQUENCE_H
#define CAMPATH_CLI_SEQUENCE_H

#include "campath/campath.h"

/* One line "FILE: ok (N shots, D s: C cuts, B blends)", or the error. */
int cli_seq_validate(const char *file);
/* Each shot's findings, the blends' continuity, the cuts (kind "cut"). */
int cli_seq_check(const char *file, const cp_check_options *options, int json);
/* The shots: where each plays in the sequence, its path and part, cut or blend. */
int cli_seq_info(const char *file);
/* CSV as for a path, with a last column `shot`; `at` a comma-separated list of times, or NULL. */
int cli_seq_sample(const char *file, double rate, const char *at);
/* One camera baked at options->bake_fps (default 60) frames a second, a cut
 * as a step: the last frame of the shot before it 0.1 ms before the cut. */
int cli_seq_export_gltf(const char *file, const char *out, const cp_gltf_export_options *options);
/* The four charts of `campath plot`, with the cuts and blends marked. */
int cli_seq_plot(const char *file, const char *out);

#endif /* CAMPATH_CLI_SEQUENCE_H */
