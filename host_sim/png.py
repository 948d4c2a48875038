"""A small PNG writer (8-bit RGB, no interlace) for screenshots: zlib does the work."""

import struct
import zlib


def _chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def encode(width, height, rgb):
    """PNG bytes of an image given as `rgb`: width * height * 3 bytes, rows top first."""
    if len(rgb) != width * height * 3:
        raise ValueError("expected %d bytes of RGB, got %d" % (width * height * 3, len(rgb)))
    stride = width * 3
    raw = b"".join(b"\x00" + bytes(rgb[y * stride : (y + 1) * stride]) for y in range(height))
    head = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", head) + _chunk(b"IDAT", zlib.compress(raw, 9)) + _chunk(b"IEND", b"")


def decode(data):
    """(width, height, rgb bytes) of a PNG that `encode` wrote (for golden comparisons)."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG file")
    at = 8
    width = height = 0
    idat = b""
    while at < len(data):
        (n,) = struct.unpack(">I", data[at : at + 4])
        kind = data[at + 4 : at + 8]
        body = data[at + 8 : at + 8 + n]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            if depth != 8 or colour != 2:
                raise ValueError("only 8-bit RGB PNG files are read here")
        elif kind == b"IDAT":
            idat += body
        at += 12 + n
    raw = zlib.decompress(idat)
    stride = width * 3
    rows = []
    for y in range(height):
        line = raw[y * (stride + 1) : (y + 1) * (stride + 1)]
        if line[0] != 0:
            raise ValueError("only unfiltered PNG rows are read here")
        rows.append(line[1:])
    return width, height, b"".join(rows)
