/* editor/core/retimer.c - the retiming thread. */
#include "retimer.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct ed_retimer {
    pthread_t     thread;
    cp_document   doc;       /* the thread's own copy: the editor goes on editing its document */
    unsigned long revision;
    double        duration;
    double        started;   /* monotonic seconds */
    atomic_int    done;
    /* written by the thread before `done` is set, read after */
    cp_path      *result;
    cp_error      err;
};

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void *run(void *arg)
{
    ed_retimer *r = arg;
    cp_path *p = cp_document_to_path(&r->doc, &r->err);
    if (p)
        r->result = cp_path_retime_constant_speed(p, r->duration, &r->err);
    cp_path_destroy(p);
    atomic_store(&r->done, 1);
    return NULL;
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
    r->started = now();
    int rc = pthread_create(&r->thread, NULL, run, r);
    if (rc != 0) {
        snprintf(err, err_size, "retime: cannot start a thread: %s", strerror(rc));
        cp_document_free(&r->doc);
        free(r);
        return NULL;
    }
    return r;
}

int ed_retimer_done(ed_retimer *r) { return atomic_load(&r->done); }
unsigned long ed_retimer_revision(const ed_retimer *r) { return r->revision; }

int ed_retimer_wait(ed_retimer *r, double seconds)
{
    const double until = now() + seconds;
    while (!ed_retimer_done(r) && now() < until) {
        struct timespec ts = {0, 1000 * 1000}; /* 1 ms: a short path is done at the first look */
        nanosleep(&ts, NULL);
    }
    return ed_retimer_done(r);
}

void ed_retimer_describe(ed_retimer *r, char *buf, size_t size)
{
    snprintf(buf, size, "retiming %zu keys to constant speed, %.1f s", r->doc.count, now() - r->started);
}

cp_path *ed_retimer_finish(ed_retimer *r, char *err, size_t err_size)
{
    pthread_join(r->thread, NULL);
    cp_path *p = r->result;
    if (!p)
        snprintf(err, err_size, "%s", r->err.message);
    cp_document_free(&r->doc);
    free(r);
    return p;
}
