"""Tile Rummy's tile faces, drawn in code: one SVG sprite with a symbol per face.

``python -m game.rummy.artwork`` writes ``game/rummy/static/rummy/tiles.svg``
(``--check`` only compares it with what the code draws).  The sprite holds 53
``<symbol>`` elements, ``rt-R1`` ... ``rt-O13`` and ``rt-J`` (the engine's tile
notation after ``rt-``), each with ``viewBox="0 0 40 56"``; a page shows a face
with ``<svg viewBox="0 0 40 56"><use href="<sprite url>#rt-R7"></use></svg>``
(see ``tiles.css`` for the classes around it).

Each face is an ivory tile with its number, large and bold, in its colour and
below it a small mark whose *shape* names the colour, so that players who
cannot tell the colours apart can still read a tile:

* red: a circle; blue: a square; black: a triangle; orange: a diamond.

The four colours are chosen to stay apart for the common colour-vision
deficiencies too: a crimson-leaning red (not a vermilion, which drifts towards
the orange), a strong blue, near-black, and an orange leaning to amber, much
lighter than the red.  That amber is light on ivory, so its number and mark get
a thin dark rim.  The joker carries no number: a jester's face under a
three-coloured cap.

Numbers are drawn as stroked paths, not ``<text>``, so a tile looks the same
whatever fonts a device has.  The output is deterministic: the same code gives
the same bytes.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from game.rummy.engine.tiles import JOKER, TEXTS, TILES, Colour

WIDTH: Final = 40
HEIGHT: Final = 56
VIEW_BOX: Final = f"0 0 {WIDTH} {HEIGHT}"
SYMBOL_PREFIX: Final = "rt-"
SVG_NS: Final = "http://www.w3.org/2000/svg"

SPRITE_PATH: Final = Path(__file__).resolve().parent / "static" / "rummy" / "tiles.svg"
"""Where the sprite is committed (served as the static file ``rummy/tiles.svg``)."""

# The tile itself: its side (a darker band below the face gives it thickness) and its face.
SIDE_FILL: Final = "#d6c9a6"
OUTLINE: Final = "#75694f"
FACE_FILL: Final = "#fffbf0"
FACE_EDGE: Final = "#c9bb95"

NUMBER_STROKE: Final = 4.4
"""Width of the strokes of the digits, in viewBox units (about 3.3 px on a 30 px wide tile)."""
RIM: Final = 1.5
"""How much wider the dark rim under a light colour's strokes is."""
NUMBER_TOP: Final = 6.6
DIGIT_SCALE: Final = 1.12
"""The glyphs are drawn 22 high; on the tile they are about 25 high (about 18.5 px on a 30 px tile)."""
DIGIT_GAP: Final = 5.2
"""Between the centre lines of two digits: a clear gap once the strokes are drawn."""
MARK_Y: Final = 42.6


@dataclass(frozen=True)
class Ink:
    """How one colour is drawn: its paint, an optional dark rim, and its mark's shape."""

    paint: str
    rim: str | None
    mark: str


INKS: Final[dict[Colour, Ink]] = {
    Colour.RED: Ink("#c8102e", None, "circle"),
    Colour.BLUE: Ink("#1a5fc8", None, "square"),
    Colour.BLACK: Ink("#1a1a1a", None, "triangle"),
    Colour.ORANGE: Ink("#f0a000", "#8a5300", "diamond"),
}


@dataclass(frozen=True)
class Glyph:
    """A digit as one stroked path in a box 22 high; ``left``..``right`` is its stroked centre line."""

    path: str
    left: float
    right: float

    @property
    def width(self) -> float:
        return self.right - self.left


# Drawn by hand for these tiles: plain, rounded, wide enough to tell 3 from 8 at a glance.
GLYPHS: Final[dict[str, Glyph]] = {
    "0": Glyph("M6 0C2.4 0 0 3.6 0 11S2.4 22 6 22 12 18.4 12 11 9.6 0 6 0Z", 0, 12),
    "1": Glyph("M1 5L6.5 0V22", 1, 6.5),
    "2": Glyph("M0.6 5.2C1.2 1.8 3.4 0 6.2 0 9.4 0 11.6 2.2 11.6 5.4 11.6 9 9 11.2 6 14L0.4 22H12", 0.4, 12),
    "3": Glyph(
        "M0.8 0H11.2L5.2 8.6C9.4 8.6 12 11.4 12 15.2 12 19.4 9.2 22 5.6 22 3.4 22 1.4 21 0 19.4", 0, 12
    ),
    "4": Glyph("M8.8 22V0L0 14.6H12.4", 0, 12.4),
    "5": Glyph(
        "M11 0H1.8L0.8 10C2.2 9.2 3.8 8.6 5.6 8.6 9.6 8.6 12 11.4 12 15.2 12 19.4 9.2 22 5.6 22"
        " 3.4 22 1.4 21 0 19.4",
        0,
        12,
    ),
    "6": Glyph(
        "M10.6 1.6C9.6 0.6 8.2 0 6.6 0 2.6 0 0 4.2 0 12.6 0 18.8 2.4 22 6 22 9.6 22 12 19.2 12 15.4"
        " 12 11.4 9.6 9 6.2 9 3.4 9 1 10.6 0.2 13.4",
        0,
        12,
    ),
    "7": Glyph("M0 0H12L4.2 22", 0, 12),
    "8": Glyph(
        "M6 10.2C2.8 10.2 0.8 8.2 0.8 5.2 0.8 2.2 3 0 6 0S11.2 2.2 11.2 5.2 9.2 10.2 6 10.2"
        "C2.4 10.2 0 12.6 0 16S2.4 22 6 22 12 19.4 12 16 9.6 10.2 6 10.2Z",
        0,
        12,
    ),
    "9": Glyph(
        "M1.4 20.4C2.4 21.4 3.8 22 5.4 22 9.4 22 12 17.8 12 9.4 12 3.2 9.6 0 6 0 2.4 0 0 2.8 0 6.6"
        " 0 10.6 2.4 13 5.8 13 8.6 13 11 11.4 11.8 8.6",
        0,
        12,
    ),
}


def num(value: float) -> str:
    """A coordinate with at most two decimals and no trailing zeros."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _tile_body() -> str:
    return (
        f'<rect x="0.75" y="0.75" width="38.5" height="54.5" rx="5.5" fill="{SIDE_FILL}" '
        f'stroke="{OUTLINE}" stroke-width="1.1"/>'
        f'<rect x="1.9" y="1.9" width="36.2" height="49.4" rx="4.4" fill="{FACE_FILL}" '
        f'stroke="{FACE_EDGE}" stroke-width="0.8"/>'
    )


def _number(number: int, ink: Ink) -> str:
    glyphs = [GLYPHS[digit] for digit in str(number)]
    total = (sum(glyph.width for glyph in glyphs) + DIGIT_GAP * (len(glyphs) - 1)) * DIGIT_SCALE
    x = WIDTH / 2 - total / 2
    parts = []
    for glyph in glyphs:
        parts.append((x - glyph.left * DIGIT_SCALE, glyph.path))
        x += (glyph.width + DIGIT_GAP) * DIGIT_SCALE
    layers = []
    if ink.rim is not None:
        layers.append((ink.rim, NUMBER_STROKE + RIM))
    layers.append((ink.paint, NUMBER_STROKE))
    out = []
    for colour, width in layers:
        paths = "".join(
            f'<path transform="translate({num(dx)} {num(NUMBER_TOP)}) scale({num(DIGIT_SCALE)})" d="{d}"/>'
            for dx, d in parts
        )
        # The strokes scale with the glyphs: their width is given before the scaling.
        out.append(
            f'<g fill="none" stroke="{colour}" stroke-width="{num(width / DIGIT_SCALE)}" '
            f'stroke-linecap="round" stroke-linejoin="round">{paths}</g>'
        )
    return "".join(out)


def _mark(ink: Ink) -> str:
    cx, cy = WIDTH / 2, MARK_Y
    if ink.mark == "circle":
        shape = f'<circle cx="{num(cx)}" cy="{num(cy)}" r="5.3"/>'
    elif ink.mark == "square":
        shape = f'<rect x="{num(cx - 4.7)}" y="{num(cy - 4.7)}" width="9.4" height="9.4"/>'
    elif ink.mark == "triangle":
        points = [(cx, cy - 5.8), (cx + 6.4, cy + 5), (cx - 6.4, cy + 5)]
        shape = f'<path d="M{" L".join(f"{num(x)} {num(y)}" for x, y in points)}Z"/>'
    elif ink.mark == "diamond":
        points = [(cx, cy - 6.6), (cx + 5.3, cy), (cx, cy + 6.6), (cx - 5.3, cy)]
        shape = f'<path d="M{" L".join(f"{num(x)} {num(y)}" for x, y in points)}Z"/>'
    else:
        raise ValueError(f"unknown mark {ink.mark!r}")
    rim = f' stroke="{ink.rim}" stroke-width="1.1" stroke-linejoin="round"' if ink.rim else ""
    return f'<g fill="{ink.paint}"{rim}>{shape}</g>'


def _joker() -> str:
    """A jester: a cap of three points (red, blue, orange) with bells, a smiling face, a collar."""
    red, blue, black, orange = (
        INKS[colour].paint for colour in (Colour.RED, Colour.BLUE, Colour.BLACK, Colour.ORANGE)
    )
    cap_edge = f'stroke="{black}" stroke-width="1.1" stroke-linejoin="round"'
    return (
        # The cap's three points, each hanging to a bell.
        f'<path d="M11 26C9 20 7 15 4.6 11.4 9.4 12.4 13.6 16 15.6 21Z" fill="{red}" {cap_edge}/>'
        f'<path d="M29 26C31 20 33 15 35.4 11.4 30.6 12.4 26.4 16 24.4 21Z" fill="{orange}" {cap_edge}/>'
        f'<path d="M11 26C12.6 17 15.6 10 20 5.2 24.4 10 27.4 17 29 26Z" fill="{blue}" {cap_edge}/>'
        f'<g fill="{orange}" stroke="{black}" stroke-width="1.1">'
        '<circle cx="4.8" cy="10.8" r="2.5"/><circle cx="35.2" cy="10.8" r="2.5"/>'
        '<circle cx="20" cy="5" r="2.5"/></g>'
        # The band of the cap, then the face below it.
        f'<path d="M9.6 25.2H30.4V28.4H9.6Z" fill="{black}"/>'
        f'<circle cx="20" cy="36.2" r="8.4" fill="{FACE_FILL}" stroke="{black}" stroke-width="1.8"/>'
        f'<circle cx="16.9" cy="34.4" r="1.5" fill="{black}"/>'
        f'<circle cx="23.1" cy="34.4" r="1.5" fill="{black}"/>'
        f'<path d="M15.6 38.2C17.4 42 22.6 42 24.4 38.2" fill="none" stroke="{red}" stroke-width="2" '
        'stroke-linecap="round"/>'
        # A pointed collar, in the four colours.
        f'<path d="M11.4 44.6 14.8 49.6 17.4 45.6Z" fill="{red}"/>'
        f'<path d="M17.4 45.6 20 50.2 22.6 45.6Z" fill="{blue}"/>'
        f'<path d="M22.6 45.6 25.2 49.6 28.6 44.6Z" fill="{orange}"/>'
    )


def face_markup(text: str) -> str:
    """The drawing of one face (inside its symbol), by tile text (``R7``, ``J``)."""
    if text == TEXTS[JOKER]:
        return _tile_body() + _joker()
    tile = TILES[TEXTS.index(text)] if text in TEXTS else None
    if tile is None or tile.colour is None or tile.number is None:
        raise ValueError(f"unknown tile {text!r}")
    ink = INKS[tile.colour]
    return _tile_body() + _number(tile.number, ink) + _mark(ink)


def symbol_id(text: str) -> str:
    return f"{SYMBOL_PREFIX}{text}"


def sprite() -> str:
    """The whole sprite: one ``<symbol>`` per face, in the engine's canonical order."""
    symbols = "".join(
        f'<symbol id="{symbol_id(text)}" viewBox="{VIEW_BOX}">{face_markup(text)}</symbol>\n'
        for text in TEXTS
    )
    return (
        f'<svg xmlns="{SVG_NS}">\n'
        "<!-- Generated by python -m game.rummy.artwork (game/rummy/artwork.py): do not edit. -->\n"
        f"{symbols}</svg>\n"
    )


def is_up_to_date(path: Path = SPRITE_PATH) -> bool:
    return path.is_file() and path.read_text(encoding="utf-8") == sprite()


def write(path: Path = SPRITE_PATH) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(sprite(), encoding="utf-8")


DESCRIPTION: Final = "Write Tile Rummy's tile sprite, game/rummy/static/rummy/tiles.svg."


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.rummy.artwork", description=DESCRIPTION)
    parser.add_argument("--check", action="store_true", help="only report whether the sprite is up to date")
    args = parser.parse_args(argv)
    if args.check:
        if is_up_to_date():
            print("the rummy sprite is up to date")
            return 0
        print(f"{SPRITE_PATH} is out of date: run python -m game.rummy.artwork")
        return 1
    write()
    print(f"wrote {SPRITE_PATH}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
