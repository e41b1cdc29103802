# tests/e2e/blender/check_blender.py - one exported .glb through Blender's own
# glTF importer, the camera read back at every frame.
#
#   blender --background --factory-startup --python-exit-code 1 \
#       --python check_blender.py -- FILE.glb SAMPLES.csv FPS TOLERANCE
#
# SAMPLES.csv is `campath sample PATH.json --at ...` output at the times
# frame / FPS (frame 0, 1, ...), the path the file was exported from. The
# scene runs at FPS frames a second, so the importer puts a glTF time t at
# frame t * FPS; at each frame the camera's world matrix is read, taken from
# Blender's +Z up back to glTF's +Y up ((x, y, z) -> (x, z, -y)), and its
# position and its viewing and up directions are compared with the CSV's.
# Prints one line; exits 1 when anything is further off than TOLERANCE
# (metres relative to the path's size, radians for the directions).
import math
import sys

import bpy
from mathutils import Quaternion, Vector

argv = sys.argv[sys.argv.index("--") + 1:]
glb, csv_file, fps, tolerance = argv[0], argv[1], float(argv[2]), float(argv[3])

scene = bpy.context.scene
for obj in list(bpy.data.objects):
    bpy.data.objects.remove(obj, do_unlink=True)
scene.render.fps = int(round(fps))
scene.render.fps_base = scene.render.fps / fps
bpy.ops.import_scene.gltf(filepath=glb)

cameras = [o for o in scene.objects if o.type == "CAMERA"]
if len(cameras) != 1:
    print(f"{glb}: Blender imported {len(cameras)} cameras, expected 1")
    sys.exit(1)
camera = cameras[0]

with open(csv_file) as f:
    header = f.readline().strip().split(",")
    rows = [list(map(float, line.split(","))) for line in f if line.strip()]
col = {name: i for i, name in enumerate(header)}


def to_gltf(v):
    return Vector((v.x, v.z, -v.y))


def angle(a, b):
    """The angle between two directions, accurate when small (not acos)."""
    return math.atan2(a.cross(b).length, a.dot(b))


scale = max([1.0] + [abs(r[col[c]]) for r in rows for c in ("px", "py", "pz")])
worst_pos = worst_dir = 0.0
first_frame = None
failures = []
for frame, r in enumerate(rows):
    scene.frame_set(frame)
    m = camera.matrix_world
    pos = to_gltf(m.to_translation())
    rot = m.to_3x3()
    forward = to_gltf(rot @ Vector((0, 0, -1))).normalized()
    up = to_gltf(rot @ Vector((0, 1, 0))).normalized()
    want_q = Quaternion((r[col["qw"]], r[col["qx"]], r[col["qy"]], r[col["qz"]]))
    want_pos = Vector((r[col["px"]], r[col["py"]], r[col["pz"]]))
    want_forward = want_q @ Vector((0, 0, -1))
    want_up = want_q @ Vector((0, 1, 0))
    dp = (pos - want_pos).length / scale
    dd = max(angle(forward, want_forward), angle(up, want_up))
    worst_pos = max(worst_pos, dp)
    worst_dir = max(worst_dir, dd)
    if (dp > tolerance or dd > tolerance) and len(failures) < 5:
        failures.append(f"frame {frame} (t = {r[col['t']]}): position {tuple(pos)} vs {tuple(want_pos)}, "
                        f"directions off by {dd:.3g} rad")

print(f"{glb}: Blender {bpy.app.version_string}, {len(rows)} frames at {fps:g} fps: largest deviation: position "
      f"{worst_pos:.2e} (relative to {scale:g} m), viewing and up directions {worst_dir:.2e} rad")
for f in failures:
    print(f"  FAIL {f}")
sys.exit(1 if failures else 0)
