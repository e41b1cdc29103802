/* SPDX-License-Identifier: MIT */
/* lib/base/os_file_windows.c - files on Windows, through the wide-character
 * API: reading a regular file whole (bounded, never in the way of another
 * program's save), writing a file atomically (a temporary file in the same
 * folder, flushed, then MoveFileExW over the old one), links, stamps, and
 * reading below a folder without being led out of it (lib/base/os.h).
 *
 * Why MoveFileExW and not ReplaceFileW: MoveFileExW with
 * MOVEFILE_REPLACE_EXISTING is one rename that replaces the old file, so a
 * reader sees the old file or the new one; ReplaceFileW may move the old
 * file out of the way first (Wine's does), leaving a moment with no file.
 * What ReplaceFileW would keep of the old file is kept by hand: its
 * attributes, its creation time and an access control list of its own. */
#if defined(_WIN32)
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "base.h"
#include "os_windows.h"

#define SHARE_ALL (FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE)

/* ---- names ------------------------------------------------------------------------------------ */

size_t cpi_name_base(const char *name)
{
    size_t base = 0;
    for (size_t i = 0; name[i]; i++)
        if (name[i] == '/' || name[i] == '\\' || (i == 1 && name[i] == ':'))
            base = i + 1;
    return base;
}

size_t cpi_name_folder(const char *name)
{
    const size_t base = cpi_name_base(name);
    const size_t drive = name[0] && name[1] == ':' ? 2 : 0;
    /* "x", "C:x", "\x", "C:\x" are in "", "C:", "\", "C:\"; "a\x" is in "a" */
    return base <= drive + 1 ? base : base - 1;
}

bool cpi_name_same(const char *a, const char *b)
{
    cpi_wname wa, wb;
    if (cpi_win_wide(a, &wa) || cpi_win_wide(b, &wb))
        return strcmp(a, b) == 0;
    return CompareStringOrdinal(wa.w, -1, wb.w, -1, TRUE) == CSTR_EQUAL;
}

/* The name as a wide name; false with `error` filled ("FILE: cannot WHAT:
 * the name is not valid UTF-8"). */
static bool wide_or_error(const char *file, cpi_wname *w, const char *what, cp_error *error)
{
    char eb[64];
    DWORD e = cpi_win_wide(file, w);
    if (e)
        cpi_error_set(error, CP_ERR_IO, "%s: cannot %s: %s", file, what, cpi_win_error_text(e, eb));
    return e == 0;
}

/* Opens `w` to look at it (its attributes, its identity), following links;
 * folders open too. Such a handle stands in no one's way. */
static HANDLE open_to_look(const wchar_t *w)
{
    return CreateFileW(w, FILE_READ_ATTRIBUTES, SHARE_ALL, NULL, OPEN_EXISTING, FILE_FLAG_BACKUP_SEMANTICS, NULL);
}

/* The name the system knows the open file `h` by, all links resolved
 * ("\\?\C:\..."); false if it cannot tell (GetLastError says why). */
static bool final_name(HANDLE h, cpi_wname *out)
{
    const DWORD cap = sizeof out->w / sizeof out->w[0];
    DWORD n = GetFinalPathNameByHandleW(h, out->w, cap, FILE_NAME_NORMALIZED | VOLUME_NAME_DOS);
    if (n >= cap)
        SetLastError(ERROR_FILENAME_EXCED_RANGE);
    return n > 0 && n < cap;
}

/* ---- reading ---------------------------------------------------------------------------------- */

/* What the handle is, when it is not a regular file ("is a folder, not a
 * file"), or NULL for a regular file; *size its size. */
static const char *not_regular(HANDLE h, unsigned long long *size)
{
    BY_HANDLE_FILE_INFORMATION fi;
    if (GetFileType(h) != FILE_TYPE_DISK)
        return "not a regular file"; /* a device (NUL, CON, COM1), a pipe */
    if (!GetFileInformationByHandle(h, &fi))
        return NULL;
    if (fi.dwFileAttributes & FILE_ATTRIBUTE_DIRECTORY)
        return "is a folder, not a file";
    *size = ((unsigned long long)fi.nFileSizeHigh << 32) | fi.nFileSizeLow;
    return NULL;
}

/* Reads into buf until n bytes or the end; false with the error on failure. */
static bool read_upto(HANDLE h, char *buf, size_t n, size_t *got, DWORD *err)
{
    *got = 0;
    while (*got < n) {
        const size_t ask = n - *got < (1u << 30) ? n - *got : (1u << 30);
        DWORD k = 0;
        if (!ReadFile(h, buf + *got, (DWORD)ask, &k, NULL)) {
            *err = GetLastError();
            return false;
        }
        if (k == 0)
            break;
        *got += k;
    }
    return true;
}

int cpi_read_file_limit(const cp_allocator *alloc, const char *file, size_t limit, const char *limit_name, char **text, size_t *size,
                        cp_error *error)
{
    char eb[64];
    cpi_wname w;
    *text = NULL;
    *size = 0;
    if (!wide_or_error(file, &w, "open", error))
        return CP_ERR_IO;
    /* shared for writing and deleting too: a hot reload's read must not
     * make the editor's save fail */
    HANDLE h = CreateFileW(w.w, GENERIC_READ, SHARE_ALL, NULL, OPEN_EXISTING, FILE_FLAG_BACKUP_SEMANTICS, NULL);
    DWORD e = GetLastError();
    if (h == INVALID_HANDLE_VALUE)
        return cpi_error_set(error, CP_ERR_IO, "%s: cannot open: %s", file, cpi_win_error_text(e, eb));
    unsigned long long hint = 0;
    const char *what = not_regular(h, &hint);
    if (what) {
        CloseHandle(h);
        return cpi_error_set(error, CP_ERR_IO, "%s: %s", file, what);
    }
    if (hint > limit) {
        CloseHandle(h);
        return cpi_error_set(error, CP_ERR_LIMIT, "%s: %llu bytes is over the limit of %zu bytes (%s)", file, hint,
                             limit, limit_name);
    }
    /* the size is a hint (the file may grow while it is read): a read that
     * fills the buffer, one byte past the size, is followed by another */
    size_t cap = (size_t)hint + 1, len = 0, got = 0;
    char *buf = cpi_alloc(alloc, cap + 1);
    const char *fault = NULL;
    while (buf && !fault) {
        if (!read_upto(h, buf + len, cap - len, &got, &e))
            fault = cpi_win_error_text(e, eb);
        else if ((len += got) < cap)
            break; /* the end */
        else if (cap > limit)
            fault = "over the limit";
        else {
            char *b = cpi_realloc(alloc, buf, 2 * cap + 1);
            if (!b)
                cpi_free(alloc, buf);
            buf = b;
            cap *= 2;
        }
    }
    CloseHandle(h);
    if (!buf)
        return cpi_error_set(error, CP_ERR_MEMORY, "%s: out of memory for %zu bytes", file, cap);
    if (fault) {
        cpi_free(alloc, buf);
        if (cap > limit)
            return cpi_error_set(error, CP_ERR_LIMIT, "%s: over the limit of %zu bytes (%s)", file, limit,
                                 limit_name);
        return cpi_error_set(error, CP_ERR_IO, "%s: cannot read: %s", file, fault);
    }
    buf[len] = '\0';
    *text = buf;
    *size = len;
    return CP_OK;
}

/* ---- atomic writes ----------------------------------------------------------------------------- */

/* Creates a new temporary file next to `target`, named in *tmp:
 * ".NAME.XXXXXX.tmp", which a crash may leave behind but nothing reads. */
static HANDLE open_temp(const wchar_t *target, cpi_wname *tmp)
{
    const size_t n = wcslen(target);
    size_t base = n;
    while (base > 0 && target[base - 1] != L'\\' && target[base - 1] != L'/' && target[base - 1] != L':')
        base--;
    if (n + 13 > sizeof tmp->w / sizeof tmp->w[0]) {
        SetLastError(ERROR_FILENAME_EXCED_RANGE);
        return INVALID_HANDLE_VALUE;
    }
    LARGE_INTEGER now;
    QueryPerformanceCounter(&now);
    unsigned long long seed = (unsigned long long)now.QuadPart ^ ((unsigned long long)GetCurrentProcessId() << 32);
    wchar_t *t = tmp->w;
    for (int attempt = 0; attempt < 100; attempt++) {
        seed = seed * 6364136223846793005ull + 1442695040888963407ull;
        wmemcpy(t, target, base);
        t[base] = L'.';
        wmemcpy(t + base + 1, target + base, n - base);
        wchar_t *p = t + n + 1;
        *p++ = L'.';
        for (int k = 0; k < 6; k++)
            *p++ = L"0123456789abcdef"[(seed >> (40 + 4 * k)) & 15];
        wmemcpy(p, L".tmp", 5);
        HANDLE h = CreateFileW(t, GENERIC_WRITE, FILE_SHARE_READ, NULL, CREATE_NEW, FILE_ATTRIBUTE_NORMAL, NULL);
        if (h != INVALID_HANDLE_VALUE || GetLastError() != ERROR_FILE_EXISTS)
            return h;
    }
    return INVALID_HANDLE_VALUE;
}

static bool write_all(HANDLE h, const char *data, size_t size)
{
    while (size > 0) {
        DWORD k = 0;
        if (!WriteFile(h, data, size < (1u << 30) ? (DWORD)size : (1u << 30), &k, NULL))
            return false;
        data += k;
        size -= k;
    }
    return true;
}

/* Gives `tmp` the access control list of `old` when it has one of its own
 * (protected from inheritance, or with entries not inherited from the
 * folder); one that is only inherited the new file inherits anyway. Where
 * it cannot (no memory, no right), the new file keeps the folder's. */
static void keep_acl(const wchar_t *old, const wchar_t *tmp)
{
    DWORD need = 0;
    GetFileSecurityW(old, DACL_SECURITY_INFORMATION, NULL, 0, &need);
    PSECURITY_DESCRIPTOR sd = need ? cpi_alloc(NULL, need) : NULL; /* for this call only */
    SECURITY_DESCRIPTOR_CONTROL control;
    DWORD revision;
    BOOL present = FALSE, defaulted;
    PACL acl = NULL;
    if (sd && GetFileSecurityW(old, DACL_SECURITY_INFORMATION, sd, need, &need) &&
        GetSecurityDescriptorControl(sd, &control, &revision) &&
        GetSecurityDescriptorDacl(sd, &present, &acl, &defaulted)) {
        bool own = (control & SE_DACL_PROTECTED) != 0 || !present || !acl;
        for (DWORD i = 0; !own && i < acl->AceCount; i++) {
            ACE_HEADER *ace;
            own = GetAce(acl, i, (void **)&ace) && !(ace->AceFlags & INHERITED_ACE);
        }
        if (own)
            (void)SetFileSecurityW(tmp, DACL_SECURITY_INFORMATION, sd);
    }
    cpi_free(NULL, sd);
}

/* Moves `tmp` over `target`. While another program has the target open
 * (even one that shares it: a hot reload's read, a virus scanner, an
 * indexer, most of them brief) the rename is refused: it tries again for
 * about an eighth of a second. 0 or the system error. */
static DWORD move_over(const wchar_t *tmp, const wchar_t *target)
{
    for (DWORD attempt = 0;; attempt++) {
        if (MoveFileExW(tmp, target, MOVEFILE_REPLACE_EXISTING | MOVEFILE_WRITE_THROUGH))
            return 0;
        DWORD e = GetLastError();
        if ((e != ERROR_ACCESS_DENIED && e != ERROR_SHARING_VIOLATION) || attempt == 7)
            return e;
        Sleep(1u << attempt);
    }
}

/* Why the old file `target` could not be replaced, for a message: an
 * open that shares nothing fails while anyone else has the file open. */
static const char *why_not_replaced(const wchar_t *target, DWORD e, char eb[64])
{
    if (e == ERROR_ACCESS_DENIED || e == ERROR_SHARING_VIOLATION) {
        HANDLE h = CreateFileW(target, GENERIC_READ, 0, NULL, OPEN_EXISTING, FILE_FLAG_BACKUP_SEMANTICS, NULL);
        if (h == INVALID_HANDLE_VALUE && GetLastError() == ERROR_SHARING_VIOLATION)
            return "another program has it open (close it there, then save again)";
        if (h != INVALID_HANDLE_VALUE)
            CloseHandle(h);
    }
    return cpi_win_error_text(e, eb);
}

/* What an existing `name` is that a save must not replace, or NULL; *old
 * its information (zeroed when there is none), *had whether it is there,
 * *through whether it is a link (to be written through). */
static const char *look_before_saving(const wchar_t *name, BY_HANDLE_FILE_INFORMATION *old, bool *had,
                                      cpi_wname *through)
{
    memset(old, 0, sizeof *old);
    through->w[0] = 0;
    *had = false;
    HANDLE h = open_to_look(name);
    if (h == INVALID_HANDLE_VALUE)
        return NULL; /* nothing there (or nothing to look at: creating the file says why) */
    *had = true;
    const char *refuse = NULL;
    if (GetFileType(h) != FILE_TYPE_DISK)
        refuse = "it is a device; saving replaces a file, so only regular files are saved to";
    else if (!GetFileInformationByHandle(h, old))
        memset(old, 0, sizeof *old);
    if (!refuse && (old->dwFileAttributes & FILE_ATTRIBUTE_DIRECTORY))
        refuse = "is a folder";
    else if (!refuse && (old->dwFileAttributes & FILE_ATTRIBUTE_READONLY))
        refuse = "it is read-only (clear its read-only attribute to save over it)";
    DWORD attrs = GetFileAttributesW(name);
    if (!refuse && attrs != INVALID_FILE_ATTRIBUTES && (attrs & FILE_ATTRIBUTE_REPARSE_POINT) &&
        !final_name(h, through))
        through->w[0] = 0;
    CloseHandle(h);
    return refuse;
}

int cpi_write_file_atomic(const char *file, const void *data, size_t size, cp_error *error)
{
    char eb[64];
    cpi_wname name, through, tmp;
    if (!wide_or_error(file, &name, "save", error))
        return CP_ERR_IO;
    /* the file a save would replace, if there is one; writing through a
     * link replaces its target, not the link */
    BY_HANDLE_FILE_INFORMATION old;
    bool had;
    const char *refuse = look_before_saving(name.w, &old, &had, &through);
    if (refuse)
        return cpi_error_set(error, CP_ERR_IO, "%s: cannot save: %s", file, refuse);
    const wchar_t *target = through.w[0] ? through.w : name.w;
    HANDLE h = open_temp(target, &tmp);
    if (h == INVALID_HANDLE_VALUE)
        return cpi_error_set(error, CP_ERR_IO, "%s: cannot create a temporary file next to it: %s", file,
                             cpi_win_error_text(GetLastError(), eb));
    const char *step = "write";
    DWORD e = 0;
    bool ok = write_all(h, data, size) && (step = "flush", FlushFileBuffers(h));
    if (ok && had)
        (void)SetFileTime(h, &old.ftCreationTime, NULL, NULL); /* what Explorer shows as "Date created" */
    if (!ok)
        e = GetLastError();
    CloseHandle(h);
    if (ok && had) {
        keep_acl(target, tmp.w);
        const DWORD keep = FILE_ATTRIBUTE_HIDDEN | FILE_ATTRIBUTE_SYSTEM | FILE_ATTRIBUTE_ARCHIVE |
                           FILE_ATTRIBUTE_NOT_CONTENT_INDEXED;
        if (old.dwFileAttributes & keep)
            (void)SetFileAttributesW(tmp.w, old.dwFileAttributes & keep);
    }
    const char *why = NULL;
    if (ok && (e = move_over(tmp.w, target)) != 0) {
        why = why_not_replaced(target, e, eb);
        step = "replace";
        ok = false;
    }
    if (!ok) {
        DeleteFileW(tmp.w);
        return cpi_error_set(error, CP_ERR_IO, "%s: cannot %s the file: %s (%s)", file, step,
                             why ? why : cpi_win_error_text(e, eb),
                             had ? "the old file is unchanged" : "no file was created");
    }
    cpi_error_clear(error);
    return CP_OK;
}

/* ---- links and stamps -------------------------------------------------------------------------- */

/* A final name without its "\\?\" prefix, where it has a plain form. */
static const wchar_t *plain_form(wchar_t *w)
{
    if (wcsncmp(w, L"\\\\?\\UNC\\", 8) == 0) {
        w[6] = L'\\'; /* \\?\UNC\server -> \\server */
        return w + 6;
    }
    return wcsncmp(w, L"\\\\?\\", 4) == 0 && w[4] && w[5] == L':' ? w + 4 : w;
}

int cpi_link_next(const char *name, char *out)
{
    cpi_wname w, f;
    if (cpi_win_wide(name, &w))
        return 0;
    DWORD attrs = GetFileAttributesW(w.w);
    if (attrs == INVALID_FILE_ATTRIBUTES || !(attrs & FILE_ATTRIBUTE_REPARSE_POINT))
        return 0;
    HANDLE h = open_to_look(w.w);
    if (h == INVALID_HANDLE_VALUE)
        return -1; /* a link that leads nowhere */
    bool ok = final_name(h, &f);
    CloseHandle(h);
    return ok && cpi_win_utf8(plain_form(f.w), -1, out, CPI_PATH_MAX) ? 1 : -1;
}

cpi_file_stamp cpi_file_stamp_of(const char *file)
{
    cpi_file_stamp s;
    WIN32_FILE_ATTRIBUTE_DATA d;
    cpi_wname w;
    memset(&s, 0, sizeof s);
    if (cpi_win_wide(file, &w))
        return s;
    /* without opening the file (a handle may stand in the way of a save),
     * unless it is a link, whose own times these would be */
    BOOL got = GetFileAttributesExW(w.w, GetFileExInfoStandard, &d);
    DWORD e = GetLastError();
    if (got && (d.dwFileAttributes & FILE_ATTRIBUTE_REPARSE_POINT)) {
        BY_HANDLE_FILE_INFORMATION fi;
        HANDLE h = open_to_look(w.w);
        e = GetLastError();
        got = h != INVALID_HANDLE_VALUE && GetFileInformationByHandle(h, &fi);
        if (h != INVALID_HANDLE_VALUE)
            CloseHandle(h);
        if (got) {
            d.ftLastWriteTime = fi.ftLastWriteTime;
            d.ftCreationTime = fi.ftCreationTime;
            d.nFileSizeHigh = fi.nFileSizeHigh;
            d.nFileSizeLow = fi.nFileSizeLow;
        }
    }
    if (!got) {
        s.missing = e == ERROR_FILE_NOT_FOUND || e == ERROR_PATH_NOT_FOUND;
        return s;
    }
    s.exists = true;
    s.size = ((unsigned long long)d.nFileSizeHigh << 32) | d.nFileSizeLow;
    s.mtime_ns = cpi_win_time_ns(d.ftLastWriteTime);
    s.ctime_ns = cpi_win_time_ns(d.ftCreationTime);
    return s;
}

/* The volume and file index of what `name` leads to; false if nothing. */
static bool identity(const char *name, BY_HANDLE_FILE_INFORMATION *fi)
{
    cpi_wname w;
    HANDLE h = cpi_win_wide(name, &w) ? INVALID_HANDLE_VALUE : open_to_look(w.w);
    bool ok = h != INVALID_HANDLE_VALUE && GetFileInformationByHandle(h, fi);
    if (h != INVALID_HANDLE_VALUE)
        CloseHandle(h);
    return ok;
}

bool cpi_file_same(const char *a, const char *b)
{
    BY_HANDLE_FILE_INFORMATION fa, fb;
    return identity(a, &fa) && identity(b, &fb) && fa.dwVolumeSerialNumber == fb.dwVolumeSerialNumber &&
           fa.nFileIndexHigh == fb.nFileIndexHigh && fa.nFileIndexLow == fb.nFileIndexLow;
}

/* ---- reading below a folder ---------------------------------------------------------------------- */

/* Whether the final name `file` is inside the final name `dir` (not the folder itself). */
static bool inside(const wchar_t *dir, const wchar_t *file)
{
    size_t d = wcslen(dir);
    while (d > 0 && dir[d - 1] == L'\\')
        d--; /* a drive's root ends in '\' */
    return wcslen(file) > d + 1 && file[d] == L'\\' &&
           CompareStringOrdinal(dir, (int)d, file, (int)d, TRUE) == CSTR_EQUAL;
}

/* Opens `rel` below `dir` (its handle in *hd) for reading. */
static cpi_below open_below(const char *dir, const char *rel, HANDLE *hd, HANDLE *h, char why[64])
{
    char eb[64], full[CPI_PATH_MAX];
    cpi_wname wd, wf;
    DWORD e;
    if (snprintf(full, sizeof full, "%s/%s", dir, rel) >= (int)sizeof full || (e = cpi_win_wide(full, &wf)) != 0 ||
        (e = cpi_win_wide(dir, &wd)) != 0) {
        snprintf(why, 64, "%s", cpi_win_error_text(ERROR_FILENAME_EXCED_RANGE, eb));
        return CPI_BELOW_SYSTEM;
    }
    *hd = open_to_look(wd.w);
    if (*hd == INVALID_HANDLE_VALUE) {
        snprintf(why, 64, "%s", cpi_win_error_text(GetLastError(), eb));
        return CPI_BELOW_NO_FOLDER;
    }
    *h = CreateFileW(wf.w, GENERIC_READ, SHARE_ALL, NULL, OPEN_EXISTING, FILE_FLAG_BACKUP_SEMANTICS, NULL);
    if (*h != INVALID_HANDLE_VALUE)
        return CPI_BELOW_OK;
    e = GetLastError();
    CloseHandle(*hd);
    if (e == ERROR_FILE_NOT_FOUND || e == ERROR_PATH_NOT_FOUND)
        return CPI_BELOW_NOT_FOUND;
    snprintf(why, 64, "%s", cpi_win_error_text(e, eb));
    return CPI_BELOW_SYSTEM;
}

cpi_below cpi_read_below(const cp_allocator *alloc, const char *dir, const char *rel, size_t limit, unsigned char **bytes, size_t *size,
                         char why[64])
{
    char eb[64];
    why[0] = '\0';
    if (strpbrk(rel, "\\:"))
        return CPI_BELOW_NAME; /* another folder, a drive, a stream: not a name inside the folder */
    HANDLE hd, h;
    cpi_below rc = open_below(dir, rel, &hd, &h, why);
    if (rc != CPI_BELOW_OK)
        return rc;
    unsigned long long n = 0;
    rc = not_regular(h, &n) ? CPI_BELOW_NOT_REGULAR : n > limit ? CPI_BELOW_TOO_LARGE : CPI_BELOW_OK;
    if (rc == CPI_BELOW_OK) {
        /* the file read is the file checked: no link swapped in between can lead out */
        cpi_wname fdir, ffile;
        if (!final_name(hd, &fdir) || !final_name(h, &ffile)) {
            rc = CPI_BELOW_SYSTEM;
            snprintf(why, 64, "cannot tell where it is: %s", cpi_win_error_text(GetLastError(), eb));
        } else if (!inside(fdir.w, ffile.w)) {
            rc = CPI_BELOW_OUTSIDE;
        }
    }
    CloseHandle(hd);
    unsigned char *b = rc == CPI_BELOW_OK ? cpi_alloc(alloc, n ? (size_t)n : 1) : NULL;
    if (rc == CPI_BELOW_OK && !b)
        rc = CPI_BELOW_MEMORY;
    if (rc == CPI_BELOW_OK) {
        size_t got = 0;
        DWORD e = 0;
        if (!read_upto(h, (char *)b, (size_t)n, &got, &e)) {
            rc = CPI_BELOW_SYSTEM;
            snprintf(why, 64, "%s", cpi_win_error_text(e, eb));
        } else if (got < n) {
            rc = CPI_BELOW_SHORTER;
        }
    }
    CloseHandle(h);
    if (rc != CPI_BELOW_OK) {
        cpi_free(alloc, b);
        return rc;
    }
    *bytes = b;
    *size = (size_t)n;
    return CPI_BELOW_OK;
}

#else
typedef int cpi_os_file_windows_not_built; /* ISO C wants something in every file */
#endif
