"""What the three styles share: the face frame, colours, the corner index,
the traditional arrangements of the suits and the flower and season pictures.

Coordinates are face units: a face is 60 x 80 (see the package docstring).
"""

from __future__ import annotations

import math
from typing import Final

from .glyphs import latin_text
from .svg import Canvas, Library, attrs, num

WIDTH: Final = 60
HEIGHT: Final = 80

IVORY: Final = "#fbf6e8"
IVORY_EDGE: Final = "#e2d5b8"
INK: Final = "#2a2420"

# Group colours of the "numbers" and "kittens" styles (one per suit, one for
# the winds, one for the dragons, one shared by all flowers and one by all
# seasons): hues far apart so that matching groups stand out.
GROUP_COLOURS: Final = {
    "B": "#16824a",  # bamboo: green
    "C": "#c9302c",  # characters: red
    "D": "#1f5cc4",  # dots: blue
    "wind": "#2e3440",  # winds: ink
    "dragon": "#c05a00",  # dragons: orange
    "flower": "#b42f7c",  # flowers: magenta
    "season": "#0c7d86",  # seasons: teal
}

# Traditional tile colours of the "classic" style.
CLASSIC = {"g": "#187a45", "r": "#c3262d", "b": "#1d4f9f", "ink": "#1f2535"}

# The region below the corner index where the main picture goes.
ART_X: Final = 5.0
ART_Y: Final = 15.0
ART_W: Final = 50.0
ART_H: Final = 61.0


def group(face: str) -> str:
    """``B``, ``C``, ``D``, ``wind``, ``dragon``, ``flower`` or ``season``."""
    if face[0].isdigit():
        return face[1]
    if face in ("N", "S", "E", "W"):
        return "wind"
    if face in ("R", "G", "Wh"):
        return "dragon"
    return "flower" if face.startswith("F") else "season"


def rank(face: str) -> int:
    """The number of a suit tile, flower or season (0 for winds and dragons)."""
    digits = "".join(c for c in face if c.isdigit())
    return int(digits) if digits else 0


def in_art(fx: float, fy: float) -> tuple[float, float]:
    """A point given as fractions of the art region, in face units."""
    return ART_X + fx * ART_W, ART_Y + fy * ART_H


def add_frame(library: Library) -> None:
    """The ivory face with rounded corners and a fine edge line (``bg``)."""
    library.add(
        "bg",
        '<symbol id="@@bg" viewBox="0 0 60 80">'
        f'<rect width="60" height="80" rx="7" fill="{IVORY}"/>'
        f'<rect x=".75" y=".75" width="58.5" height="78.5" rx="6.4" fill="none" '
        f'stroke="{IVORY_EDGE}" stroke-width="1.5"/></symbol>',
    )


def frame(canvas: Canvas) -> None:
    canvas.use("bg", 0, 0, WIDTH, HEIGHT)


def corner_index(canvas: Canvas, code: str, colour: str) -> None:
    """The small label in the top-left corner (``5B``, ``N``, ``Wh``, ``F2``; in Polish
    ``Za`` for west: :mod:`.marks`), kept within the corner when it is three letters long."""
    latin_text(canvas, code, 4.6, 9.0, 8.4, colour, max_width=20.0, anchor="start", tracking=30, squeeze=0.8)


# -- traditional arrangements -----------------------------------------------------------
# (fx, fy, colour) in fractions of the art region; radius / stick size per count.

DOTS: Final[dict[int, tuple[float, list[tuple[float, float, str]]]]] = {
    2: (11.0, [(0.5, 0.24, "g"), (0.5, 0.76, "b")]),
    3: (9.6, [(0.2, 0.16, "b"), (0.5, 0.5, "r"), (0.8, 0.84, "g")]),
    4: (10.2, [(0.26, 0.26, "b"), (0.74, 0.26, "g"), (0.26, 0.74, "g"), (0.74, 0.74, "b")]),
    5: (
        8.6,
        [(0.21, 0.16, "b"), (0.79, 0.16, "g"), (0.5, 0.5, "r"), (0.21, 0.84, "g"), (0.79, 0.84, "b")],
    ),
    6: (8.0, [(x, y, "g" if y < 0.3 else "r") for y in (0.13, 0.54, 0.87) for x in (0.27, 0.73)]),
    7: (
        6.9,
        [(0.16, 0.1, "g"), (0.5, 0.23, "g"), (0.84, 0.36, "g")]
        + [(x, y, "r") for y in (0.63, 0.89) for x in (0.3, 0.7)],
    ),
    8: (6.9, [(x, y, "b") for y in (0.11, 0.37, 0.63, 0.89) for x in (0.27, 0.73)]),
    9: (7.3, [(x, y, c) for y, c in ((0.14, "b"), (0.5, "r"), (0.86, "g")) for x in (0.17, 0.5, 0.83)]),
}

# Sticks: (width, height, [(fx, fy, colour, tilt in degrees)]).
STICKS: Final[dict[int, tuple[float, float, list[tuple[float, float, str, float]]]]] = {
    2: (9.5, 26.0, [(0.5, 0.25, "g", 0.0), (0.5, 0.75, "b", 0.0)]),
    3: (9.5, 26.0, [(0.5, 0.25, "b", 0.0), (0.27, 0.75, "g", 0.0), (0.73, 0.75, "g", 0.0)]),
    4: (
        9.5,
        26.0,
        [(0.27, 0.25, "b", 0.0), (0.73, 0.25, "g", 0.0), (0.27, 0.75, "g", 0.0), (0.73, 0.75, "b", 0.0)],
    ),
    5: (
        9.0,
        26.0,
        [
            (0.17, 0.25, "g", 0.0),
            (0.83, 0.25, "b", 0.0),
            (0.5, 0.5, "r", 0.0),
            (0.17, 0.75, "b", 0.0),
            (0.83, 0.75, "g", 0.0),
        ],
    ),
    6: (9.0, 26.0, [(x, y, c, 0.0) for y, c in ((0.25, "g"), (0.75, "b")) for x in (0.17, 0.5, 0.83)]),
    7: (
        8.6,
        18.0,
        [(0.5, 0.16, "r", 0.0)] + [(x, y, "g", 0.0) for y in (0.5, 0.84) for x in (0.17, 0.5, 0.83)],
    ),
    8: (
        7.6,
        25.0,
        [
            (0.1, 0.25, "g", 0.0),
            (0.36, 0.25, "b", 22.0),
            (0.64, 0.25, "b", -22.0),
            (0.9, 0.25, "g", 0.0),
            (0.1, 0.75, "g", 0.0),
            (0.36, 0.75, "b", -22.0),
            (0.64, 0.75, "b", 22.0),
            (0.9, 0.75, "g", 0.0),
        ],
    ),
    9: (
        8.6,
        18.0,
        [(x, y, c, 0.0) for y in (0.16, 0.5, 0.84) for x, c in ((0.17, "g"), (0.5, "r"), (0.83, "b"))],
    ),
}

CHINESE_NUMERALS: Final = "一二三四五六七八九"
WIND_CHARS: Final = {"E": "東", "S": "南", "W": "西", "N": "北"}
FLOWER_CHARS: Final = {"F1": "梅", "F2": "蘭", "F3": "竹", "F4": "菊"}
SEASON_CHARS: Final = {"S1": "春", "S2": "夏", "S3": "秋", "S4": "冬"}


# -- flower and season pictures (symbols, viewBox 0 0 40 40) ----------------------------------


def _blossom(cx: float, cy: float, r: float, petal: str, edge: str) -> str:
    parts = []
    for k in range(5):
        a = math.radians(-90 + 72 * k)
        parts.append(f"<circle {attrs(cx=cx + r * math.cos(a), cy=cy + r * math.sin(a), r=r * 0.95)}/>")
    return (
        f'<g fill="{petal}" stroke="{edge}" stroke-width="{num(r * 0.2)}">{"".join(parts)}</g>'
        f"<circle {attrs(cx=cx, cy=cy, r=r * 0.55, fill='#f4c534')}/>"
        f"<circle {attrs(cx=cx, cy=cy, r=r * 0.2, fill='#c0392b')}/>"
    )


def _petals(cx: float, cy: float, count: int, length: float, width: float, fill: str, turn: float) -> str:
    return "".join(
        f"<ellipse {attrs(cx=cx, cy=cy - length / 2, rx=width, ry=length / 2, fill=fill)} "
        f'transform="rotate({num(turn + 360 * k / count)} {num(cx)} {num(cy)})"/>'
        for k in range(count)
    )


def _leaf(x: float, y: float, length: float, width: float, angle: float, fill: str) -> str:
    """A pointed leaf from (x, y), pointing at ``angle`` degrees (0 = up)."""
    return (
        f'<path d="M0 0C{num(width)} {num(-length * 0.3)} {num(width * 0.6)} {num(-length * 0.75)} 0 '
        f'{num(-length)}C{num(-width * 0.6)} {num(-length * 0.75)} {num(-width)} {num(-length * 0.3)} 0 0Z" '
        f'fill="{fill}" transform="translate({num(x)} {num(y)}) rotate({num(angle)})"/>'
    )


def _picture(library: Library, name: str, body: str) -> None:
    library.add(name, f'<symbol id="@@{name}" viewBox="0 0 40 40">{body}</symbol>')


def add_pictures(library: Library) -> None:
    """The eight pictures ``pic-F1`` ... ``pic-S4`` (plum, orchid, bamboo,
    chrysanthemum; spring, summer, autumn, winter)."""
    # Plum: a dark branch with pink five-petal blossoms.
    _picture(
        library,
        "pic-F1",
        '<path d="M5 37C10 29 14 25 20 21S30 12 35 4M20 21C25 22 29 25 33 30M14 26C12 21 11 17 7 13" '
        'fill="none" stroke="#6b3f2a" stroke-width="2.6" stroke-linecap="round"/>'
        + _blossom(15, 19, 4.6, "#f7a8c0", "#d0567f")
        + _blossom(29, 12, 3.8, "#f7a8c0", "#d0567f")
        + _blossom(29, 28, 3.6, "#f7a8c0", "#d0567f")
        + '<circle cx="35" cy="5" r="1.8" fill="#e46f96"/><circle cx="7" cy="12" r="1.9" fill="#e46f96"/>',
    )
    # Orchid: long arching leaves and two violet flowers.
    _picture(
        library,
        "pic-F2",
        '<g fill="none" stroke="#2c7a4b" stroke-width="2.2" stroke-linecap="round">'
        '<path d="M20 38C17 27 10 20 3 18"/><path d="M20 38C22 26 29 19 37 21"/>'
        '<path d="M20 38C19 28 22 14 33 7"/><path d="M21 38C24 31 26 30 31 33"/></g>'
        '<path d="M20 37C16 28 15 20 16 14" fill="none" stroke="#4d8f3c" stroke-width="1.3"/>'
        + _petals(15, 12, 5, 9, 2.6, "#9b5fc0", 0)
        + '<circle cx="15" cy="12" r="2.4" fill="#f2d04b"/>'
        '<path d="M13.4 13.4Q15 17 16.6 13.4Z" fill="#6d2f8f"/>'
        + _petals(27, 21, 5, 7, 2.1, "#b07ad0", 36)
        + '<circle cx="27" cy="21" r="1.9" fill="#f2d04b"/>',
    )
    # Bamboo: a leaning stem with nodes and sprays of leaves.
    _picture(
        library,
        "pic-F3",
        '<g stroke="#2f7b3d" stroke-width="3.4" stroke-linecap="round">'
        '<path d="M13 39L15 28M15.3 26L17.3 15M17.6 13L19.6 2"/></g>'
        '<g stroke="#2f7b3d" stroke-width="2" stroke-linecap="round">'
        '<path d="M26 39L27.5 30M27.8 28L29.3 19"/></g>'
        + _leaf(16, 27, 14, 3, 62, "#3e9a4e")
        + _leaf(16, 27, 12, 2.6, 95, "#2f7b3d")
        + _leaf(18.5, 14, 13, 2.8, -62, "#3e9a4e")
        + _leaf(18.5, 14, 12, 2.6, -100, "#2f7b3d")
        + _leaf(28.5, 20, 11, 2.6, 50, "#3e9a4e")
        + _leaf(28.5, 20, 10, 2.4, 15, "#2f7b3d"),
    )
    # Chrysanthemum: a full golden flower head on a leafy stem.
    _picture(
        library,
        "pic-F4",
        '<path d="M20 22C21 29 20 34 19 39" fill="none" stroke="#2f7b3d" stroke-width="2.2"/>'
        + _leaf(20, 31, 11, 3.4, -58, "#3e8f45")
        + _leaf(20, 34, 10, 3.2, 60, "#3e8f45")
        + _petals(20, 15, 16, 13, 1.9, "#e8901c", 0)
        + _petals(20, 15, 12, 9, 1.8, "#f6c033", 15)
        + '<circle cx="20" cy="15" r="3" fill="#b4621a"/>',
    )
    # Spring: a sprout with a butterfly.
    _picture(
        library,
        "pic-S1",
        '<path d="M6 38Q20 31 34 38Z" fill="#8a5a3c"/>'
        '<path d="M20 36V22" stroke="#3c9a4a" stroke-width="2.2" stroke-linecap="round"/>'
        '<path d="M20 27C14 28 9 24 8 19C14 18 19 21 20 27Z" fill="#5cbf5a"/>'
        '<path d="M20 24C25 25 31 21 32 15C26 14 21 18 20 24Z" fill="#3c9a4a"/>'
        '<g transform="translate(27 8) rotate(12)">'
        '<path d="M0 0C-3 -6 -9 -5 -8 -1C-7 2 -3 2 0 0ZM0 0C3 -6 9 -5 8 -1C7 2 3 2 0 0Z" fill="#f28bb0"/>'
        '<path d="M0 0C-3 4 -6 6 -4 7C-2 7 -1 4 0 0ZM0 0C3 4 6 6 4 7C2 7 1 4 0 0Z" fill="#f6b6cd"/>'
        '<path d="M0 -3V4" stroke="#5a3a2a" stroke-width="1.2" stroke-linecap="round"/></g>',
    )
    # Summer: the sun.
    rays = "".join(f'<path d="M18 3.5L20 -1L22 3.5Z" transform="rotate({30 * k} 20 20)"/>' for k in range(12))
    _picture(
        library,
        "pic-S2",
        f'<g fill="#f08a1c">{rays}</g>'
        '<circle cx="20" cy="20" r="12.5" fill="#f08a1c"/><circle cx="20" cy="20" r="10" fill="#fbc531"/>'
        '<path d="M14 16A7 7 0 0 1 20 12" fill="none" stroke="#fff3c4" stroke-width="1.6" '
        'stroke-linecap="round"/>',
    )
    # Autumn: a maple leaf.
    _picture(
        library,
        "pic-S3",
        '<path d="M20 2L23 9L28 7L26.5 15L33 12L31.5 17L38 19L32 24L34 28L25 27L22 30L22 38H18L18 30L15 27'
        'L6 28L8 24L2 19L8.5 17L7 12L13.5 15L12 7L17 9Z" fill="#d9531e" stroke="#a83a14" stroke-width="1" '
        'stroke-linejoin="round"/>'
        '<path d="M20 36V10M20 26L10 19M20 26L30 19M20 20L14 12M20 20L26 12" fill="none" stroke="#f7b27a" '
        'stroke-width="1" stroke-linecap="round"/>',
    )
    # Winter: a snowflake.
    arm = '<path d="M20 20V3M20 8L15.5 4.5M20 8L24.5 4.5M20 13.5L16 10.5M20 13.5L24 10.5"/>'
    arms = "".join(f'<g transform="rotate({60 * k} 20 20)">{arm}</g>' for k in range(6))
    _picture(
        library,
        "pic-S4",
        f'<g fill="none" stroke="#2f6fb8" stroke-width="2.3" stroke-linecap="round">{arms}</g>'
        '<circle cx="20" cy="20" r="2.6" fill="#2f6fb8"/>',
    )
