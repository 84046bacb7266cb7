"""Kittens style, the Miaojong signature: one family of kittens in the suit colours.

* Dots: kitten heads in blue, in the circle arrangements of the dots (the one
  of dots is a big kitten in a ring, like the classic one).
* Bamboo: green "bamboo kittens", sticks with ears and a face, in the stick
  arrangements (the one of bamboo: a tall one with the traditional bird on its head).
* Characters: the Chinese numeral above a red kitten (in the place of 萬).
* Winds: the wind's letter (in the page's language) above a grey kitten on a
  compass, pointing to it.
* Dragons: red, green and white kittens with little dragon horns on a
  flame-edged seal (the white one in the blue frame of the classic white dragon).
* At phone size every face must stay apart from every other (``tests/artwork/
  contact_sheet.py`` draws them at 52 and 30 px): the one of bamboo is a tall
  bamboo kitten, not a round head like the green dragon's; seven to nine dots are
  plain heads in two blues by group, so they can be counted.
* Flowers and seasons: a pink or teal kitten under the flower or season picture.

Every face has the corner index.  All kittens share one head drawing
(``head``, ``eyes``), coloured through ``currentColor``.
"""

from __future__ import annotations

import math

from .common import (
    CHINESE_NUMERALS,
    DOTS,
    GROUP_COLOURS,
    STICKS,
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
from .svg import Canvas, Library, attrs, num

OUTLINE = "#3b2b27"
WHITE = "#fffdf8"
PINK = "#f3a3b8"
NOSE = "#e56b8a"

FUR = {
    "B": "#33a05f",
    "C": "#e0533f",
    "D": "#3b7dd8",
    "wind": "#8a93a3",
    "R": "#dd3b35",
    "G": "#2f9a55",
    "Wh": WHITE,
    "flower": "#e67fb1",
    "season": "#26a3ad",
}

DRAGON_INDEX = {"R": "#c9302c", "G": "#16824a", "Wh": "#1d4f9f"}

LIBRARY = Library()
add_frame(LIBRARY)
add_pictures(LIBRARY)
add_glyph_definitions(LIBRARY)

# A kitten head in a unit box: x from -1 to 1, ears up to -1.08, chin at .88.
HEAD_PATH = (
    "M-.93 .12C-.96 -.24 -.9 -.48 -.8 -.62L-.84 -1.04L-.36 -.79Q0 -.9 .36 -.79L.84 -1.04L.8 -.62"
    "C.9 -.48 .96 -.24 .93 .12C.9 .62 .5 .88 0 .88C-.5 .88 -.9 .62 -.93 .12Z"
)
LIBRARY.add(
    "head",
    '<symbol id="@@head" viewBox="-1.1 -1.15 2.2 2.2">'
    f'<path d="{HEAD_PATH}" fill="currentColor" stroke="{OUTLINE}" stroke-width=".07" '
    'stroke-linejoin="round"/>'
    f'<path d="M-.73 -.66L-.75 -.92L-.48 -.77ZM.73 -.66L.75 -.92L.48 -.77Z" fill="{PINK}"/>'
    f'<g fill="{PINK}" opacity=".75"><ellipse cx="-.6" cy=".33" rx=".13" ry=".08"/>'
    '<ellipse cx=".6" cy=".33" rx=".13" ry=".08"/></g>'
    f'<g fill="{WHITE}"><ellipse cx="-.17" cy=".41" rx=".24" ry=".18"/>'
    '<ellipse cx=".17" cy=".41" rx=".24" ry=".18"/></g>'
    f'<path d="M-.1 .22H.1L0 .33Z" fill="{NOSE}" stroke="{NOSE}" stroke-width=".04" stroke-linejoin="round"/>'
    f'<path d="M-.17 .45Q-.08 .53 0 .42Q.08 .53 .17 .45" fill="none" stroke="{OUTLINE}" stroke-width=".05" '
    'stroke-linecap="round"/>'
    f'<path d="M-.44 .3L-.98 .2M-.44 .4L-.98 .45M.44 .3L.98 .2M.44 .4L.98 .45" stroke="{OUTLINE}" '
    'stroke-width=".035" stroke-linecap="round"/>'
    "</symbol>",
)
# Eyes in the same box; placed separately so that a kitten can look somewhere.
LIBRARY.add(
    "eyes",
    '<symbol id="@@eyes" viewBox="-1.1 -1.15 2.2 2.2">'
    f'<g fill="{WHITE}" stroke="{OUTLINE}" stroke-width=".05">'
    '<ellipse cx="-.37" cy="-.1" rx=".19" ry=".22"/><ellipse cx=".37" cy="-.1" rx=".19" ry=".22"/></g>'
    "</symbol>",
)
LIBRARY.add(
    "pupils",
    '<symbol id="@@pupils" viewBox="-1.1 -1.15 2.2 2.2">'
    f'<g fill="{OUTLINE}"><ellipse cx="-.37" cy="-.08" rx=".12" ry=".15"/>'
    '<ellipse cx=".37" cy="-.08" rx=".12" ry=".15"/></g>'
    f'<g fill="{WHITE}"><circle cx="-.41" cy="-.14" r=".045"/><circle cx=".33" cy="-.14" r=".045"/></g>'
    "</symbol>",
)
# A plain head for the crowded dots (seven to nine): the silhouette, the ears and two eyes,
# no whiskers or mouth, which at phone size only blur the heads into each other.
LIBRARY.add(
    "head-plain",
    '<symbol id="@@head-plain" viewBox="-1.1 -1.15 2.2 2.2">'
    f'<path d="{HEAD_PATH}" fill="currentColor" stroke="{OUTLINE}" stroke-width=".09" '
    'stroke-linejoin="round"/>'
    f'<path d="M-.73 -.66L-.75 -.92L-.48 -.77ZM.73 -.66L.75 -.92L.48 -.77Z" fill="{PINK}"/>'
    f'<g fill="{WHITE}"><ellipse cx="-.36" cy="0" rx=".2" ry=".24"/>'
    '<ellipse cx=".36" cy="0" rx=".2" ry=".24"/></g>'
    f'<g fill="{OUTLINE}"><circle cx="-.36" cy=".03" r=".12"/><circle cx=".36" cy=".03" r=".12"/></g>'
    "</symbol>",
)
LIBRARY.add(
    "horns",
    '<symbol id="@@horns" viewBox="-1.1 -1.15 2.2 2.2" overflow="visible">'
    f'<g fill="#f2b632" stroke="{OUTLINE}" stroke-width=".05" stroke-linejoin="round">'
    '<path d="M-.36 -.8C-.42 -1.05 -.36 -1.28 -.14 -1.4C-.22 -1.22 -.18 -1.02 -.06 -.86Z"/>'
    '<path d="M.36 -.8C.42 -1.05 .36 -1.28 .14 -1.4C.22 -1.22 .18 -1.02 .06 -.86Z"/></g>'
    f'<path d="M-.33 -.96L-.2 -.99M-.34 -1.1L-.22 -1.14M.33 -.96L.2 -.99M.34 -1.1L.22 -1.14" '
    f'stroke="{OUTLINE}" stroke-width=".035" stroke-linecap="round"/>'
    "</symbol>",
)
LIBRARY.add(
    "burst",
    '<symbol id="@@burst" viewBox="-1 -1 2 2">'
    + '<path d="M'
    + "L".join(
        f"{num(rr * math.sin(math.radians(15 * k)), 3)} {num(-rr * math.cos(math.radians(15 * k)), 3)}"
        for k, rr in ((k, 0.98 if k % 2 == 0 else 0.78) for k in range(24))
    )
    + 'Z" fill="currentColor" fill-opacity=".3" stroke="currentColor" stroke-width=".07" '
    'stroke-linejoin="round"/>'
    "</symbol>",
)
LIBRARY.add(
    "paw",
    '<symbol id="@@paw" viewBox="-1 -1 2 2"><g fill="currentColor">'
    '<ellipse cx="0" cy=".32" rx=".46" ry=".38"/><ellipse cx="-.62" cy="-.12" rx=".2" ry=".26"/>'
    '<ellipse cx="-.24" cy="-.46" rx=".2" ry=".26"/><ellipse cx=".24" cy="-.46" rx=".2" ry=".26"/>'
    '<ellipse cx=".62" cy="-.12" rx=".2" ry=".26"/></g></symbol>',
)
LIBRARY.add(
    "bird",
    '<symbol id="@@bird" viewBox="0 0 24 18">'
    '<path d="M3 9C1 7 0 5 1 4C3 5 5 7 7 9Z" fill="#1d4f9f"/>'
    f'<path d="M5 11C5 6 10 4 15 5C18 6 19 9 18 11C16 15 8 16 5 11Z" fill="#d93a32" stroke="{OUTLINE}" '
    'stroke-width=".6"/>'
    f'<circle cx="17" cy="5.5" r="4" fill="#d93a32" stroke="{OUTLINE}" stroke-width=".6"/>'
    '<path d="M7.5 10C9 7.5 12 7 14.5 8.5C12.5 11 10 11.5 7.5 10Z" fill="#a8231e"/>'
    '<path d="M20.6 4.4L24 6L20.6 7.4Z" fill="#f0a020"/>'
    '<circle cx="18.2" cy="4.8" r="1.1" fill="#2a2420"/>'
    '<path d="M10 15.5V18M13 15.5V18" stroke="#f0a020" stroke-width=".9" stroke-linecap="round"/>'
    "</symbol>",
)


def _catstick_symbol(width: float, height: float) -> tuple[str, str]:
    """A bamboo kitten of this size: a stick with ears, eyes and bamboo nodes."""
    w, h = width, height
    name = f"stick-{num(w)}x{num(h)}".replace(".", "_")
    sw = w * 0.075
    top = w * 0.3
    body = (
        f"<rect {attrs(x=w * 0.09, y=top, width=w * 0.82, height=h - top - sw, rx=w * 0.38)} "
        f'fill="currentColor" stroke="{OUTLINE}" stroke-width="{num(sw)}"/>'
    )
    ears = (
        f'<path d="M{num(w * 0.12)} {num(w * 0.62)}L{num(w * 0.16)} {num(sw)}L{num(w * 0.52)} {num(w * 0.4)}Z'
        f'M{num(w * 0.88)} {num(w * 0.62)}L{num(w * 0.84)} {num(sw)}L{num(w * 0.48)} {num(w * 0.4)}Z" '
        f'fill="currentColor" stroke="{OUTLINE}" stroke-width="{num(sw)}" stroke-linejoin="round"/>'
        f'<path d="M{num(w * 0.21)} {num(w * 0.5)}L{num(w * 0.23)} {num(w * 0.2)}L{num(w * 0.41)} '
        f"{num(w * 0.42)}ZM{num(w * 0.79)} {num(w * 0.5)}L{num(w * 0.77)} {num(w * 0.2)}L{num(w * 0.59)} "
        f'{num(w * 0.42)}Z" fill="{PINK}"/>'
    )
    ey = w * 0.78
    face = (
        f'<g fill="{WHITE}" stroke="{OUTLINE}" stroke-width="{num(sw * 0.6)}">'
        f"<circle {attrs(cx=w * 0.32, cy=ey, r=w * 0.15)}/>"
        f"<circle {attrs(cx=w * 0.68, cy=ey, r=w * 0.15)}/></g>"
        f'<g fill="{OUTLINE}"><circle {attrs(cx=w * 0.33, cy=ey + w * 0.02, r=w * 0.085)}/>'
        f"<circle {attrs(cx=w * 0.67, cy=ey + w * 0.02, r=w * 0.085)}/></g>"
        f'<path d="M{num(w * 0.42)} {num(ey + w * 0.2)}H{num(w * 0.58)}L{num(w / 2)} {num(ey + w * 0.3)}Z" '
        f'fill="{NOSE}"/>'
    )
    node_ys = [h * 0.56, h * 0.8] if h > 20 else [h * 0.7]
    nodes = "".join(
        f'<path d="M{num(w * 0.12)} {num(y)}H{num(w * 0.88)}" stroke="{OUTLINE}" stroke-width="{num(sw)}"/>'
        f'<path d="M{num(w * 0.3)} {num(y + w * 0.16)}V{num(y + w * 0.5)}" stroke="{WHITE}" '
        f'stroke-width="{num(w * 0.09)}" stroke-linecap="round" opacity=".7"/>'
        for y in node_ys
    )
    markup = f'<symbol id="@@{name}" viewBox="0 0 {num(w)} {num(h)}">{ears}{body}{face}{nodes}</symbol>'
    return name, markup


_STICK_NAMES: dict[tuple[float, float], str] = {}
for _w, _h, _ in STICKS.values():
    if (_w, _h) not in _STICK_NAMES:
        _name, _markup = _catstick_symbol(_w, _h)
        LIBRARY.add(_name, _markup)
        _STICK_NAMES[(_w, _h)] = _name
ONE_BAMBOO_STICK, _markup = _catstick_symbol(18, 42)
LIBRARY.add(ONE_BAMBOO_STICK, _markup)


def kitten(
    canvas: Canvas,
    cx: float,
    cy: float,
    r: float,
    fur: str,
    look: tuple[float, float] = (0.0, 0.0),
    horns: bool = False,
) -> None:
    """A kitten head of half-width ``r`` centred on (cx, cy), looking towards ``look``."""
    box = (cx - 1.1 * r, cy - 1.15 * r, 2.2 * r, 2.2 * r)
    if horns:
        canvas.use("horns", *box)
    canvas.use("head", *box, color=fur)
    canvas.use("eyes", *box)
    dx, dy = look
    canvas.use("pupils", box[0] + dx * 0.07 * r, box[1] + dy * 0.07 * r, box[2], box[3])


def _dots(canvas: Canvas, n: int) -> None:
    fur = FUR["D"]
    if n == 1:
        cx, cy = in_art(0.5, 0.5)
        canvas.add(
            f"<circle {attrs(cx=cx, cy=cy, r=22, fill='none', stroke=GROUP_COLOURS['D'], stroke_width=2.6)}/>"
            f'<circle {attrs(cx=cx, cy=cy, r=18.6, fill="none", stroke=fur)} stroke-width="1" '
            'stroke-dasharray="2.2 1.6"/>'
        )
        kitten(canvas, cx, cy + 2, 15, fur)
        return
    r, spots = DOTS[n]
    if n >= CROWDED_DOTS:
        # Plain heads, a little bigger, groups in two blues: countable at phone size.
        size = r * (1.06 if n == 9 else 1.14)
        for fx, fy, colour in spots:
            cx, cy = in_art(fx, fy)
            shade = fur if _group_of(n, fy, colour) % 2 == 0 else DEEP_BLUE
            canvas.use("head-plain", cx - 1.1 * size, cy - 1.05 * size, 2.2 * size, 2.2 * size, color=shade)
        return
    for fx, fy, _colour in spots:
        cx, cy = in_art(fx, fy)
        kitten(canvas, cx, cy + r * 0.1, r * 1.02, fur)


CROWDED_DOTS = 7
"""From this many dots on, the heads are drawn plain (see ``head-plain``)."""

DEEP_BLUE = "#1d4f9f"


def _group_of(n: int, fy: float, colour: str) -> int:
    """Which group of the dots of ``n`` a dot is in: its colour's in the classic arrangement
    when it has several (seven: the diagonal and the square), else its row, from the top."""
    spots = DOTS[n][1]
    colours = list(dict.fromkeys(c for _x, _y, c in spots))
    if len(colours) > 1:
        return colours.index(colour)
    return sorted({y for _x, y, _c in spots}).index(fy)


def _sticks(canvas: Canvas, n: int) -> None:
    fur = FUR["B"]
    if n == 1:
        # One tall bamboo kitten with the bird on its head: a stick's silhouette, unlike the
        # round head of the green dragon.
        canvas.use(ONE_BAMBOO_STICK, 21, 34, 18, 42, color=fur)
        canvas.use("bird", 15, 14, 30, 22.5)
        return
    w, h, sticks = STICKS[n]
    name = _STICK_NAMES[(w, h)]
    for fx, fy, colour, tilt in sticks:
        cx, cy = in_art(fx, fy)
        transform = f"rotate({num(tilt)} {num(cx)} {num(cy)})" if tilt else None
        stick_fur = "#e0533f" if colour == "r" else fur
        canvas.use(name, cx - w / 2, cy - h / 2, w, h, color=stick_fur, transform=transform)


_WIND_ANGLE = {"N": 0, "E": 90, "S": 180, "W": 270}


def _wind(canvas: Canvas, face: str, letter: str) -> None:
    colour = GROUP_COLOURS["wind"]
    latin_text(canvas, letter, 30, 26, 17, colour, max_width=30)
    cx, cy = 30.0, 56.5
    angle = _WIND_ANGLE[face]
    canvas.add(
        f'<circle {attrs(cx=cx, cy=cy, r=19, fill="#eef0f3", stroke=colour)} stroke-width="1.2"/>'
        + "".join(
            f'<path d="M{num(cx)} {num(cy - 19)}v3" stroke="{colour}" stroke-width="1.2" '
            f'transform="rotate({a} {num(cx)} {num(cy)})"/>'
            for a in (0, 90, 180, 270)
        )
        + f'<path d="M{num(cx - 4.6)} {num(cy - 9)}L{num(cx)} {num(cy - 21.5)}'
        f'L{num(cx + 4.6)} {num(cy - 9)}Z" '
        f'fill="#d93a32" stroke="{OUTLINE}" stroke-width=".8" stroke-linejoin="round" '
        f'transform="rotate({angle} {num(cx)} {num(cy)})"/>'
    )
    a = math.radians(angle)
    kitten(canvas, cx, cy + 1.5, 12.5, FUR["wind"], look=(math.sin(a), -math.cos(a)))


def _dragon(canvas: Canvas, face: str) -> None:
    if face == "Wh":
        blue = "#1d4f9f"
        canvas.add(
            f'<rect x="8.5" y="17.5" width="43" height="55" rx="4" fill="none" stroke="{blue}" '
            'stroke-width="2.6"/>'
            f'<rect x="12" y="21" width="36" height="48" rx="2.5" fill="none" stroke="{blue}" '
            'stroke-width="1" stroke-dasharray="2.4 1.6"/>'
        )
    else:
        # A flame-edged seal behind the dragon kitten: a silhouette no suit tile has.
        canvas.use("burst", 6, 21, 48, 48, color=DRAGON_INDEX[face])
    kitten(canvas, 30, 51, 17, FUR[face], horns=True)
    # a little flame of a dragon tail curling up at the side
    colour = {"R": "#dd3b35", "G": "#2f9a55", "Wh": "#1d4f9f"}[face]
    canvas.add(
        f'<path d="M44 66C52 64 53 56 49 52C51 57 48 61 43 61Z" fill="{colour}" stroke="{OUTLINE}" '
        'stroke-width=".7" stroke-linejoin="round"/>'
    )


def _picture(canvas: Canvas, face: str, fur: str) -> None:
    canvas.use(f"pic-{face}", 11, 13, 38, 38)
    kitten(canvas, 30, 63, 12, fur, look=(0, -1))
    if face == "S4":  # a scarf for the winter kitten
        canvas.add(
            '<path d="M19.5 71.5Q30 76 40.5 71.5L41 75Q30 79.5 19 75Z" fill="#d93a32" stroke="#3b2b27" '
            'stroke-width=".6"/>'
        )
    canvas.use("paw", 17, 70, 6, 6, color=fur)
    canvas.use("paw", 37, 70, 6, 6, color=fur)


def draw(face: str, labels: Labels) -> Canvas:
    canvas = Canvas()
    frame(canvas)
    kind = group(face)
    if kind == "D":
        _dots(canvas, rank(face))
    elif kind == "B":
        _sticks(canvas, rank(face))
    elif kind == "C":
        cjk_char(canvas, CHINESE_NUMERALS[rank(face) - 1], 10, 13, 40, 30, "#1f2535", em=34)
        kitten(canvas, 30, 61, 13.5, FUR["C"])
    elif kind == "wind":
        _wind(canvas, face, labels.codes[face])
    elif kind == "dragon":
        _dragon(canvas, face)
    else:
        _picture(canvas, face, FUR[kind])
    if labels.corner:
        corner_index(
            canvas, labels.codes[face], DRAGON_INDEX[face] if kind == "dragon" else GROUP_COLOURS[kind]
        )
    return canvas


STYLE = Style("kittens", "mk-", LIBRARY, draw)
