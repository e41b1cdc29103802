/* SPDX-License-Identifier: MIT */
/* editor/core/job.c - work on a thread of its own. */
#include "job.h"

#include "os.h"

/* A job's stack: assimp recurses once per level of a scene's node tree
 * (ED_IMPORT_MAX_DEPTH of them), deeper than a default thread stack is sure
 * to hold on every system; address space only until it is used. */
#define JOB_STACK_BYTES ((size_t)64 * 1024 * 1024)

static void run(void *arg)
{
    ed_job *j = arg;
    j->work(j->arg);
    atomic_store(&j->done, 1);
}

int ed_job_start(ed_job *j, void (*work)(void *arg), void *arg, char *err, size_t err_size)
{
    j->work = work;
    j->arg = arg;
    atomic_init(&j->done, 0);
    j->started = ed_os_seconds();
    j->thread = ed_os_thread_start(run, j, JOB_STACK_BYTES, err, err_size);
    return j->thread ? 0 : -1;
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

void ed_job_join(ed_job *j)
{
    ed_os_thread_join(j->thread);
    j->thread = NULL;
}
