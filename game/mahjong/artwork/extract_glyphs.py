"""One-off: extract the few glyph outlines the artwork needs from two open fonts.

Not needed at run time (the result, ``glyphs.json``, is committed).  Needs
fonttools (``pip install -e '.[art]'``) and the Debian font packages
``fonts-arphic-ukai`` and ``fonts-dejavu-core``::

    python -m game.mahjong.artwork.extract_glyphs

Outlines are stored in SVG orientation (y grows downwards) in font units,
with the baseline at y = 0, rounded to whole units; each glyph keeps its
advance width and its bounding box.  See ``FONTS.md`` for the licences.
"""

from __future__ import annotations

import argparse
import importlib
import json
from pathlib import Path
from typing import Any

from .marks import mark_chars

CJK_FONT = "/usr/share/fonts/truetype/arphic/ukai.ttc"
CJK_FONT_NUMBER = 2  # "AR PL UKai TW": traditional character forms (萬, 東, 發, 蘭)
LATIN_FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"

CJK_CHARS = "一二三四五六七八九萬東南西北中發梅蘭竹菊春夏秋冬"
LATIN_CHARS = "0123456789BCDEFGNRSWh"
"""Digits and the English labels; the other languages' corner marks add theirs (:mod:`.marks`)."""

OUT = Path(__file__).with_name("glyphs.json")

# Arphic Public License, section 2a: a notice of how and when the font was changed.
CJK_NOTICE = (
    "Modified on 2026-12-01 for Miaojong: the outlines of the 24 characters listed here were taken "
    "from AR PL UKai TW (fonts-arphic-ukai 0.2.20080216.2) and converted to SVG path data (y axis "
    "flipped, coordinates rounded to whole font units) by game/mahjong/artwork/extract_glyphs.py. "
    "Distributed under the Arphic Public License (ARPHICPL.txt)."
)


def _extract(font: Any, chars: str) -> dict[str, Any]:
    bounds_pen_class = importlib.import_module("fontTools.pens.boundsPen").BoundsPen
    svg_pen_class = importlib.import_module("fontTools.pens.svgPathPen").SVGPathPen
    transform_pen_class = importlib.import_module("fontTools.pens.transformPen").TransformPen

    glyph_set = font.getGlyphSet()
    cmap = font.getBestCmap()
    glyphs: dict[str, Any] = {}
    for char in chars:
        name = cmap[ord(char)]
        glyph = glyph_set[name]
        svg_pen = svg_pen_class(glyph_set, ntos=lambda v: str(round(v)))
        glyph.draw(transform_pen_class(svg_pen, (1, 0, 0, -1, 0, 0)))
        bounds_pen = bounds_pen_class(glyph_set)
        glyph.draw(bounds_pen)
        assert bounds_pen.bounds is not None
        x0, y0, x1, y1 = bounds_pen.bounds
        glyphs[char] = {
            "advance": glyph.width,
            "bbox": [round(x0), round(-y1), round(x1), round(-y0)],
            "d": svg_pen.getCommands(),
        }
    return glyphs


def _cjk_part(tt_lib: Any) -> dict[str, Any]:
    cjk = tt_lib.TTCollection(CJK_FONT).fonts[CJK_FONT_NUMBER]
    return {
        "font": cjk["name"].getDebugName(4),
        "version": cjk["name"].getDebugName(5),
        "licence": "Arphic Public License (see ARPHICPL.txt)",
        "notice": CJK_NOTICE,
        "units_per_em": cjk["head"].unitsPerEm,
        "glyphs": _extract(cjk, CJK_CHARS),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m game.mahjong.artwork.extract_glyphs", description=__doc__
    )
    parser.add_argument(
        "--latin-only",
        action="store_true",
        help="extract only the DejaVu glyphs (letters, digits), keeping the committed Chinese ones",
    )
    args = parser.parse_args(argv)
    tt_lib = importlib.import_module("fontTools.ttLib")
    latin = tt_lib.TTFont(LATIN_FONT)
    committed = json.loads(OUT.read_text(encoding="utf-8")) if OUT.exists() else {}
    data = {
        "cjk": committed["cjk"] if args.latin_only else _cjk_part(tt_lib),
        "latin": {
            "font": latin["name"].getDebugName(4),
            "version": latin["name"].getDebugName(5),
            "licence": "Bitstream Vera Fonts licence, DejaVu changes public domain (see FONTS.md)",
            "units_per_em": latin["head"].unitsPerEm,
            "glyphs": _extract(latin, "".join(sorted(set(LATIN_CHARS + mark_chars())))),
        },
    }
    OUT.write_text(json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {OUT} ({OUT.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
