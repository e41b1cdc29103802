/* SPDX-License-Identifier: MIT */
/* lib/reload/reload.c - path resources by file name, reloaded when their files change.
 *
 * The system's change watch (lib/base/os.h: inotify on Linux,
 * ReadDirectoryChangesW on Windows) watches the folder of every open file (a
 * folder watch sees saves by rename, which replace the file). A file that is
 * a symbolic link (or a chain of them) changes when any link or the file at
 * the end changes, in whatever folders they are: each of those folders is
 * watched too, and the chain is followed again after every change. Events
 * only mark resources to check; the check itself compares a content hash, so
 * duplicate events and writes that end in the same content do not make new
 * generations. Without a watch (other systems, CAMPATH_NO_INOTIFY=1,
 * cp_library_create_polling, or a folder that cannot be watched) each poll
 * compares stamps: which file the name leads to, its size, modification and
 * change time to the nanosecond. A file not there when opened is a resource
 * without a path, in error until its first save. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "campath/reload.h"
#include "json_impl.h"

/* A file modified less than this long before it was read may change again
 * with the same timestamp (file times advance in clock ticks, not
 * nanoseconds), so stat polling also compares its content until then. */
#define RACY_NS 50000000LL

typedef cpi_file_stamp signature;

/* The file itself and the links it goes through, at most this many: a
 * longer chain is followed by stat polling. */
#define CPI_RELOAD_WATCHES 8

/* One name to watch: a watch of its folder, and its name there. */
typedef struct watch {
    int   wd;
    char *name;
} watch;

struct cp_resource {
    const cp_allocator *alloc;  /* the library's */
    char          *file;        /* as given */
    watch          watches[CPI_RELOAD_WATCHES]; /* the file, then each link's target */
    int            nwatch;
    int            watched;     /* every name of the chain is watched: events can be trusted */
    int            dirty;       /* an event names this file */
    cp_path       *path;
    unsigned long  generation;
    char          *error;       /* NULL after a successful load */
    signature      seen;        /* at the last check */
    uint64_t       hash;        /* of the text of the last attempt (0: it could not be read) */
    uint64_t       loaded;      /* of the text of the path in service */
    int            racy;        /* the last read may not be the last write of its tick */
    /* a sequence resource: its sequence, and the path files it names, checked with stat at every poll */
    int            is_sequence;
    cp_sequence   *sequence;
    cpi_sequence_files deps;
    signature     *dep_seen;    /* deps.count entries */
    int            dep_racy;    /* a path file may change again within its timestamp's tick */
};

struct cp_library {
    cp_allocator  alloc;        /* what the library, its resources and their paths use */
    cpi_watch    *watch;        /* NULL when polling */
    cp_resource **res;
    size_t        count, cap;
};

/* ---- small pieces ------------------------------------------------------------------------ */

static uint64_t fnv1a(const char *s, size_t n)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)s[i]) * 0x100000001b3ull;
    return h;
}

static signature stat_file(const char *file) { return cpi_file_stamp_of(file); }

static int same(const signature *a, const signature *b)
{
    return a->exists == b->exists && a->volume == b->volume && a->id == b->id && a->size == b->size &&
           a->mtime_ns == b->mtime_ns && a->ctime_ns == b->ctime_ns;
}

static void set_error(cp_resource *r, const char *message)
{
    cpi_free(r->alloc, r->error);
    r->error = cpi_strdup(r->alloc, message);
}

/* Does any resource still watch `wd`? */
static int in_use(const cp_library *lib, int wd)
{
    for (size_t i = 0; i < lib->count; i++)
        for (int j = 0; j < lib->res[i]->nwatch; j++)
            if (lib->res[i]->watches[j].wd == wd)
                return 1;
    return 0;
}

/* Watches the folder of `name` and returns the watch (the folder is "."
 * without a slash, "/" for a name at the root), or wd -1. */
static watch watch_name(cp_library *lib, const char *name)
{
    watch w = {-1, NULL};
    const size_t folder = cpi_name_folder(name);
    char dir[CPI_PATH_MAX];
    snprintf(dir, sizeof dir, "%.*s", folder ? (int)folder : 1, folder ? name : ".");
    w.name = cpi_strdup(&lib->alloc, name + cpi_name_base(name));
    if (w.name)
        w.wd = cpi_watch_add(lib->watch, dir);
    return w;
}

/* Forgets the resource's watches (r must not be in lib->res), and removes
 * those no other resource uses. */
static void drop_watches(cp_library *lib, cp_resource *r)
{
    for (int j = 0; j < r->nwatch; j++) {
        cpi_free(&lib->alloc, r->watches[j].name);
        if (lib->watch && r->watches[j].wd >= 0 && !in_use(lib, r->watches[j].wd))
            cpi_watch_remove(lib->watch, r->watches[j].wd);
    }
    r->nwatch = 0;
    r->watched = 0;
}

/* Watches the folder of the file and of every link on its way to the file
 * at the end (a file replaced by a link into another folder must still be
 * followed), and stops watching folders nothing needs any more. Sets
 * r->watched when every name is watched; otherwise the resource is polled
 * with stat. */
static void watch_chain(cp_library *lib, cp_resource *r)
{
    if (!lib->watch) {
        r->watched = 0;
        return;
    }
    watch old[CPI_RELOAD_WATCHES];
    const int nold = r->nwatch;
    memcpy(old, r->watches, sizeof old);
    r->nwatch = 0;
    r->watched = 1;
    char name[CPI_PATH_MAX];
    snprintf(name, sizeof name, "%s", r->file);
    for (;;) {
        if (r->nwatch == CPI_RELOAD_WATCHES) {
            r->watched = 0;
            break;
        }
        watch w = watch_name(lib, name);
        if (w.wd < 0) {
            cpi_free(&lib->alloc, w.name);
            r->watched = 0;
            break;
        }
        r->watches[r->nwatch++] = w;
        if (cpi_link_next(name, name) <= 0)
            break; /* the file at the end (or an unreadable link: its folder is watched) */
    }
    for (int j = 0; j < nold; j++) {
        cpi_free(&lib->alloc, old[j].name);
        if (old[j].wd >= 0 && !in_use(lib, old[j].wd))
            cpi_watch_remove(lib->watch, old[j].wd);
    }
}

/* ---- loading --------------------------------------------------------------------------------- */

/* The error of a resource whose file has not been saved yet. */
#define WAITING_MESSAGE "%s: not there yet: the path comes with the file's first save"

/* Is the file simply not there (as opposed to there but unreadable)? */
static int not_there(const char *file) { return cpi_file_stamp_of(file).missing; }

/* Stats the sequence's path files, as they are now. */
static void stat_deps(cp_resource *r, long long before)
{
    cpi_free(r->alloc, r->dep_seen);
    r->dep_seen = r->deps.count ? cpi_alloc_array(r->alloc, r->deps.count, sizeof *r->dep_seen) : NULL;
    r->dep_racy = r->deps.count && !r->dep_seen; /* out of memory: look again at every poll */
    for (size_t i = 0; r->dep_seen && i < r->deps.count; i++) {
        r->dep_seen[i] = stat_file(r->deps.names[i]);
        r->dep_racy |= r->dep_seen[i].exists && before - r->dep_seen[i].mtime_ns < RACY_NS;
    }
}

/* Whether a path file the sequence names changed since it was read. */
static int deps_changed(const cp_resource *r)
{
    if (r->dep_racy)
        return 1;
    for (size_t i = 0; r->dep_seen && i < r->deps.count; i++) {
        signature g = stat_file(r->deps.names[i]);
        if (!same(&g, &r->dep_seen[i]))
            return 1;
    }
    return 0;
}

/* The end of a failed reload: the message (a file that is gone or not
 * there yet said so in the resource's terms: `what` is "path" or
 * "sequence", `have` whether one is in service) kept for
 * cp_resource_error() and handed to the caller. */
static void reload_failed(cp_resource *r, int first, int have, const char *what, cp_error *err,
                          cp_error *error)
{
    if (!r->seen.exists && !first) {
        if (have)
            cpi_error_set(err, CP_ERR_IO, "%s: not found (deleted?); keeping the last good %s", r->file, what);
        else
            cpi_error_set(err, CP_ERR_IO, "%s: not there yet: the %s comes with the file's first save", r->file,
                          what);
    }
    set_error(r, err->message);
    if (error)
        *error = *err;
}

static void clear_error(cp_resource *r)
{
    cpi_free(r->alloc, r->error);
    r->error = NULL;
}

/* reload() for a sequence: the sequence file and every path file it names
 * are read again; the hash covers them all. */
static int reload_sequence(cp_resource *r, int first, cp_error *error)
{
    cp_error err;
    const long long before = cpi_clock_ns();
    r->seen = stat_file(r->file);
    cpi_sequence_files_free(&r->deps);
    uint64_t h = 0;
    cp_sequence *seq = cpi_sequence_load_file(r->file, &r->deps, &h, &err);
    stat_deps(r, before);
    r->racy = r->seen.exists && before - r->seen.mtime_ns < RACY_NS;
    h = h ? h ^ (r->deps.hash * 0x9e3779b97f4a7c15ull) : 0;
    r->hash = h;
    if (!seq) {
        reload_failed(r, first, r->sequence != NULL, "sequence", &err, error);
        return 0;
    }
    if (!first && h == r->loaded) {
        cp_sequence_destroy(seq); /* the same bytes as the sequence in service */
        clear_error(r);
        return 0;
    }
    cp_sequence_destroy(r->sequence);
    r->sequence = seq;
    r->generation++;
    r->loaded = h;
    clear_error(r);
    return 1;
}

/* Reads and loads the file if its content differs from the last attempt.
 * Returns 1 for a new path, 0 otherwise. */
static int reload(cp_resource *r, int first, cp_error *error)
{
    if (r->is_sequence)
        return reload_sequence(r, first, error);
    cp_error err;
    const long long before = cpi_clock_ns();
    r->seen = stat_file(r->file);
    char *text;
    size_t size;
    if (cpi_read_file(r->alloc, r->file, &text, &size, &err) != CP_OK) {
        reload_failed(r, first, r->path != NULL, "path", &err, error);
        r->hash = 0;
        r->racy = 0;
        return 0;
    }
    uint64_t h = fnv1a(text, size);
    r->racy = r->seen.exists && before - r->seen.mtime_ns < RACY_NS;
    if (!first && h == r->loaded) {
        /* the bytes of the path in service: an event for a write that changed
         * nothing, or a file back as it was after a failed read or load */
        cpi_free(r->alloc, text);
        r->hash = h;
        clear_error(r);
        return 0;
    }
    if (!first && h == r->hash && r->error) {
        cpi_free(r->alloc, text);
        return 0; /* the same bytes that failed to load last time */
    }
    r->hash = h;
    const cp_json_options jo = {.allocator = r->alloc};
    cp_path *p = cp_path_load_memory_with(text, size, r->file, &jo, &err);
    cpi_free(r->alloc, text);
    if (!p) {
        set_error(r, err.message);
        if (error)
            *error = err;
        return 0;
    }
    /* the old path is freed now: the contract is "valid until the next poll that reloads it" */
    cp_path_destroy(r->path);
    r->path = p;
    r->generation++;
    r->loaded = h;
    clear_error(r);
    return 1;
}

/* ---- the library --------------------------------------------------------------------------- */

static cp_library *create(int use_watch, const cp_allocator *alloc, cp_error *error)
{
    cp_library *lib = cpi_calloc(alloc, 1, sizeof *lib);
    if (!lib) {
        cpi_error_set(error, CP_ERR_MEMORY, "out of memory for a path library");
        return NULL;
    }
    lib->alloc = cpi_allocator_copy(alloc);
    const char *env = getenv("CAMPATH_NO_INOTIFY");
    if (use_watch && !(env && *env && strcmp(env, "0") != 0))
        lib->watch = cpi_watch_create(&lib->alloc); /* NULL: fall back to polling */
    cpi_error_clear(error);
    return lib;
}

cp_library *cp_library_create(cp_error *error) { return create(1, NULL, error); }

cp_library *cp_library_create_polling(cp_error *error) { return create(0, NULL, error); }

cp_library *cp_library_create_with(const cp_library_options *options, cp_error *error)
{
    return options ? create(!options->polling, options->allocator, error) : create(1, NULL, error);
}

void cp_library_destroy(cp_library *lib)
{
    if (!lib)
        return;
    for (size_t i = 0; i < lib->count; i++) {
        cp_resource *r = lib->res[i];
        for (int j = 0; j < r->nwatch; j++)
            cpi_free(&lib->alloc, r->watches[j].name); /* the watches go with the watch */
        cp_path_destroy(r->path);
        cp_sequence_destroy(r->sequence);
        cpi_sequence_files_free(&r->deps);
        cpi_free(&lib->alloc, r->dep_seen);
        cpi_free(&lib->alloc, r->error);
        cpi_free(&lib->alloc, r->file);
        cpi_free(&lib->alloc, r);
    }
    cpi_free(&lib->alloc, lib->res);
    cpi_watch_destroy(lib->watch);
    const cp_allocator alloc = lib->alloc;
    cpi_free(&alloc, lib);
}

const char *cp_library_watch_method(const cp_library *lib)
{
    return lib->watch ? cpi_watch_method() : "stat polling";
}

bool cp_library_uses_inotify(const cp_library *lib) { return strcmp(cp_library_watch_method(lib), "inotify") == 0; }

int cp_library_fd(const cp_library *lib) { return lib->watch ? cpi_watch_fd(lib->watch) : -1; }

bool cp_library_wait(cp_library *lib, int timeout_ms)
{
    if (timeout_ms < 0)
        timeout_ms = 0;
    if (!lib->watch) {
        cpi_sleep_ms(timeout_ms);
        return false;
    }
    return cpi_watch_wait(lib->watch, timeout_ms);
}

static cp_resource *open_resource(cp_library *lib, const char *file, int is_sequence, cp_error *error)
{
    signature g = stat_file(file);
    for (size_t i = 0; i < lib->count; i++) {
        cp_resource *r = lib->res[i];
        int match = strcmp(r->file, file) == 0;
        if (!match && g.exists) {
            /* the same file under another name; r->seen may predate a rename or a delete, so look again */
            match = cpi_file_same(r->file, file);
        }
        if (match && r->is_sequence != is_sequence) {
            cpi_error_set(error, CP_ERR_INVALID, "%s: already open as a %s", file, r->is_sequence ? "sequence" : "path");
            return NULL;
        }
        if (match) {
            cpi_error_clear(error);
            return r;
        }
    }
    if (lib->count == lib->cap) {
        size_t cap = lib->cap ? 2 * lib->cap : 8;
        cp_resource **a = cpi_realloc_array(&lib->alloc, lib->res, cap, sizeof *a);
        if (!a) {
            cpi_error_set(error, CP_ERR_MEMORY, "out of memory for a resource");
            return NULL;
        }
        lib->res = a;
        lib->cap = cap;
    }
    cp_resource *r = cpi_calloc(&lib->alloc, 1, sizeof *r);
    if (r) {
        r->alloc = &lib->alloc;
        r->file = cpi_strdup(&lib->alloc, file);
        r->is_sequence = is_sequence;
    }
    if (!r || !r->file) {
        cpi_free(&lib->alloc, r);
        cpi_error_set(error, CP_ERR_MEMORY, "out of memory for a resource");
        return NULL;
    }
    /* watch before loading so that a write between the two is not missed */
    watch_chain(lib, r);
    int opened;
    if (not_there(file)) {
        /* a file the game opens before the editor or the recorder first saves
         * it: no path yet, and the first save comes in as any reload does */
        cp_error wait;
        if (is_sequence)
            cpi_error_set(&wait, CP_ERR_IO, "%s: not there yet: the sequence comes with the file's first save", file);
        else
            cpi_error_set(&wait, CP_ERR_IO, WAITING_MESSAGE, file);
        set_error(r, wait.message);
        opened = r->error != NULL;
        if (!opened)
            cpi_error_set(error, CP_ERR_MEMORY, "out of memory for a resource");
    } else {
        opened = reload(r, 1, error);
    }
    if (!opened) {
        drop_watches(lib, r);
        cp_path_destroy(r->path);
        cp_sequence_destroy(r->sequence);
        cpi_sequence_files_free(&r->deps);
        cpi_free(&lib->alloc, r->dep_seen);
        cpi_free(&lib->alloc, r->error);
        cpi_free(&lib->alloc, r->file);
        cpi_free(&lib->alloc, r);
        return NULL;
    }
    lib->res[lib->count++] = r;
    cpi_error_clear(error);
    return r;
}

cp_resource *cp_library_open(cp_library *lib, const char *file, cp_error *error)
{
    return open_resource(lib, file, 0, error);
}

cp_resource *cp_library_open_sequence(cp_library *lib, const char *file, cp_error *error)
{
    return open_resource(lib, file, 1, error);
}

/* Marks the resources an event names (cpi_watch_event). */
static void on_event(void *context, int wd, const char *name, unsigned flags)
{
    cp_library *lib = context;
    for (size_t i = 0; i < lib->count; i++) {
        cp_resource *r = lib->res[i];
        if (flags & CPI_WATCH_OVERFLOW)
            r->dirty = 1; /* events were lost: check everything */
        for (int j = 0; j < r->nwatch; j++) {
            if (wd != r->watches[j].wd)
                continue;
            if (!name || cpi_name_same(name, r->watches[j].name))
                r->dirty = 1;
            if (flags & CPI_WATCH_GONE) {
                /* a folder went away or moved: poll until the chain can be watched again */
                r->watches[j].wd = -1;
                r->watched = 0;
                r->dirty = 1;
            }
        }
    }
}

size_t cp_library_poll(cp_library *lib)
{
    size_t reloaded = 0;
    if (lib->watch)
        cpi_watch_drain(lib->watch, on_event, lib);
    for (size_t i = 0; i < lib->count; i++) {
        cp_resource *r = lib->res[i];
        if (lib->watch && !r->watched)
            watch_chain(lib, r); /* a folder of the chain may be back */
        int watched = lib->watch && r->watched;
        int check = r->dirty;
        if (!watched || r->error) {
            /* no events to rely on, or the last attempt may have seen a half-written file */
            signature g = stat_file(r->file);
            check = check || !same(&g, &r->seen) || (!watched && r->racy && g.exists);
        }
        if (r->is_sequence && !check)
            check = deps_changed(r);
        if (check) {
            r->dirty = 0;
            reloaded += reload(r, 0, NULL);
            if (watched)
                watch_chain(lib, r); /* a link may point elsewhere now */
        }
    }
    return reloaded;
}

const cp_path *cp_resource_path(const cp_resource *res) { return res->path; }
const cp_sequence *cp_resource_sequence(const cp_resource *res) { return res->sequence; }
unsigned long cp_resource_generation(const cp_resource *res) { return res->generation; }
const char *cp_resource_error(const cp_resource *res) { return res->error; }
const char *cp_resource_file(const cp_resource *res) { return res->file; }
