# SPDX-License-Identifier: MIT
# tests/e2e/import_scene_blender.py - the scenes of tests/e2e/import_scene.sh,
# made and exported by Blender, with Blender's own camera at every frame.
#
#   blender --background --factory-startup --python-exit-code 1 \
#       --python import_scene_blender.py -- OUTDIR
#
# Builds at 24 frames a second, frames 0 to 48 (so frame f is at f / 24 s in
# the files): an empty "Rig" with its own location, rotation (turning 0.5
# rad about its Z over the frames) and a uniform scale, and under it a
# camera "Shot" whose location, rotation and focal length are keyed at a few
# frames (Blender's Bezier easing in between).
# Writes OUTDIR/shot.fbx (Blender's FBX exporter, the animation baked at
# every frame) and OUTDIR/shot.dae (its COLLADA exporter, sampled at every
# frame), then adds a second, still camera "Still" and writes
# OUTDIR/two.fbx, and OUTDIR/still.fbx without the animation. OUTDIR/blender.txt gets one line per frame of "Shot":
#
#     frame,px,py,pz,qx,qy,qz,qw,vfov
#
# its world position and rotation turned from Blender's +Z up to +Y up
# ((x, y, z) -> (x, z, -y)), and its vertical field of view in degrees.
import math
import os
import sys

import bpy
from mathutils import Matrix

out = sys.argv[sys.argv.index("--") + 1]
FPS, LAST = 24, 48
TO_Y_UP = Matrix(((1, 0, 0), (0, 0, 1), (0, -1, 0)))

for obj in list(bpy.data.objects):
    bpy.data.objects.remove(obj, do_unlink=True)
scene = bpy.context.scene
scene.render.fps, scene.render.fps_base = FPS, 1.0
scene.frame_start, scene.frame_end = 0, LAST
scene.render.resolution_x, scene.render.resolution_y = 1920, 1080
scene.render.pixel_aspect_x = scene.render.pixel_aspect_y = 1.0

rig = bpy.data.objects.new("Rig", None)
scene.collection.objects.link(rig)
rig.location = (1.5, -2.0, 0.75)
rig.rotation_euler = (0.2, -0.1, 0.6)
rig.scale = (1.5, 1.5, 1.5)
rig.keyframe_insert("rotation_euler", frame=0)
rig.rotation_euler = (0.2, -0.1, 1.1)
rig.keyframe_insert("rotation_euler", frame=LAST)

data = bpy.data.cameras.new("ShotLens")
data.sensor_fit = "AUTO"
data.sensor_width = 36.0
cam = bpy.data.objects.new("Shot", data)
scene.collection.objects.link(cam)
cam.parent = rig
cam.rotation_mode = "XYZ"
KEYS = [  # frame, location, rotation (degrees), focal length (mm)
    (0, (0.0, -6.0, 1.5), (80, 0, 0), 35),
    (16, (2.0, -4.0, 2.0), (75, 5, 30), 50),
    (32, (3.0, 0.5, 2.5), (70, -10, 80), 28),
    (48, (1.0, 3.0, 1.8), (85, 0, 150), 40),
]
for frame, loc, rot, lens in KEYS:
    cam.location = loc
    cam.rotation_euler = [math.radians(a) for a in rot]
    data.lens = lens
    cam.keyframe_insert("location", frame=frame)
    cam.keyframe_insert("rotation_euler", frame=frame)
    data.keyframe_insert("lens", frame=frame)


def vertical_fov(camera):
    # sensor fit AUTO, wider than tall: the sensor's width spans the picture's width
    w, h = scene.render.resolution_x, scene.render.resolution_y
    half_h = math.atan(camera.data.sensor_width / (2 * camera.data.lens))
    return math.degrees(2 * math.atan(math.tan(half_h) * h / w))


with open(os.path.join(out, "blender.txt"), "w") as f:
    for frame in range(LAST + 1):
        scene.frame_set(frame)
        m = cam.matrix_world
        p = TO_Y_UP @ m.to_translation()
        q = (TO_Y_UP @ m.to_3x3().normalized()).to_quaternion()
        f.write(f"{frame},{p.x:.9g},{p.y:.9g},{p.z:.9g},{q.x:.9g},{q.y:.9g},{q.z:.9g},{q.w:.9g},"
                f"{vertical_fov(cam):.9g}\n")

# The exporters write the camera's focal length as it is at the scene's
# current frame (neither format's reader in assimp reads its animation):
# frame 0 for each file. Objects that do not move get no animation curves.
common = dict(use_selection=False, object_types={"EMPTY", "CAMERA"}, bake_anim=True,
              bake_anim_use_all_actions=False, bake_anim_use_nla_strips=False,
              bake_anim_force_startend_keying=False, bake_anim_step=1.0, bake_anim_simplify_factor=0.0,
              add_leaf_bones=False)
scene.frame_set(0)
bpy.ops.export_scene.fbx(filepath=os.path.join(out, "shot.fbx"), **common)
scene.frame_set(0)
bpy.ops.wm.collada_export(filepath=os.path.join(out, "shot.dae"), include_animations=True,
                          export_animation_type_selection="sample", sampling_rate=1)

still = bpy.data.objects.new("Still", bpy.data.cameras.new("StillLens"))
scene.collection.objects.link(still)
still.location = (0, -10, 2)
scene.frame_set(0)
bpy.ops.export_scene.fbx(filepath=os.path.join(out, "two.fbx"), **common)
bpy.ops.export_scene.fbx(filepath=os.path.join(out, "still.fbx"), **dict(common, bake_anim=False))
