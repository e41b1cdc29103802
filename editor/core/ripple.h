/* SPDX-License-Identifier: MIT */
/* editor/core/ripple.h - a hold that makes room for itself.
 *
 * A hold that ends before the next key (by ED_RIPPLE_MARGIN) takes its time
 * from the segment after it, as it always has. One that does not fit pushes
 * the later keys (and a loop's period) later by as much as the hold grew,
 * so that the segment after it keeps the moving time it had: the camera
 * rests longer and then goes on as before.
 */
#ifndef ED_RIPPLE_H
#define ED_RIPPLE_H

#include <stddef.h>

#include "campath/campath.h"

#define ED_RIPPLE_MARGIN 0.01 /* s: a hold fits when it ends this long before the next key */

/* Gives key i of doc a hold of `seconds` (>= 0), pushing the keys after it
 * when it does not fit. Returns how far they moved (0: it fit). */
double ed_ripple_hold(cp_document *doc, size_t i, double seconds);

#endif /* ED_RIPPLE_H */
