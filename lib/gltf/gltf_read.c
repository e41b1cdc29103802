/* SPDX-License-Identifier: MIT */
/* lib/gltf/gltf_read.c - the camera animation of one node, read from a glTF 2.0
 * document (.gltf text or .glb container).
 *
 * References: glTF 2.0 specification sections 3.5 (nodes and hierarchy),
 * 3.10 (cameras), 3.11 (animations: channels target a node's translation,
 * rotation, scale or weights) and 4.4 (the GLB container);
 * KHR_animation_pointer for an animated yfov. */
#include <ctype.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gltf_impl.h"
#include "json_impl.h"

/* "node 2 'Camera'" for nodes[index] (`node`, which may be NULL). */
static void node_label_of(const cJSON *node, size_t index, char *out, size_t size)
{
    const cJSON *name = cJSON_GetObjectItemCaseSensitive(node, "name");
    if (cJSON_IsString(name))
        snprintf(out, size, "node %zu '%s'", index, name->valuestring);
    else
        snprintf(out, size, "node %zu", index);
}

static void node_label(const cJSON *root, size_t index, char *out, size_t size)
{
    node_label_of(cpi_gltf_array_item(root, "nodes", index), index, out, size);
}

/* ---- container and document -------------------------------------------------------- */

static int parse(cpi_gltf_reader *r, const unsigned char *data, size_t size)
{
    const char *json = (const char *)data;
    size_t json_size = size;
    if (cpi_gltf_is_glb(data, size)) {
        int rc = cpi_gltf_glb_split(r, data, size, &json, &json_size);
        if (rc != CP_OK)
            return rc;
    }
    r->json = json;
    r->json_size = json_size;
    r->root = cJSON_ParseWithLength(json, json_size);
    if (!r->root) {
        /* cJSON says neither where nor whether it ran out of memory: the
         * JSON layer's scanner says what is wrong, and where */
        cpi_scan s = {.text = json, .size = json_size};
        if (cpi_scan_skip_value(&s) == 0) {
            cpi_scan_ws(&s);
            if (s.pos < s.size)
                cpi_scan_fail(&s, s.pos, "unexpected text after the end of the JSON object");
        }
        if (!s.failed)
            return cpi_gltf_fail(r, CP_ERR_MEMORY, "out of memory for the JSON document");
        unsigned long line, col;
        cpi_line_col(json, s.err_pos, &line, &col);
        return cpi_error_set(r->error, s.err_code, "%s:%lu:%lu: %s", r->source, line, col, s.err);
    }
    if (!cJSON_IsObject(r->root))
        return cpi_gltf_fail(r, CP_ERR_SYNTAX, "a glTF document is a JSON object");
    const cJSON *asset = cJSON_GetObjectItemCaseSensitive(r->root, "asset");
    const cJSON *version = cJSON_GetObjectItemCaseSensitive(asset, "version");
    if (!cJSON_IsString(version))
        return cpi_gltf_fail(r, CP_ERR_INVALID, "asset.version: missing (not a glTF file?)");
    if (strncmp(version->valuestring, "2.", 2) != 0)
        return cpi_gltf_fail(r, CP_ERR_UNSUPPORTED, "asset.version: glTF %s is not supported (2.0 expected)",
                             version->valuestring);
    const cJSON *buffers = cJSON_GetObjectItemCaseSensitive(r->root, "buffers");
    r->nbuffers = cJSON_IsArray(buffers) ? (size_t)cJSON_GetArraySize(buffers) : 0;
    r->buffers = calloc(r->nbuffers ? r->nbuffers : 1, sizeof *r->buffers);
    if (!r->buffers) {
        r->nbuffers = 0; /* nothing to free */
        return cpi_gltf_fail(r, CP_ERR_MEMORY, "out of memory");
    }
    return CP_OK;
}

/* ---- choosing the node ----------------------------------------------------------------------- */

static int find_node(cpi_gltf_reader *r, const cp_gltf_import_options *o, size_t *out)
{
    const cJSON *nodes = cJSON_GetObjectItemCaseSensitive(r->root, "nodes");
    const size_t n = cJSON_IsArray(nodes) ? (size_t)cJSON_GetArraySize(nodes) : 0;
    const cJSON *first = n ? nodes->child : NULL; /* walked as a list: cJSON_GetArrayItem is a linear search */
    char cams[160] = "";
    size_t used = 0, ncams = 0, i = 0;
    for (const cJSON *node = first; node; node = node->next, i++) {
        if (cJSON_GetObjectItemCaseSensitive(node, "camera") && used + 40 < sizeof cams) {
            char label[96];
            node_label_of(node, i, label, sizeof label);
            used += (size_t)snprintf(cams + used, sizeof cams - used, "%s%.36s", ncams ? ", " : "", label);
            ncams++;
        }
    }
    const char *want = o ? o->node : NULL;
    size_t found = n;
    if (want && *want) {
        char *end = NULL;
        unsigned long long idx = strtoull(want, &end, 10);
        if (isdigit((unsigned char)want[0]) && end && *end == '\0') {
            if (idx >= n)
                return cpi_gltf_fail(r, CP_ERR_INVALID, "node %s: the file has %zu nodes (camera nodes: %s)", want, n,
                                     ncams ? cams : "none");
            found = (size_t)idx;
        }
        i = 0;
        for (const cJSON *node = first; found == n && node; node = node->next, i++) {
            const cJSON *name = cJSON_GetObjectItemCaseSensitive(node, "name");
            if (cJSON_IsString(name) && strcmp(name->valuestring, want) == 0)
                found = i;
        }
        if (found == n)
            return cpi_gltf_fail(r, CP_ERR_INVALID, "no node named '%s' (camera nodes: %s)", want,
                                 ncams ? cams : "none");
    } else {
        i = 0;
        for (const cJSON *node = first; found == n && node; node = node->next, i++)
            if (cJSON_GetObjectItemCaseSensitive(node, "camera"))
                found = i;
        if (found == n)
            return cpi_gltf_fail(r, CP_ERR_UNSUPPORTED, "no node has a camera (campath imports camera animations)");
    }
    if (!cJSON_IsObject(cJSON_GetArrayItem(nodes, (int)found)))
        return cpi_gltf_fail(r, CP_ERR_INVALID, "nodes[%zu]: an object expected", found);
    *out = found;
    return CP_OK;
}

static int is_identity_transform(const cJSON *node)
{
    double m[16], t[3], q[4], s[3];
    if (cpi_gltf_get_numbers(node, "matrix", m, 16) > 0)
        for (int i = 0; i < 16; i++)
            if (fabs(m[i] - (i % 5 == 0 ? 1.0 : 0.0)) > 1e-9)
                return 0;
    if (cpi_gltf_get_numbers(node, "translation", t, 3) > 0 && (t[0] != 0 || t[1] != 0 || t[2] != 0))
        return 0;
    if (cpi_gltf_get_numbers(node, "rotation", q, 4) > 0 && fabs(fabs(q[3]) - 1.0) > 1e-9)
        return 0;
    if (cpi_gltf_get_numbers(node, "scale", s, 3) > 0 && (s[0] != 1 || s[1] != 1 || s[2] != 1))
        return 0;
    return 1;
}

/* campath reads the node's own (local) transform, which is the camera's pose
 * only if every ancestor leaves it alone. The hierarchy is indexed once, so
 * that files with many nodes or a deep hierarchy cost linear time. */
typedef struct node_info {
    const cJSON *item;
    size_t       parent;   /* the first node that lists this one as a child; n if none */
    int          animated; /* a channel targets it */
} node_info;

static int check_ancestors(cpi_gltf_reader *r, size_t node, const char *label)
{
    const cJSON *nodes = cJSON_GetObjectItemCaseSensitive(r->root, "nodes");
    const size_t n = (size_t)cJSON_GetArraySize(nodes);
    node_info *info = cpi_alloc_array(n ? n : 1, sizeof *info);
    if (!info)
        return cpi_gltf_fail(r, CP_ERR_MEMORY, "out of memory for %zu nodes", n);
    size_t i = 0;
    for (const cJSON *nd = n ? nodes->child : NULL; nd && i < n; nd = nd->next, i++)
        info[i] = (node_info){nd, n, 0};
    for (i = 0; i < n; i++) {
        const cJSON *children = cJSON_GetObjectItemCaseSensitive(info[i].item, "children");
        for (const cJSON *c = cJSON_IsArray(children) ? children->child : NULL; c; c = c->next) {
            size_t child = n;
            if (cJSON_IsNumber(c) && c->valuedouble >= 0 && c->valuedouble < (double)n &&
                c->valuedouble == floor(c->valuedouble))
                child = (size_t)c->valuedouble;
            if (child < n && info[child].parent == n)
                info[child].parent = i;
        }
    }
    const cJSON *anims = cJSON_GetObjectItemCaseSensitive(r->root, "animations");
    for (const cJSON *a = cJSON_IsArray(anims) ? anims->child : NULL; a; a = a->next) {
        const cJSON *chans = cJSON_GetObjectItemCaseSensitive(a, "channels");
        for (const cJSON *c = cJSON_IsArray(chans) ? chans->child : NULL; c; c = c->next) {
            size_t target = n;
            if (cpi_gltf_get_index(cJSON_GetObjectItemCaseSensitive(c, "target"), "node", &target) == 1 && target < n)
                info[target].animated = 1;
        }
    }
    int rc = CP_OK;
    size_t cur = node, depth = 0;
    for (; rc == CP_OK && depth < n; depth++) {
        const size_t parent = info[cur].parent;
        if (parent == n)
            break;
        if (parent == node) {
            depth = n; /* the camera node is its own ancestor */
            break;
        }
        char plabel[96];
        node_label_of(info[parent].item, parent, plabel, sizeof plabel);
        if (!is_identity_transform(info[parent].item))
            rc = cpi_gltf_fail(r, CP_ERR_UNSUPPORTED,
                               "%s is a child of %s, whose transform is not the identity; campath reads the camera's "
                               "local animation only",
                               label, plabel);
        else if (info[parent].animated)
            rc = cpi_gltf_fail(r, CP_ERR_UNSUPPORTED,
                               "%s is a child of the animated %s; campath reads the camera's local animation only",
                               label, plabel);
        cur = parent;
    }
    free(info);
    if (rc == CP_OK && depth >= n)
        rc = cpi_gltf_fail(r, CP_ERR_INVALID, "the node hierarchy above %s has a cycle", label);
    return rc;
}

/* ---- channels ---------------------------------------------------------------------------------- */

enum target { T_NONE, T_TRANSLATION, T_ROTATION, T_FOV, T_SCALE, T_WEIGHTS, T_CAMERA_OTHER };

/* Parses "/<collection>/<index>/<rest>"; returns rest or NULL. */
static const char *pointer_index(const char *p, const char *collection, size_t *index)
{
    size_t n = strlen(collection);
    if (p[0] != '/' || strncmp(p + 1, collection, n) != 0 || p[n + 1] != '/' || !isdigit((unsigned char)p[n + 2]))
        return NULL;
    char *end = NULL;
    unsigned long long v = strtoull(p + n + 2, &end, 10);
    if (!end || *end != '/')
        return NULL;
    *index = (size_t)v;
    return end + 1;
}

/* What `chan` animates of the node or its camera; *what gets its name. */
static enum target channel_target(const cJSON *chan, size_t node, size_t camera, const char **what)
{
    const cJSON *target = cJSON_GetObjectItemCaseSensitive(chan, "target");
    const cJSON *path = cJSON_GetObjectItemCaseSensitive(target, "path");
    if (!cJSON_IsString(path))
        return T_NONE;
    const char *prop = path->valuestring;
    size_t idx = 0;
    if (strcmp(prop, "pointer") == 0) {
        const cJSON *ext = cJSON_GetObjectItemCaseSensitive(target, "extensions");
        const cJSON *ptr =
            cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(ext, "KHR_animation_pointer"), "pointer");
        if (!cJSON_IsString(ptr))
            return T_NONE;
        const char *rest;
        if ((rest = pointer_index(ptr->valuestring, "cameras", &idx)) && idx == camera) {
            *what = ptr->valuestring;
            return strcmp(rest, "perspective/yfov") == 0 ? T_FOV : T_CAMERA_OTHER;
        }
        if (!(rest = pointer_index(ptr->valuestring, "nodes", &idx)) || idx != node)
            return T_NONE;
        prop = rest;
    } else if (cpi_gltf_get_index(target, "node", &idx) != 1 || idx != node) {
        return T_NONE;
    }
    *what = prop;
    if (strcmp(prop, "translation") == 0)
        return T_TRANSLATION;
    if (strcmp(prop, "rotation") == 0)
        return T_ROTATION;
    if (strcmp(prop, "scale") == 0)
        return T_SCALE;
    return T_WEIGHTS; /* "weights", or another node property a pointer may name */
}

static int all_ones(const cpi_gltf_sampler *s)
{
    for (size_t i = 0; i < s->count * 3; i++)
        if (fabs(s->values[i] - 1.0) > 1e-6 ||
            (s->in_tangents && (fabs(s->in_tangents[i]) > 1e-6 || fabs(s->out_tangents[i]) > 1e-6)))
            return 0;
    return 1;
}

static int read_channels(cpi_gltf_reader *r, size_t camera, cpi_gltf_camera_anim *a)
{
    const cJSON *anims = cJSON_GetObjectItemCaseSensitive(r->root, "animations");
    size_t ai = 0;
    for (const cJSON *anim = cJSON_IsArray(anims) ? anims->child : NULL; anim; anim = anim->next, ai++) {
        const cJSON *chans = cJSON_GetObjectItemCaseSensitive(anim, "channels");
        for (const cJSON *c = cJSON_IsArray(chans) ? chans->child : NULL; c; c = c->next) {
            const char *what = "";
            enum target t = channel_target(c, a->node, camera, &what);
            if (t == T_NONE)
                continue;
            if (a->animation < 0)
                a->animation = (int)ai;
            else if ((size_t)a->animation != ai)
                break; /* the first animation of the node is the one read */
            size_t si = 0;
            if (cpi_gltf_get_index(c, "sampler", &si) != 1)
                return cpi_gltf_fail(r, CP_ERR_INVALID, "animations[%zu]: a channel without a sampler", ai);
            if (t == T_WEIGHTS || t == T_CAMERA_OTHER)
                return cpi_gltf_fail(
                    r, CP_ERR_UNSUPPORTED,
                    "animations[%zu] animates '%s' of %s; a campath path holds only translation, rotation "
                    "and the camera's yfov",
                    ai, what, a->node_label);
            const int slot = t == T_TRANSLATION ? CPI_GLTF_TRANSLATION
                             : t == T_ROTATION  ? CPI_GLTF_ROTATION
                             : t == T_FOV       ? CPI_GLTF_FOV
                                                : -1;
            if (slot >= 0 && a->channel[slot])
                return cpi_gltf_fail(r, CP_ERR_UNSUPPORTED, "animations[%zu] animates the %s of %s twice", ai, what,
                                     a->node_label);
            cpi_gltf_sampler *s = NULL;
            int rc = cpi_gltf_read_sampler(r, anim, ai, si, t == T_ROTATION ? 4 : t == T_FOV ? 1 : 3, what, &s);
            if (rc != CP_OK)
                return rc;
            if (slot >= 0) {
                a->channel[slot] = s;
                continue;
            }
            int ones = all_ones(s);
            cpi_gltf_sampler_free(s);
            if (!ones)
                return cpi_gltf_fail(
                    r, CP_ERR_UNSUPPORTED,
                    "animations[%zu] scales %s; a camera path has no scale (only a constant scale of 1 is "
                    "accepted)",
                    ai, a->node_label);
        }
    }
    if (a->animation >= 0) {
        const cJSON *extras = cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(anims, a->animation), "extras");
        a->has_extras_path = cJSON_GetObjectItemCaseSensitive(extras, "campath") != NULL;
    }
    return CP_OK;
}

static int read_camera(cpi_gltf_reader *r, const cJSON *node, size_t *camera, cpi_gltf_camera_anim *a)
{
    if (cpi_gltf_get_index(node, "camera", camera) != 1)
        return cpi_gltf_fail(r, CP_ERR_UNSUPPORTED, "%s has no camera (campath imports camera animations)",
                             a->node_label);
    const cJSON *cam = cpi_gltf_array_item(r->root, "cameras", *camera);
    const cJSON *type = cJSON_GetObjectItemCaseSensitive(cam, "type");
    if (!cam || !cJSON_IsString(type))
        return cpi_gltf_fail(r, CP_ERR_INVALID, "cameras[%zu]: missing, or without a type", *camera);
    if (strcmp(type->valuestring, "perspective") != 0)
        return cpi_gltf_fail(r, CP_ERR_UNSUPPORTED, "cameras[%zu] of %s is %s; campath paths are perspective", *camera,
                             a->node_label, type->valuestring);
    const cJSON *yfov = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(cam, "perspective"), "yfov");
    if (!cJSON_IsNumber(yfov) || !(yfov->valuedouble > 0) || !(yfov->valuedouble < 3.14159265358979323846))
        return cpi_gltf_fail(r, CP_ERR_INVALID, "cameras[%zu].perspective.yfov: a number in (0, pi) radians expected",
                             *camera);
    a->yfov = yfov->valuedouble;
    a->rotation[3] = 1.0;
    double m[16];
    int has_matrix = cpi_gltf_get_numbers(node, "matrix", m, 16);
    for (int i = 0; has_matrix > 0 && i < 16; i++)
        if (fabs(m[i] - (i % 5 == 0 ? 1.0 : 0.0)) > 1e-9)
            has_matrix = -1;
    if (has_matrix < 0)
        return cpi_gltf_fail(r, CP_ERR_UNSUPPORTED, "%s is placed by a matrix; campath reads translation and rotation",
                             a->node_label);
    if (cpi_gltf_get_numbers(node, "translation", a->translation, 3) < 0 ||
        cpi_gltf_get_numbers(node, "rotation", a->rotation, 4) < 0)
        return cpi_gltf_fail(r, CP_ERR_INVALID, "%s: malformed translation or rotation", a->node_label);
    return CP_OK;
}

void cpi_gltf_camera_anim_free(cpi_gltf_camera_anim *anim)
{
    for (int i = 0; i < 3; i++)
        cpi_gltf_sampler_free(anim->channel[i]);
    memset(anim, 0, sizeof *anim);
}

int cpi_gltf_read(const void *data, size_t size, const char *source, const char *base_dir,
                  const cp_gltf_import_options *options, cJSON **root, cpi_gltf_camera_anim *anim, cp_error *error)
{
    cpi_gltf_reader r = {0};
    r.source = source;
    r.base_dir = base_dir;
    r.error = error;
    memset(anim, 0, sizeof *anim);
    anim->animation = -1;
    size_t camera = 0;
    int rc = parse(&r, data, size);
    if (rc == CP_OK)
        rc = find_node(&r, options, &anim->node);
    if (rc == CP_OK) {
        node_label(r.root, anim->node, anim->node_label, sizeof anim->node_label);
        rc = read_camera(&r, cpi_gltf_array_item(r.root, "nodes", anim->node), &camera, anim);
    }
    if (rc == CP_OK)
        rc = check_ancestors(&r, anim->node, anim->node_label);
    if (rc == CP_OK)
        rc = read_channels(&r, camera, anim);
    anim->json = r.json;
    anim->json_size = r.json_size;
    for (size_t i = 0; i < r.nbuffers; i++)
        free(r.buffers[i].bytes);
    free(r.buffers);
    if (rc != CP_OK) {
        cpi_gltf_camera_anim_free(anim);
        cJSON_Delete(r.root);
        return rc;
    }
    *root = r.root;
    return CP_OK;
}
