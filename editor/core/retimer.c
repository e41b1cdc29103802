/* SPDX-License-Identifier: MIT */
/* editor/core/retimer.c - the retiming thread. */
#include "retimer.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "job.h"

struct ed_retimer {
    ed_job        job;
    cp_document   doc;       /* the job's own copy: the editor goes on editing its document */
    unsigned long revision;
    double        duration;
    /* written by the job before it is done, read after */
    cp_path      *result;
    cp_error      err;
};

static void run(void *arg)
{
    ed_retimer *r = arg;
    cp_path *p = cp_document_to_path(&r->doc, &r->err);
    if (p)
        r->result = cp_path_retime_constant_speed(p, r->duration, &r->err);
    cp_path_destroy(p);
}

ed_retimer *ed_retimer_start(const cp_document *doc, unsigned long revision, double duration, char *err,
                             size_t err_size)
{
    ed_retimer *r = calloc(1, sizeof *r);
    cp_error e;
    if (!r || cp_document_copy(&r->doc, doc, &e) != CP_OK) {
        free(r);
        snprintf(err, err_size, "retime: out of memory for a copy of %zu keys", doc->count);
        return NULL;
    }
    r->revision = revision;
    r->duration = duration;
    char why[128];
    if (ed_job_start(&r->job, run, r, why, sizeof why) != 0) {
        snprintf(err, err_size, "retime: %s", why);
        cp_document_free(&r->doc);
        free(r);
        return NULL;
    }
    return r;
}

int ed_retimer_done(ed_retimer *r) { return ed_job_done(&r->job); }
unsigned long ed_retimer_revision(const ed_retimer *r) { return r->revision; }

int ed_retimer_wait(ed_retimer *r, double seconds) { return ed_job_wait(&r->job, seconds); }

void ed_retimer_describe(ed_retimer *r, char *buf, size_t size)
{
    snprintf(buf, size, "retiming %zu keys to constant speed, %.1f s", r->doc.count, ed_job_seconds(&r->job));
}

cp_path *ed_retimer_finish(ed_retimer *r, char *err, size_t err_size)
{
    ed_job_join(&r->job);
    cp_path *p = r->result;
    if (!p)
        snprintf(err, err_size, "%s", r->err.message);
    cp_document_free(&r->doc);
    free(r);
    return p;
}
