/* SPDX-License-Identifier: MIT */
/* editor/core/seq.c - a sequence file open in the editor: its shots, the
 * path edited, the sequence built over the paths as edited, undo, saving. */
#include "seq.h"

#include <cjson/cJSON.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "os.h"

void ed_seq_init(ed_seq *s) { memset(s, 0, sizeof *s); }

static void step_free(ed_seq_step *t)
{
    free(t->shots);
    memset(t, 0, sizeof *t);
}

static void steps_free(ed_seq_step *v, size_t n)
{
    for (size_t i = 0; i < n; i++)
        step_free(&v[i]);
    free(v);
}

void ed_seq_free(ed_seq *s)
{
    cp_sequence_destroy(s->built);
    for (size_t i = 0; i < s->path_count; i++) {
        free(s->paths[i].file);
        ed_doc_free(&s->paths[i].doc);
        ed_file_free(&s->paths[i].part);
    }
    free(s->paths);
    free(s->shots);
    free(s->name);
    free(s->title);
    free(s->source);
    steps_free(s->undo, s->undo_count);
    steps_free(s->redo, s->redo_count);
    step_free(&s->origin);
    memset(s, 0, sizeof *s);
}

/* ---- the shots' times ---------------------------------------------------------------------------------- */

static double length(const ed_seq_shot *t) { return t->to - t->from; }

static double start_of(const ed_seq_shot *shots, size_t i)
{
    double t = 0;
    for (size_t k = 1; k <= i; k++)
        t += length(&shots[k - 1]) - shots[k].blend;
    return t;
}

double ed_seq_shot_start(const ed_seq *s, size_t i) { return i < s->count ? start_of(s->shots, i) : 0; }
double ed_seq_shot_end(const ed_seq *s, size_t i)
{
    return i < s->count ? start_of(s->shots, i) + length(&s->shots[i]) : 0;
}
double ed_seq_duration(const ed_seq *s) { return s->count ? ed_seq_shot_end(s, s->count - 1) : 0; }
size_t ed_seq_current_path(const ed_seq *s) { return s->cur_path; }

/* The path of path file p as edited now. */
static const cp_path *path_now(const ed_seq *s, const ed_doc *d, size_t p)
{
    return p == s->cur_path ? d->path : s->paths[p].doc.path;
}

static const char *base_name(const char *file)
{
    const char *a = strrchr(file, '/'), *w = strrchr(file, '\\');
    if (w && (!a || w > a))
        a = w;
    return a ? a + 1 : file;
}

/* ---- building ------------------------------------------------------------------------------------------ */

void ed_seq_refresh(ed_seq *s, const ed_doc *d)
{
    if (!ed_seq_active(s))
        return;
    if (!s->stale && s->built_serial == d->path_serial && s->built_path == s->cur_path)
        return;
    cp_sequence_destroy(s->built);
    s->built = NULL;
    s->stale = 0;
    s->built_serial = d->path_serial;
    s->built_path = s->cur_path;
    s->build_error[0] = '\0';
    cp_shot *shots = calloc(s->count ? s->count : 1, sizeof *shots);
    if (!shots) {
        snprintf(s->build_error, sizeof s->build_error, "out of memory");
        return;
    }
    for (size_t i = 0; i < s->count; i++) {
        const ed_seq_shot *t = &s->shots[i];
        shots[i].path = path_now(s, d, t->path);
        if (!shots[i].path) {
            snprintf(s->build_error, sizeof s->build_error, "shot %zu: its path %s has fewer than 2 keys", i + 1,
                     base_name(s->paths[t->path].file));
            free(shots);
            return;
        }
        shots[i].from = t->from;
        shots[i].to = t->to;
        shots[i].blend = i ? t->blend : 0;
    }
    cp_error err;
    s->built = cp_sequence_create(shots, s->count, &err);
    if (!s->built)
        snprintf(s->build_error, sizeof s->build_error, "%s", err.message);
    free(shots);
}

const cp_sequence *ed_seq_built(const ed_seq *s, const ed_doc *d)
{
    if (!ed_seq_active(s) || s->stale || s->built_serial != d->path_serial || s->built_path != s->cur_path)
        return NULL;
    return s->built;
}

int ed_seq_sample(const ed_seq *s, const ed_doc *d, double time, cp_sequence_pose *out)
{
    const cp_sequence *q = ed_seq_built(s, d);
    if (!q)
        return -1;
    cp_sequence_sample(q, time, NAN, out);
    return 0;
}

/* ---- the path edited ----------------------------------------------------------------------------------- */

/* The playhead of shot i at sequence time t (within the shot). */
static double local_time(const ed_seq_shot *shots, size_t i, double t)
{
    double u = shots[i].from + (t - start_of(shots, i));
    return u < shots[i].from ? shots[i].from : u > shots[i].to ? shots[i].to : u;
}

static void sync_playhead(ed_seq *s, ed_base *b)
{
    if (s->current < s->count)
        b->playhead = local_time(s->shots, s->current, s->time);
    s->playhead = b->playhead;
}

/* Makes path p the one edited. */
static int use_path(ed_seq *s, ed_file *f, ed_doc *d, ed_base *b, size_t p)
{
    if (p == s->cur_path)
        return 0;
    if (d->retimer || d->live.active) {
        ed_base_message(b, 1, "%s: wait for the retime or the drag to end before editing another shot",
                        base_name(s->paths[s->cur_path].file));
        return -1;
    }
    if (d->path_serial > s->max_serial)
        s->max_serial = d->path_serial;
    s->paths[s->cur_path].doc = *d;
    s->paths[s->cur_path].part = *f;
    *d = s->paths[p].doc;
    *f = s->paths[p].part;
    ed_doc_init(&s->paths[p].doc);
    ed_file_init(&s->paths[p].part);
    /* a serial no document had: the caches keyed by it (the clearance check) see a new path */
    d->path_serial = ++s->max_serial;
    s->cur_path = p;
    s->switch_stamp = ++s->clock;
    s->switch_depth = d->history.undo_count;
    return 0;
}

int ed_seq_choose(ed_seq *s, ed_file *f, ed_doc *d, ed_base *b, size_t i)
{
    if (!ed_seq_active(s) || i >= s->count) {
        ed_base_message(b, 1, "no shot %zu: the sequence has %zu", i + 1, s->count);
        return -1;
    }
    if (use_path(s, f, d, b, s->shots[i].path) != 0)
        return -1;
    s->current = i;
    double a = start_of(s->shots, i), e = a + length(&s->shots[i]);
    if (!(s->time >= a && s->time <= e))
        s->time = a;
    sync_playhead(s, b);
    return 0;
}

/* The shot playing at sequence time t: the later one in a blend. */
static size_t shot_at(const ed_seq *s, double t)
{
    size_t k = 0;
    for (size_t i = 1; i < s->count; i++)
        if (start_of(s->shots, i) <= t)
            k = i;
    return k;
}

void ed_seq_seek(ed_seq *s, ed_file *f, ed_doc *d, ed_base *b, double time)
{
    if (!ed_seq_active(s) || !s->count)
        return;
    double dur = ed_seq_duration(s);
    s->time = time < 0 ? 0 : time > dur ? dur : time;
    size_t k = shot_at(s, s->time);
    if (k != s->current && !d->live.active && !s->live) {
        size_t keep = s->current;
        if (ed_seq_choose(s, f, d, b, k) != 0)
            s->current = keep;
    }
    /* the time stays where it was asked for even when the shot could not change */
    s->time = time < 0 ? 0 : time > dur ? dur : time;
    sync_playhead(s, b);
}

double ed_seq_time(const ed_seq *s, const ed_base *b)
{
    if (b->playhead == s->playhead || s->current >= s->count)
        return s->time;
    double a = start_of(s->shots, s->current);
    double t = a + (b->playhead - s->shots[s->current].from), e = a + length(&s->shots[s->current]);
    return t < a ? a : t > e ? e : t;
}

void ed_seq_update(ed_seq *s, ed_file *f, ed_doc *d, ed_base *b, double dt)
{
    if (!ed_seq_active(s))
        return;
    ed_seq_refresh(s, d);
    if (b->playing) {
        const cp_sequence *q = ed_seq_built(s, d);
        if (!q) {
            b->playing = 0;
            ed_base_message(b, 1, "the sequence does not play: %s", s->build_error);
            return;
        }
        double t = s->time + dt, dur = cp_sequence_duration(q);
        if (t >= dur) {
            t = dur;
            b->playing = 0;
        }
        ed_seq_seek(s, f, d, b, t);
    } else {
        /* the playhead moved on the timeline: the sequence time follows, within the shot */
        s->time = ed_seq_time(s, b);
        s->playhead = b->playhead;
    }
}

/* ---- opening -------------------------------------------------------------------------------------------- */

static long find_path(const ed_seq *s, const char *file)
{
    for (size_t i = 0; i < s->path_count; i++)
        if (strcmp(s->paths[i].file, file) == 0 || ed_os_same_file(s->paths[i].file, file))
            return (long)i;
    return -1;
}

/* Adds path file `file`, loaded (a path of 2 keys or more). */
static long add_path(ed_seq *s, ed_base *b, const char *file)
{
    ed_seq_path *grown = realloc(s->paths, (s->path_count + 1) * sizeof *grown);
    if (!grown) {
        ed_base_message(b, 1, "out of memory");
        return -1;
    }
    s->paths = grown;
    ed_seq_path *p = &s->paths[s->path_count];
    memset(p, 0, sizeof *p);
    ed_doc_init(&p->doc);
    ed_file_init(&p->part);
    char why[256];
    int exists = ed_os_exists(file, why, sizeof why);
    if (exists <= 0) {
        ed_base_message(b, 1, "%s: %s", file, exists < 0 ? why : "no such file");
        return -1;
    }
    p->file = ed_os_strdup(file);
    if (!p->file || ed_file_open(&p->part, &p->doc, b, file) != 0) {
        if (!p->file)
            ed_base_message(b, 1, "out of memory");
        free(p->file);
        ed_doc_free(&p->doc);
        ed_file_free(&p->part);
        return -1;
    }
    if (!p->doc.path) {
        ed_base_message(b, 1, "%s: a shot's path needs 2 keys or more (it has %zu)", file, p->doc.cur.doc.count);
        free(p->file);
        ed_doc_free(&p->doc);
        ed_file_free(&p->part);
        return -1;
    }
    return (long)s->path_count++;
}

long ed_seq_path_of(ed_seq *s, const ed_file *f, ed_base *b, const char *file)
{
    if (f->name && (strcmp(f->name, file) == 0 || ed_os_same_file(f->name, file)))
        return (long)s->cur_path;
    long i = find_path(s, file);
    return i >= 0 ? i : add_path(s, b, file);
}

/* The file's text (malloc'd, NUL-terminated), or NULL. */
static char *read_text(const char *file)
{
    char why[256];
    unsigned long long size = 0;
    ed_os_file *in = ed_os_open_read(file, &size, why, sizeof why);
    if (!in)
        return NULL;
    char *text = size < (1ull << 30) ? malloc((size_t)size + 1) : NULL;
    if (text && ed_os_read_at(in, 0, text, (size_t)size) != 0) {
        free(text);
        text = NULL;
    }
    if (text)
        text[size] = '\0';
    ed_os_close(in);
    return text;
}

int ed_seq_open(ed_seq *s, ed_file *f, ed_doc *d, ed_base *b, const char *file)
{
    if (ed_base_check_prompt(b))
        return -1;
    if (ed_file_dirty(f, d) || ed_seq_dirty(s)) {
        ed_base_message(b, 1, "unsaved edits: save them (Ctrl+S) before opening another file");
        return -1;
    }
    if (d->retimer || d->live.active) {
        ed_base_message(b, 1, "wait for the retime or the drag to end before opening another file");
        return -1;
    }
    cp_error err;
    cp_sequence *q = cp_sequence_load(file, &err);
    if (!q) {
        ed_base_message(b, 1, "%s", err.message);
        return -1;
    }
    ed_seq n;
    ed_seq_init(&n);
    const size_t count = cp_sequence_shot_count(q);
    n.name = ed_os_strdup(file);
    n.shots = calloc(count ? count : 1, sizeof *n.shots);
    n.cap = count;
    n.source = read_text(file);
    if (cp_sequence_name(q))
        n.title = ed_os_strdup(cp_sequence_name(q));
    int rc = n.name && n.shots && (n.title || !cp_sequence_name(q)) ? 0 : -1;
    if (rc)
        ed_base_message(b, 1, "out of memory");
    for (size_t i = 0; i < count && rc == 0; i++) {
        const char *pf = cp_sequence_shot_file(q, i);
        if (!pf) {
            ed_base_message(b, 1,
                            "%s: shot %zu's path is inline in the sequence file: the editor edits shots whose paths "
                            "are files of their own",
                            file, i + 1);
            rc = -1;
            break;
        }
        long p = find_path(&n, pf);
        if (p < 0)
            p = add_path(&n, b, pf);
        if (p < 0) {
            char why[256];
            snprintf(why, sizeof why, "%s", b->message);
            ed_base_message(b, 1, "%s: shot %zu: %s", file, i + 1, why);
            rc = -1;
            break;
        }
        const cp_shot *t = cp_sequence_shot(q, i);
        n.shots[i].path = (size_t)p;
        n.shots[i].from = t->from;
        n.shots[i].to = t->to;
        n.shots[i].blend = i ? t->blend : 0;
        n.shots[i].origin = (long)i;
        n.count++;
    }
    const double duration = cp_sequence_duration(q);
    size_t cuts = 0;
    for (size_t i = 1; i < count; i++)
        cuts += cp_sequence_shot(q, i)->blend == 0;
    cp_sequence_destroy(q);
    if (rc || n.count == 0) {
        if (rc == 0)
            ed_base_message(b, 1, "%s: a sequence of no shots", file);
        ed_seq_free(&n);
        return -1;
    }
    /* the first shot's path becomes the document edited */
    unsigned long serial = d->path_serial;
    ed_seq_free(s);
    ed_doc_free(d);
    ed_file_free(f);
    const size_t p0 = n.shots[0].path;
    *d = n.paths[p0].doc;
    *f = n.paths[p0].part;
    ed_doc_init(&n.paths[p0].doc);
    ed_file_init(&n.paths[p0].part);
    n.cur_path = p0;
    n.max_serial = serial;
    for (size_t i = 0; i < n.path_count; i++)
        if (n.paths[i].doc.path_serial > n.max_serial)
            n.max_serial = n.paths[i].doc.path_serial;
    d->path_serial = ++n.max_serial;
    n.next_revision = 1;
    n.switch_stamp = ++n.clock;
    n.switch_depth = d->history.undo_count;
    n.stale = 1;
    *s = n;
    b->playing = 0;
    s->time = 0;
    sync_playhead(s, b);
    ed_seq_refresh(s, d);
    ed_base_message(b, 0, "opened the sequence %s: %zu %s, %.2f s (%zu %s, %zu %s); editing shot 1 (%s)", file,
                    s->count, s->count == 1 ? "shot" : "shots", duration, cuts, cuts == 1 ? "cut" : "cuts",
                    s->count - 1 - cuts, s->count - 1 - cuts == 1 ? "blend" : "blends", base_name(f->name));
    return 0;
}

int ed_seq_create(ed_seq *s, const ed_file *f, const ed_doc *d, ed_base *b, const char *file)
{
    if (ed_base_check_prompt(b))
        return -1;
    if (ed_seq_dirty(s)) {
        ed_base_message(b, 1, "unsaved edits in the sequence %s: save them (Ctrl+S) first", base_name(s->name));
        return -1;
    }
    if (!f->name || !d->path) {
        ed_base_message(b, 1, "a sequence starts from a path of 2 keys or more in a file: record with F2");
        return -1;
    }
    char why[256];
    int exists = ed_os_exists(file, why, sizeof why);
    if (exists != 0) {
        ed_base_message(b, 1, "%s: %s", file, exists < 0 ? why : "there is a file there already: open it");
        return -1;
    }
    ed_seq n;
    ed_seq_init(&n);
    n.name = ed_os_strdup(file);
    n.shots = calloc(1, sizeof *n.shots);
    n.paths = calloc(1, sizeof *n.paths);
    if (n.paths)
        n.paths[0].file = ed_os_strdup(f->name);
    if (!n.name || !n.shots || !n.paths || !n.paths[0].file) {
        if (n.paths)
            n.path_count = 1;
        ed_seq_free(&n);
        ed_base_message(b, 1, "out of memory");
        return -1;
    }
    ed_doc_init(&n.paths[0].doc);
    ed_file_init(&n.paths[0].part);
    n.path_count = 1;
    n.cap = n.count = 1;
    n.shots[0].from = cp_path_start(d->path);
    n.shots[0].to = n.shots[0].from + cp_path_duration(d->path);
    n.shots[0].origin = -1;
    n.max_serial = d->path_serial;
    n.next_revision = 1;
    n.revision = ++n.next_revision; /* not on disk yet */
    n.switch_stamp = ++n.clock;
    n.switch_depth = d->history.undo_count;
    n.stale = 1;
    ed_seq_free(s);
    *s = n;
    s->time = 0;
    sync_playhead(s, b);
    ed_seq_refresh(s, d);
    ed_base_message(b, 0, "a new sequence %s: shot 1 is %s, %.2f s (Ctrl+S saves it)", file, base_name(f->name),
                    s->shots[0].to - s->shots[0].from);
    return 0;
}

int ed_seq_close(ed_seq *s, ed_file *f, const ed_doc *d, ed_base *b)
{
    (void)f;
    (void)d;
    if (!ed_seq_active(s))
        return 0;
    if (ed_seq_dirty(s)) {
        ed_base_message(b, 1, "unsaved edits in the sequence %s: save them (Ctrl+S) before opening another file",
                        base_name(s->name));
        return -1;
    }
    ed_seq_free(s);
    return 0;
}

/* ---- saving ---------------------------------------------------------------------------------------------- */

int ed_seq_dirty(const ed_seq *s)
{
    if (!ed_seq_active(s))
        return 0;
    if (s->revision != s->saved_revision)
        return 1;
    for (size_t i = 0; i < s->path_count; i++)
        if (i != s->cur_path && ed_file_dirty(&s->paths[i].part, &s->paths[i].doc))
            return 1;
    return 0;
}

typedef struct text {
    char  *p;
    size_t n, cap;
    int    failed;
} text;

static void put(text *t, const char *s, size_t n)
{
    if (t->failed)
        return;
    if (t->n + n + 1 > t->cap) {
        size_t cap = t->cap ? t->cap * 2 : 1024;
        while (cap < t->n + n + 1)
            cap *= 2;
        char *g = realloc(t->p, cap);
        if (!g) {
            t->failed = 1;
            return;
        }
        t->p = g;
        t->cap = cap;
    }
    memcpy(t->p + t->n, s, n);
    t->n += n;
    t->p[t->n] = '\0';
}

static void puts_(text *t, const char *s) { put(t, s, strlen(s)); }

static void put_string(text *t, const char *s)
{
    puts_(t, "\"");
    for (const unsigned char *c = (const unsigned char *)s; *c; c++) {
        char e[8];
        if (*c == '"' || *c == '\\') {
            e[0] = '\\', e[1] = (char)*c, e[2] = '\0';
        } else if (*c < 0x20) {
            snprintf(e, sizeof e, "\\u%04x", *c);
        } else {
            e[0] = (char)*c, e[1] = '\0';
        }
        puts_(t, e);
    }
    puts_(t, "\"");
}

static void put_number(text *t, double x)
{
    char buf[CP_JSON_NUMBER_SIZE];
    cp_json_format_number(x, buf);
    puts_(t, buf);
}

/* A JSON value as text: objects and arrays on one line. */
static void put_value(text *t, const cJSON *v)
{
    if (cJSON_IsObject(v) || cJSON_IsArray(v)) {
        const int obj = cJSON_IsObject(v);
        puts_(t, obj ? "{" : "[");
        for (const cJSON *c = v->child; c; c = c->next) {
            puts_(t, c == v->child ? (obj ? " " : "") : ", ");
            if (obj) {
                put_string(t, c->string ? c->string : "");
                puts_(t, ": ");
            }
            put_value(t, c);
        }
        puts_(t, obj ? (v->child ? " }" : "}") : "]");
    } else if (cJSON_IsString(v)) {
        put_string(t, v->valuestring ? v->valuestring : "");
    } else if (cJSON_IsNumber(v)) {
        put_number(t, v->valuedouble);
    } else {
        puts_(t, cJSON_IsTrue(v) ? "true" : cJSON_IsFalse(v) ? "false" : "null");
    }
}

/* Sets member `name` of object o to a number. 0, or -1 if out of memory. */
static int set_number(cJSON *o, const char *name, double x)
{
    cJSON *n = cJSON_CreateNumber(x);
    if (!n)
        return -1;
    if (cJSON_GetObjectItemCaseSensitive(o, name))
        return cJSON_ReplaceItemInObjectCaseSensitive(o, name, n) ? 0 : (cJSON_Delete(n), -1);
    return cJSON_AddItemToObject(o, name, n) ? 0 : (cJSON_Delete(n), -1);
}

/* The shots as the file's "shots": each shot read from the file keeps its
 * members (its "path" as written, and any the editor does not know); its
 * from, to and blend are the editor's. NULL with a message. */
static cJSON *shots_json(const ed_seq *s, const cJSON *old, ed_base *b)
{
    cJSON *list = cJSON_CreateArray();
    for (size_t i = 0; list && i < s->count; i++) {
        const ed_seq_shot *sh = &s->shots[i];
        const cJSON *was = sh->origin >= 0 && old ? cJSON_GetArrayItem(old, (int)sh->origin) : NULL;
        cJSON *o = cJSON_IsObject(was) ? cJSON_Duplicate(was, 1) : cJSON_CreateObject();
        int bad = !o;
        if (o && !cJSON_GetObjectItemCaseSensitive(o, "path")) {
            char member[4096];
            if (ed_os_relative(s->name, s->paths[sh->path].file, member, sizeof member) != 0) {
                ed_base_message(b, 1, "%s: shot %zu's path %s cannot be named relative to the sequence's folder",
                                s->name, i + 1, s->paths[sh->path].file);
                cJSON_Delete(o);
                cJSON_Delete(list);
                return NULL;
            }
            bad = !cJSON_AddStringToObject(o, "path", member);
        }
        bad = bad || set_number(o, "from", sh->from) || set_number(o, "to", sh->to);
        if (!bad && i && sh->blend > 0)
            bad = set_number(o, "blend", sh->blend);
        else if (!bad)
            cJSON_DeleteItemFromObjectCaseSensitive(o, "blend");
        if (bad || !cJSON_AddItemToArray(list, o)) {
            cJSON_Delete(o);
            cJSON_Delete(list);
            list = NULL;
        }
    }
    if (!list)
        ed_base_message(b, 1, "out of memory");
    return list;
}

/* The sequence file's text (malloc'd), or NULL with a message: the file as
 * it was read, its other members in their order, with the shots now. */
static char *sequence_text(const ed_seq *s, ed_base *b, size_t *size)
{
    cJSON *root = s->source ? cJSON_Parse(s->source) : NULL;
    if (!cJSON_IsObject(root)) {
        cJSON_Delete(root);
        root = cJSON_CreateObject();
        if (!root || !cJSON_AddNumberToObject(root, "campath", 1) ||
            (s->title && !cJSON_AddStringToObject(root, "name", s->title))) {
            cJSON_Delete(root);
            ed_base_message(b, 1, "out of memory");
            return NULL;
        }
    }
    cJSON *shots = shots_json(s, cJSON_GetObjectItemCaseSensitive(root, "shots"), b);
    if (!shots) {
        cJSON_Delete(root);
        return NULL;
    }
    if (cJSON_GetObjectItemCaseSensitive(root, "shots"))
        cJSON_ReplaceItemInObjectCaseSensitive(root, "shots", shots);
    else
        cJSON_AddItemToObject(root, "shots", shots);
    text t = {0};
    puts_(&t, "{\n");
    for (const cJSON *c = root->child; c; c = c->next) {
        puts_(&t, "  ");
        put_string(&t, c->string ? c->string : "");
        puts_(&t, ": ");
        if (c == shots) {
            puts_(&t, "[\n");
            for (const cJSON *o = c->child; o; o = o->next) {
                puts_(&t, "    ");
                put_value(&t, o);
                puts_(&t, o->next ? ",\n" : "\n");
            }
            puts_(&t, "  ]");
        } else {
            put_value(&t, c);
        }
        puts_(&t, c->next ? ",\n" : "\n");
    }
    puts_(&t, "}\n");
    cJSON_Delete(root);
    if (t.failed) {
        free(t.p);
        ed_base_message(b, 1, "out of memory");
        return NULL;
    }
    *size = t.n;
    return t.p;
}

int ed_seq_save(ed_seq *s, ed_file *f, ed_doc *d, ed_base *b)
{
    if (ed_base_check_prompt(b))
        return -1;
    size_t saved = 0;
    if (ed_file_save(f, d, b) != 0)
        return -1;
    saved++;
    for (size_t i = 0; i < s->path_count; i++) {
        ed_seq_path *p = &s->paths[i];
        if (i == s->cur_path || !ed_file_dirty(&p->part, &p->doc))
            continue;
        if (ed_file_save(&p->part, &p->doc, b) != 0)
            return -1;
        saved++;
    }
    int wrote = 0;
    if (s->revision != s->saved_revision) {
        size_t size = 0;
        char *txt = sequence_text(s, b, &size);
        if (!txt)
            return -1;
        cp_error err;
        cp_status st = cp_write_file_atomic(s->name, txt, size, &err);
        if (st != CP_OK) {
            free(txt);
            ed_base_message(b, 1, "the shots are not saved: %s", err.message);
            return -1;
        }
        s->saved_revision = s->revision;
        wrote = 1;
        free(txt);
    }
    ed_base_message(b, 0, "saved %s%s%s and %zu path %s", wrote ? "the shots to " : "", wrote ? base_name(s->name) : "",
                    wrote ? "" : "the sequence's paths:", saved, saved == 1 ? "file" : "files");
    return 0;
}

/* ---- changing the shots ------------------------------------------------------------------------------- */

int ed_seq_check(const ed_seq *s, const ed_doc *d, const ed_seq_shot *shots, size_t count, ed_base *b)
{
    if (count == 0) {
        ed_base_message(b, 1, "a sequence needs a shot");
        return -1;
    }
    if (count > CP_SEQUENCE_MAX_SHOTS) {
        ed_base_message(b, 1, "a sequence has at most %d shots", CP_SEQUENCE_MAX_SHOTS);
        return -1;
    }
    for (size_t i = 0; i < count; i++) {
        const ed_seq_shot *t = &shots[i];
        const cp_path *p = path_now(s, d, t->path);
        const char *file = base_name(s->paths[t->path].file);
        if (!p) {
            ed_base_message(b, 1, "shot %zu: its path %s has fewer than 2 keys", i + 1, file);
            return -1;
        }
        double a = cp_path_start(p), e = a + cp_path_duration(p);
        if (!(t->from < t->to)) {
            ed_base_message(b, 1, "shot %zu: from %.2f s must come before to %.2f s", i + 1, t->from, t->to);
            return -1;
        }
        if (t->from < a - 1e-9 || t->to > e + 1e-9) {
            ed_base_message(b, 1, "shot %zu: %.2f s to %.2f s is outside its path %s (%.2f s to %.2f s)", i + 1,
                            t->from, t->to, file, a, e);
            return -1;
        }
        if (!(t->blend >= 0)) {
            ed_base_message(b, 1, "shot %zu: a blend cannot be negative (%.2f s)", i + 1, t->blend);
            return -1;
        }
        if (i == 0)
            continue;
        const double len = length(t), prev = length(&shots[i - 1]);
        if (t->blend > len) {
            ed_base_message(b, 1, "shot %zu: a blend of %.2f s is longer than the shot (%.2f s)", i + 1, t->blend, len);
            return -1;
        }
        if (t->blend > prev) {
            ed_base_message(b, 1, "shot %zu: a blend of %.2f s is longer than shot %zu (%.2f s)", i + 1, t->blend, i,
                            prev);
            return -1;
        }
        const double before = i >= 2 ? shots[i - 1].blend : 0;
        if (before + t->blend > prev) {
            ed_base_message(b, 1,
                            "shot %zu: its blend (%.2f s) overlaps shot %zu's own blend (%.2f s): together %.2f s, "
                            "shot %zu is %.2f s",
                            i + 1, t->blend, i, before, before + t->blend, i, prev);
            return -1;
        }
    }
    /* the library has the last word */
    cp_shot *lib = calloc(count, sizeof *lib);
    if (!lib) {
        ed_base_message(b, 1, "out of memory");
        return -1;
    }
    for (size_t i = 0; i < count; i++) {
        lib[i].path = path_now(s, d, shots[i].path);
        lib[i].from = shots[i].from;
        lib[i].to = shots[i].to;
        lib[i].blend = i ? shots[i].blend : 0;
    }
    cp_error err;
    cp_sequence *q = cp_sequence_create(lib, count, &err);
    free(lib);
    if (!q) {
        ed_base_message(b, 1, "%s", err.message);
        return -1;
    }
    cp_sequence_destroy(q);
    return 0;
}

static int copy_shots(ed_seq_step *t, const ed_seq *s)
{
    memset(t, 0, sizeof *t);
    t->shots = malloc((s->count ? s->count : 1) * sizeof *t->shots);
    if (!t->shots)
        return -1;
    memcpy(t->shots, s->shots, s->count * sizeof *t->shots);
    t->count = s->count;
    t->current = s->current;
    t->revision = s->revision;
    return 0;
}

static int push(ed_seq_step **v, size_t *n, size_t *cap, ed_seq_step *t)
{
    if (*n == ED_SEQ_HISTORY_DEPTH) {
        step_free(&(*v)[0]);
        memmove(*v, *v + 1, (*n - 1) * sizeof **v);
        (*n)--;
    }
    if (*n == *cap) {
        size_t c = *cap ? *cap * 2 : 16;
        ed_seq_step *g = realloc(*v, c * sizeof *g);
        if (!g)
            return -1;
        *v = g;
        *cap = c;
    }
    (*v)[(*n)++] = *t;
    memset(t, 0, sizeof *t);
    return 0;
}

/* Makes `shots` the shots (copied). */
static int set_shots(ed_seq *s, const ed_seq_shot *shots, size_t count)
{
    if (count > s->cap) {
        ed_seq_shot *g = realloc(s->shots, count * sizeof *g);
        if (!g)
            return -1;
        s->shots = g;
        s->cap = count;
    }
    memmove(s->shots, shots, count * sizeof *shots);
    s->count = count;
    s->stale = 1;
    return 0;
}

/* After the shots changed: the shot edited is one of the path edited where it can be. */
static void settle(ed_seq *s, ed_file *f, ed_doc *d, ed_base *b, size_t current)
{
    if (current >= s->count)
        current = s->count - 1;
    if (s->shots[current].path != s->cur_path) {
        /* the path edited plays in another shot still: stay on its path */
        for (size_t i = 0; i < s->count; i++)
            if (s->shots[i].path == s->cur_path) {
                current = i;
                break;
            }
    }
    char keep[256];
    snprintf(keep, sizeof keep, "%s", b->message);
    int err = b->message_error;
    if (ed_seq_choose(s, f, d, b, current) != 0)
        s->current = current < s->count ? current : 0;
    ed_base_message(b, err, "%s", keep);
    ed_seq_refresh(s, d);
}

int ed_seq_commit(ed_seq *s, ed_file *f, ed_doc *d, ed_base *b, const ed_seq_shot *shots, size_t count,
                  size_t current, const char *what)
{
    if (ed_seq_check(s, d, shots, count, b) != 0)
        return -1;
    ed_seq_step old;
    if (copy_shots(&old, s) != 0) {
        ed_base_message(b, 1, "out of memory");
        return -1;
    }
    old.depth = d->history.undo_count;
    old.stamp = ++s->clock;
    snprintf(old.what, sizeof old.what, "%s", what);
    if (set_shots(s, shots, count) != 0 || push(&s->undo, &s->undo_count, &s->undo_cap, &old) != 0) {
        step_free(&old);
        ed_base_message(b, 1, "out of memory");
        return -1;
    }
    steps_free(s->redo, s->redo_count);
    s->redo = NULL;
    s->redo_count = s->redo_cap = 0;
    s->revision = ++s->next_revision;
    settle(s, f, d, b, current);
    return 0;
}

int ed_seq_live_begin(ed_seq *s, ed_base *b, const char *what)
{
    if (s->live)
        return 0;
    if (copy_shots(&s->origin, s) != 0) {
        ed_base_message(b, 1, "out of memory: cannot start the drag");
        return -1;
    }
    snprintf(s->origin.what, sizeof s->origin.what, "%s", what);
    s->live = 1;
    return 0;
}

int ed_seq_live_active(const ed_seq *s) { return s->live; }

int ed_seq_live_update(ed_seq *s, const ed_doc *d, ed_base *b, const ed_seq_shot *shots, size_t count)
{
    if (!s->live || ed_seq_check(s, d, shots, count, b) != 0)
        return -1;
    if (set_shots(s, shots, count) != 0) {
        ed_base_message(b, 1, "out of memory");
        return -1;
    }
    ed_seq_refresh(s, d);
    return 0;
}

static int same_shots(const ed_seq_shot *a, size_t n, const ed_seq_shot *c, size_t m)
{
    return n == m && memcmp(a, c, n * sizeof *a) == 0;
}

int ed_seq_live_end(ed_seq *s, ed_file *f, ed_doc *d, ed_base *b)
{
    s->grab.kind = 0;
    if (!s->live)
        return 0;
    s->live = 0;
    if (same_shots(s->origin.shots, s->origin.count, s->shots, s->count)) {
        step_free(&s->origin);
        return 0;
    }
    s->origin.depth = d->history.undo_count;
    s->origin.stamp = ++s->clock;
    if (push(&s->undo, &s->undo_count, &s->undo_cap, &s->origin) != 0) {
        step_free(&s->origin);
        ed_base_message(b, 1, "out of memory: the drag cannot be undone");
        return -1;
    }
    steps_free(s->redo, s->redo_count);
    s->redo = NULL;
    s->redo_count = s->redo_cap = 0;
    s->revision = ++s->next_revision;
    settle(s, f, d, b, s->current);
    return 0;
}

void ed_seq_live_cancel(ed_seq *s)
{
    s->grab.kind = 0;
    if (!s->live)
        return;
    s->live = 0;
    set_shots(s, s->origin.shots, s->origin.count); /* never grows: cannot fail */
    s->current = s->origin.current < s->count ? s->origin.current : 0;
    step_free(&s->origin);
}

/* ---- undo ------------------------------------------------------------------------------------------------ */

int ed_seq_owns_undo(const ed_seq *s, const ed_doc *d, int redo)
{
    if (!ed_seq_active(s))
        return 0;
    if (!redo) {
        if (!s->undo_count)
            return 0;
        const ed_seq_step *e = &s->undo[s->undo_count - 1];
        size_t limit = e->stamp > s->switch_stamp ? e->depth : s->switch_depth;
        return d->history.undo_count <= limit;
    }
    if (!s->redo_count)
        return 0;
    const ed_seq_step *r = &s->redo[s->redo_count - 1];
    return d->history.redo_count == 0 || d->history.undo_count == r->depth;
}

int ed_seq_undo(ed_seq *s, ed_file *f, ed_doc *d, ed_base *b, int redo)
{
    ed_seq_step *from = redo ? s->redo : s->undo;
    size_t *n = redo ? &s->redo_count : &s->undo_count;
    if (!ed_seq_active(s) || *n == 0)
        return -1;
    ed_seq_step now;
    if (copy_shots(&now, s) != 0) {
        ed_base_message(b, 1, "out of memory");
        return -1;
    }
    ed_seq_step *t = &from[*n - 1];
    now.depth = d->history.undo_count;
    now.stamp = ++s->clock;
    memcpy(now.what, t->what, sizeof now.what);
    if ((redo ? push(&s->undo, &s->undo_count, &s->undo_cap, &now)
              : push(&s->redo, &s->redo_count, &s->redo_cap, &now)) != 0) {
        step_free(&now);
        ed_base_message(b, 1, "out of memory");
        return -1;
    }
    from = redo ? s->redo : s->undo; /* a push may have moved neither, but be sure */
    t = &from[*n - 1];
    if (set_shots(s, t->shots, t->count) != 0) {
        ed_base_message(b, 1, "out of memory");
        return -1;
    }
    s->revision = t->revision;
    size_t current = t->current;
    char what[96];
    memcpy(what, t->what, sizeof what);
    step_free(t);
    (*n)--;
    ed_base_message(b, 0, "%s: %s", redo ? "redone" : "undone", what[0] ? what : "a shot edit");
    settle(s, f, d, b, current);
    return 0;
}
