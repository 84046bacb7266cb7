"""Numbers style: the face's code in the page's language, large and bold, in its group's colour.

``5B``, ``N``, ``Wh``, ``F2`` in English (``5K``, ``Pn``, ``Bi``, ``Kw2`` in Polish:
:mod:`.marks`): one colour per suit (bamboo green,
characters red, dots blue), one for the winds, one for the dragons, one
shared by all flowers and one by all seasons (tiles of those two groups
match each other), and a thin frame in the same colour.  The clearest style
at small sizes, and the default of the rules diagrams.
"""

from __future__ import annotations

from .common import GROUP_COLOURS, HEIGHT, WIDTH, add_frame, frame, group
from .glyphs import add_glyph_definitions, latin_text
from .style import Labels, Style
from .svg import Canvas, Library, attrs

LIBRARY = Library()
add_frame(LIBRARY)
add_glyph_definitions(LIBRARY)

# Light tints of the group colours for the band behind the label.
TINTS = {
    "B": "#e3f2e8",
    "C": "#f9e4e2",
    "D": "#e2eafa",
    "wind": "#e7e8eb",
    "dragon": "#fae9d9",
    "flower": "#f7e3ee",
    "season": "#dff0f1",
}


def draw(face: str, labels: Labels) -> Canvas:
    canvas = Canvas()
    frame(canvas)
    kind = group(face)
    colour = GROUP_COLOURS[kind]
    canvas.add(
        f"<rect {attrs(x=4, y=4, width=WIDTH - 8, height=HEIGHT - 8, rx=4.5, fill=TINTS[kind])} "
        f'stroke="{colour}" stroke-width="1.6"/>'
    )
    label = labels.codes[face]
    cap = 36.0 if len(label) == 1 else 30.0
    centre = (WIDTH / 2, HEIGHT / 2 + 0.5)
    latin_text(canvas, label, *centre, cap, colour, max_width=WIDTH - 13, tracking=-60, squeeze=0.8)
    return canvas


STYLE = Style("numbers", "mn-", LIBRARY, draw, corner_marks=False)
