/* SPDX-License-Identifier: MIT */
/* lib/gltf/gltf_extras.c - the exact path embedded in an exported glTF file.
 *
 * glTF animation data is single precision (section 3.11: sampler inputs and
 * translation/rotation outputs are floats), so an export alone cannot give
 * the path's doubles back. The export therefore also stores the path in the
 * animation's `extras` (section 3.2.10: application-specific data) as a
 * campath file object, and import prefers it when it agrees with the float
 * data. The object is written by the JSON layer's writer and read back by
 * its reader from the object's own text in the glTF, so it is a valid path
 * file, members campath does not know come back byte for byte, and errors
 * are the reader's, placed at their line and column in the glTF. */
#include <stdlib.h>
#include <string.h>

#include "gltf_impl.h"
#include "json_impl.h"

int cpi_gltf_write_path_object(cpi_buf *b, const cp_path *path, cp_error *error)
{
    cp_error local; /* the status is needed even when the caller wants no message */
    if (!error)
        error = &local;
    size_t size;
    char *text = cp_path_save_memory(path, &size, error);
    if (!text) {
        cpi_error_prefix(error, "glTF export: the embedded path: ");
        return error->code;
    }
    /* the object verbatim: indenting it would change the bytes of unknown
     * members that span lines; only the final newline goes */
    while (size > 0 && text[size - 1] == '\n')
        size--;
    cpi_buf_append(b, text, size);
    free(text);
    return CP_OK;
}

double cpi_gltf_time_offset(const cp_path *path)
{
    double start = cp_path_start(path);
    return start < 0 ? start : 0.0;
}

/* ---- finding the object's text ---------------------------------------------------------------- */

/* Moves s past the value there and the comma after it, if any. 0, or -1 on a syntax error. */
static int skip_item(cpi_scan *s)
{
    if (cpi_scan_skip_value(s) != 0)
        return -1;
    cpi_scan_ws(s);
    if (s->pos < s->size && s->text[s->pos] == ',')
        s->pos++;
    return 0;
}

/* Moves s to the value of the object member `name` (the first of that name,
 * as cJSON finds it). 1 found, 0 not there, -1 syntax error. */
static int find_member(cpi_scan *s, cpi_string *str, const char *name)
{
    cpi_scan_ws(s);
    if (s->pos >= s->size || s->text[s->pos] != '{')
        return 0;
    s->pos++;
    const size_t n = strlen(name);
    for (;;) {
        cpi_scan_ws(s);
        if (s->pos >= s->size || s->text[s->pos] == '}')
            return 0;
        if (s->text[s->pos] != '"' || cpi_scan_string(s, str) != 0)
            return -1;
        cpi_scan_ws(s);
        if (s->pos >= s->size || s->text[s->pos] != ':')
            return -1;
        s->pos++;
        cpi_scan_ws(s);
        if (str->length == n && !str->has_nul && memcmp(str->decoded, name, n) == 0)
            return 1;
        if (skip_item(s) != 0)
            return -1;
    }
}

/* Moves s to element `index` of the array there. 1 found, 0 not there, -1 syntax error. */
static int find_element(cpi_scan *s, size_t index)
{
    cpi_scan_ws(s);
    if (s->pos >= s->size || s->text[s->pos] != '[')
        return 0;
    s->pos++;
    for (size_t i = 0;; i++) {
        cpi_scan_ws(s);
        if (s->pos >= s->size || s->text[s->pos] == ']')
            return 0;
        if (i == index)
            return 1;
        if (skip_item(s) != 0)
            return -1;
    }
}

/* The span of animations[anim].extras.campath in the glTF JSON text. */
static int find_object(const char *json, size_t size, size_t anim, size_t *start, size_t *end)
{
    cpi_scan s = {.text = json, .size = size};
    cpi_string str = {0};
    int rc = find_member(&s, &str, "animations");
    if (rc == 1)
        rc = find_element(&s, anim);
    if (rc == 1)
        rc = find_member(&s, &str, "extras");
    if (rc == 1)
        rc = find_member(&s, &str, "campath");
    if (rc == 1) {
        *start = s.pos;
        rc = cpi_scan_skip_value(&s) == 0 ? 1 : -1;
        *end = s.pos;
    }
    free(str.buf);
    return rc;
}

cp_path *cpi_gltf_read_path_object(const char *json, size_t size, size_t anim, const char *source, cp_error *error)
{
    size_t start = 0, end = 0;
    if (find_object(json, size, anim, &start, &end) != 1) {
        cpi_error_set(error, CP_ERR_SYNTAX, "%s: animations[%zu].extras.campath: cannot be read as JSON text", source,
                      anim);
        return NULL;
    }
    /* The reader is given the object preceded by as many line breaks and
     * spaces as stand before it in the glTF, so that its messages carry the
     * line and column in the glTF file itself. */
    unsigned long line, col;
    cpi_line_col(json, start, &line, &col);
    const size_t pad = (size_t)(line - 1) + (size_t)(col - 1), n = pad + (end - start);
    char *text = malloc(n ? n : 1);
    if (!text) {
        cpi_error_set(error, CP_ERR_MEMORY, "%s: out of memory for the embedded path", source);
        return NULL;
    }
    memset(text, '\n', (size_t)(line - 1));
    memset(text + line - 1, ' ', (size_t)(col - 1));
    memcpy(text + pad, json + start, end - start);
    cp_path *path = cp_path_load_memory(text, n, source, error);
    free(text);
    return path;
}
