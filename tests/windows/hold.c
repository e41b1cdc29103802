/* SPDX-License-Identifier: MIT */
/* tests/windows/hold.c - `hold FILE`: holds FILE open the way many Windows
 * programs hold a file they read (shared for reading only, not for writing
 * or deleting), says "holding" on stdout, and lets go when its stdin ends.
 * tests/windows/cli.sh uses it to show that a save over a file another
 * process holds fails with a clear message and leaves the old file intact. */
#include <stdio.h>
#include <stdlib.h>
#include <windows.h>

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: hold FILE (lets go when stdin ends)\n");
        return 2;
    }
    HANDLE h = CreateFileA(argv[1], GENERIC_READ, FILE_SHARE_READ, NULL, OPEN_EXISTING, FILE_ATTRIBUTE_NORMAL, NULL);
    if (h == INVALID_HANDLE_VALUE) {
        fprintf(stderr, "hold: cannot open %s: system error %lu\n", argv[1], (unsigned long)GetLastError());
        return 1;
    }
    printf("holding %s\n", argv[1]);
    fflush(stdout);
    while (getchar() != EOF) {
    }
    CloseHandle(h);
    return 0;
}
