/* editor/core/job.c - work on a thread of its own. */
#include "job.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "os.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

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
    j->started = now();
    int rc = pthread_create(&j->thread, NULL, run, j);
    if (rc != 0) {
        snprintf(err, err_size, "cannot start a thread: %s", strerror(rc));
        return -1;
    }
    return 0;
}

int ed_job_done(ed_job *j) { return atomic_load(&j->done); }

double ed_job_seconds(const ed_job *j) { return now() - j->started; }

int ed_job_wait(ed_job *j, double seconds)
{
    const double until = now() + seconds;
    while (!ed_job_done(j) && now() < until)
        ed_os_sleep(0.001); /* 1 ms: a short job is done at the first look */
    return ed_job_done(j);
}

void ed_job_join(ed_job *j) { pthread_join(j->thread, NULL); }
