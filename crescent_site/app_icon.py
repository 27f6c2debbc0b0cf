"""The site's app icon, drawn here: a horseshoe of cards on the site's indigo.

One geometry gives both forms: an SVG (`svg()`) and PNGs of any size (`png(size)`),
rasterized in pure Python with anti-aliased edges (each pixel's cover is read from
its signed distance to the shapes), so that a build needs no image tool and two
builds write the same bytes. Eight cards stand around a crescent, opening at the
bottom like the game's horseshoe, with two foundation cards fanned inside it.
"""

from __future__ import annotations

import math
import struct
import zlib
from dataclasses import dataclass
from pathlib import Path

from crescent_site.build_cache import cache_folder, cache_key, cached

BACKGROUND = (0x3F, 0x51, 0xB5)
"""Material's indigo, the site's primary colour."""
CARD = (0xFF, 0xFF, 0xFF)
FOUNDATIONS = ((0xFF, 0xB3, 0x00), (0xFF, 0xE0, 0x82))
CORNER = 0.18
"""The background's corner radius, as a share of the side."""


@dataclass(frozen=True)
class Card:
    """A rounded rectangle: centre, half sizes and turn (degrees), in units of the side."""

    x: float
    y: float
    half_w: float
    half_h: float
    turn: float
    colour: tuple[int, int, int]


def cards() -> list[Card]:
    """The horseshoe's eight cards, then the two foundations inside it."""
    shoe = []
    for index in range(8):
        angle = math.radians(205 - index * (230 / 7))
        x, y = 0.5 + 0.31 * math.cos(angle), 0.56 - 0.31 * math.sin(angle)
        shoe.append(Card(x, y, 0.055, 0.078, 90 - math.degrees(angle), CARD))
    inside = [
        Card(0.5 + dx, 0.6, 0.06, 0.085, dx * 250, colour)
        for dx, colour in zip((-0.045, 0.045), FOUNDATIONS, strict=True)
    ]
    return shoe + inside


def svg() -> str:
    """The icon as SVG (a 512 by 512 view)."""
    unit = 512
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {unit} {unit}">',
        f'<rect width="{unit}" height="{unit}" rx="{CORNER * unit:g}" fill="{_hex(BACKGROUND)}"/>',
    ]
    for card in cards():
        w, h = 2 * card.half_w * unit, 2 * card.half_h * unit
        parts.append(
            f'<rect x="{-w / 2:.2f}" y="{-h / 2:.2f}" width="{w:.2f}" height="{h:.2f}" '
            f'rx="{0.012 * unit:.2f}" fill="{_hex(card.colour)}" '
            f'transform="translate({card.x * unit:.2f} {card.y * unit:.2f}) '
            f'rotate({card.turn:.2f})"/>'
        )
    parts.append("</svg>\n")
    return "\n".join(parts)


def png(size: int) -> bytes:
    """The icon as a `size` by `size` RGBA PNG."""
    pixels = [[(0.0, (0, 0, 0))] * size for _ in range(size)]  # (cover, colour)
    radius = CORNER * size
    for row in range(size):
        for col in range(size):
            distance = _rounded_box(
                col + 0.5 - size / 2, row + 0.5 - size / 2, size / 2, size / 2, radius
            )
            pixels[row][col] = (_cover(distance), BACKGROUND)
    for card in cards():
        _paint(pixels, card, size)
    rows = bytearray()
    for line in pixels:
        rows.append(0)
        for cover, colour in line:
            rows.extend((*colour, round(255 * cover)))
    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + _chunk(b"IDAT", zlib.compress(bytes(rows), 9))
        + _chunk(b"IEND", b"")
    )


def _paint(pixels: list[list[tuple[float, tuple[int, int, int]]]], card: Card, size: int) -> None:
    """Lay `card` over the background (inside it, so the alpha stays the background's)."""
    turn = math.radians(card.turn)
    cos, sin = math.cos(turn), math.sin(turn)
    cx, cy = card.x * size, card.y * size
    reach = math.hypot(card.half_w, card.half_h) * size + 1
    for row in range(max(0, int(cy - reach)), min(size, int(cy + reach) + 1)):
        for col in range(max(0, int(cx - reach)), min(size, int(cx + reach) + 1)):
            dx, dy = col + 0.5 - cx, row + 0.5 - cy
            u, v = dx * cos + dy * sin, -dx * sin + dy * cos
            distance = _rounded_box(u, v, card.half_w * size, card.half_h * size, 0.012 * size)
            share = _cover(distance)
            if share > 0:
                alpha, under = pixels[row][col]
                mixed = tuple(
                    round(a * (1 - share) + b * share)
                    for a, b in zip(under, card.colour, strict=True)
                )
                pixels[row][col] = (alpha, (mixed[0], mixed[1], mixed[2]))


def _rounded_box(x: float, y: float, half_w: float, half_h: float, radius: float) -> float:
    """Signed distance from (x, y) to a rounded box centred on the origin (pixels)."""
    qx, qy = abs(x) - half_w + radius, abs(y) - half_h + radius
    outside = math.hypot(max(qx, 0.0), max(qy, 0.0))
    return outside + min(max(qx, qy), 0.0) - radius


def _cover(distance: float) -> float:
    return min(1.0, max(0.0, 0.5 - distance))


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def _hex(colour: tuple[int, int, int]) -> str:
    return "#" + "".join(f"{part:02x}" for part in colour)


def files() -> dict[str, bytes]:
    """The icon files by name, from the build cache when this module drew them before
    (a PNG takes seconds of pure Python; the key is this module's source)."""
    entry = cache_folder() / f"icons-{cache_key(Path(__file__).read_bytes(), {})}"
    names = ("icon.svg", "icon-192.png", "icon-512.png")
    return cached(entry, names, _drawn)


def _drawn() -> dict[str, bytes]:
    """The icon files, drawn."""
    return {"icon.svg": svg().encode(), "icon-192.png": png(192), "icon-512.png": png(512)}
