/* SPDX-License-Identifier: MIT */
/* editor/core/job.h - work on a thread of its own, for what takes a while
 * (loading a scene, retiming a long path): the editor starts it, keeps
 * drawing, asks whether it is done and how long it has run, and joins it
 * to take the result. The work writes its result before the job is done;
 * the editor reads it after.
 */
#ifndef ED_JOB_H
#define ED_JOB_H

#include <stdatomic.h>
#include <stddef.h>

#include "os.h"

typedef struct ed_job {
    ed_os_thread *thread;
    void        (*work)(void *arg);
    void         *arg;
    atomic_int    done;
    double        started;   /* monotonic seconds */
} ed_job;

/* Runs work(arg) on a new thread. 0, or -1 with the reason in err. */
int ed_job_start(ed_job *j, void (*work)(void *arg), void *arg, char *err, size_t err_size);
/* Whether the work has finished. */
int ed_job_done(ed_job *j);
/* Seconds since the job started. */
double ed_job_seconds(const ed_job *j);
/* Waits up to `seconds` for the work to finish; returns whether it has. */
int ed_job_wait(ed_job *j, double seconds);
/* Waits for the work to finish and ends the thread. */
void ed_job_join(ed_job *j);

#endif /* ED_JOB_H */
