/* SPDX-License-Identifier: MIT */
/* lib/json/json_file.c - the file helpers of the base layer with the JSON
 * layer's limits, and the public atomic writer every saver uses. */
#include "json_impl.h"

int cpi_read_file(const char *file, char **text, size_t *size, cp_error *error)
{
    return cpi_read_file_limit(file, CP_JSON_MAX_FILE_SIZE, "CP_JSON_MAX_FILE_SIZE", text, size, error);
}

cp_status cp_write_file_atomic(const char *file, const void *data, size_t size, cp_error *error)
{
    return cpi_write_file_atomic(file, data, size, error);
}
