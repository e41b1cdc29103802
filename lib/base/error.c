/* SPDX-License-Identifier: MIT */
/* lib/base/error.c - the error record and small allocation helpers. */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base.h"

const char *cp_status_name(cp_status code)
{
    switch (code) {
    case CP_OK: return "ok";
    case CP_ERR_INVALID: return "invalid";
    case CP_ERR_MEMORY: return "memory";
    case CP_ERR_IO: return "io";
    case CP_ERR_SYNTAX: return "syntax";
    case CP_ERR_LIMIT: return "limit";
    case CP_ERR_UNSUPPORTED: return "unsupported";
    default: return "unknown";
    }
}

cp_status cpi_error_set(cp_error *error, cp_status code, const char *fmt, ...)
{
    if (error) {
        va_list ap;
        va_start(ap, fmt);
        error->code = code;
        error->field[0] = '\0';
        error->key = -1;
        error->line = error->column = 0;
        vsnprintf(error->message, sizeof error->message, fmt, ap);
        va_end(ap);
    }
    return code;
}

cp_status cpi_error_at(cp_error *error, cp_status code, long key, const char *field, const char *fmt, ...)
{
    if (error) {
        const size_t size = sizeof error->message;
        int n = snprintf(error->message, size, "%s%s", field, field[0] ? ": " : "");
        size_t used = n < 0 ? 0 : (size_t)n < size ? (size_t)n : size - 1;
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(error->message + used, size - used, fmt, ap);
        va_end(ap);
        error->code = code;
        error->line = error->column = 0;
        cpi_error_field(error, key, field);
    }
    return code;
}

void cpi_error_field(cp_error *error, long key, const char *field)
{
    if (error) {
        snprintf(error->field, sizeof error->field, "%s", field ? field : "");
        error->key = key;
    }
}

void cpi_error_clear(cp_error *error)
{
    if (error) {
        error->code = CP_OK;
        error->message[0] = '\0';
        error->field[0] = '\0';
        error->key = -1;
        error->line = error->column = 0;
    }
}

void cpi_error_prefix(cp_error *error, const char *fmt, ...)
{
    if (!error)
        return;
    char prefix[sizeof error->message];
    char old[sizeof error->message];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(prefix, sizeof prefix, fmt, ap);
    va_end(ap);
    memcpy(old, error->message, sizeof old);
    /* the prefix first, then as much of the old message as fits */
    size_t np = strlen(prefix), no = strnlen(old, sizeof old - 1);
    if (np > sizeof error->message - 1)
        np = sizeof error->message - 1;
    if (no > sizeof error->message - 1 - np)
        no = sizeof error->message - 1 - np;
    memcpy(error->message, prefix, np);
    memcpy(error->message + np, old, no);
    error->message[np + no] = '\0';
}

void *cpi_alloc_array(size_t n, size_t size)
{
    if (size != 0 && n > SIZE_MAX / size)
        return NULL;
    size_t total = n * size;
    return malloc(total > 0 ? total : 1);
}

char *cpi_strdup(const char *s)
{
    if (!s)
        return NULL;
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d)
        memcpy(d, s, n);
    return d;
}

void *cpi_alloc_large(size_t n, size_t size)
{
    if (size != 0 && n > SIZE_MAX / size)
        return NULL;
    const size_t total = n * size;
    void *p;
    if (cpi_huge_alloc(total, &p))
        return p;
    return malloc(total > 0 ? total : 1);
}
