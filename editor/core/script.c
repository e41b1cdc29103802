/* SPDX-License-Identifier: MIT */
/* editor/core/script.c - the headless command language: lines, words, files. */
#include "script.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- lines --------------------------------------------------------------------------------- */

/* Splits `buf` in place into words; "quoted words" may hold blanks. */
static int split(char *buf, char **words, int max)
{
    int n = 0;
    char *p = buf;
    for (;;) {
        while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
            p++;
        if (*p == '\0' || *p == '#')
            return n;
        if (n == max)
            return -1;
        if (*p == '"') {
            words[n++] = ++p;
            while (*p && *p != '"')
                p++;
            if (*p != '"')
                return -2;
        } else {
            words[n++] = p;
            while (*p && *p != ' ' && *p != '\t' && *p != '\r' && *p != '\n')
                p++;
        }
        if (*p == '\0')
            return n;
        *p++ = '\0';
    }
}

int ed_script_line(ed_script *s, const char *text, char *err, size_t err_size)
{
    char buf[ED_SCRIPT_MAX_LINE];
    char *words[ED_SCRIPT_MAX_WORDS];
    if (strlen(text) >= sizeof buf)
        return ed_script_fail(s, err, err_size, "line longer than %d characters", ED_SCRIPT_MAX_LINE - 1);
    strcpy(buf, text);
    int n = split(buf, words, ED_SCRIPT_MAX_WORDS);
    if (n == -1)
        return ed_script_fail(s, err, err_size, "more than %d words", ED_SCRIPT_MAX_WORDS);
    if (n == -2)
        return ed_script_fail(s, err, err_size, "a quoted word has no closing quote");
    if (n == 0)
        return 0;
    size_t count;
    const ed_script_command *c = ed_script_commands(&count);
    for (size_t i = 0; i < count; i++) {
        if (strcmp(words[0], c[i].name) != 0)
            continue;
        if (n - 1 < c[i].min_args || n - 1 > c[i].max_args)
            return ed_script_fail(s, err, err_size, "usage: %s", c[i].usage);
        return c[i].run(s, n, words, err, err_size);
    }
    return ed_script_fail(s, err, err_size, "unknown command '%s' (docs/editor.md lists the commands)", words[0]);
}

int ed_script_run_file(ed_script *s, const char *file, char *err, size_t err_size)
{
    FILE *f = fopen(file, "r");
    s->source = file;
    s->line = 0;
    if (!f) {
        snprintf(err, err_size, "%s: cannot open the script: %s", file, strerror(errno));
        return -1;
    }
    char line[ED_SCRIPT_MAX_LINE + 2];
    int rc = 0;
    while (!s->done && fgets(line, sizeof line, f)) {
        s->line++;
        size_t len = strlen(line);
        if (len == sizeof line - 1 && line[len - 1] != '\n') {
            rc = ed_script_fail(s, err, err_size, "line longer than %d characters", ED_SCRIPT_MAX_LINE - 1);
            break;
        }
        if ((rc = ed_script_line(s, line, err, err_size)) != 0)
            break;
    }
    if (rc == 0 && ferror(f))
        rc = ed_script_fail(s, err, err_size, "read error");
    fclose(f);
    return rc;
}
