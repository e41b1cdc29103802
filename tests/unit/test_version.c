/* SPDX-License-Identifier: MIT */
/* tests/unit/test_version.c - the runtime version: cp_version() is the
 * number the headers give, and the headers' macros agree with each other
 * (the Makefile, CMake and the amalgamation read CAMPATH_VERSION). */
#include <stdio.h>
#include <string.h>

#include "testutil.h"

static void runtime_version_should_be_the_headers_number(void **state)
{
    (void)state;
    assert_int_equal(cp_version(), CAMPATH_VERSION_NUMBER);
    assert_int_equal(cp_version() / 10000, CAMPATH_VERSION_MAJOR);
    assert_int_equal(cp_version() / 100 % 100, CAMPATH_VERSION_MINOR);
    assert_int_equal(cp_version() % 100, CAMPATH_VERSION_PATCH);
}

static void version_string_should_spell_the_numbers(void **state)
{
    (void)state;
    char spelled[32];
    snprintf(spelled, sizeof spelled, "%d.%d.%d", CAMPATH_VERSION_MAJOR, CAMPATH_VERSION_MINOR,
             CAMPATH_VERSION_PATCH);
    assert_string_equal(CAMPATH_VERSION, spelled);
    /* two digits each for the minor and patch numbers, or the number is ambiguous */
    assert_true(CAMPATH_VERSION_MINOR >= 0 && CAMPATH_VERSION_MINOR < 100);
    assert_true(CAMPATH_VERSION_PATCH >= 0 && CAMPATH_VERSION_PATCH < 100);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(runtime_version_should_be_the_headers_number),
        cmocka_unit_test(version_string_should_spell_the_numbers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
