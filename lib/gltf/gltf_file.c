/* SPDX-License-Identifier: MIT */
/* lib/gltf/gltf_file.c - glTF export and import through files. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "campath/json.h"
#include "gltf_impl.h"

cp_status cp_gltf_export(const cp_path *path, const char *file, const cp_gltf_export_options *options, cp_error *error)
{
    cp_error local; /* the status is returned even when the caller wants no message */
    if (!error)
        error = &local;
    size_t size = 0, n = strlen(file);
    const int glb = n >= 4 && strcasecmp(file + n - 4, ".glb") == 0;
    void *text = glb ? cp_gltf_export_glb_memory(path, options, &size, error)
                     : cp_gltf_export_memory(path, options, &size, error);
    if (!text) {
        cpi_error_prefix(error, "%s: ", file);
        return error->code;
    }
    cp_status rc = cp_write_file_atomic(file, text, size, error);
    cpi_free(options && options->allocator ? options->allocator : cp_path_get_options(path).allocator, text);
    return rc;
}

/* The folder part of `file` ("." if none), for buffers stored next to it. */
static char *folder_of(const cp_allocator *alloc, const char *file)
{
    const char *slash = strrchr(file, '/');
    if (!slash)
        return cpi_strdup(alloc, ".");
    return cpi_strndup(alloc, file, slash == file ? 1 : (size_t)(slash - file));
}

cp_path *cp_gltf_import(const char *file, const cp_gltf_import_options *options, cp_gltf_import_report *report,
                        cp_error *error)
{
    const cp_allocator *alloc = options ? options->allocator : NULL;
    char *data = NULL;
    size_t size = 0;
    if (cpi_read_file_limit(alloc, file, CP_GLTF_MAX_FILE_SIZE, "CP_GLTF_MAX_FILE_SIZE", &data, &size, error) != CP_OK)
        return NULL;
    if (size == 0) {
        cpi_free(alloc, data);
        cpi_error_set(error, CP_ERR_SYNTAX, "%s: the file is empty", file);
        return NULL;
    }
    char *dir = folder_of(alloc, file);
    cp_path *path = NULL;
    if (!dir)
        cpi_error_set(error, CP_ERR_MEMORY, "%s: out of memory", file);
    else
        path = cpi_gltf_import(data, size, file, dir, options, report, error);
    cpi_free(alloc, dir);
    cpi_free(alloc, data);
    return path;
}
