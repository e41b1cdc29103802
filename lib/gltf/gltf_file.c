/* SPDX-License-Identifier: MIT */
/* lib/gltf/gltf_file.c - glTF export and import through files. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "campath/json.h"
#include "gltf_impl.h"

/* Does the name end in ".glb", in any case (ASCII only, whatever the locale)? */
static int ends_in_glb(const char *file)
{
    const size_t n = strlen(file);
    const char *e = file + n - (n >= 4 ? 4 : n);
    return n >= 4 && e[0] == '.' && (e[1] | 0x20) == 'g' && (e[2] | 0x20) == 'l' && (e[3] | 0x20) == 'b';
}

cp_status cp_gltf_export(const cp_path *path, const char *file, const cp_gltf_export_options *options, cp_error *error)
{
    cp_error local; /* the status is returned even when the caller wants no message */
    if (!error)
        error = &local;
    size_t size = 0;
    const int glb = ends_in_glb(file);
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
    const size_t n = cpi_name_folder(file);
    if (n == 0)
        return cpi_strdup(alloc, ".");
    return cpi_strndup(alloc, file, n);
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
