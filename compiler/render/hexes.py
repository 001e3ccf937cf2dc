"""Hex tiles as inline SVG: a tile's hexes (axial [q, r] offsets, pointy-top) filled with the colour
of their landscape and labelled with its symbol, or one hex striped by the landscapes it shows.

Only validated colours (sheet_spec.Colour) and escaped text reach the markup.
"""

from __future__ import annotations

import math

from markupsafe import Markup, escape

SIZE = 10.0  # a hex's radius in SVG units; the SVG scales to its box
_ROOT3 = math.sqrt(3)


def _corners(x: float, y: float, size: float) -> str:
    points = []
    for i in range(6):
        angle = math.radians(60 * i - 30)
        points.append(f"{x + size * math.cos(angle):.2f},{y + size * math.sin(angle):.2f}")
    return " ".join(points)


def _ink(colour: str) -> str:
    """Dark text on light fills (white, blank hexes), white text elsewhere."""
    return "#222" if colour.lower() in ("#fff", "#ffffff", "white", "#eeeeee", "#dddddd") else "#fff"


def tile_svg(cells: list[tuple[int, int, str, str]]) -> Markup:
    """One tile: each cell is (q, r, fill colour, letters)."""
    centres = [(SIZE * _ROOT3 * (q + r / 2), SIZE * 1.5 * r, colour, letters) for q, r, colour, letters in cells]
    xs = [c[0] for c in centres]
    ys = [c[1] for c in centres]
    pad = SIZE + 1
    left, top = min(xs) - pad, min(ys) - pad
    width, height = max(xs) - min(xs) + 2 * pad, max(ys) - min(ys) + 2 * pad
    parts = [
        f'<svg class="hex" viewBox="{left:.2f} {top:.2f} {width:.2f} {height:.2f}" xmlns="http://www.w3.org/2000/svg" role="img">'
    ]
    for x, y, colour, letters in centres:
        parts.append(
            f'<polygon points="{_corners(x, y, SIZE)}" fill="{escape(colour)}" stroke="#333" stroke-width="0.8"/>'
        )
        if letters:
            parts.append(
                f'<text x="{x:.2f}" y="{y + 2.6:.2f}" text-anchor="middle" font-size="7.5" font-weight="bold" '
                f'fill="{_ink(colour)}">{escape(letters)}</text>'
            )
    parts.append("</svg>")
    return Markup("".join(parts))


def _clip(points: list[tuple[float, float]], x: float, keep_right: bool) -> list[tuple[float, float]]:
    """The part of a convex polygon right (or left) of the vertical line at x."""
    out = []
    for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1]):
        in1 = (x1 >= x) if keep_right else (x1 <= x)
        in2 = (x2 >= x) if keep_right else (x2 <= x)
        if in1:
            out.append((x1, y1))
        if in1 != in2:
            out.append((x, y1 + (y2 - y1) * (x - x1) / (x2 - x1)))
    return out


def landscape_hex(colours: list[str]) -> Markup:
    """One hex in vertical bands, one per landscape it shows (plain polygons: no references to resolve)."""
    hexagon = [
        (SIZE * math.cos(math.radians(60 * i - 30)), SIZE * math.sin(math.radians(60 * i - 30))) for i in range(6)
    ]
    w = SIZE * _ROOT3
    parts = [
        f'<svg class="hex" viewBox="{-w / 2 - 1:.2f} {-SIZE - 1:.2f} {w + 2:.2f} {2 * SIZE + 2:.2f}" xmlns="http://www.w3.org/2000/svg" role="img">'
    ]
    n = len(colours)
    for i, colour in enumerate(colours):
        band = _clip(_clip(hexagon, -w / 2 + w * i / n, True), -w / 2 + w * (i + 1) / n, False)
        points = " ".join(f"{x:.2f},{y:.2f}" for x, y in band)
        parts.append(f'<polygon points="{points}" fill="{escape(colour)}"/>')
    parts.append(f'<polygon points="{_corners(0, 0, SIZE)}" fill="none" stroke="#333" stroke-width="0.8"/></svg>')
    return Markup("".join(parts))
