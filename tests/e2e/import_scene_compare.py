#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""tests/e2e/import_scene_compare.py - an imported camera against Blender's own.

    import_scene_compare.py BLENDER.txt SAMPLES.csv LABEL POSITION_TOL ROTATION_TOL FOV_TOL [--fov-frame F]
                            [--expect-off]

BLENDER.txt is what tests/e2e/import_scene_blender.py wrote (one line
`frame,px,py,pz,qx,qy,qz,qw,vfov` per frame, +Y up); SAMPLES.csv is
`campath sample --at` at the same frames' times. Prints the largest position
error (metres), rotation error (radians, the angle of the rotation from one
to the other) and field-of-view error (degrees) and exits 1 when one is over
its tolerance. With --fov-frame F the field of view is compared with
Blender's at frame F only, at every frame (a file whose field of view is not
animated: see docs/cli.md), and the largest difference from Blender's
animated one is printed too. With --expect-off it exits 1 when every error
is within its tolerance: the control that shows the check can tell.
"""
import math
import sys


def rotation_angle(a, b):
    """The angle of the rotation between unit quaternions a and b (x, y, z, w),
    accurate when small (atan2, not acos), whatever their signs."""
    ax, ay, az, aw = a
    bx, by, bz, bw = b
    w = aw * bw + ax * bx + ay * by + az * bz
    x = aw * bx - ax * bw - ay * bz + az * by
    y = aw * by + ax * bz - ay * bw - az * bx
    z = aw * bz - ax * by + ay * bx - az * bw
    return 2 * math.atan2(math.sqrt(x * x + y * y + z * z), abs(w))


def unit(q):
    n = math.sqrt(sum(c * c for c in q))
    return [c / n for c in q]


def main():
    args = [a for a in sys.argv[1:] if a != "--expect-off"]
    expect_off = "--expect-off" in sys.argv[1:]
    fov_frame = None
    if "--fov-frame" in args:
        i = args.index("--fov-frame")
        fov_frame = int(args[i + 1])
        del args[i:i + 2]
    blender, samples, label = args[0], args[1], args[2]
    pos_tol, rot_tol, fov_tol = float(args[3]), float(args[4]), float(args[5])
    with open(blender) as f:
        want = [list(map(float, line.split(","))) for line in f if line.strip()]
    with open(samples) as f:
        header = f.readline().strip().split(",")
        col = {name: i for i, name in enumerate(header)}
        got = [list(map(float, line.split(","))) for line in f if line.strip()]
    if len(got) != len(want) or not got:
        print(f"{label}: {len(got)} samples for {len(want)} frames")
        return 1
    still_fov = want[fov_frame][8] if fov_frame is not None else None
    worst = {"pos": (0.0, 0), "rot": (0.0, 0), "fov": (0.0, 0), "anim": (0.0, 0)}

    def note(kind, err, frame):
        if not err <= worst[kind][0]:
            worst[kind] = (err, frame)

    for w, g in zip(want, got):
        frame = int(w[0])
        p = [g[col["px"]], g[col["py"]], g[col["pz"]]]
        note("pos", math.dist(p, w[1:4]), frame)
        q = unit([g[col["qx"]], g[col["qy"]], g[col["qz"]], g[col["qw"]]])
        note("rot", rotation_angle(q, unit(w[4:8])), frame)
        note("fov", abs(g[col["fov"]] - (w[8] if still_fov is None else still_fov)), frame)
        note("anim", abs(g[col["fov"]] - w[8]), frame)
    off = 0
    for kind, tol, unit_name in (("pos", pos_tol, "m"), ("rot", rot_tol, "rad"), ("fov", fov_tol, "deg")):
        err, frame = worst[kind]
        over = not err <= tol
        off |= over
        word = ("off" if over else "within") if expect_off else ("FAIL" if over else "ok")
        print(f"{word}: {label}: largest {kind} error {err:.3g} {unit_name} (frame {frame}), tolerance {tol:g}")
    if expect_off:
        print(f"{'ok' if off else 'FAIL'}: {label}: the check {'tells' if off else 'cannot tell'} a wrong camera")
    status = int(not off) if expect_off else off
    if still_fov is not None:
        err, frame = worst["anim"]
        print(f"note: {label}: the field of view is Blender's at frame {fov_frame} throughout; Blender's animated"
              f" one differs by up to {err:.3g} deg (frame {frame})")
    return status


if __name__ == "__main__":
    sys.exit(main())
