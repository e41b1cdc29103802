/* SPDX-License-Identifier: MIT */
/* lib/base/version.c - the version of the library that is running. */
#include "base.h"

int cp_version(void) { return CAMPATH_VERSION_NUMBER; }
