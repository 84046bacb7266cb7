"""Classic style: the traditional designs.

Dots are the circle arrangements of real tiles, bamboo are sticks (the one
of bamboo is a bird on a stick), characters are the numerals 一 to 九 in
dark ink above a red 萬, winds are 東 南 西 北, the red and green dragons
中 and 發 in their colours and the white dragon a blue frame.  Flowers and
seasons show a small picture, their number and their Chinese name.  A
corner index (``5B``, ``E``, ``Wh``, ``F2``) sits in the top-left corner.
"""

from __future__ import annotations

from .common import (
    ART_H,
    ART_W,
    ART_X,
    ART_Y,
    CHINESE_NUMERALS,
    CLASSIC,
    DOTS,
    FLOWER_CHARS,
    GROUP_COLOURS,
    IVORY,
    SEASON_CHARS,
    STICKS,
    WIND_CHARS,
    add_frame,
    add_pictures,
    corner_index,
    frame,
    group,
    in_art,
    rank,
)
from .glyphs import add_glyph_definitions, cjk_char, latin_text
from .style import Labels, Style
from .svg import Canvas, Library, num

LIBRARY = Library()
add_frame(LIBRARY)
add_pictures(LIBRARY)
add_glyph_definitions(LIBRARY)

LIBRARY.add(
    "dot",
    '<symbol id="@@dot" viewBox="-1 -1 2 2">'
    '<circle r="1" fill="currentColor"/>'
    f'<circle r=".8" fill="{IVORY}"/>'
    '<circle r=".66" fill="currentColor"/>'
    f'<circle r=".45" fill="none" stroke="{IVORY}" stroke-width=".12" stroke-dasharray=".18 .1"/>'
    f'<circle r=".2" fill="{IVORY}"/>'
    '<circle r=".09" fill="currentColor"/></symbol>',
)

_petals = "".join(
    f'<ellipse cx="0" cy="-12.3" rx="2.1" ry="3.6" transform="rotate({30 * k})"/>' for k in range(12)
)
LIBRARY.add(
    "dot1",
    '<symbol id="@@dot1" viewBox="-21 -21 42 42">'
    f'<circle r="21" fill="{CLASSIC["g"]}"/><circle r="19" fill="{IVORY}"/>'
    f'<circle r="17.4" fill="{CLASSIC["b"]}"/>'
    f'<g fill="{IVORY}">{_petals}</g>'
    f'<circle r="8.2" fill="{CLASSIC["r"]}"/>'
    f'<circle r="5.9" fill="none" stroke="{IVORY}" stroke-width="1.2" stroke-dasharray="1.6 1"/>'
    f'<circle r="3" fill="{IVORY}"/><circle r="1.6" fill="{CLASSIC["r"]}"/></symbol>',
)

LIBRARY.add(
    "stick",
    '<symbol id="@@stick" viewBox="0 0 10 30" preserveAspectRatio="none">'
    '<rect x="1.9" y=".6" width="6.2" height="28.8" rx="3.1" fill="currentColor"/>'
    '<g fill="currentColor"><rect x=".6" y=".4" width="8.8" height="2.8" rx="1.4"/>'
    '<rect x=".6" y="13.6" width="8.8" height="2.8" rx="1.4"/>'
    '<rect x=".6" y="26.8" width="8.8" height="2.8" rx="1.4"/></g>'
    f'<g stroke="{IVORY}" stroke-linecap="round" fill="none">'
    '<path d="M3.9 4.6V11.8M3.9 18.2V25.2" stroke-width="1.1" opacity=".8"/>'
    '<path d="M2 15H8" stroke-width=".6"/></g></symbol>',
)

# The one of bamboo: a bird perched on a bamboo stick (viewBox of the art region).
LIBRARY.add(
    "bird",
    '<symbol id="@@bird" viewBox="0 0 50 61">'
    # perch
    f'<rect x="3" y="50" width="44" height="5.4" rx="2.7" fill="{CLASSIC["g"]}"/>'
    f'<path d="M17 50V55.4M33 50V55.4" stroke="{IVORY}" stroke-width=".8"/>'
    # tail feathers
    f'<g stroke="{CLASSIC["g"]}" stroke-width=".8">'
    f'<ellipse cx="10" cy="42" rx="3.6" ry="11" transform="rotate(52 10 42)" fill="{CLASSIC["b"]}"/>'
    f'<ellipse cx="12.5" cy="47" rx="3.4" ry="10" transform="rotate(70 12.5 47)" fill="{CLASSIC["g"]}"/>'
    f'<ellipse cx="11" cy="36" rx="3.4" ry="10" transform="rotate(36 11 36)" fill="{CLASSIC["g"]}"/></g>'
    f'<g fill="{CLASSIC["r"]}"><circle cx="4.6" cy="37.5" r="1.9"/><circle cx="5.6" cy="44.6" r="1.9"/>'
    '<circle cx="4.4" cy="30.6" r="1.8"/></g>'
    # legs
    f'<path d="M24 44L22.5 51M29 44L29.5 51" stroke="{CLASSIC["r"]}" stroke-width="1.8" '
    'stroke-linecap="round"/>'
    # body, wing, head
    f'<path d="M15 40C15 29 23 21 33 22C39 23 42 28 41 34C40 42 31 47 23 46C18 45.5 15 43 15 40Z" '
    f'fill="{CLASSIC["g"]}"/>'
    f'<path d="M19 38C21 31 28 28 35 31C32 37 27 41 19 41Z" fill="{CLASSIC["b"]}"/>'
    f'<path d="M22 36.5C25 33.5 29 32.5 32 33" fill="none" stroke="{IVORY}" stroke-width=".9" '
    'stroke-linecap="round"/>'
    f'<circle cx="37" cy="18" r="7.4" fill="{CLASSIC["g"]}"/>'
    f'<path d="M43.2 15.8L50 19.2L43.2 21.6Z" fill="#e08a1e"/>'
    f'<circle cx="39" cy="16.6" r="2.4" fill="{IVORY}"/><circle cx="39.6" cy="16.6" r="1.2" fill="#1a1a1a"/>'
    f'<path d="M34 11.5L31 5M36.5 10.8L36 4M39 11.4L41 5" stroke="{CLASSIC["g"]}" stroke-width="1.3" '
    'stroke-linecap="round"/>'
    f'<g fill="{CLASSIC["r"]}"><circle cx="31" cy="5" r="1.7"/><circle cx="36" cy="4" r="1.7"/>'
    '<circle cx="41" cy="5" r="1.7"/></g>'
    f'<path d="M33.5 21.5C35 23.5 38 24 40.5 22.8" fill="none" stroke="{CLASSIC["r"]}" stroke-width="1.3" '
    'stroke-linecap="round"/>'
    "</symbol>",
)

WHITE_DRAGON_FRAME = (
    f'<g fill="none" stroke="{CLASSIC["b"]}" stroke-linejoin="round">'
    '<rect x="11" y="19" width="38" height="54" rx="3" stroke-width="3.6"/>'
    '<rect x="16.5" y="24.5" width="27" height="43" rx="1.5" stroke-width="1.4"/></g>'
    f'<g fill="{CLASSIC["b"]}"><rect x="9" y="17" width="6" height="6" rx="1"/>'
    '<rect x="45" y="17" width="6" height="6" rx="1"/><rect x="9" y="69" width="6" height="6" rx="1"/>'
    '<rect x="45" y="69" width="6" height="6" rx="1"/></g>'
)


def index_colour(face: str) -> str:
    kind = group(face)
    if kind == "B" or face == "G":
        return CLASSIC["g"]
    if kind == "C" or face == "R":
        return CLASSIC["r"]
    if kind == "D" or face == "Wh":
        return CLASSIC["b"]
    if kind == "wind":
        return CLASSIC["ink"]
    return GROUP_COLOURS[kind]


def _dots(canvas: Canvas, n: int) -> None:
    if n == 1:
        cx, cy = in_art(0.5, 0.5)
        canvas.use("dot1", cx - 21, cy - 21, 42, 42)
        return
    r, spots = DOTS[n]
    for fx, fy, colour in spots:
        cx, cy = in_art(fx, fy)
        canvas.use("dot", cx - r, cy - r, 2 * r, 2 * r, color=CLASSIC[colour])


def _sticks(canvas: Canvas, n: int) -> None:
    if n == 1:
        canvas.use("bird", ART_X, ART_Y, ART_W, ART_H)
        return
    w, h, sticks = STICKS[n]
    for fx, fy, colour, tilt in sticks:
        cx, cy = in_art(fx, fy)
        transform = f"rotate({num(tilt)} {num(cx)} {num(cy)})" if tilt else None
        canvas.use("stick", cx - w / 2, cy - h / 2, w, h, color=CLASSIC[colour], transform=transform)


def _picture_tile(canvas: Canvas, face: str, char: str, colour: str) -> None:
    canvas.use(f"pic-{face}", 8, 15, 44, 44)
    latin_text(canvas, str(rank(face)), 14, 68, 13, CLASSIC["r"])
    cjk_char(canvas, char, 33, 60, 17, 17, colour)


def draw(face: str, labels: Labels) -> Canvas:
    canvas = Canvas()
    frame(canvas)
    kind = group(face)
    if kind == "D":
        _dots(canvas, rank(face))
    elif kind == "B":
        _sticks(canvas, rank(face))
    elif kind == "C":
        cjk_char(canvas, CHINESE_NUMERALS[rank(face) - 1], 10, 14, 40, 31, CLASSIC["ink"], em=36)
        cjk_char(canvas, "萬", 11, 45, 38, 31, CLASSIC["r"])
    elif kind == "wind":
        cjk_char(canvas, WIND_CHARS[face], 8, 17, 44, 56, CLASSIC["ink"])
    elif face == "R":
        cjk_char(canvas, "中", 10, 17, 40, 56, CLASSIC["r"])
    elif face == "G":
        cjk_char(canvas, "發", 8, 17, 44, 56, CLASSIC["g"])
    elif face == "Wh":
        canvas.add(WHITE_DRAGON_FRAME)
    elif kind == "flower":
        _picture_tile(canvas, face, FLOWER_CHARS[face], CLASSIC["r"])
    else:
        _picture_tile(canvas, face, SEASON_CHARS[face], CLASSIC["b"])
    if labels.corner:
        corner_index(canvas, labels.codes[face], index_colour(face))
    return canvas


STYLE = Style("classic", "mc-", LIBRARY, draw)
