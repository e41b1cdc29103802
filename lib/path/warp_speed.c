/* lib/path/warp_speed.c - the warp of constant-speed timing. */
#include "base.h"
#include "path_impl.h"

int cpi_warp_constant_speed(cp_path *p, cp_error *error)
{
    (void)p;
    return cpi_error_set(error, CP_ERR_UNSUPPORTED, "constant-speed timing: not built yet");
}
