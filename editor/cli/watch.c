/* SPDX-License-Identifier: MIT */
/* editor/cli/watch.c - `campath watch FILE`: follow a file through hot reload. */
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "util.h"

/* Set by the signal handler; the only state a handler may touch. */
static volatile sig_atomic_t stop_requested;

/* ISO C's signal(), which every system has (Windows raises SIGINT for
 * Ctrl-C and Ctrl-Break); the handler sets itself again, as some systems
 * reset it to the default when it runs. */
static void on_signal(int sig)
{
    stop_requested = 1;
    signal(sig, on_signal);
}

int cli_watch(int argc, char **argv)
{
    if (cli_wants_help(argc, argv) || argc != 2) {
        fprintf(argc != 2 ? stderr : stdout,
                "usage: campath watch FILE\n\n"
                "Loads FILE through the hot-reload library, then prints one line per event until\n"
                "interrupted (Ctrl-C, SIGINT or SIGTERM):\n"
                "  reloaded generation=N keys=K   after each successful reload\n"
                "  error: MESSAGE                 when a change does not load (the last good\n"
                "                                 path stays in service)\n"
                "A FILE that is not there yet is waited for (keys=0 until its first save).\n"
                "Set CAMPATH_NO_INOTIFY=1 to watch with stat polling instead of inotify\n"
                "(ReadDirectoryChangesW on Windows).\n"
                "Exit status: 0 when interrupted, 1 if FILE is there but does not load at the start.\n");
        return argc != 2 ? 2 : 0;
    }
    cp_error err;
    cp_library *lib = cp_library_create(&err);
    if (!lib) {
        fprintf(stderr, "campath watch: %s\n", err.message);
        return 1;
    }
    cp_resource *res = cp_library_open(lib, argv[1], &err);
    if (!res) {
        fprintf(stderr, "%s\n", err.message);
        cp_library_destroy(lib);
        return 1;
    }
    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
    const cp_path *path = cp_resource_path(res); /* NULL: not there yet */
    printf("watching %s (%s) generation=%lu keys=%zu\n", argv[1],
           cp_library_watch_method(lib), cp_resource_generation(res),
           path ? cp_path_key_count(path) : 0);
    fflush(stdout);
    unsigned long generation = cp_resource_generation(res);
    const char *last_error = NULL;
    char shown[sizeof err.message] = "";
    while (!stop_requested) {
        /* sleep until the system has news, but wake every 100 ms anyway: files
         * in error and unwatched folders are checked with stat at each poll */
        cp_library_wait(lib, 100);
        if (stop_requested)
            break;
        cp_library_poll(lib);
        if (cp_resource_generation(res) != generation) {
            generation = cp_resource_generation(res);
            printf("reloaded generation=%lu keys=%zu\n", generation, cp_path_key_count(cp_resource_path(res)));
            shown[0] = '\0';
        }
        last_error = cp_resource_error(res);
        if (last_error && strcmp(last_error, shown) != 0) {
            printf("error: %s\n", last_error);
            snprintf(shown, sizeof shown, "%s", last_error);
        }
        fflush(stdout);
    }
    cp_library_destroy(lib);
    return 0;
}
