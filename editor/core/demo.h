/* SPDX-License-Identifier: MIT */
/* editor/core/demo.h - the demo world to fly through: a ground with a grid, a
 * tall pillar to circle, a stone bridge with an arch to fly under, a tall
 * building at the far end, and a few landmarks (trees, a pyramid, houses, a
 * mast). It is built as plain meshes (world.h), the same data an imported
 * scene becomes, and is the editor's world when no scene is loaded.
 *
 * Layout (metres, +Y up): the pillar stands at the origin; the bridge crosses
 * the Z axis at z = -70 with its arch around x = 0 (9 m radius); the building
 * faces the pillar at z = -150.
 */
#ifndef ED_DEMO_H
#define ED_DEMO_H

#include "world.h"

/* The demo world into `world` (initialised here). 0 on success, -1 if out
 * of memory (the world is then empty). */
int ed_demo_build(ed_world *world);

#endif /* ED_DEMO_H */
