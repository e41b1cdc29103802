/* lib/gltf/gltf_extras.c - the exact path embedded in an exported glTF file.
 *
 * glTF animation data is single precision (section 3.11: sampler inputs and
 * translation/rotation outputs are floats), so an export alone cannot give
 * the path's doubles back. The export therefore also stores the path in the
 * animation's `extras` (section 3.2.10: application-specific data) as a
 * campath file object, and import prefers it when it agrees with the float
 * data. The object is a valid campath file (format version 1): a person can
 * cut it out of the .gltf and load it. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gltf_impl.h"

/* ---- writing ----------------------------------------------------------------- */

static int is_known_top(const char *name)
{
    static const char *const known[] = {"campath", "name", "interpolation", "ends", "period", "keys"};
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
        if (strcmp(name, known[i]) == 0)
            return 1;
    return 0;
}

static int is_known_key(const char *name)
{
    return strcmp(name, "t") == 0 || strcmp(name, "position") == 0 || strcmp(name, "rotation") == 0 ||
           strcmp(name, "fov") == 0;
}

/* The members of an object given as JSON text (the path's metadata), each
 * preceded by a comma; text that is not an object is left out rather than
 * allowed to make the whole file invalid. */
static void put_members(cpi_buf *b, const char *object_text, int (*skip)(const char *))
{
    if (!object_text)
        return;
    cJSON *obj = cJSON_Parse(object_text);
    if (cJSON_IsObject(obj)) {
        for (const cJSON *m = obj->child; m; m = m->next) {
            if (!m->string || skip(m->string))
                continue;
            char *text = cJSON_PrintUnformatted(m);
            if (!text) {
                b->failed = 1;
                break;
            }
            cpi_buf_puts(b, ",");
            cpi_buf_json_string(b, m->string, strlen(m->string));
            cpi_buf_puts(b, ":");
            cpi_buf_puts(b, text);
            cJSON_free(text);
        }
    }
    cJSON_Delete(obj);
}

static void put_array(cpi_buf *b, const double *v, int n)
{
    cpi_buf_puts(b, "[");
    for (int i = 0; i < n; i++) {
        if (i)
            cpi_buf_puts(b, ", ");
        cpi_buf_double(b, v[i]);
    }
    cpi_buf_puts(b, "]");
}

void cpi_gltf_write_path_object(cpi_buf *b, const cp_path *path)
{
    const cp_path_options o = cp_path_get_options(path);
    cpi_buf_puts(b, "{\n        \"campath\": 1");
    if (cp_path_name(path)) {
        cpi_buf_puts(b, ",\n        \"name\": ");
        cpi_buf_json_string(b, cp_path_name(path), strlen(cp_path_name(path)));
    }
    cpi_buf_printf(b,
                        ",\n        \"interpolation\": {\"position\": \"%s\", \"rotation\": \"%s\", \"fov\": \"%s\"}",
                        cp_interp_name(o.position), cp_interp_name(o.rotation), cp_interp_name(o.fov));
    cpi_buf_printf(b, ",\n        \"ends\": \"%s\"", cp_ends_name(o.ends));
    if (o.ends == CP_ENDS_CLOSED) {
        cpi_buf_puts(b, ",\n        \"period\": ");
        cpi_buf_double(b, o.period);
    }
    put_members(b, cp_path_extras(path), is_known_top);
    cpi_buf_puts(b, ",\n        \"keys\": [");
    const cp_key *keys = cp_path_keys(path);
    for (size_t i = 0; i < cp_path_key_count(path); i++) {
        const cp_key *k = &keys[i];
        const double pos[3] = {k->position.x, k->position.y, k->position.z};
        const double rot[4] = {k->rotation.x, k->rotation.y, k->rotation.z, k->rotation.w};
        cpi_buf_puts(b, i ? ",\n          {\"t\": " : "\n          {\"t\": ");
        cpi_buf_double(b, k->time);
        cpi_buf_puts(b, ", \"position\": ");
        put_array(b, pos, 3);
        cpi_buf_puts(b, ", \"rotation\": ");
        put_array(b, rot, 4);
        cpi_buf_puts(b, ", \"fov\": ");
        cpi_buf_double(b, k->fov);
        put_members(b, cp_path_key_extras(path, i), is_known_key);
        cpi_buf_puts(b, "}");
    }
    cpi_buf_puts(b, "\n        ]\n      }");
}

double cpi_gltf_time_offset(const cp_path *path)
{
    double start = cp_path_start(path);
    return start < 0 ? start : 0.0;
}

/* ---- reading -------------------------------------------------------------------- */

static int get_number(const cJSON *obj, const char *name, double *out, const char *where, cp_error *error)
{
    const cJSON *item = cJSON_GetObjectItemCaseSensitive(obj, name);
    if (!cJSON_IsNumber(item) || !isfinite(item->valuedouble))
        return cpi_error_set(error, CP_ERR_INVALID, "extras.campath%s.%s: a finite number expected", where, name);
    *out = item->valuedouble;
    return CP_OK;
}

static int get_numbers(const cJSON *obj, const char *name, double *out, int n, const char *where, cp_error *error)
{
    const cJSON *arr = cJSON_GetObjectItemCaseSensitive(obj, name);
    if (!cJSON_IsArray(arr) || cJSON_GetArraySize(arr) != n)
        return cpi_error_set(error, CP_ERR_INVALID, "extras.campath%s.%s: an array of %d numbers expected", where, name,
                             n);
    int i = 0;
    for (const cJSON *v = arr->child; v; v = v->next, i++) {
        if (!cJSON_IsNumber(v) || !isfinite(v->valuedouble))
            return cpi_error_set(error, CP_ERR_INVALID, "extras.campath%s.%s[%d]: a finite number expected", where,
                                 name, i);
        out[i] = v->valuedouble;
    }
    return CP_OK;
}

static int get_interp(const cJSON *interp, const char *name, cp_interp *out, cp_error *error)
{
    const cJSON *item = cJSON_IsString(interp) ? interp : cJSON_GetObjectItemCaseSensitive(interp, name);
    if (!item)
        return CP_OK; /* the default, c2, is already in *out */
    if (!cJSON_IsString(item) || cp_interp_parse(item->valuestring, out) != 0)
        return cpi_error_set(error, CP_ERR_INVALID, "extras.campath.interpolation.%s: unknown interpolation", name);
    return CP_OK;
}

/* The members not in `known`, as JSON object text (NULL if there are none). */
static int unknown_members(const cJSON *obj, int (*known)(const char *), char **out, cp_error *error)
{
    *out = NULL;
    cJSON *copy = NULL;
    for (const cJSON *m = obj->child; m; m = m->next) {
        if (!m->string || known(m->string))
            continue;
        if (!copy && !(copy = cJSON_CreateObject()))
            goto oom;
        cJSON *dup = cJSON_Duplicate(m, 1);
        if (!dup)
            goto oom;
        cJSON_AddItemToObject(copy, m->string, dup);
    }
    if (copy) {
        char *text = cJSON_PrintUnformatted(copy);
        if (!text)
            goto oom;
        *out = cpi_strdup(text);
        cJSON_free(text);
        if (!*out)
            goto oom;
    }
    cJSON_Delete(copy);
    return CP_OK;
oom:
    cJSON_Delete(copy);
    return cpi_error_set(error, CP_ERR_MEMORY, "extras.campath: out of memory");
}

static int read_keys(const cJSON *arr, cp_key *keys, char **key_extras, cp_error *error)
{
    size_t i = 0;
    for (const cJSON *k = arr->child; k; k = k->next, i++) {
        char where[48];
        snprintf(where, sizeof where, ".keys[%zu]", i);
        double pos[3], rot[4];
        if (!cJSON_IsObject(k))
            return cpi_error_set(error, CP_ERR_INVALID, "extras.campath%s: an object expected", where);
        keys[i].fov = 60.0;
        int rc = get_number(k, "t", &keys[i].time, where, error);
        if (rc == CP_OK)
            rc = get_numbers(k, "position", pos, 3, where, error);
        if (rc == CP_OK)
            rc = get_numbers(k, "rotation", rot, 4, where, error);
        if (rc == CP_OK && cJSON_GetObjectItemCaseSensitive(k, "fov"))
            rc = get_number(k, "fov", &keys[i].fov, where, error);
        if (rc == CP_OK)
            rc = unknown_members(k, is_known_key, &key_extras[i], error);
        if (rc != CP_OK)
            return rc;
        keys[i].position = cp_vec3_make(pos[0], pos[1], pos[2]);
        keys[i].rotation = cp_quat_make(rot[0], rot[1], rot[2], rot[3]);
    }
    return CP_OK;
}

cp_path *cpi_gltf_read_path_object(const cJSON *obj, cp_error *error)
{
    if (!cJSON_IsObject(obj)) {
        cpi_error_set(error, CP_ERR_INVALID, "extras.campath: an object expected");
        return NULL;
    }
    const cJSON *version = cJSON_GetObjectItemCaseSensitive(obj, "campath");
    if (!cJSON_IsNumber(version) || version->valuedouble != 1.0) {
        cpi_error_set(error, CP_ERR_UNSUPPORTED, "extras.campath.campath: format version 1 expected");
        return NULL;
    }
    cp_path_options o = {0};
    const cJSON *interp = cJSON_GetObjectItemCaseSensitive(obj, "interpolation");
    const cJSON *ends = cJSON_GetObjectItemCaseSensitive(obj, "ends");
    const cJSON *arr = cJSON_GetObjectItemCaseSensitive(obj, "keys");
    const cJSON *name = cJSON_GetObjectItemCaseSensitive(obj, "name");
    if (get_interp(interp, "position", &o.position, error) != CP_OK ||
        get_interp(interp, "rotation", &o.rotation, error) != CP_OK ||
        get_interp(interp, "fov", &o.fov, error) != CP_OK)
        return NULL;
    if (ends && (!cJSON_IsString(ends) || cp_ends_parse(ends->valuestring, &o.ends) != 0)) {
        cpi_error_set(error, CP_ERR_INVALID, "extras.campath.ends: \"natural\", \"rest\" or \"closed\" expected");
        return NULL;
    }
    if (o.ends == CP_ENDS_CLOSED && get_number(obj, "period", &o.period, "", error) != CP_OK)
        return NULL;
    if (name && !cJSON_IsString(name)) {
        cpi_error_set(error, CP_ERR_INVALID, "extras.campath.name: a string expected");
        return NULL;
    }
    if (!cJSON_IsArray(arr)) {
        cpi_error_set(error, CP_ERR_INVALID, "extras.campath.keys: an array expected");
        return NULL;
    }
    size_t n = (size_t)cJSON_GetArraySize(arr);
    cp_key *keys = calloc(n ? n : 1, sizeof *keys);
    char **key_extras = calloc(n ? n : 1, sizeof *key_extras);
    char *extras = NULL;
    cp_path *path = NULL;
    if (!keys || !key_extras) {
        cpi_error_set(error, CP_ERR_MEMORY, "extras.campath: out of memory for %zu keys", n);
        goto done;
    }
    if (read_keys(arr, keys, key_extras, error) != CP_OK || unknown_members(obj, is_known_top, &extras, error) != CP_OK)
        goto done;
    path = cp_path_create(keys, n, &o, error);
    if (!path) {
        cpi_error_prefix(error, "extras.campath: ");
        goto done;
    }
    int any_key_extras = 0;
    for (size_t i = 0; i < n; i++)
        any_key_extras |= key_extras[i] != NULL;
    if (cp_path_set_meta(path, name ? name->valuestring : NULL, extras,
                         any_key_extras ? (const char *const *)key_extras : NULL, error) != CP_OK) {
        cp_path_destroy(path);
        path = NULL;
    }
done:
    if (key_extras)
        for (size_t i = 0; i < n; i++)
            free(key_extras[i]);
    free(key_extras);
    free(keys);
    free(extras);
    return path;
}
