/* lib/path/path_impl.h - the path's layout, shared by the path, arc-length and
 * file code (not installed). */
#ifndef CAMPATH_PATH_IMPL_H
#define CAMPATH_PATH_IMPL_H

#include "campath/path.h"
#include "dtoa.h"

struct cp_path {
    cp_key          *keys;       /* as given, rotations normalised */
    size_t           count;
    cp_path_options  opts;       /* period is 0 unless closed */
    cp_curve        *pos, *rot, *fov;
    int              rot_shared; /* the rotation curve has exactly the path's key times */
    int              all_cubic;  /* every channel is CUBIC: the sampler's fast path */
    char            *name, *extras, *scene;
    char           **key_extras; /* NULL or count entries */
};

/* The checks of cp_path_create (key by key, then options). CP_OK or a status. */
int cpi_path_validate(const cp_key *keys, size_t count, const cp_path_options *options, cp_error *error);

#endif /* CAMPATH_PATH_IMPL_H */
