/* SPDX-License-Identifier: MIT */
/* editor/core/loader.c - the import thread. */
#include "loader.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "job.h"

struct ed_loader {
    ed_job             job;
    char              *file;
    ed_import_options  options;
    ed_import_progress progress;
    /* written by the job before it is done, read after */
    ed_world           world;
    ed_bvh             bvh;         /* the clearance check's index, built here too: it takes a while */
    int                bvh_rc;
    int                rc;
    char               err[1024];
};

static void run(void *arg)
{
    ed_loader *l = arg;
    l->rc = ed_import_world(&l->world, l->file, &l->options, &l->progress, l->err, sizeof l->err);
    /* a cancelled load is not taken: no index for it */
    l->bvh_rc = l->rc == 0 ? ed_bvh_build_until(&l->bvh, &l->world, &l->progress.cancel) : -1;
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
    char why[128];
    if (ed_job_start(&l->job, run, l, why, sizeof why) != 0) {
        snprintf(err, err_size, "%s: %s", file, why);
        free(l->file);
        free(l);
        return NULL;
    }
    return l;
}

int ed_loader_done(ed_loader *l) { return ed_job_done(&l->job); }
void ed_loader_cancel(ed_loader *l) { atomic_store(&l->progress.cancel, 1); }
const char *ed_loader_file(const ed_loader *l) { return l->file; }

void ed_loader_describe(ed_loader *l, char *buf, size_t size)
{
    double mb = 1.0 / (1024.0 * 1024.0), secs = ed_job_seconds(&l->job);
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
    ed_job_join(&l->job);
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
