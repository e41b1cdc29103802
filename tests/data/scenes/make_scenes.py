#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""tests/data/scenes/make_scenes.py - writes the small scenes the editor's
tests load: the same textured wall as glTF text (.gltf + .bin + .png), as
binary glTF (.glb, the image inside), and as OBJ (+ .mtl), and the bad
scenes the error messages are tested on.

    python3 tests/data/scenes/make_scenes.py      (from the project root)

The wall: 10 m wide (x -5..5), 6 m high (y 0..6), 0.5 m thick, placed by
its node at z = -10 (the mesh itself is centred on z = 0). Its texture is a
checker of 4 x 4 red and yellow squares; the glTF base colour factor is white.
"""
import json
import os
import struct
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
RED, YELLOW = (200, 60, 40), (240, 200, 60)


def png(width, height, pixel):
    rows = b"".join(b"\x00" + bytes(c for x in range(width) for c in pixel(x, y)) for y in range(height))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))


def checker():
    """4 x 4 squares of 16 x 16 texels: big enough that filtering leaves most of each square one colour."""
    return png(64, 64, lambda x, y: RED if (x // 16 + y // 16) % 2 == 0 else YELLOW)


def box(x0, y0, z0, x1, y1, z1):
    """24 vertices (4 per face, so that each face keeps its normal), 12 triangles."""
    faces = [  # normal, four corners counter-clockwise seen from outside
        ((0, 0, 1), [(x0, y0, z1), (x1, y0, z1), (x1, y1, z1), (x0, y1, z1)]),
        ((0, 0, -1), [(x1, y0, z0), (x0, y0, z0), (x0, y1, z0), (x1, y1, z0)]),
        ((1, 0, 0), [(x1, y0, z1), (x1, y0, z0), (x1, y1, z0), (x1, y1, z1)]),
        ((-1, 0, 0), [(x0, y0, z0), (x0, y0, z1), (x0, y1, z1), (x0, y1, z0)]),
        ((0, 1, 0), [(x0, y1, z1), (x1, y1, z1), (x1, y1, z0), (x0, y1, z0)]),
        ((0, -1, 0), [(x0, y0, z0), (x1, y0, z0), (x1, y0, z1), (x0, y0, z1)]),
    ]
    pos, nrm, uv, idx = [], [], [], []
    for n, quad in faces:
        base = len(pos)
        pos += quad
        nrm += [n] * 4
        uv += [(0, 1), (1, 1), (1, 0), (0, 0)]
        idx += [base, base + 1, base + 2, base, base + 2, base + 3]
    return pos, nrm, uv, idx


def gltf(binary):
    pos, nrm, uv, idx = box(-5, 0, -0.25, 5, 6, 0.25)
    blobs = [b"".join(struct.pack("<3f", *p) for p in pos), b"".join(struct.pack("<3f", *n) for n in nrm),
             b"".join(struct.pack("<2f", *t) for t in uv), b"".join(struct.pack("<H", i) for i in idx)]
    image = checker()
    if binary:
        blobs.append(image)
    data, views = b"", []
    for blob in blobs:
        views.append({"buffer": 0, "byteOffset": len(data), "byteLength": len(blob)})
        data += blob + b"\x00" * (-len(blob) % 4)
    doc = {
        "asset": {"version": "2.0", "generator": "campath tests/data/scenes/make_scenes.py"},
        "scene": 0,
        "scenes": [{"nodes": [0]}],
        "nodes": [{"name": "wall", "mesh": 0, "translation": [0, 0, -10]}],
        "meshes": [{"primitives": [{"attributes": {"POSITION": 0, "NORMAL": 1, "TEXCOORD_0": 2}, "indices": 3,
                                    "material": 0}]}],
        "materials": [{"name": "checker", "pbrMetallicRoughness": {"baseColorFactor": [1, 1, 1, 1],
                                                                   "baseColorTexture": {"index": 0}}}],
        "textures": [{"source": 0, "sampler": 0}],
        "samplers": [{"magFilter": 9728, "minFilter": 9728}],
        "images": [{"bufferView": 4, "mimeType": "image/png"} if binary else {"uri": "checker.png"}],
        "accessors": [
            {"bufferView": 0, "componentType": 5126, "count": len(pos), "type": "VEC3",
             "min": [-5, 0, -0.25], "max": [5, 6, 0.25]},
            {"bufferView": 1, "componentType": 5126, "count": len(nrm), "type": "VEC3"},
            {"bufferView": 2, "componentType": 5126, "count": len(uv), "type": "VEC2"},
            {"bufferView": 3, "componentType": 5123, "count": len(idx), "type": "SCALAR"},
        ],
        "bufferViews": views,
        "buffers": [{"byteLength": len(data)} if binary else {"byteLength": len(data), "uri": "wall.bin"}],
    }
    text = json.dumps(doc, indent=1).encode()
    if not binary:
        return text, data, image
    text += b" " * (-len(text) % 4)
    body = struct.pack("<II", len(text), 0x4E4F534A) + text + struct.pack("<II", len(data), 0x004E4942) + data
    return struct.pack("<III", 0x46546C67, 2, 12 + len(body)) + body, None, None


def obj():
    pos, nrm, uv, idx = box(-5, 0, -10.25, 5, 6, -9.75)
    lines = ["# the wall of wall.gltf, as OBJ", "mtllib wall.mtl", "o wall", "usemtl brick"]
    lines += ["v %g %g %g" % p for p in pos] + ["vt %g %g" % (t[0], 1 - t[1]) for t in uv]
    lines += ["vn %g %g %g" % n for n in nrm]
    for k in range(0, len(idx), 3):
        lines.append("f " + " ".join("%d/%d/%d" % (i + 1, i + 1, i + 1) for i in idx[k:k + 3]))
    mtl = ["newmtl brick", "Kd 0.784 0.235 0.157", "map_Kd checker.png"]
    return "\n".join(lines) + "\n", "\n".join(mtl) + "\n"


def write(name, data):
    with open(os.path.join(HERE, name), "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())


def main():
    text, data, image = gltf(False)
    write("wall.gltf", text)
    write("wall.bin", data)
    write("checker.png", image)
    glb, _, _ = gltf(True)
    write("wall.glb", glb)
    o, m = obj()
    write("wall.obj", o)
    write("wall.mtl", m)
    # bad scenes
    os.makedirs(os.path.join(HERE, "bad"), exist_ok=True)
    write("bad/truncated.glb", glb[:100])
    write("bad/not_json.gltf", "{ \"asset\": { \"version\": \"2.0\" }, this is not JSON\n")
    write("bad/unknown.xyz", "nothing any importer knows\n")
    escape = json.loads(text)
    escape["buffers"][0]["uri"] = "../../../../../../../../etc/passwd"
    write("bad/escape.gltf", json.dumps(escape, indent=1))
    absurd = json.loads(text)
    absurd["accessors"][0]["count"] = 2000000000
    absurd["buffers"][0]["uri"] = "absurd.bin"
    write("bad/absurd.gltf", json.dumps(absurd, indent=1))
    write("bad/absurd.bin", data)
    empty = {"asset": {"version": "2.0"}, "scene": 0, "scenes": [{"nodes": [0]}], "nodes": [{"name": "nothing"}]}
    write("bad/no_triangles.gltf", json.dumps(empty, indent=1))


if __name__ == "__main__":
    main()
