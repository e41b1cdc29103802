/* SPDX-License-Identifier: MIT */
/* editor/cli/cli.h - the `campath` command-line tool: one function per command.
 *
 * Each command gets argv starting at its own name (argv[0] = "validate"),
 * prints results on stdout and problems on stderr, and returns the exit
 * status: 0 on success, 1 on failure (2 for a usage error). */
#ifndef CAMPATH_CLI_H
#define CAMPATH_CLI_H

int cli_validate(int argc, char **argv);
int cli_check(int argc, char **argv);
int cli_info(int argc, char **argv);
int cli_sample(int argc, char **argv);
int cli_watch(int argc, char **argv);
int cli_retime(int argc, char **argv);
int cli_export_gltf(int argc, char **argv);
int cli_import_gltf(int argc, char **argv);
int cli_import_scene(int argc, char **argv);
int cli_plot(int argc, char **argv);

/* True if argv holds --help or -h (commands print their usage then). */
int cli_wants_help(int argc, char **argv);

#endif /* CAMPATH_CLI_H */
