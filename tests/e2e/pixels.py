#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""tests/e2e/pixels.py - reads the editor's images for the end-to-end tests
(PNG as SDL2_image writes it: 8-bit RGB or RGBA, not interlaced; 24-bit BMP).

    pixels.py size FILE                 -> "W H"
    pixels.py pixel FILE X Y            -> "R G B"
    pixels.py count FILE R G B TOL      -> how many pixels are within TOL of the colour (each channel)
    pixels.py colors FILE               -> how many different colours the image holds
    pixels.py contrast FILE X0 Y0 X1 Y1 -> local contrast in the rectangle: the root mean square
                                           of the grey-level differences between neighbouring
                                           pixels (a blurred edge spreads its step over more
                                           pixels, and its squares sum to less)
"""
import struct
import sys
import zlib


def read_png(data):
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    pos, idat, w = 8, b"", 0
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            w, h, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or ctype not in (2, 6) or interlace:
                raise ValueError("unsupported PNG (depth %d, colour type %d)" % (depth, ctype))
            bpp = 3 if ctype == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    raw, stride, rows, prev = zlib.decompress(idat), w * bpp, [], bytearray(w * bpp)
    for y in range(h):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append([tuple(line[x * bpp:x * bpp + 3]) for x in range(w)])
        prev = line
    return w, h, rows


def read_bmp(data):
    off, = struct.unpack("<I", data[10:14])
    w, h, _, bits = struct.unpack("<iiHH", data[18:30])
    if bits != 24:
        raise ValueError("unsupported BMP (%d bits)" % bits)
    stride = (w * 3 + 3) & ~3
    rows = []
    for y in range(abs(h)):
        r = data[off + y * stride:off + y * stride + w * 3]
        rows.append([(r[x * 3 + 2], r[x * 3 + 1], r[x * 3]) for x in range(w)])
    if h > 0:
        rows.reverse()
    return w, abs(h), rows


def load(name):
    with open(name, "rb") as f:
        data = f.read()
    return read_bmp(data) if data[:2] == b"BM" else read_png(data)


def main(argv):
    w, h, rows = load(argv[2])
    if argv[1] == "size":
        print(w, h)
    elif argv[1] == "pixel":
        print(*rows[int(argv[4])][int(argv[3])])
    elif argv[1] == "count":
        c, tol = [int(v) for v in argv[3:6]], int(argv[6])
        print(sum(1 for r in rows for p in r if all(abs(p[k] - c[k]) <= tol for k in range(3))))
    elif argv[1] == "contrast":
        x0, y0, x1, y1 = [int(v) for v in argv[3:7]]
        grey = [[(299 * p[0] + 587 * p[1] + 114 * p[2]) / 1000.0 for p in r] for r in rows]
        total, n = 0.0, 0
        for y in range(y0, y1):
            for x in range(x0, x1):
                total += (grey[y][x + 1] - grey[y][x]) ** 2 + (grey[y + 1][x] - grey[y][x]) ** 2
                n += 2
        print("%.3f" % (total / n) ** 0.5)
    elif argv[1] == "colors":
        print(len({p for r in rows for p in r}))
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
