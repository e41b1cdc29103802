/* SPDX-License-Identifier: MIT */
/* editor/core/job.c - work on a thread of its own. */
#include "job.h"

#include <stdio.h>
#include <string.h>

#include "os.h"

/* A job's stack: assimp recurses once per level of a scene's node tree
 * (ED_IMPORT_MAX_DEPTH of them), deeper than a default thread stack is sure
 * to hold on every system; address space only until it is used. */
#define JOB_STACK_BYTES ((size_t)64 * 1024 * 1024)

static void *run(void *arg)
{
    ed_job *j = arg;
    j->work(j->arg);
    atomic_store(&j->done, 1);
    return NULL;
}

int ed_job_start(ed_job *j, void (*work)(void *arg), void *arg, char *err, size_t err_size)
{
    j->work = work;
    j->arg = arg;
    atomic_init(&j->done, 0);
    j->started = ed_os_seconds();
    pthread_attr_t attr;
    int rc = pthread_attr_init(&attr);
    if (rc == 0) {
        rc = pthread_attr_setstacksize(&attr, JOB_STACK_BYTES);
        if (rc == 0)
            rc = pthread_create(&j->thread, &attr, run, j);
        pthread_attr_destroy(&attr);
    }
    if (rc != 0) {
        snprintf(err, err_size, "cannot start a thread: %s", strerror(rc));
        return -1;
    }
    return 0;
}

int ed_job_done(ed_job *j) { return atomic_load(&j->done); }

double ed_job_seconds(const ed_job *j) { return ed_os_seconds() - j->started; }

int ed_job_wait(ed_job *j, double seconds)
{
    const double until = ed_os_seconds() + seconds;
    while (!ed_job_done(j) && ed_os_seconds() < until)
        ed_os_sleep(0.001); /* 1 ms: a short job is done at the first look */
    return ed_job_done(j);
}

void ed_job_join(ed_job *j) { pthread_join(j->thread, NULL); }
