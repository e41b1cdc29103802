#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""tests/data/scenes/make_bombs.py - writes scenes that are small on disk but
would take the editor past its budget (docs/editor.md, "Scenes the editor
refuses"), for tests/e2e/editor_bombs.sh and tests/editor/test_world.c. They
are made when a test runs, not kept in the tree (some are large).

    python3 tests/data/scenes/make_bombs.py DIR [NAME...]

Each NAME (all when none is given) is one scene in DIR:

  dag.gltf        nodes that instance each other, 24 levels of two: 2^24
                  instances of one triangle from a file under 2 KB
  deep.gltf       a chain of 20,000 nodes, each the child of the one before
  cycle.gltf      a node that is its own grandchild
  chunk.glb       a GLB whose BIN chunk says it holds 4 GB (the file has 600 bytes)
  sparse.gltf     texture coordinates in a sparse accessor of 500 million, none in the file
  textures.gltf   eight materials, each with its own 8192 x 8192 PNG (one
                  file of 70 KB under eight names): 2 GB once decoded to RGBA
  wide.gltf       one texture of 16385 x 16 pixels (wider than a texture may be)
  wide_inside.glb the same texture inside a GLB
  many.gltf       200,001 nodes, each with the one triangle
  huge.gltf       a mesh whose accessors say 60 million triangles, from a file of 1 KB
"""
import base64
import json
import os
import struct
import sys
import zlib

# one triangle, as a data URI the glTF carries inside itself
TRIANGLE = struct.pack("<9f", 0, 0, 0, 1, 0, 0, 0, 1, 0)
TRIANGLE_UV = struct.pack("<6f", 0, 0, 1, 0, 0, 1)


def triangle_doc(nodes, scene_nodes, with_uvs=False, materials=None):
    data = TRIANGLE + (TRIANGLE_UV if with_uvs else b"")
    attributes = {"POSITION": 0}
    accessors = [{"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3",
                  "min": [0, 0, 0], "max": [1, 1, 0]}]
    views = [{"buffer": 0, "byteOffset": 0, "byteLength": len(TRIANGLE)}]
    if with_uvs:
        attributes["TEXCOORD_0"] = 1
        accessors.append({"bufferView": 1, "componentType": 5126, "count": 3, "type": "VEC2"})
        views.append({"buffer": 0, "byteOffset": len(TRIANGLE), "byteLength": len(TRIANGLE_UV)})
    primitives = [{"attributes": attributes}]
    doc = {
        "asset": {"version": "2.0"},
        "scene": 0,
        "scenes": [{"nodes": scene_nodes}],
        "nodes": nodes,
        "meshes": [{"primitives": primitives}],
        "accessors": accessors,
        "bufferViews": views,
        "buffers": [{"byteLength": len(data),
                     "uri": "data:application/octet-stream;base64," + base64.b64encode(data).decode()}],
    }
    if materials:
        doc["meshes"] = [{"primitives": [dict(primitives[0], material=i)]} for i in range(len(materials))]
        doc["materials"] = materials
    return doc


def dag():
    # level k holds nodes 2k and 2k+1, each with both nodes of level k+1 as children
    levels = 24
    nodes = [{"children": [2 * k + 2, 2 * k + 3]} for k in range(levels) for _ in range(2)]
    nodes += [{"mesh": 0}, {"mesh": 0}]
    return triangle_doc(nodes, [0])


def deep():
    n = 20000
    nodes = [{"children": [i + 1]} for i in range(n - 1)] + [{"mesh": 0}]
    return triangle_doc(nodes, [0])


def cycle():
    return triangle_doc([{"children": [1]}, {"children": [0], "mesh": 0}], [0])


def many():
    n = 200001
    return triangle_doc([{"mesh": 0} for _ in range(n)], list(range(n)))


def huge():
    doc = triangle_doc([{"mesh": 0}], [0])
    doc["accessors"][0]["count"] = 180000000
    return doc


def sparse():
    doc = triangle_doc([{"mesh": 0}], [0])
    # texture coordinates without a bufferView: zeros but the one the sparse part sets
    doc["accessors"].append({"componentType": 5126, "count": 500000000, "type": "VEC2",
                             "sparse": {"count": 1, "indices": {"bufferView": 1, "componentType": 5125},
                                        "values": {"bufferView": 0}}})
    doc["meshes"][0]["primitives"][0]["attributes"]["TEXCOORD_0"] = 1
    doc["bufferViews"].append({"buffer": 0, "byteOffset": 0, "byteLength": 4})
    return doc


def png(width, height):
    """A grey PNG (8-bit grayscale): its rows are alike, so it compresses to little."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    z = zlib.compressobj(9, zlib.DEFLATED, 15, 9, zlib.Z_RLE)
    block = (b"\x00" + b"\x80" * width) * 64
    parts = [z.compress(block) for _ in range(height // 64)]
    parts += [z.compress(b"\x00" + b"\x80" * width) for _ in range(height % 64)]
    parts.append(z.flush())
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0))
            + chunk(b"IDAT", b"".join(parts)) + chunk(b"IEND", b""))


def textured(names):
    materials = [{"pbrMetallicRoughness": {"baseColorTexture": {"index": i}}} for i in range(len(names))]
    doc = triangle_doc([{"mesh": i} for i in range(len(names))], list(range(len(names))), True, materials)
    doc["textures"] = [{"source": i} for i in range(len(names))]
    doc["images"] = [{"uri": n} for n in names]
    return doc


def glb(doc, binary):
    text = json.dumps(doc).encode()
    text += b" " * (-len(text) % 4)
    binary += b"\x00" * (-len(binary) % 4)
    body = struct.pack("<II", len(text), 0x4E4F534A) + text + struct.pack("<II", len(binary), 0x004E4942) + binary
    return struct.pack("<III", 0x46546C67, 2, 12 + len(body)) + body


def chunk_glb():
    doc = {"asset": {"version": "2.0"}, "buffers": [{"byteLength": 16}]}
    data = glb(doc, b"\x00" * 16)
    # the BIN chunk's length, just after the JSON chunk, says 4 GB
    at = 12 + 8 + struct.unpack_from("<I", data, 12)[0]
    return data[:at] + struct.pack("<I", 0xFFFFFFF0) + data[at + 4:]


def wide_inside():
    image = png(16385, 16)
    doc = textured(["unused"])
    del doc["images"][0]["uri"]
    doc["images"][0].update({"bufferView": 2, "mimeType": "image/png"})
    data = TRIANGLE + TRIANGLE_UV
    doc["buffers"] = [{"byteLength": len(data) + len(image)}]
    doc["bufferViews"].append({"buffer": 0, "byteOffset": len(data), "byteLength": len(image)})
    return glb(doc, data + image)


def write(path, data):
    with open(path, "wb") as f:
        f.write(data if isinstance(data, bytes) else json.dumps(data).encode())


def main(argv):
    out = argv[1]
    wanted = set(argv[2:])
    os.makedirs(out, exist_ok=True)
    simple = {"dag.gltf": dag, "deep.gltf": deep, "cycle.gltf": cycle, "many.gltf": many, "huge.gltf": huge,
              "sparse.gltf": sparse, "chunk.glb": chunk_glb, "wide_inside.glb": wide_inside}
    for name, make in simple.items():
        if not wanted or name in wanted:
            write(os.path.join(out, name), make())
    if not wanted or "textures.gltf" in wanted:
        image = png(8192, 8192)
        names = ["t%d.png" % i for i in range(8)]
        for n in names:
            write(os.path.join(out, n), image)
        write(os.path.join(out, "textures.gltf"), textured(names))
    if not wanted or "wide.gltf" in wanted:
        write(os.path.join(out, "wide.png"), png(16385, 16))
        write(os.path.join(out, "wide.gltf"), textured(["wide.png"]))


if __name__ == "__main__":
    main(sys.argv)
