"""Glyph outlines (from ``glyphs.json``, see ``FONTS.md``) placed as SVG paths.

Latin letters and digits come from DejaVu Sans Bold, Chinese characters from
AR PL UKai TW.  Each glyph becomes one shared ``<path>`` definition in font
units; a drawing places it with ``<use>`` and a transform, so a glyph used
on many faces of a sprite sheet is stored once.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from .svg import Canvas, Library, num


@dataclass(frozen=True)
class Glyph:
    char: str
    advance: float
    bbox: tuple[float, float, float, float]  # x0, y0, x1, y1 with y downwards, baseline 0
    d: str

    @property
    def def_name(self) -> str:
        return f"g{ord(self.char):x}"


@dataclass(frozen=True)
class Font:
    name: str
    units_per_em: int
    glyphs: dict[str, Glyph]


@cache
def _fonts() -> dict[str, Font]:
    raw: dict[str, Any] = json.loads(
        resources.files(__package__).joinpath("glyphs.json").read_text(encoding="utf-8")
    )
    fonts = {}
    for key, font in raw.items():
        glyphs = {
            char: Glyph(
                char, float(g["advance"]), (g["bbox"][0], g["bbox"][1], g["bbox"][2], g["bbox"][3]), g["d"]
            )
            for char, g in font["glyphs"].items()
        }
        fonts[key] = Font(font["font"], int(font["units_per_em"]), glyphs)
    return fonts


def latin() -> Font:
    return _fonts()["latin"]


def cjk() -> Font:
    return _fonts()["cjk"]


LATIN_CAP_HEIGHT = 1493.0  # DejaVu Sans Bold: height of digits and capitals in font units


def add_glyph_definitions(library: Library) -> None:
    """Register every glyph of both fonts as a definition named ``g<hex code point>``."""
    for font in _fonts().values():
        for glyph in font.glyphs.values():
            library.add(glyph.def_name, f'<path id="@@{glyph.def_name}" d="{glyph.d}"/>')


def _place(
    canvas: Canvas, glyph: Glyph, x: float, y: float, sx: float, fill: str, sy: float | None = None
) -> None:
    href = canvas.need(glyph.def_name)
    scale = num(sx, 6) if sy is None or abs(sx - sy) < 1e-9 else f"{num(sx, 6)} {num(sy, 6)}"
    canvas.add(f'<use href="{href}" transform="translate({num(x)} {num(y)}) scale({scale})" fill="{fill}"/>')


def text_width(text: str, tracking: float = -40.0) -> tuple[float, float]:
    """Ink left edge and ink right edge of ``text`` in font units (pen starts at 0)."""
    font = latin()
    pen = 0.0
    left = right = 0.0
    for i, char in enumerate(text):
        glyph = font.glyphs[char]
        if i == 0:
            left = pen + glyph.bbox[0]
        right = pen + glyph.bbox[2]
        pen += glyph.advance + tracking
    return left, right


def latin_text(
    canvas: Canvas,
    text: str,
    cx: float,
    cy: float,
    cap: float,
    fill: str,
    max_width: float | None = None,
    anchor: str = "middle",
    tracking: float = -40.0,
    squeeze: float = 1.0,
) -> float:
    """Draw ``text`` with capitals ``cap`` units high, centred on (cx, cy).

    With ``anchor="start"`` ``cx`` is the left edge of the ink.  Text wider
    than ``max_width`` is first narrowed (down to ``squeeze`` times its
    width, keeping its height), then scaled down as a whole.  Returns the
    ink width drawn.
    """
    font = latin()
    sy = sx = cap / LATIN_CAP_HEIGHT
    left, right = text_width(text, tracking)
    if max_width is not None and (right - left) * sx > max_width:
        sx = max_width / (right - left)
        sy = min(sy, sx / squeeze)
    ink = (right - left) * sx
    x = (cx - ink / 2 if anchor == "middle" else cx) - left * sx
    baseline = cy + LATIN_CAP_HEIGHT * sy / 2
    pen = 0.0
    for char in text:
        glyph = font.glyphs[char]
        _place(canvas, glyph, x + pen * sx, baseline, sx, fill, sy)
        pen += glyph.advance + tracking
    return ink


def cjk_char(
    canvas: Canvas,
    char: str,
    x: float,
    y: float,
    width: float,
    height: float,
    fill: str,
    em: float | None = None,
) -> None:
    """Draw a Chinese character centred in the box (x, y, width, height).

    By default the glyph's ink is fitted into the box; with ``em`` the glyph
    is drawn at that em size (so a set of numerals shares one size) and only
    centred.
    """
    font = cjk()
    glyph = font.glyphs[char]
    x0, y0, x1, y1 = glyph.bbox
    scale = min(width / (x1 - x0), height / (y1 - y0)) if em is None else em / font.units_per_em
    gx = x + width / 2 - (x0 + x1) / 2 * scale
    gy = y + height / 2 - (y0 + y1) / 2 * scale
    _place(canvas, glyph, gx, gy, scale, fill)
