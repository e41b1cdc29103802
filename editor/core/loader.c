/* editor/core/loader.c - the import thread. */
#include "loader.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct ed_loader {
    pthread_t          thread;
    char              *file;
    ed_import_options  options;
    ed_import_progress progress;
    atomic_int         done;
    double             started;     /* monotonic seconds */
    /* written by the thread before `done` is set, read after */
    ed_world           world;
    ed_bvh             bvh;         /* the clearance check's index, built here too: it takes a while */
    int                bvh_rc;
    int                rc;
    char               err[1024];
};

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void *run(void *arg)
{
    ed_loader *l = arg;
    l->rc = ed_import_world(&l->world, l->file, &l->options, &l->progress, l->err, sizeof l->err);
    l->bvh_rc = l->rc == 0 ? ed_bvh_build(&l->bvh, &l->world) : -1;
    atomic_store(&l->done, 1);
    return NULL;
}

ed_loader *ed_loader_start(const char *file, const ed_import_options *options, char *err, size_t err_size)
{
    ed_loader *l = calloc(1, sizeof *l);
    size_t n = strlen(file) + 1;
    if (l)
        l->file = malloc(n);
    if (!l || !l->file) {
        free(l);
        snprintf(err, err_size, "%s: out of memory", file);
        return NULL;
    }
    memcpy(l->file, file, n);
    if (options)
        l->options = *options;
    l->started = now();
    int rc = pthread_create(&l->thread, NULL, run, l);
    if (rc != 0) {
        snprintf(err, err_size, "%s: cannot start the loading thread: %s", file, strerror(rc));
        free(l->file);
        free(l);
        return NULL;
    }
    return l;
}

int ed_loader_done(ed_loader *l) { return atomic_load(&l->done); }
const char *ed_loader_file(const ed_loader *l) { return l->file; }

void ed_loader_describe(ed_loader *l, char *buf, size_t size)
{
    double mb = 1.0 / (1024.0 * 1024.0), secs = now() - l->started;
    long long read = atomic_load(&l->progress.read), total = atomic_load(&l->progress.total);
    if (atomic_load(&l->progress.stage) == ED_IMPORT_READING) {
        double pct = total > 0 ? 100.0 * (double)read / (double)total : 0.0;
        snprintf(buf, size, "loading %s: %.0f%% of %.1f MB read, %.1f s", l->file, pct > 100 ? 100 : pct,
                 (double)total * mb, secs);
    } else {
        snprintf(buf, size, "loading %s: building meshes (%lld done), %.1f s", l->file,
                 (long long)atomic_load(&l->progress.meshes_done), secs);
    }
}

int ed_loader_finish(ed_loader *l, ed_world *out, ed_bvh *bvh, char *err, size_t err_size)
{
    pthread_join(l->thread, NULL);
    int rc = l->rc;
    if (rc == 0)
        *out = l->world;
    else
        snprintf(err, err_size, "%s", l->err);
    /* without memory for the index, the caller builds it when it is asked for */
    if (bvh && l->bvh_rc == 0)
        *bvh = l->bvh;
    else if (bvh)
        memset(bvh, 0, sizeof *bvh);
    if (!bvh || rc != 0)
        ed_bvh_free(&l->bvh);
    free(l->file);
    free(l);
    return rc;
}
