/* SPDX-License-Identifier: MIT */
/* tests/unit/test_numbers.c - numbers as path files hold them: printed
 * shortest and exact, read correctly rounded, and both whatever the locale.
 * `make test` runs this program twice: as built, and built with the portable
 * 128-bit arithmetic forced (CPI_NO_INT128), so that the fallback that
 * 32-bit targets use is proven exact as well. */
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

#define GOOD_DIR "tests/data/good"

static uint64_t bits_of(double x)
{
    uint64_t u;
    memcpy(&u, &x, sizeof u);
    return u;
}

/* The number of significant digits of the shortest %.*e that reads back to x. */
static int shortest_digits(double x)
{
    char buf[64];
    for (int p = 1; p <= 17; p++) {
        snprintf(buf, sizeof buf, "%.*e", p - 1, x);
        if (strtod(buf, NULL) == x)
            return p;
    }
    return 17;
}

static int significant_digits(const char *s)
{
    char d[40];
    int n = 0;
    for (; *s && *s != 'e'; s++)
        if (*s >= '0' && *s <= '9' && (n > 0 || *s != '0') && n < 39)
            d[n++] = *s;
    while (n > 0 && d[n - 1] == '0')
        n--;
    return n > 0 ? n : 1;
}

static void numbers_should_print_shortest_and_exact(void **state)
{
    (void)state;
    static const struct { double x; const char *text; } known[] = {
        {0.0, "0"}, {-0.0, "-0"}, {60, "60"}, {2.5, "2.5"}, {0.1, "0.1"}, {-1.5e-7, "-1.5e-7"},
        {1e-7, "1e-7"}, {1e-6, "0.000001"}, {1e21, "1e+21"}, {1e20, "100000000000000000000"},
        {5e-324, "5e-324"}, {1e-323, "1e-323"}, {2.2250738585072014e-308, "2.2250738585072014e-308"},
        {1.7976931348623157e308, "1.7976931348623157e+308"}, {9007199254740993.0, "9007199254740992"},
        {0.38268343236508978, "0.3826834323650898"}, {123456.789, "123456.789"}, {1e23, "1e+23"},
    };
    char buf[CP_JSON_NUMBER_SIZE];
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) {
        size_t n = cp_json_format_number(known[i].x, buf);
        assert_string_equal(buf, known[i].text);
        assert_int_equal(n, strlen(known[i].text));
    }
    testutil_rng rng = {42};
    for (int i = 0; i < 300000; i++) {
        uint64_t u = (uint64_t)(testutil_uniform(&rng, 0, 1) * 0x1p32) << 32 |
                     (uint64_t)(testutil_uniform(&rng, 0, 1) * 0x1p32);
        double x;
        if (i % 3 == 0)
            u &= 0x800FFFFFFFFFFFFFull; /* subnormals */
        memcpy(&x, &u, sizeof x);
        if (!isfinite(x))
            continue;
        cp_json_format_number(x, buf);
        double y;
        if (cp_json_parse_number(buf, &y) != CP_OK)
            fail_msg("%s does not read back", buf);
        if (bits_of(x) != bits_of(y))
            fail_msg("%a printed as %s reads back as %a", x, buf, y);
        if (strtod(buf, NULL) != x && !(x == 0 && y == 0))
            fail_msg("%a printed as %s: strtod gives another number", x, buf);
        if (i % 8 == 0 && significant_digits(buf) > shortest_digits(x))
            fail_msg("%a printed as %s, but %d digits are enough", x, buf, shortest_digits(x));
    }
}

static void numbers_should_read_like_strtod(void **state)
{
    (void)state;
    testutil_rng rng = {7};
    char text[80], digits[24];
    for (int i = 0; i < 200000; i++) {
        int nd = 1 + (int)testutil_uniform(&rng, 0, 19.99);
        for (int j = 0; j < nd; j++)
            digits[j] = (char)('0' + (int)testutil_uniform(&rng, j == 0 ? 1 : 0, 9.99));
        digits[nd] = '\0';
        int e = (int)testutil_uniform(&rng, -340, 320);
        if (i % 2)
            snprintf(text, sizeof text, "%se%d", digits, e);
        else
            snprintf(text, sizeof text, "-%s.25e%d", digits, e);
        double x;
        assert_int_equal(cp_json_parse_number(text, &x), CP_OK);
        double y = strtod(text, NULL);
        if (bits_of(x) != bits_of(y))
            fail_msg("%s: read as %a, strtod gives %a", text, x, y);
    }
    double x;
    assert_int_equal(cp_json_parse_number("1e999", &x), CP_OK);
    assert_true(isinf(x));
    assert_int_equal(cp_json_parse_number("01", &x), CP_ERR_SYNTAX);
    assert_int_equal(cp_json_parse_number("1.", &x), CP_ERR_SYNTAX);
    assert_int_equal(cp_json_parse_number(" 1", &x), CP_ERR_SYNTAX);
    assert_int_equal(cp_json_parse_number("nan", &x), CP_ERR_SYNTAX);
    assert_int_equal(cp_json_parse_number("", &x), CP_ERR_SYNTAX);
}

/* ---- locales ------------------------------------------------------------------------------------ */

/* Sets a locale whose decimal separator is a comma for everything. `make
 * test` makes de_DE.UTF-8 in the build folder (localedef) and points LOCPATH
 * there, so this does not depend on what the machine has installed (Windows
 * has German_Germany.1252 built in); if it cannot be set the test fails,
 * saying how to make it. */
static void use_comma_locale(void)
{
    if (!setlocale(LC_ALL, "de_DE.UTF-8") && !setlocale(LC_ALL, "German_Germany.1252")) /* POSIX; Windows */
        fail_msg("no comma-decimal locale: run the tests with `make check` (it makes de_DE.UTF-8 in the build "
                 "folder), or set LOCPATH to a folder made with: localedef -i de_DE -f UTF-8 FOLDER/de_DE.UTF-8");
    char probe[16];
    snprintf(probe, sizeof probe, "%.1f", 2.5);
    assert_string_equal(probe, "2,5"); /* the locale is in force */
    assert_string_equal(localeconv()->decimal_point, ",");
}

static void numbers_should_not_depend_on_the_locale(void **state)
{
    (void)state;
    use_comma_locale();
    cp_error err;
    cp_path *p = cp_path_load(GOOD_DIR "/harbour_intro.json", &err);
    assert_non_null(p);
    assert_true(cp_path_keys(p)[1].time == 2.5);
    assert_true(cp_path_keys(p)[1].rotation.y == 0.38268343236508978);
    char *text = cp_path_save_memory(p, NULL, &err);
    assert_non_null(strstr(text, "\"t\": 2.5,"));
    assert_non_null(strstr(text, "0.3826834323650898"));
    assert_null(strstr(text, "2,5"));
    /* both conversions: the exact one and the long-number fallback (strtod) */
    double x, y;
    assert_int_equal(cp_json_parse_number("0.1234567890123456789", &x), CP_OK);
    assert_int_equal(cp_json_parse_number("0.12345678901234567890123456789e-5", &y), CP_OK);
    char buf[CP_JSON_NUMBER_SIZE];
    cp_json_format_number(-1.5e-7, buf);
    assert_string_equal(buf, "-1.5e-7");
    cp_json_format_number(123456.789, buf);
    assert_string_equal(buf, "123456.789");
    setlocale(LC_ALL, "C");
    assert_true(x == strtod("0.1234567890123456789", NULL));
    assert_true(y == strtod("0.12345678901234567890123456789e-5", NULL));
    free(text);
    cp_path_destroy(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(numbers_should_print_shortest_and_exact),
        cmocka_unit_test(numbers_should_read_like_strtod),
        cmocka_unit_test(numbers_should_not_depend_on_the_locale),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
