/* SPDX-License-Identifier: MIT */
/* tests/package/consumer/version.c - the library a CMake project linked is
 * the one its headers describe: cp_version() against CAMPATH_VERSION_NUMBER. */
#include <stdio.h>

#include <campath/campath.h>

int main(void)
{
    if (cp_version() != CAMPATH_VERSION_NUMBER) {
        fprintf(stderr, "version: the library is %d, the headers say %d (%s)\n", cp_version(), CAMPATH_VERSION_NUMBER,
                CAMPATH_VERSION);
        return 1;
    }
    printf("campath %s (%d)\n", CAMPATH_VERSION, cp_version());
    return 0;
}
