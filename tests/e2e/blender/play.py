# SPDX-License-Identifier: MIT
# tests/e2e/blender/play.py - glTF files through Blender's own importer, the
# camera read back at every frame.
#
#   blender --background --factory-startup --python-exit-code 1 \
#       --python play.py -- FILE FPS FRAMES OUT [FILE FPS FRAMES OUT ...]
#
# For each FILE: an empty scene at FPS frames a second (so the importer puts
# a glTF time t at frame t * FPS), the file imported as a user would
# (File > Import > glTF 2.0, its default options), and at frames 0 to
# FRAMES - 1 the camera's world matrix, taken from Blender's +Z up back to
# glTF's +Y up ((x, y, z) -> (x, z, -y)), written to OUT as one line
# `x,y,z,qx,qy,qz,qw` per frame (tests/e2e/players/compare.py reads it).
import sys

import bpy
from mathutils import Matrix

argv = sys.argv[sys.argv.index("--") + 1:]
if len(argv) == 0 or len(argv) % 4 != 0:
    print("play.py: FILE FPS FRAMES OUT, one or more times")
    sys.exit(1)

TO_GLTF = Matrix(((1, 0, 0), (0, 0, 1), (0, -1, 0)))
scene = bpy.context.scene
for i in range(0, len(argv), 4):
    path, fps, frames, out = argv[i], int(argv[i + 1]), int(argv[i + 2]), argv[i + 3]
    for obj in list(bpy.data.objects):
        bpy.data.objects.remove(obj, do_unlink=True)
    scene.render.fps = fps
    scene.render.fps_base = 1.0
    bpy.ops.import_scene.gltf(filepath=path)
    cameras = [o for o in scene.objects if o.type == "CAMERA"]
    if len(cameras) != 1:
        print(f"{path}: Blender imported {len(cameras)} cameras, expected 1")
        sys.exit(1)
    camera = cameras[0]
    with open(out, "w") as f:
        f.write(f"# Blender {bpy.app.version_string}\n")
        for frame in range(frames):
            scene.frame_set(frame)
            m = camera.matrix_world
            p = TO_GLTF @ m.to_translation()
            q = (TO_GLTF @ m.to_3x3().normalized()).to_quaternion()
            f.write(f"{p.x:.9g},{p.y:.9g},{p.z:.9g},{q.x:.9g},{q.y:.9g},{q.z:.9g},{q.w:.9g}\n")
