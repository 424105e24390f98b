#!/usr/bin/python3
"""Draws the samples' test picture with numpy and writes it as a JPEG (or PPM).

  make_test_image.py --out picture.jpg [--width 320] [--height 240] [--quality 90]

The picture: a sky-to-ground gradient, a sun, a striped ball, a house with a roof and windows,
and a little deterministic texture; nothing is downloaded. The JPEG is written with
stbi_write_jpg from Debian's libstb (libstb-dev ships libstb.so), called through ctypes; a
path ending in .ppm writes a binary PPM instead. The same arguments always give the same bytes.
"""
import argparse
import ctypes
import ctypes.util
import sys

import numpy as np


def draw(width, height):
    y, x = np.mgrid[0:height, 0:width].astype(np.float64)
    img = np.zeros((height, width, 3))
    horizon = 0.62 * height
    t = np.clip(y / horizon, 0, 1)[..., None]
    sky = (1 - t) * np.array([70, 130, 220]) + t * np.array([190, 215, 245])
    g = np.clip((y - horizon) / (height - horizon), 0, 1)[..., None]
    ground = (1 - g) * np.array([90, 160, 60]) + g * np.array([40, 95, 30])
    img[:] = np.where((y < horizon)[..., None], sky, ground)

    def disc(cx, cy, r):
        return (x - cx) ** 2 + (y - cy) ** 2 <= r * r

    img[disc(0.82 * width, 0.18 * height, 0.08 * width)] = [255, 215, 60]
    # A ball with diagonal stripes.
    ball = disc(0.25 * width, 0.72 * height, 0.11 * width)
    stripes = (((x + y) // 9) % 2 == 0)
    img[ball & stripes] = [220, 40, 40]
    img[ball & ~stripes] = [245, 245, 235]
    # A house: walls, roof (triangle), door and two windows.
    x0, x1, y0, y1 = 0.52 * width, 0.82 * width, 0.42 * height, 0.80 * height
    img[(x >= x0) & (x < x1) & (y >= y0) & (y < y1)] = [200, 170, 120]
    apex_x, apex_y = (x0 + x1) / 2, 0.26 * height
    roof = (y >= apex_y) & (y < y0) & (np.abs(x - apex_x) <= (y - apex_y) / (y0 - apex_y) * (x1 - x0) / 2 + 4)
    img[roof] = [150, 50, 40]
    img[(x >= apex_x - 10) & (x < apex_x + 10) & (y >= y1 - 36) & (y < y1)] = [90, 60, 40]
    for wx in (x0 + 12, x1 - 36):
        img[(x >= wx) & (x < wx + 24) & (y >= y0 + 14) & (y < y0 + 36)] = [120, 180, 230]
    rng = np.random.default_rng(7)
    img += rng.normal(0, 4, img.shape)
    return np.clip(np.rint(img), 0, 255).astype(np.uint8)


def write_jpeg(path, img, quality):
    name = ctypes.util.find_library("stb") or "libstb.so.0"
    try:
        stb = ctypes.CDLL(name)
    except OSError as e:
        raise SystemExit("make_test_image: cannot load libstb (apt-get install libstb-dev): %s" % e)
    c_int = ctypes.c_int
    stb.stbi_write_jpg.argtypes = [ctypes.c_char_p, c_int, c_int, c_int, ctypes.c_void_p, c_int]
    h, w, c = img.shape
    data = np.ascontiguousarray(img)
    if not stb.stbi_write_jpg(path.encode(), w, h, c, data.ctypes.data, quality):
        raise SystemExit("make_test_image: stbi_write_jpg failed for %s" % path)


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", required=True)
    ap.add_argument("--width", type=int, default=320)
    ap.add_argument("--height", type=int, default=240)
    ap.add_argument("--quality", type=int, default=90)
    args = ap.parse_args(argv)
    img = draw(args.width, args.height)
    if args.out.endswith(".ppm"):
        with open(args.out, "wb") as f:
            f.write(b"P6\n%d %d\n255\n" % (args.width, args.height) + img.tobytes())
    else:
        write_jpeg(args.out, img, args.quality)
    print("wrote %s (%dx%d)" % (args.out, args.width, args.height))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
