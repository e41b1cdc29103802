/* SPDX-License-Identifier: MIT */
/* editor/core/import_io.c - regular files inside the scene's folder, and nothing else. */
#include "import_io.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <assimp/scene.h>
#include <math.h>
#include <stdint.h>

#include "os.h"

typedef struct open_file {
    struct aiFile file;
    ed_os_file   *in;
    size_t        size, pos;
    ed_import_io *fs;
} open_file;

char *ed_import_io_resolve(const ed_import_io *fs, const char *file, char *why, size_t why_size)
{
    char *real = ed_os_real_name(file, why, why_size);
    if (!real)
        return NULL;
    size_t n = strlen(fs->root);
    /* the root itself is "/" only for a scene at the top of the file system */
    if (!(strncmp(real, fs->root, n) == 0 && (real[n] == '/' || (n == 1 && fs->root[0] == '/')))) {
        snprintf(why, why_size, "outside the scene's folder %s", fs->root);
        free(real);
        return NULL;
    }
    ed_os_kind kind;
    if (ed_os_kind_of(real, 1, &kind, NULL, why, why_size) != 0 || kind != ED_OS_REGULAR) {
        snprintf(why, why_size, "not a regular file");
        free(real);
        return NULL;
    }
    return real;
}

static size_t f_read(struct aiFile *f, char *buf, size_t size, size_t count)
{
    open_file *o = (open_file *)f->UserData;
    if (size == 0 || count == 0 || ed_import_io_stopped(o->fs))
        return 0;
    if (count > (size_t)-1 / size)
        return 0;
    size_t got = ed_os_read_some(o->in, o->pos, buf, size * count);
    o->pos += got;
    if (o->fs->progress)
        atomic_fetch_add(&o->fs->progress->read, (long long)got);
    return got / size;
}

static size_t f_write(struct aiFile *f, const char *buf, size_t size, size_t count)
{
    (void)f, (void)buf, (void)size, (void)count;
    return 0; /* an import never writes */
}

static size_t f_tell(struct aiFile *f) { return ((open_file *)f->UserData)->pos; }
static size_t f_size(struct aiFile *f) { return ((open_file *)f->UserData)->size; }
static void f_flush(struct aiFile *f) { (void)f; }

static enum aiReturn f_seek(struct aiFile *f, size_t offset, enum aiOrigin origin)
{
    open_file *o = (open_file *)f->UserData;
    long long base = origin == aiOrigin_SET ? 0 : origin == aiOrigin_CUR ? (long long)o->pos : (long long)o->size;
    /* a negative offset from the end or the current position comes as a wrapped size_t */
    long long to = origin == aiOrigin_SET ? (long long)offset : base + (long long)(ptrdiff_t)offset;
    if (to < 0 || to > (long long)o->size)
        return aiReturn_FAILURE; /* reads go to o->pos: nothing to move in the file */
    o->pos = (size_t)to;
    return aiReturn_SUCCESS;
}

static void refuse(ed_import_io *fs, const char *file, const char *why)
{
    if (!fs->refused[0])
        snprintf(fs->refused, sizeof fs->refused, "%s: %s", file, why);
}

static struct aiFile *f_open(struct aiFileIO *io, const char *file, const char *mode)
{
    ed_import_io *fs = (ed_import_io *)io->UserData;
    if (ed_import_io_stopped(fs))
        return NULL;
    if (!mode || mode[0] != 'r') {
        refuse(fs, file, "the importer asked to write it");
        return NULL;
    }
    char why[256];
    char *real = ed_import_io_resolve(fs, file, why, sizeof why);
    if (!real) {
        /* assimp probes for files that need not exist (a missing .mtl, other extensions): only
           a file that exists and is refused is worth naming */
        char probe[8];
        if (ed_os_exists(file, probe, sizeof probe) == 1)
            refuse(fs, file, why);
        return NULL;
    }
    unsigned long long size = 0;
    ed_os_file *in = ed_os_open_read(real, &size, why, sizeof why);
    free(real);
    if (!in) {
        refuse(fs, file, why);
        return NULL;
    }
    open_file *o = calloc(1, sizeof *o);
    if (!o) {
        ed_os_close(in);
        refuse(fs, file, "out of memory");
        return NULL;
    }
    o->in = in;
    o->size = (size_t)size;
    o->fs = fs;
    o->file.ReadProc = f_read;
    o->file.WriteProc = f_write;
    o->file.TellProc = f_tell;
    o->file.FileSizeProc = f_size;
    o->file.SeekProc = f_seek;
    o->file.FlushProc = f_flush;
    o->file.UserData = (aiUserData)o;
    return &o->file;
}

static void f_close(struct aiFileIO *io, struct aiFile *f)
{
    (void)io;
    if (!f)
        return;
    open_file *o = (open_file *)f->UserData;
    ed_os_close(o->in);
    free(o);
}

int ed_import_io_stopped(ed_import_io *fs)
{
    if (!fs->stopped && fs->progress && atomic_load(&fs->progress->cancel))
        fs->stopped = ED_IMPORT_IO_CANCELLED;
    if (!fs->stopped && ed_os_seconds() > fs->deadline)
        fs->stopped = ED_IMPORT_IO_LATE;
    return fs->stopped != ED_IMPORT_IO_RUNNING;
}

int ed_import_io_init(ed_import_io *fs, const char *scene_file, ed_import_progress *progress, double seconds, char *err,
                      size_t err_size)
{
    memset(fs, 0, sizeof *fs);
    char why[256];
    char *real = ed_os_real_name(scene_file, why, sizeof why);
    if (!real) {
        snprintf(err, err_size, "%s: %s", scene_file, why);
        return -1;
    }
    char *slash = strrchr(real, '/');
    if (slash == real)
        slash[1] = '\0';
    else if (slash)
        *slash = '\0';
    fs->root = real;
    fs->progress = progress;
    fs->seconds = seconds;
    fs->deadline = ed_os_seconds() + seconds;
    fs->io.OpenProc = f_open;
    fs->io.CloseProc = f_close;
    fs->io.UserData = (aiUserData)fs;
    return 0;
}

void ed_import_io_free(ed_import_io *fs)
{
    free(fs->root);
    memset(fs, 0, sizeof *fs);
}

/* ---- what a scene declares ------------------------------------------------------------------------- */

static int meta_number(const struct aiScene *sc, const char *key, double *out)
{
    const struct aiMetadata *m = sc->mMetaData;
    for (unsigned i = 0; m && i < m->mNumProperties; i++) {
        if (strcmp(m->mKeys[i].data, key) != 0 || !m->mValues[i].mData)
            continue;
        const void *d = m->mValues[i].mData;
        switch (m->mValues[i].mType) {
        case AI_INT32: *out = *(const int32_t *)d; return 1;
        case AI_UINT64: *out = (double)*(const uint64_t *)d; return 1;
        case AI_FLOAT: *out = *(const float *)d; return 1;
        case AI_DOUBLE: *out = *(const double *)d; return 1;
        default: return 0;
        }
    }
    return 0;
}

int ed_import_declared(const struct aiScene *sc, double *metres_per_unit, int *up, int *sign)
{
    int declared = 0;
    double v;
    if (meta_number(sc, "UnitScaleFactor", &v) && v > 0 && isfinite(v)) {
        *metres_per_unit = v / 100.0;
        declared |= 1;
    }
    if (meta_number(sc, "UpAxis", &v) && (v == 0 || v == 1 || v == 2)) {
        double sg = 1;
        *up = (int)v;
        *sign = meta_number(sc, "UpAxisSign", &sg) && sg < 0 ? -1 : 1;
        declared |= 2;
    }
    return declared;
}

void ed_import_up_rows(int up, int sign, double r[3][3])
{
    static const double x_up[3][3] = {{0, -1, 0}, {1, 0, 0}, {0, 0, 1}};  /* (x, y, z) -> (-y, x, z), about Z */
    static const double z_up[3][3] = {{1, 0, 0}, {0, 0, 1}, {0, -1, 0}};  /* (x, y, z) -> (x, z, -y), about X */
    static const double y_up[3][3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    memcpy(r, up == 0 ? x_up : up == 2 ? z_up : y_up, sizeof x_up);
    if (sign < 0) /* the negative axis is up: half a turn about the axis that is neither up nor X (or Z for X up) */
        for (int j = 0; j < 3; j++)
            r[1][j] = -r[1][j], r[up == 0 ? 0 : 2][j] = -r[up == 0 ? 0 : 2][j];
}
