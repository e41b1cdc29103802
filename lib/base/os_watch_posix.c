/* SPDX-License-Identifier: MIT */
/* lib/base/os_watch_posix.c - the change watch on POSIX systems: inotify on
 * Linux (a watch of a folder sees saves by rename, which replace the file's
 * inode; see inotify(7)), none elsewhere (lib/base/os.h). */
#if !defined(_WIN32)
#include <errno.h>
#include <stdlib.h>
#include <unistd.h>
#if defined(__linux__)
#include <poll.h>
#include <sys/inotify.h>
#endif

#include "base.h"

#if defined(__linux__)

struct cpi_watch {
    int          fd;
    cp_allocator alloc;
};

#define WATCH_MASK                                                                                                 \
    (IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_MODIFY | IN_ATTRIB | IN_DELETE_SELF |  \
     IN_MOVE_SELF | IN_ONLYDIR)

cpi_watch *cpi_watch_create(const cp_allocator *alloc)
{
    cpi_watch *w = cpi_alloc(alloc, sizeof *w);
    if (w && (w->fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC)) < 0) {
        cpi_free(alloc, w);
        w = NULL;
    }
    if (w)
        w->alloc = cpi_allocator_copy(alloc);
    return w;
}

void cpi_watch_destroy(cpi_watch *w)
{
    if (w) {
        close(w->fd); /* the watches go with the descriptor */
        const cp_allocator alloc = w->alloc;
        cpi_free(&alloc, w);
    }
}

const char *cpi_watch_method(void) { return "inotify"; }

/* The kernel gives a folder watched already the descriptor it has. */
int cpi_watch_add(cpi_watch *w, const char *folder) { return inotify_add_watch(w->fd, folder, WATCH_MASK); }

void cpi_watch_remove(cpi_watch *w, int id) { inotify_rm_watch(w->fd, id); }

void cpi_watch_drain(cpi_watch *w, cpi_watch_event event, void *context)
{
    _Alignas(struct inotify_event) char buf[16384];
    for (;;) {
        ssize_t n = read(w->fd, buf, sizeof buf);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return; /* EAGAIN: nothing more */
        for (char *p = buf; p < buf + n;) {
            const struct inotify_event *ev = (const struct inotify_event *)(void *)p;
            unsigned flags = 0;
            if (ev->mask & (IN_DELETE_SELF | IN_MOVE_SELF))
                inotify_rm_watch(w->fd, ev->wd);
            if (ev->mask & (IN_IGNORED | IN_DELETE_SELF | IN_MOVE_SELF))
                flags |= CPI_WATCH_GONE;
            if (ev->mask & IN_Q_OVERFLOW)
                flags |= CPI_WATCH_OVERFLOW;
            event(context, ev->wd, ev->len ? ev->name : NULL, flags);
            p += sizeof *ev + ev->len;
        }
    }
}

int cpi_watch_fd(const cpi_watch *w) { return w->fd; }

bool cpi_watch_wait(cpi_watch *w, int timeout_ms)
{
    struct pollfd pfd = {w->fd, POLLIN, 0};
    return poll(&pfd, 1, timeout_ms) > 0;
}

#else /* no change notification here: hot reload compares stamps */

cpi_watch *cpi_watch_create(const cp_allocator *alloc) { return (void)alloc, NULL; }
void cpi_watch_destroy(cpi_watch *w) { (void)w; }
const char *cpi_watch_method(void) { return "none"; }
int cpi_watch_add(cpi_watch *w, const char *folder) { return (void)w, (void)folder, -1; }
void cpi_watch_remove(cpi_watch *w, int id) { (void)w, (void)id; }
void cpi_watch_drain(cpi_watch *w, cpi_watch_event event, void *context) { (void)w, (void)event, (void)context; }
int cpi_watch_fd(const cpi_watch *w) { return (void)w, -1; }

bool cpi_watch_wait(cpi_watch *w, int timeout_ms)
{
    (void)w;
    cpi_sleep_ms(timeout_ms);
    return false;
}

#endif

#else
typedef int cpi_os_watch_posix_not_built; /* ISO C wants something in every file */
#endif
