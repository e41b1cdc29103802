/* SPDX-License-Identifier: MIT */
/* editor/core/hidden.c - the "hidden" member in a document's extras. */
#include "hidden.h"

#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *dup_text(const char *s)
{
    size_t n = strlen(s);
    char *c = malloc(n + 1);
    if (c)
        memcpy(c, s, n + 1);
    return c;
}

void ed_hidden_free(ed_hidden *h)
{
    for (size_t i = 0; i < h->count; i++)
        free(h->names[i]);
    free(h->names);
    h->names = NULL;
    h->count = 0;
}

int ed_hidden_equal(const ed_hidden *a, const ed_hidden *b)
{
    if (a->count != b->count)
        return 0;
    for (size_t i = 0; i < a->count; i++)
        if (strcmp(a->names[i], b->names[i]) != 0)
            return 0;
    return 1;
}

int ed_hidden_has(const ed_hidden *h, const char *name)
{
    for (size_t i = 0; i < h->count; i++)
        if (strcmp(h->names[i], name) == 0)
            return 1;
    return 0;
}

int ed_hidden_set(ed_hidden *h, const char *name, int hide)
{
    if (!hide) {
        size_t k = 0;
        for (size_t i = 0; i < h->count; i++) {
            if (strcmp(h->names[i], name) == 0)
                free(h->names[i]);
            else
                h->names[k++] = h->names[i];
        }
        h->count = k;
        return 0;
    }
    if (ed_hidden_has(h, name))
        return 0;
    char **grown = realloc(h->names, (h->count + 1) * sizeof *grown);
    if (!grown)
        return -1;
    h->names = grown;
    if (!(h->names[h->count] = dup_text(name)))
        return -1;
    h->count++;
    return 0;
}

int ed_hidden_read(const char *extras, ed_hidden *h)
{
    h->names = NULL;
    h->count = 0;
    if (!extras)
        return 0;
    cJSON *root = cJSON_Parse(extras);
    const cJSON *list = cJSON_GetObjectItemCaseSensitive(root, ED_HIDDEN_MEMBER);
    const cJSON *e;
    int rc = 0;
    if (!cJSON_IsArray(list))
        list = NULL;
    cJSON_ArrayForEach(e, list)
        if (cJSON_IsString(e) && e->valuestring[0] && ed_hidden_set(h, e->valuestring, 1) != 0) {
            rc = -1;
            break;
        }
    cJSON_Delete(root);
    if (rc)
        ed_hidden_free(h);
    return rc;
}

/* ---- writing: the other members kept byte for byte ------------------------------------------------ */

static size_t skip_ws(const char *s, size_t i)
{
    while (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r')
        i++;
    return i;
}

/* The end of the string that starts (with its quote) at i. */
static size_t skip_string(const char *s, size_t i)
{
    for (i++; s[i] && s[i] != '"'; i++)
        if (s[i] == '\\' && s[i + 1])
            i++;
    return s[i] ? i + 1 : i;
}

/* The end of the value at i (the object text was checked by the reader). */
static size_t skip_value(const char *s, size_t i)
{
    if (s[i] == '"')
        return skip_string(s, i);
    if (s[i] == '{' || s[i] == '[') {
        int depth = 0;
        while (s[i]) {
            if (s[i] == '"') {
                i = skip_string(s, i);
                continue;
            }
            if (s[i] == '{' || s[i] == '[')
                depth++;
            else if ((s[i] == '}' || s[i] == ']') && --depth == 0)
                return i + 1;
            i++;
        }
        return i;
    }
    while (s[i] && s[i] != ',' && s[i] != '}' && s[i] != ']' && s[i] != ' ' && s[i] != '\t' && s[i] != '\n' &&
           s[i] != '\r')
        i++;
    return i;
}

typedef struct text {
    char  *s;
    size_t len, cap;
    int    failed;
} text;

static void put(text *t, const char *s, size_t n)
{
    if (t->failed)
        return;
    if (t->len + n + 1 > t->cap) {
        size_t cap = t->cap ? t->cap : 64;
        while (cap < t->len + n + 1)
            cap *= 2;
        char *g = realloc(t->s, cap);
        if (!g) {
            t->failed = 1;
            return;
        }
        t->s = g;
        t->cap = cap;
    }
    memcpy(t->s + t->len, s, n);
    t->len += n;
    t->s[t->len] = '\0';
}

static void put_json_string(text *t, const char *s)
{
    put(t, "\"", 1);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        char esc[8];
        if (*p == '"' || *p == '\\') {
            esc[0] = '\\', esc[1] = (char)*p;
            put(t, esc, 2);
        } else if (*p < 0x20) {
            snprintf(esc, sizeof esc, "\\u%04x", *p);
            put(t, esc, 6);
        } else {
            put(t, (const char *)p, 1);
        }
    }
    put(t, "\"", 1);
}

int ed_hidden_write(const char *extras, const ed_hidden *h, char **out)
{
    text t = {NULL, 0, 0, 0};
    int members = 0;
    put(&t, "{", 1);
    size_t i = extras ? skip_ws(extras, 0) : 0;
    if (extras && extras[i] == '{') {
        i = skip_ws(extras, i + 1);
        while (extras[i] == '"') {
            size_t name = i, name_end = skip_string(extras, i);
            size_t value = skip_ws(extras, name_end);
            if (extras[value] == ':')
                value = skip_ws(extras, value + 1);
            size_t end = skip_value(extras, value);
            static const char ours[] = "\"" ED_HIDDEN_MEMBER "\"";
            if (!(name_end - name == sizeof ours - 1 && memcmp(extras + name, ours, sizeof ours - 1) == 0)) {
                if (members++)
                    put(&t, ", ", 2);
                put(&t, extras + name, end - name);
            }
            i = skip_ws(extras, end);
            if (extras[i] != ',')
                break;
            i = skip_ws(extras, i + 1);
        }
    }
    if (h->count) {
        if (members++)
            put(&t, ", ", 2);
        put(&t, "\"" ED_HIDDEN_MEMBER "\": [", sizeof ED_HIDDEN_MEMBER + 4);
        for (size_t k = 0; k < h->count; k++) {
            if (k)
                put(&t, ", ", 2);
            put_json_string(&t, h->names[k]);
        }
        put(&t, "]", 1);
    }
    put(&t, "}", 1);
    if (t.failed) {
        free(t.s);
        return -1;
    }
    if (!members) {
        free(t.s);
        t.s = NULL;
    }
    *out = t.s;
    return 0;
}
