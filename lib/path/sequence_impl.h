/* SPDX-License-Identifier: MIT */
/* lib/path/sequence_impl.h - what the sequence's sampling (sequence.c), its
 * checks (sequence_check.c) and the layers above that load sequences share.
 * Not installed. */
#ifndef CAMPATH_SEQUENCE_IMPL_H
#define CAMPATH_SEQUENCE_IMPL_H

#include "base.h"
#include "campath/sequence.h"

typedef struct cpi_shot {
    cp_shot shot;   /* from and to resolved */
    double  start;  /* sequence time of the start of the shot (of its blend) */
    char   *file;   /* the file its path came from, or NULL */
} cpi_shot;

struct cp_sequence {
    cpi_shot *shots;
    size_t    count;
    double    duration;
    char     *name;
    int       owns;  /* the paths are the sequence's to destroy */
    char    **warnings;
    size_t    warning_count;
};

/* cp_sequence_create; with `owns` the sequence destroys the paths when it
 * is destroyed (on failure they stay the caller's). */
cp_sequence *cpi_sequence_build(const cp_shot *shots, size_t count, int owns, cp_error *error);
/* Gives shot i a file name and the sequence a name (copied; NULL: none). CP_OK or CP_ERR_MEMORY. */
cp_status cpi_sequence_set_file(cp_sequence *seq, size_t i, const char *file);
cp_status cpi_sequence_set_name(cp_sequence *seq, const char *name);
/* Hands `count` malloc'd warning lines (and the array) to the sequence. */
void cpi_sequence_take_warnings(cp_sequence *seq, char **warnings, size_t count);

#endif /* CAMPATH_SEQUENCE_IMPL_H */
