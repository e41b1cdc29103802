/* SPDX-License-Identifier: MIT */
/* editor/core/scan.c - a glTF scene looked through before assimp reads it. */
#include "scan.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "import.h"
#include "os.h"
#include "world.h"

#define GLB_MAGIC 0x46546C67u      /* "glTF" */
#define GLB_JSON 0x4E4F534Au       /* "JSON" */
#define GLB_BIN 0x004E4942u        /* "BIN\0" */

typedef struct scanner {
    const char *file;
    char       *err;
    size_t      err_size;
    int         v1;          /* glTF 1.0: sections are objects of named items */
} scanner;

__attribute__((format(printf, 2, 3))) static int refuse(scanner *s, const char *fmt, ...);
static int refuse(scanner *s, const char *fmt, ...)
{
    int n = snprintf(s->err, s->err_size, "%s: ", s->file);
    if (n >= 0 && (size_t)n < s->err_size) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(s->err + n, s->err_size - (size_t)n, fmt, ap);
        va_end(ap);
    }
    return -1;
}

static unsigned long le32(const unsigned char *p)
{
    return (unsigned long)p[0] | (unsigned long)p[1] << 8 | (unsigned long)p[2] << 16 | (unsigned long)p[3] << 24;
}

/* ---- the file: JSON text, or a GLB's JSON chunk ------------------------------------------------- */

static const char *chunk_name(unsigned long type, char *buf, size_t n)
{
    if (type == GLB_JSON)
        return "JSON";
    if (type == GLB_BIN)
        return "BIN";
    snprintf(buf, n, "0x%08lx", type);
    return buf;
}

/* The JSON a GLB holds (*at, *size), once its header and every chunk are
 * seen to fit the file: a length that does not is refused before anything
 * allocates for it. */
static int glb_json(scanner *s, ed_os_file *in, size_t file_size, size_t *at, size_t *size)
{
    unsigned char h[20];
    if (file_size < 12 || ed_os_read_at(in, 0, h, 12))
        return refuse(s, "a GLB of %zu bytes, shorter than its 12-byte header", file_size);
    unsigned long version = le32(h + 4), length = le32(h + 8);
    if (length > file_size)
        return refuse(s, "the GLB's header says it is %lu bytes long, but the file has %zu", length, file_size);
    if (length < 12)
        return refuse(s, "the GLB's header says it is %lu bytes long, shorter than the header itself", length);
    if (version == 1) {
        /* glTF 1.0's binary extension: one JSON content after a 20-byte header, then the body */
        if (length < 20 || ed_os_read_at(in, 0, h, 20))
            return refuse(s, "a version 1 GLB shorter than its 20-byte header");
        unsigned long content = le32(h + 12), format = le32(h + 16);
        if (content > length - 20)
            return refuse(s, "the GLB's content says it is %lu bytes long, but %lu bytes follow its header", content,
                          length - 20);
        if (format != 0)
            return refuse(s, "the GLB's content is not JSON (format %lu)", format);
        *at = 20;
        *size = content;
        return 0;
    }
    if (version != 2)
        return refuse(s, "a GLB of version %lu (the editor reads versions 1 and 2)", version);
    size_t pos = 12;
    int chunk = 0;
    *size = 0;
    while (length - pos >= 8) {
        unsigned char c[8];
        char name[16];
        if (ed_os_read_at(in, pos, c, 8))
            return refuse(s, "the GLB could not be read at byte %zu", pos);
        unsigned long clen = le32(c), type = le32(c + 4);
        if (clen > length - pos - 8)
            return refuse(s, "the GLB's chunk %d (%s) at byte %zu says it holds %lu bytes, but only %zu follow", chunk,
                          chunk_name(type, name, sizeof name), pos, clen, length - pos - 8);
        if (chunk == 0) {
            if (type != GLB_JSON)
                return refuse(s, "the GLB's first chunk is %s, not JSON", chunk_name(type, name, sizeof name));
            *at = pos + 8;
            *size = clen;
        }
        pos += 8 + clen;
        chunk++;
    }
    if (chunk == 0)
        return refuse(s, "the GLB holds no chunks");
    return 0;
}

/* An upper bound of the values the JSON holds (the root, and one after each
 * '[', '{' and ','), so that cJSON's tree is known to fit before it is made. */
static size_t count_values(const char *text, size_t n)
{
    size_t values = 1;
    int in_string = 0;
    for (size_t i = 0; i < n; i++) {
        char c = text[i];
        if (in_string) {
            if (c == '\\')
                i++;
            else if (c == '"')
                in_string = 0;
        } else if (c == '"') {
            in_string = 1;
        } else if (c == ',' || c == '[' || c == '{') {
            values++;
        }
    }
    return values;
}

/* ---- sections: glTF 2.0's arrays, glTF 1.0's objects of named items --------------------------------- */

typedef struct named {
    const char *name;
    size_t      index;
} named;

typedef struct section {
    const cJSON **items;
    named        *names;   /* 1.0: sorted by name */
    size_t        count;
} section;

static int by_name(const void *a, const void *b)
{
    return strcmp(((const named *)a)->name, ((const named *)b)->name);
}

static int section_init(scanner *s, section *sec, const cJSON *root, const char *member)
{
    memset(sec, 0, sizeof *sec);
    const cJSON *list = cJSON_GetObjectItemCaseSensitive(root, member);
    if (!list || !(s->v1 ? cJSON_IsObject(list) : cJSON_IsArray(list)))
        return 0;
    size_t n = 0;
    for (const cJSON *c = list->child; c; c = c->next)
        n++;
    sec->items = malloc((n ? n : 1) * sizeof *sec->items);
    sec->names = s->v1 ? malloc((n ? n : 1) * sizeof *sec->names) : NULL;
    if (!sec->items || (s->v1 && !sec->names))
        return refuse(s, "out of memory for the %zu %s", n, member);
    for (const cJSON *c = list->child; c; c = c->next, sec->count++) {
        sec->items[sec->count] = c;
        if (s->v1)
            sec->names[sec->count] = (named){c->string ? c->string : "", sec->count};
    }
    if (s->v1)
        qsort(sec->names, n, sizeof *sec->names, by_name);
    return 0;
}

static void section_free(section *sec)
{
    free(sec->items);
    free(sec->names);
    memset(sec, 0, sizeof *sec);
}

/* The item a reference names: an index (2.0) or a name (1.0); -1 when there is none such. */
static long resolve(const section *sec, const cJSON *ref)
{
    if (!ref)
        return -1;
    if (sec->names) {
        if (!cJSON_IsString(ref))
            return -1;
        named key = {ref->valuestring, 0};
        const named *hit = bsearch(&key, sec->names, sec->count, sizeof *sec->names, by_name);
        return hit ? (long)hit->index : -1;
    }
    if (!cJSON_IsNumber(ref) || !(ref->valuedouble >= 0) || ref->valuedouble != floor(ref->valuedouble) ||
        ref->valuedouble >= (double)sec->count)
        return -1;
    return (long)ref->valuedouble;
}

static double number(const cJSON *parent, const char *member, double fallback)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(parent, member);
    return cJSON_IsNumber(v) && isfinite(v->valuedouble) ? v->valuedouble : fallback;
}

/* ---- what the meshes hold -------------------------------------------------------------------------- */

typedef struct mesh_counts {
    double primitives, triangles, vertices;
} mesh_counts;

static double accessor_count(const section *accessors, const cJSON *ref)
{
    long a = resolve(accessors, ref);
    double c = a < 0 ? 0 : number(accessors->items[a], "count", 0);
    return c > 0 ? c : 0;
}

static double element_bytes(const cJSON *accessor)
{
    double component;
    switch ((int)number(accessor, "componentType", 0)) {
    case 5120: case 5121: component = 1; break;
    case 5122: case 5123: component = 2; break;
    default: component = 4; break;
    }
    static const struct {
        const char *type;
        double      n;
    } types[] = {{"SCALAR", 1}, {"VEC2", 2}, {"VEC3", 3}, {"VEC4", 4}, {"MAT2", 4}, {"MAT3", 9}, {"MAT4", 16}};
    const cJSON *t = cJSON_GetObjectItemCaseSensitive(accessor, "type");
    for (size_t i = 0; cJSON_IsString(t) && i < sizeof types / sizeof types[0]; i++)
        if (strcmp(t->valuestring, types[i].type) == 0)
            return component * types[i].n;
    return component * 16;
}

static mesh_counts count_mesh(const cJSON *mesh, const section *accessors)
{
    mesh_counts m = {0, 0, 0};
    const cJSON *prims = cJSON_GetObjectItemCaseSensitive(mesh, "primitives");
    for (const cJSON *p = cJSON_IsArray(prims) ? prims->child : NULL; p; p = p->next) {
        m.primitives++;
        const cJSON *attrs = cJSON_GetObjectItemCaseSensitive(p, "attributes");
        double verts = accessor_count(accessors, cJSON_GetObjectItemCaseSensitive(attrs, "POSITION"));
        const cJSON *indices = cJSON_GetObjectItemCaseSensitive(p, "indices");
        double n = indices ? accessor_count(accessors, indices) : verts;
        switch ((int)number(p, "mode", 4)) {
        case 4: m.triangles += floor(n / 3); break;
        case 5: case 6: m.triangles += n > 2 ? n - 2 : 0; break;
        default: break; /* points and lines: dropped */
        }
        m.vertices += verts;
        /* each morph target is a copy of the vertices in assimp */
        const cJSON *targets = cJSON_GetObjectItemCaseSensitive(p, "targets");
        for (const cJSON *t = cJSON_IsArray(targets) ? targets->child : NULL; t; t = t->next)
            m.vertices += accessor_count(accessors, cJSON_GetObjectItemCaseSensitive(t, "POSITION"));
    }
    return m;
}

/* ---- the node graph, instances expanded ------------------------------------------------------------- */

typedef struct node_counts {
    double nodes, depth, meshes, triangles, vertices;
} node_counts;

typedef struct frame {
    size_t       node;
    const cJSON *next;   /* the next child reference to visit */
} frame;

static const cJSON *children_of(const cJSON *node)
{
    const cJSON *c = cJSON_GetObjectItemCaseSensitive(node, "children");
    return cJSON_IsArray(c) ? c->child : NULL;
}

static node_counts own_counts(scanner *s, const cJSON *node, const section *meshes, const mesh_counts *mc)
{
    node_counts o = {1, 1, 0, 0, 0};
    /* 2.0: one "mesh"; 1.0: a list of "meshes" */
    const cJSON *one = cJSON_GetObjectItemCaseSensitive(node, s->v1 ? "meshes" : "mesh");
    const cJSON *ref = s->v1 ? (cJSON_IsArray(one) ? one->child : NULL) : one;
    for (; ref; ref = s->v1 ? ref->next : NULL) {
        long m = resolve(meshes, ref);
        if (m >= 0) {
            o.meshes += mc[m].primitives;
            o.triangles += mc[m].triangles;
            o.vertices += mc[m].vertices;
        }
    }
    return o;
}

static void node_name(scanner *s, const section *nodes, size_t i, char *buf, size_t n)
{
    if (s->v1)
        snprintf(buf, n, "nodes.%.200s", nodes->items[i]->string ? nodes->items[i]->string : "?");
    else
        snprintf(buf, n, "nodes[%zu]", i);
}

/* Counts every node's subtree, depth first without recursion (a chain may be
 * as long as the file allows), each node once; a node met again while its
 * own subtree is open is among its own descendants. */
static int count_nodes(scanner *s, const section *nodes, const section *meshes, const mesh_counts *mc,
                       node_counts *out)
{
    size_t n = nodes->count;
    unsigned char *state = calloc(n ? n : 1, 1); /* 0 not seen, 1 open, 2 counted */
    frame *stack = malloc((n ? n : 1) * sizeof *stack);
    if (!state || !stack) {
        free(state);
        free(stack);
        return refuse(s, "out of memory for %zu nodes", n);
    }
    int rc = 0;
    for (size_t start = 0; start < n && rc == 0; start++) {
        if (state[start])
            continue;
        size_t top = 0;
        stack[top++] = (frame){start, children_of(nodes->items[start])};
        state[start] = 1;
        out[start] = own_counts(s, nodes->items[start], meshes, mc);
        while (top > 0 && rc == 0) {
            frame *f = &stack[top - 1];
            if (!f->next) {
                state[f->node] = 2;
                top--;
                if (top > 0) {
                    node_counts *parent = &out[stack[top - 1].node], *child = &out[f->node];
                    parent->nodes += child->nodes;
                    parent->meshes += child->meshes;
                    parent->triangles += child->triangles;
                    parent->vertices += child->vertices;
                    if (child->depth + 1 > parent->depth)
                        parent->depth = child->depth + 1;
                }
                continue;
            }
            long c = resolve(nodes, f->next);
            f->next = f->next->next;
            if (c < 0)
                continue; /* assimp refuses a reference to no node itself */
            if (state[c] == 1) {
                char name[256];
                node_name(s, nodes, (size_t)c, name, sizeof name);
                rc = refuse(s, "%s is among its own descendants (the node tree loops)", name);
            } else if (state[c] == 0) {
                state[c] = 1;
                out[c] = own_counts(s, nodes->items[c], meshes, mc);
                stack[top++] = (frame){(size_t)c, children_of(nodes->items[c])};
            } else {
                /* counted already (it has another parent too): its counts join this one's */
                node_counts *parent = &out[f->node];
                parent->nodes += out[c].nodes;
                parent->meshes += out[c].meshes;
                parent->triangles += out[c].triangles;
                parent->vertices += out[c].vertices;
                if (out[c].depth + 1 > parent->depth)
                    parent->depth = out[c].depth + 1;
            }
        }
    }
    free(state);
    free(stack);
    return rc;
}

/* The scene's root nodes: those of every scene, or, without scenes, every node that is no node's child. */
static void add_roots(scanner *s, const cJSON *root, const section *nodes, const node_counts *nc, ed_scan_counts *c)
{
    const cJSON *scenes = cJSON_GetObjectItemCaseSensitive(root, "scenes");
    int any = 0;
    for (const cJSON *sc = scenes ? scenes->child : NULL; sc; sc = sc->next) {
        const cJSON *list = cJSON_GetObjectItemCaseSensitive(sc, "nodes");
        for (const cJSON *r = cJSON_IsArray(list) ? list->child : NULL; r; r = r->next) {
            long i = resolve(nodes, r);
            if (i < 0)
                continue;
            any = 1;
            c->nodes += nc[i].nodes;
            c->meshes += nc[i].meshes;
            c->triangles += nc[i].triangles;
            c->vertices += nc[i].vertices;
            c->depth = fmax(c->depth, nc[i].depth);
        }
    }
    if (any || nodes->count == 0)
        return;
    unsigned char *child = calloc(nodes->count, 1);
    for (size_t i = 0; child && i < nodes->count; i++)
        for (const cJSON *r = children_of(nodes->items[i]); r; r = r->next) {
            long k = resolve(nodes, r);
            if (k >= 0)
                child[k] = 1;
        }
    for (size_t i = 0; i < nodes->count; i++) {
        if (child && child[i])
            continue;
        c->nodes += nc[i].nodes;
        c->meshes += nc[i].meshes;
        c->triangles += nc[i].triangles;
        c->vertices += nc[i].vertices;
        c->depth = fmax(c->depth, nc[i].depth);
    }
    free(child);
    (void)s;
}

static int check_limits(scanner *s, const ed_scan_counts *c)
{
    if (c->depth > ED_IMPORT_MAX_DEPTH)
        return refuse(s, "the node tree is %.0f levels deep, over the editor's limit of %d levels", c->depth,
                      ED_IMPORT_MAX_DEPTH);
    if (c->nodes > ED_IMPORT_MAX_NODES)
        return refuse(s, "the nodes place %.0f node instances (a node under several parents counts once for each), "
                         "over the editor's limit of %u", c->nodes, ED_IMPORT_MAX_NODES);
    if (c->stored_meshes > ED_WORLD_MAX_MESHES || c->meshes > ED_WORLD_MAX_MESHES)
        return refuse(s, "%.0f meshes (primitives) %s, over the editor's limit of %u",
                      fmax(c->meshes, c->stored_meshes), c->meshes > c->stored_meshes ? "placed by the nodes" : "in the file",
                      ED_WORLD_MAX_MESHES);
    if (c->triangles > ED_WORLD_MAX_TRIANGLES || c->stored_triangles > ED_WORLD_MAX_TRIANGLES)
        return refuse(s, "%.0f triangles %s, over the editor's limit of %u", fmax(c->triangles, c->stored_triangles),
                      c->triangles > c->stored_triangles ? "placed by the nodes" : "in the meshes",
                      ED_WORLD_MAX_TRIANGLES);
    if (c->vertices > ED_WORLD_MAX_VERTICES || c->stored_vertices > ED_WORLD_MAX_VERTICES)
        return refuse(s, "%.0f vertices %s, over the editor's limit of %u", fmax(c->vertices, c->stored_vertices),
                      c->vertices > c->stored_vertices ? "placed by the nodes" : "in the meshes", ED_WORLD_MAX_VERTICES);
    if (c->unbacked_bytes > ED_IMPORT_MAX_UNBACKED_BYTES)
        return refuse(s, "accessors without a bufferView describe %.0f MB of data that is in no file, over the "
                         "editor's limit of %u MB", c->unbacked_bytes / (1024.0 * 1024.0),
                      ED_IMPORT_MAX_UNBACKED_BYTES / (1024u * 1024u));
    return 0;
}

static int scan_json(scanner *s, const char *text, size_t size, ed_scan_counts *c)
{
    size_t values = count_values(text, size);
    if (values > ED_IMPORT_MAX_JSON_VALUES)
        return refuse(s, "the glTF's JSON holds %zu values, over the editor's limit of %u", values,
                      ED_IMPORT_MAX_JSON_VALUES);
    if (size >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) { /* a UTF-8 byte order mark */
        text += 3;
        size -= 3;
    }
    const char *end = NULL;
    cJSON *root = cJSON_ParseWithLengthOpts(text, size, &end, 0);
    if (!root) {
        /* where cJSON stopped, as a line and a column */
        size_t at = end && end >= text && end <= text + size ? (size_t)(end - text) : 0, line = 1, column = 1;
        for (size_t i = 0; i < at; i++, column++)
            if (text[i] == '\n')
                line++, column = 0;
        return refuse(s, "the glTF's JSON does not parse (line %zu, column %zu)", line, column);
    }
    const cJSON *asset = cJSON_GetObjectItemCaseSensitive(root, "asset");
    const cJSON *version = cJSON_GetObjectItemCaseSensitive(asset, "version");
    s->v1 = cJSON_IsString(version) && version->valuestring[0] == '1';
    section nodes, meshes, accessors;
    memset(&nodes, 0, sizeof nodes);
    memset(&meshes, 0, sizeof meshes);
    memset(&accessors, 0, sizeof accessors);
    mesh_counts *mc = NULL;
    node_counts *nc = NULL;
    int rc = -1;
    if (section_init(s, &nodes, root, "nodes") || section_init(s, &meshes, root, "meshes") ||
        section_init(s, &accessors, root, "accessors"))
        goto done;
    for (size_t i = 0; i < accessors.count; i++)
        if (!cJSON_GetObjectItemCaseSensitive(accessors.items[i], "bufferView"))
            c->unbacked_bytes += fmax(number(accessors.items[i], "count", 0), 0) * element_bytes(accessors.items[i]);
    mc = calloc(meshes.count ? meshes.count : 1, sizeof *mc);
    nc = calloc(nodes.count ? nodes.count : 1, sizeof *nc);
    if (!mc || !nc) {
        refuse(s, "out of memory for %zu meshes and %zu nodes", meshes.count, nodes.count);
        goto done;
    }
    for (size_t i = 0; i < meshes.count; i++) {
        mc[i] = count_mesh(meshes.items[i], &accessors);
        c->stored_meshes += mc[i].primitives;
        c->stored_triangles += mc[i].triangles;
        c->stored_vertices += mc[i].vertices;
    }
    if (count_nodes(s, &nodes, &meshes, mc, nc))
        goto done;
    add_roots(s, root, &nodes, nc, c);
    rc = check_limits(s, c);
done:
    free(mc);
    free(nc);
    section_free(&nodes);
    section_free(&meshes);
    section_free(&accessors);
    cJSON_Delete(root);
    return rc;
}

/* ---- the scan ----------------------------------------------------------------------------------------- */

static int ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && ed_os_casecmp(s + n - m, suffix) == 0;
}

int ed_scan_gltf(const char *file, ed_scan_counts *counts, char *err, size_t err_size)
{
    ed_scan_counts local;
    ed_scan_counts *c = counts ? counts : &local;
    memset(c, 0, sizeof *c);
    scanner s = {file, err, err_size, 0};
    unsigned long long file_size = 0;
    char why[256];
    ed_os_file *in = ed_os_open_read(file, &file_size, why, sizeof why);
    if (!in)
        return refuse(&s, "%s", why);
    size_t size = (size_t)file_size, at = 0, json = 0;
    unsigned char head[64];
    size_t head_n = size < sizeof head ? size : sizeof head;
    int rc = 0;
    errno = 0;
    if (ed_os_read_at(in, 0, head, head_n)) {
        rc = refuse(&s, "%s", errno ? strerror(errno) : "cut short while it was read");
    } else if (head_n >= 4 && le32(head) == GLB_MAGIC) {
        c->gltf = 1;
        rc = glb_json(&s, in, size, &at, &json);
    } else {
        /* JSON text: a name ending in .gltf, or text that opens with '{' */
        size_t i = head_n >= 3 && memcmp(head, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
        while (i < head_n && (head[i] == ' ' || head[i] == '\t' || head[i] == '\r' || head[i] == '\n'))
            i++;
        c->gltf = ends_with(file, ".gltf") || (i < head_n && head[i] == '{');
        json = size;
    }
    if (rc == 0 && c->gltf && json > ED_IMPORT_MAX_JSON_BYTES)
        rc = refuse(&s, "the glTF's JSON is %.1f MB, over the editor's limit of %u MB", (double)json / (1024.0 * 1024.0),
                    ED_IMPORT_MAX_JSON_BYTES / (1024u * 1024u));
    if (rc == 0 && c->gltf) {
        char *text = malloc(json + 1);
        if (!text)
            rc = refuse(&s, "out of memory for %zu bytes of JSON", json);
        else if (ed_os_read_at(in, at, text, json))
            rc = refuse(&s, "the glTF's JSON could not be read");
        else
            rc = scan_json(&s, text, json, c);
        free(text);
    }
    ed_os_close(in);
    return rc;
}
