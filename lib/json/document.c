/* SPDX-License-Identifier: MIT */
/* lib/json/document.c - the public load and save calls, and cp_document: a path
 * file as plain, editable data. */
#include <stdlib.h>
#include <string.h>

#include "dtoa.h"
#include "json_impl.h"
#include "path_layout.h"

/* ---- numbers -------------------------------------------------------------------------- */

size_t cp_json_format_number(double x, char buf[CP_JSON_NUMBER_SIZE]) { return cpi_dtoa(x, buf); }

cp_status cp_json_parse_number(const char *text, double *out)
{
    cpi_scan s = {.text = text, .size = strlen(text)};
    double v;
    if (s.size == 0 || (text[0] != '-' && (text[0] < '0' || text[0] > '9')) || cpi_scan_number(&s, &v) != 0 ||
        s.pos != s.size)
        return CP_ERR_SYNTAX;
    *out = v;
    return CP_OK;
}

/* ---- loading --------------------------------------------------------------------------- */

cp_status cp_document_load_memory(const char *text, size_t size, const char *source, cp_document *doc, cp_error *error)
{
    return cpi_document_parse(text, size, source, doc, NULL, error);
}

cp_status cp_document_load(const char *file, cp_document *doc, cp_error *error)
{
    char *text;
    size_t size;
    memset(doc, 0, sizeof *doc);
    int rc = cpi_read_file(file, &text, &size, error);
    if (rc == CP_OK)
        rc = cpi_document_parse(text, size, file, doc, NULL, error);
    free(text);
    return rc;
}

/* Gives `path` (built from the document's keys) the document's name, scene
 * and extras; on failure the path is freed. */
static cp_path *with_meta(cp_path *path, const cp_document *doc, cp_error *error)
{
    if (path && (cp_path_set_meta(path, doc->name, doc->extras, (const char *const *)doc->key_extras, error) != CP_OK ||
                 cp_path_set_scene(path, doc->scene, error) != CP_OK)) {
        cp_path_destroy(path);
        return NULL;
    }
    return path;
}

cp_path *cp_path_load_memory(const char *text, size_t size, const char *source, cp_error *error)
{
    cp_document doc;
    cp_path *path;
    if (cpi_document_parse(text, size, source, &doc, &path, error) != CP_OK)
        return NULL;
    path = with_meta(path, &doc, error);
    cp_document_free(&doc);
    return path;
}

cp_path *cp_path_load(const char *file, cp_error *error)
{
    char *text;
    size_t size;
    if (cpi_read_file(file, &text, &size, error) != CP_OK)
        return NULL;
    cp_path *path = cp_path_load_memory(text, size, file, error);
    free(text);
    return path;
}

cp_path *cp_document_to_path(const cp_document *doc, cp_error *error)
{
    return with_meta(cp_path_create(doc->keys, doc->count, &doc->options, error), doc, error);
}

/* ---- saving ----------------------------------------------------------------------------- */

static cpi_path_view path_view(const cp_path *p)
{
    return (cpi_path_view){p->name, p->scene, p->opts, p->keys, p->count, p->extras,
                           (const char *const *)p->key_extras, 1};
}

static cpi_path_view document_view(const cp_document *d)
{
    return (cpi_path_view){d->name, d->scene, d->options, d->keys, d->count, d->extras,
                           (const char *const *)d->key_extras, 0};
}

static cp_status save(const cpi_path_view *v, const char *file, cp_error *error)
{
    cp_error local; /* the status is returned even when the caller wants no message */
    if (!error)
        error = &local;
    size_t size;
    char *text = cpi_json_write(v, &size, error);
    if (!text) {
        cpi_error_prefix(error, "%s: cannot save: ", file);
        return error->code;
    }
    cp_status rc = cp_write_file_atomic(file, text, size, error);
    free(text);
    return rc;
}

cp_status cp_path_save(const cp_path *path, const char *file, cp_error *error)
{
    cpi_path_view v = path_view(path);
    return save(&v, file, error);
}

char *cp_path_save_memory(const cp_path *path, size_t *size, cp_error *error)
{
    cpi_path_view v = path_view(path);
    return cpi_json_write(&v, size, error);
}

cp_status cp_document_save(const cp_document *doc, const char *file, cp_error *error)
{
    cpi_path_view v = document_view(doc);
    return save(&v, file, error);
}

char *cp_document_save_memory(const cp_document *doc, size_t *size, cp_error *error)
{
    cpi_path_view v = document_view(doc);
    return cpi_json_write(&v, size, error);
}

/* ---- editing ------------------------------------------------------------------------------ */

void cp_document_free(cp_document *doc)
{
    if (!doc)
        return;
    if (doc->key_extras)
        for (size_t i = 0; i < doc->count; i++)
            free(doc->key_extras[i]);
    for (size_t i = 0; i < doc->warning_count; i++)
        free(doc->warnings[i]);
    free(doc->key_extras);
    free(doc->warnings);
    free(doc->keys);
    free(doc->name);
    free(doc->scene);
    free(doc->extras);
    memset(doc, 0, sizeof *doc);
}

static int oom(cp_error *error) { return cpi_error_set(error, CP_ERR_MEMORY, "out of memory for the document"); }

/* Copies `n` strings (NULL entries stay NULL) into a new array; NULL if out of memory. */
static char **copy_strings(char *const *src, size_t n, size_t cap)
{
    char **dst = calloc(cap ? cap : 1, sizeof *dst);
    for (size_t i = 0; dst && i < n; i++) {
        if (src[i] && (dst[i] = cpi_strdup(src[i])) == NULL) {
            for (size_t j = 0; j < i; j++)
                free(dst[j]);
            free(dst);
            return NULL;
        }
    }
    return dst;
}

static int fill(cp_document *dst, const char *name, const char *scene, const cp_path_options *opts, const cp_key *keys, size_t count,
                const char *extras, char *const *key_extras, char *const *warnings, size_t warning_count,
                cp_error *error)
{
    cp_document d = {.options = *opts, .count = count, .capacity = count};
    d.name = cpi_strdup(name);
    d.scene = cpi_strdup(scene);
    d.extras = cpi_strdup(extras);
    d.keys = cpi_alloc_array(count ? count : 1, sizeof *d.keys);
    if (d.keys && count)
        memcpy(d.keys, keys, count * sizeof *keys);
    int ok = (!name || d.name) && (!scene || d.scene) && (!extras || d.extras) && d.keys;
    if (ok && key_extras)
        ok = (d.key_extras = copy_strings(key_extras, count, count)) != NULL;
    if (ok && warning_count) {
        ok = (d.warnings = copy_strings(warnings, warning_count, warning_count)) != NULL;
        d.warning_count = ok ? warning_count : 0;
    }
    if (!ok) {
        cp_document_free(&d);
        memset(dst, 0, sizeof *dst);
        return oom(error);
    }
    *dst = d;
    cpi_error_clear(error);
    return CP_OK;
}

cp_status cp_document_from_path(const cp_path *path, cp_document *doc, cp_error *error)
{
    return fill(doc, path->name, path->scene, &path->opts, path->keys, path->count, path->extras, path->key_extras, NULL, 0,
                error);
}

cp_status cp_document_copy(cp_document *dst, const cp_document *src, cp_error *error)
{
    return fill(dst, src->name, src->scene, &src->options, src->keys, src->count, src->extras, src->key_extras, src->warnings,
                src->warning_count, error);
}

cp_status cp_document_insert_key(cp_document *doc, size_t index, const cp_key *key, cp_error *error)
{
    if (index > doc->count)
        return cpi_error_set(error, CP_ERR_INVALID, "insert_key: index %zu is past the end (%zu keys)", index,
                             doc->count);
    if (doc->count == doc->capacity) {
        size_t cap = doc->capacity ? 2 * doc->capacity : 16;
        cp_key *k = realloc(doc->keys, cap * sizeof *k);
        if (!k)
            return oom(error);
        doc->keys = k;
        if (doc->key_extras) {
            char **x = realloc(doc->key_extras, cap * sizeof *x);
            if (!x)
                return oom(error);
            doc->key_extras = x;
        }
        doc->capacity = cap;
    }
    memmove(doc->keys + index + 1, doc->keys + index, (doc->count - index) * sizeof *doc->keys);
    doc->keys[index] = *key;
    if (doc->key_extras) {
        memmove(doc->key_extras + index + 1, doc->key_extras + index, (doc->count - index) * sizeof *doc->key_extras);
        doc->key_extras[index] = NULL;
    }
    doc->count++;
    cpi_error_clear(error);
    return CP_OK;
}

void cp_document_remove_key(cp_document *doc, size_t index)
{
    if (index >= doc->count)
        return;
    memmove(doc->keys + index, doc->keys + index + 1, (doc->count - index - 1) * sizeof *doc->keys);
    if (doc->key_extras) {
        free(doc->key_extras[index]);
        memmove(doc->key_extras + index, doc->key_extras + index + 1,
                (doc->count - index - 1) * sizeof *doc->key_extras);
    }
    doc->count--;
}
