#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""tests/e2e/players/compare.py - the camera another tool played, against the path.

    compare.py SAMPLES.csv POSES.txt LABEL POSITION_TOL ROTATION_TOL [--expect-off]

SAMPLES.csv is `campath sample` at every frame; POSES.txt what the tool
placed its camera at, frame by frame, in glTF's frame (+Y up): one line
`x,y,z,qx,qy,qz,qw` per frame (lines starting with # are notes, shown).
Prints the largest position error (metres, the distance) and rotation error
(radians, the angle of the rotation from one to the other), and exits 1 when
either is over its tolerance at any frame, or, with --expect-off, when
neither is: a check that a tool is off, so that the check can tell.
"""
import math
import sys


def rotation_angle(a, b):
    """The angle of the rotation between unit quaternions a and b (x, y, z, w),
    accurate when small (atan2, not acos), whatever their signs."""
    ax, ay, az, aw = a
    bx, by, bz, bw = b
    # conj(a) * b
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
    samples, poses, label = args[0], args[1], args[2]
    pos_tol, rot_tol = float(args[3]), float(args[4])
    with open(samples) as f:
        header = f.readline().strip().split(",")
        col = {name: i for i, name in enumerate(header)}
        want = [list(map(float, line.split(","))) for line in f if line.strip()]
    notes, got = [], []
    with open(poses) as f:
        for line in f:
            if line.startswith("#"):
                notes.append(line[1:].strip())
            elif line.strip():
                got.append(list(map(float, line.split(","))))
    if len(got) != len(want):
        print(f"{label}: {len(got)} frames played, {len(want)} expected")
        return 1
    worst_pos = worst_rot = 0.0
    pos_at = rot_at = 0
    for frame, (w, g) in enumerate(zip(want, got)):
        p = [w[col["px"]], w[col["py"]], w[col["pz"]]]
        q = unit([w[col["qx"]], w[col["qy"]], w[col["qz"]], w[col["qw"]]])
        dp = math.dist(p, g[0:3])
        dr = rotation_angle(q, unit(g[3:7]))
        if dp > worst_pos:
            worst_pos, pos_at = dp, frame
        if dr > worst_rot:
            worst_rot, rot_at = dr, frame
    off = worst_pos > pos_tol or worst_rot > rot_tol
    verdict = ("off, as expected" if off else "FAIL: within the bounds, expected off") if expect_off else \
              ("FAIL" if off else "ok")
    print(f"{label}: {len(got)} frames{(' (' + '; '.join(notes) + ')') if notes else ''}: largest error "
          f"{worst_pos * 1000:.3g} mm (frame {pos_at}), {worst_rot:.2e} rad (frame {rot_at}): {verdict}")
    return 0 if off == expect_off else 1


sys.exit(main())
