#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""tests/bench/editor_scene.py - writes a binary glTF of about a million
triangles for the editor's frame and load benchmarks: a town of 500 blocks,
each its own mesh (a box whose faces are split into 13 x 13 quads: 2,028
triangles), on a 25 x 20 grid 12 m apart.

    python3 tests/bench/editor_scene.py OUT.glb
"""
import json
import struct
import sys
from array import array

N = 13                  # quads along each face's side
COLS, ROWS, STEP = 25, 20, 12.0


def block(x0, z0, w, d, h, pos, nrm, idx):
    """Appends one block (its own vertices) and returns (vertex offset, count, index offset, count)."""
    v0, i0 = len(pos) // 3, len(idx)
    x1, z1 = x0 + w, z0 + d
    faces = [  # origin, u axis, v axis, normal
        ((x0, 0, z1), (w, 0, 0), (0, h, 0), (0, 0, 1)),
        ((x1, 0, z0), (-w, 0, 0), (0, h, 0), (0, 0, -1)),
        ((x1, 0, z1), (0, 0, -d), (0, h, 0), (1, 0, 0)),
        ((x0, 0, z0), (0, 0, d), (0, h, 0), (-1, 0, 0)),
        ((x0, h, z1), (w, 0, 0), (0, 0, -d), (0, 1, 0)),
        ((x0, 0, z0), (w, 0, 0), (0, 0, d), (0, -1, 0)),
    ]
    for o, u, v, n in faces:
        base = len(pos) // 3
        for j in range(N + 1):
            for i in range(N + 1):
                a, b = i / N, j / N
                pos.extend((o[0] + a * u[0] + b * v[0], o[1] + a * u[1] + b * v[1], o[2] + a * u[2] + b * v[2]))
                nrm.extend(n)
        for j in range(N):
            for i in range(N):
                p = base + j * (N + 1) + i
                idx.extend((p, p + 1, p + N + 2, p, p + N + 2, p + N + 1))
    return v0, len(pos) // 3 - v0, i0, len(idx) - i0


def main(out):
    pos, nrm, idx = array("f"), array("f"), array("I")
    parts = []
    for r in range(ROWS):
        for c in range(COLS):
            h = 6 + ((r * 7 + c * 13) % 11) * 3.0
            parts.append(block(c * STEP - COLS * STEP / 2, -r * STEP, 8, 8, h, pos, nrm, idx))
    # indices relative to each mesh's own vertices
    for v0, vn, i0, n in parts:
        for k in range(i0, i0 + n):
            idx[k] -= v0
    blob_pos, blob_nrm, blob_idx = pos.tobytes(), nrm.tobytes(), idx.tobytes()
    data = blob_pos + blob_nrm + blob_idx
    views = [{"buffer": 0, "byteOffset": 0, "byteLength": len(blob_pos), "byteStride": 12},
             {"buffer": 0, "byteOffset": len(blob_pos), "byteLength": len(blob_nrm), "byteStride": 12},
             {"buffer": 0, "byteOffset": len(blob_pos) + len(blob_nrm), "byteLength": len(blob_idx)}]
    accessors, meshes, nodes = [], [], []
    for k, (v0, vn, i0, n) in enumerate(parts):
        xs = [pos[3 * (v0 + i)] for i in range(vn)]
        ys = [pos[3 * (v0 + i) + 1] for i in range(vn)]
        zs = [pos[3 * (v0 + i) + 2] for i in range(vn)]
        lo, hi = [min(xs), min(ys), min(zs)], [max(xs), max(ys), max(zs)]
        accessors += [{"bufferView": 0, "byteOffset": 12 * v0, "componentType": 5126, "count": vn, "type": "VEC3",
                       "min": lo, "max": hi},
                      {"bufferView": 1, "byteOffset": 12 * v0, "componentType": 5126, "count": vn, "type": "VEC3"},
                      {"bufferView": 2, "byteOffset": 4 * i0, "componentType": 5125, "count": n, "type": "SCALAR"}]
        meshes.append({"primitives": [{"attributes": {"POSITION": 3 * k, "NORMAL": 3 * k + 1}, "indices": 3 * k + 2,
                                       "material": k % 3}]})
        nodes.append({"mesh": k})
    doc = {"asset": {"version": "2.0", "generator": "campath tests/bench/editor_scene.py"},
           "scene": 0, "scenes": [{"nodes": list(range(len(nodes)))}], "nodes": nodes, "meshes": meshes,
           "materials": [{"pbrMetallicRoughness": {"baseColorFactor": c}} for c in
                         ([0.6, 0.55, 0.5, 1], [0.45, 0.5, 0.6, 1], [0.7, 0.6, 0.45, 1])],
           "accessors": accessors, "bufferViews": views, "buffers": [{"byteLength": len(data)}]}
    text = json.dumps(doc).encode()
    text += b" " * (-len(text) % 4)
    data += b"\x00" * (-len(data) % 4)
    body = struct.pack("<II", len(text), 0x4E4F534A) + text + struct.pack("<II", len(data), 0x004E4942) + data
    with open(out, "wb") as f:
        f.write(struct.pack("<III", 0x46546C67, 2, 12 + len(body)) + body)
    print("%s: %d triangles in %d meshes, %.1f MB" % (out, len(idx) // 3, len(parts), (12 + len(body)) / 1048576))


if __name__ == "__main__":
    main(sys.argv[1])
