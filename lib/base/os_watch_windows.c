/* SPDX-License-Identifier: MIT */
/* lib/base/os_watch_windows.c - the change watch on Windows: one
 * ReadDirectoryChangesW per folder, overlapped, so that a poll only looks
 * at what has come in and never waits (lib/base/os.h). A folder's handle
 * shares reading, writing and deleting: the watch stands in the way of no
 * save, rename or delete in the folder. */
#if defined(_WIN32)
#include <stdlib.h>
#include <string.h>

#include "base.h"
#include "os_windows.h"

/* Room for the changes that come in between two polls; when more come,
 * the system says so (an empty result) and every resource is checked. */
#define EVENT_BYTES 16384

/* What a saved file can change: its name (a save by rename), its size,
 * its time, its attributes (a save by ReplaceFileW), and names of folders
 * (a folder of a link chain that goes or comes). */
#define FILTER                                                                                                      \
    (FILE_NOTIFY_CHANGE_FILE_NAME | FILE_NOTIFY_CHANGE_DIR_NAME | FILE_NOTIFY_CHANGE_SIZE |                         \
     FILE_NOTIFY_CHANGE_LAST_WRITE | FILE_NOTIFY_CHANGE_ATTRIBUTES | FILE_NOTIFY_CHANGE_CREATION)

typedef struct folder {
    HANDLE     dir;    /* NULL: a free slot */
    OVERLAPPED ov;     /* its hEvent is signalled when changes come in */
    DWORD      volume; /* which folder: volume serial number and file index */
    DWORD      index_hi, index_lo;
    DWORD     *buf;    /* EVENT_BYTES, DWORD-aligned as the system wants */
} folder;

struct cpi_watch {
    folder      *f;
    int          n; /* slots in use or free, f[0..n) */
    cp_allocator alloc;
};

cpi_watch *cpi_watch_create(const cp_allocator *alloc)
{
    cpi_watch *w = cpi_calloc(alloc, 1, sizeof *w);
    if (w)
        w->alloc = cpi_allocator_copy(alloc);
    return w;
}

const char *cpi_watch_method(void) { return "ReadDirectoryChangesW"; }

/* Asks for the next changes; false if the folder cannot be watched any more. */
static bool arm(folder *f)
{
    ResetEvent(f->ov.hEvent);
    return ReadDirectoryChangesW(f->dir, f->buf, EVENT_BYTES, FALSE, FILTER, NULL, &f->ov, NULL) != 0;
}

static void stop(const cp_allocator *alloc, folder *f)
{
    if (!f->dir)
        return;
    DWORD n;
    if (CancelIoEx(f->dir, &f->ov) || GetLastError() != ERROR_NOT_FOUND)
        GetOverlappedResult(f->dir, &f->ov, &n, TRUE); /* the system is done with the buffer */
    CloseHandle(f->dir);
    CloseHandle(f->ov.hEvent);
    cpi_free(alloc, f->buf);
    memset(f, 0, sizeof *f);
}

void cpi_watch_destroy(cpi_watch *w)
{
    if (!w)
        return;
    for (int i = 0; i < w->n; i++)
        stop(&w->alloc, &w->f[i]);
    cpi_free(&w->alloc, w->f);
    const cp_allocator alloc = w->alloc;
    cpi_free(&alloc, w);
}

int cpi_watch_add(cpi_watch *w, const char *name)
{
    cpi_wname wide;
    if (cpi_win_wide(name, &wide))
        return -1;
    HANDLE dir = CreateFileW(wide.w, FILE_LIST_DIRECTORY, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, NULL,
                             OPEN_EXISTING, FILE_FLAG_BACKUP_SEMANTICS | FILE_FLAG_OVERLAPPED, NULL);
    BY_HANDLE_FILE_INFORMATION fi;
    if (dir == INVALID_HANDLE_VALUE)
        return -1;
    if (!GetFileInformationByHandle(dir, &fi) || !(fi.dwFileAttributes & FILE_ATTRIBUTE_DIRECTORY)) {
        CloseHandle(dir);
        return -1;
    }
    /* a folder watched already, under this name or another, keeps its watch */
    int slot = -1;
    for (int i = 0; i < w->n; i++) {
        const folder *f = &w->f[i];
        if (f->dir && f->volume == fi.dwVolumeSerialNumber && f->index_hi == fi.nFileIndexHigh &&
            f->index_lo == fi.nFileIndexLow) {
            CloseHandle(dir);
            return i;
        }
        if (!f->dir && slot < 0)
            slot = i;
    }
    if (slot < 0) {
        folder *more = cpi_realloc_array(&w->alloc, w->f, (size_t)w->n + 1, sizeof *more);
        if (!more) {
            CloseHandle(dir);
            return -1;
        }
        w->f = more;
        memset(&w->f[w->n], 0, sizeof *more);
        slot = w->n++;
    }
    folder *f = &w->f[slot];
    f->dir = dir;
    f->volume = fi.dwVolumeSerialNumber;
    f->index_hi = fi.nFileIndexHigh;
    f->index_lo = fi.nFileIndexLow;
    f->ov.hEvent = CreateEventW(NULL, TRUE, FALSE, NULL);
    f->buf = cpi_alloc(&w->alloc, EVENT_BYTES);
    if (!f->ov.hEvent || !f->buf || !arm(f)) {
        if (f->ov.hEvent)
            CloseHandle(f->ov.hEvent);
        cpi_free(&w->alloc, f->buf);
        CloseHandle(dir);
        memset(f, 0, sizeof *f);
        return -1;
    }
    return slot;
}

void cpi_watch_remove(cpi_watch *w, int id)
{
    if (id >= 0 && id < w->n)
        stop(&w->alloc, &w->f[id]);
}

/* Hands the names in one batch of changes to `event`. A name that may be
 * a short 8.3 alias (the system reports those at times) or does not fit
 * is handed on as NULL: something in the folder changed. */
static void hand_on(const folder *f, int id, DWORD bytes, cpi_watch_event event, void *context)
{
    const char *p = (const char *)f->buf;
    for (;;) {
        const FILE_NOTIFY_INFORMATION *info = (const FILE_NOTIFY_INFORMATION *)(const void *)p;
        const int units = (int)(info->FileNameLength / sizeof(WCHAR));
        char name[MAX_PATH * 3 + 1];
        bool plain = cpi_win_utf8(info->FileName, units, name, sizeof name) && !strchr(name, '~');
        event(context, id, plain ? name : NULL, 0);
        if (info->NextEntryOffset == 0 || (DWORD)(p - (const char *)f->buf) + info->NextEntryOffset >= bytes)
            break;
        p += info->NextEntryOffset;
    }
}

void cpi_watch_drain(cpi_watch *w, cpi_watch_event event, void *context)
{
    for (int i = 0; i < w->n; i++) {
        folder *f = &w->f[i];
        DWORD bytes = 0;
        if (!f->dir)
            continue;
        if (!GetOverlappedResult(f->dir, &f->ov, &bytes, FALSE)) {
            DWORD e = GetLastError();
            if (e == ERROR_IO_INCOMPLETE)
                continue; /* nothing yet */
            if (e != ERROR_NOTIFY_ENUM_DIR) {
                /* the watch ended: the folder went away (or its drive) */
                stop(&w->alloc, f);
                event(context, i, NULL, CPI_WATCH_GONE);
                continue;
            }
            bytes = 0; /* too many changes for the buffer */
        }
        if (bytes == 0)
            event(context, -1, NULL, CPI_WATCH_OVERFLOW);
        else
            hand_on(f, i, bytes, event, context);
        if (!arm(f)) {
            stop(&w->alloc, f);
            event(context, i, NULL, CPI_WATCH_GONE);
        }
    }
}

int cpi_watch_fd(const cpi_watch *w) { return (void)w, -1; }

bool cpi_watch_wait(cpi_watch *w, int timeout_ms)
{
    HANDLE events[MAXIMUM_WAIT_OBJECTS];
    DWORD n = 0;
    bool more = false; /* folders beyond what one wait takes: they are seen at the next poll */
    for (int i = 0; i < w->n; i++)
        if (w->f[i].dir && !(more = n == MAXIMUM_WAIT_OBJECTS))
            events[n++] = w->f[i].ov.hEvent;
    if (n == 0) {
        Sleep((DWORD)timeout_ms);
        return false;
    }
    const DWORD rc = WaitForMultipleObjects(n, events, FALSE, more && timeout_ms > 50 ? 50 : (DWORD)timeout_ms);
    return rc < WAIT_OBJECT_0 + n || more;
}

#else
typedef int cpi_os_watch_windows_not_built; /* ISO C wants something in every file */
#endif
