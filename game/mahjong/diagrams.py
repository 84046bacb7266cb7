"""Tile diagrams in page texts and templates (the Django side of :mod:`game.mahjong.engine.diagram`).

In a page body, a fenced block becomes a drawing::

    ```tiles
    0 0,0: 1B 2B 3B 4B
    1 3,0: R
    ```

Policy for mistakes in the notation: a broken diagram never breaks a page.
On public pages it is left out (nothing is shown) and a warning is logged
(logger ``game.mahjong.diagrams``) naming the problem; with ``show_errors=True``
(staff previews) a small notice with the problems is shown in its place.
:func:`diagram_errors` returns the same messages for an admin form or
preview to show.  A ```` ```tiles ```` block that is never closed is shown as
ordinary text (nothing of the page is lost) and reported by
:func:`diagram_errors`.  The blocks are found by the content site's renderer
(:func:`rules.markdown.fenced_blocks`), the parser that draws them.
"""

from __future__ import annotations

import functools
import logging
import re
from dataclasses import dataclass

from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext, gettext_lazy, ngettext

from game.core.registry import ContentFence
from rules.markdown import fenced_blocks

from .artwork.build import DEFAULT_STYLE
from .artwork.diagram_svg import render_svg
from .artwork.marks import DEFAULT_LANGUAGE, MARKS
from .engine import GameCode, deal
from .engine.diagram import Diagram, DiagramError, DiagramTile, diagram_problems, parse_diagram
from .names import face_name, layer_name, layout_name

logger = logging.getLogger("game.mahjong.diagrams")

FENCE_NAME = "tiles"

DIAGRAM_HELP = gettext_lazy(
    "Plain text; a blank line starts a new paragraph. To draw tiles, put a diagram between a line "
    "```tiles and a line ```. Each diagram line is one row: the layer, the position x,y, a colon "
    "and the tiles from left to right. Positions count in half tiles (a tile is 2 wide). "
    "Example: “0 0,0: 1B 2B 3B 4B” then “1 3,0: R” puts the red dragon on top, half over the "
    "second and half over the third tile. Example with a gap and a second row: “0 0,0: 5D . 5D” "
    "then “0 0,2: N E S W”. Labels: 1B-9B, 1C-9C, 1D-9D, N S E W, R G Wh, F1-F4, S1-S4; "
    "“.” leaves a spot empty, # starts a comment."
)
"""Help text for the page body field (``help_text=DIAGRAM_HELP``)."""


def diagram_errors(text: str) -> list[str]:
    """Every problem of the tile diagrams in a page text, as messages for the staff.

    Each message names the diagram and the line (of the diagram and of the
    whole text).  An empty list means every diagram can be drawn.
    """
    messages = []
    number = 0
    for block in fenced_blocks(text, FENCE_NAME):
        if not block.closed:
            messages.append(
                gettext("Line %(line)s: the ```tiles block is never closed with a line ```.")
                % {"line": block.opening_line}
            )
            continue
        number += 1
        for error in diagram_problems(block.content):
            messages.append(_message(number, block.first_line, error))
    return messages


def _message(number: int, first_line: int, error: DiagramError) -> str:
    if error.line:
        return gettext(
            "Tile diagram %(number)s, line %(line)s (line %(text_line)s of the text): %(problem)s"
        ) % {
            "number": number,
            "line": error.line,
            "text_line": first_line + error.line - 1,
            "problem": error.problem,
        }
    return gettext("Tile diagram %(number)s: %(problem)s") % {"number": number, "problem": error.problem}


def describe(diagram: Diagram) -> str:
    """The translated description used as the diagram's accessible title."""

    def name(tile_face: str, layer: int) -> str:
        text = face_name(tile_face)
        return f"{text} ({layer_name(layer)})" if diagram.layers > 1 else text

    none = gettext("none")
    free = ", ".join(name(t.face, t.position.z) for t in diagram.free_tiles) or none
    blocked = ", ".join(name(t.face, t.position.z) for t in diagram.blocked_tiles) or none
    count = len(diagram.tiles)
    return ngettext(
        "Tile diagram with %(count)s tile. Free: %(free)s. Blocked: %(blocked)s.",
        "Tile diagram with %(count)s tiles. Free: %(free)s. Blocked: %(blocked)s.",
        count,
    ) % {"count": count, "free": free, "blocked": blocked}


def render_diagram(notation: str, style: str = DEFAULT_STYLE) -> SafeString:
    """The inline SVG of a diagram, with the corner marks of the page's language; raises
    :class:`DiagramError` on a bad notation."""
    diagram = parse_diagram(notation)
    svg = render_svg(diagram, style, title=describe(diagram), language=marks_language())
    return mark_safe(svg)  # built from checked data, escaped


def marks_language() -> str:
    """The active language as the artwork's corner marks know it (``pl`` for ``pl``, ``en`` for
    anything the table lacks)."""
    language = (get_language() or DEFAULT_LANGUAGE).split("-")[0]
    return language if language in MARKS else DEFAULT_LANGUAGE


HOME_PICTURE_CODE = "MJ1-L09-MIAOJON"
"""The deal on the home page's card: a Crossroads board (56 tiles, small enough for a card)."""


@dataclass(frozen=True)
class BoardPicture:
    """The home page's drawing of a deal, worked out once per process."""

    svg: str
    """A standalone SVG document, the same in every language (its words are the ``alt``)."""
    width: str
    height: str
    tiles: int
    free: int


@functools.cache
def board_picture() -> BoardPicture:
    """A whole deal of :data:`HOME_PICTURE_CODE` as the engine deals it, free tiles unshaded,
    without corner marks (one drawing for every language: a mark would read wrong in some).

    Served as an image (``mahjong:board_picture``) so that the home page stays
    light and browsers cache the drawing.
    """
    dealt = deal(GameCode.parse(HOME_PICTURE_CODE), 1)
    layout = dealt.layout
    free = layout.free_mask(layout.full)
    tiles = sorted(
        (
            DiagramTile(face, position, bool(free >> i & 1), 0)
            for i, (face, position) in enumerate(zip(dealt.tiles, layout.positions, strict=True))
        ),
        key=lambda tile: (tile.position.z, tile.position.y, tile.position.x),
    )
    svg = render_svg(Diagram(tuple(tiles), layout), DEFAULT_STYLE, title="Mahjong Solitaire", language=None)
    size = re.match(r'<svg [^>]*?width="([\d.]+)" height="([\d.]+)"', svg)
    assert size, "render_svg states the drawing's size on its root"
    return BoardPicture(
        svg=f'<?xml version="1.0" encoding="UTF-8"?>\n{svg}\n',
        width=size[1],
        height=size[2],
        tiles=len(tiles),
        free=free.bit_count(),
    )


def home_picture() -> SafeString:
    """The home page card's picture of the game (``GameInfo.picture``): the deal, as an image."""
    picture = board_picture()
    alt = gettext("A deal of the %(layout)s layout: %(count)s tiles, %(free)s of them free to take.") % {
        "layout": layout_name(GameCode.parse(HOME_PICTURE_CODE).layout_id),
        "count": picture.tiles,
        "free": picture.free,
    }
    return format_html(
        '<img src="{}" alt="{}" width="{}" height="{}">',
        reverse("mahjong:board_picture"),
        alt,
        picture.width,
        picture.height,
    )


def error_notice(messages: list[str]) -> SafeString:
    # Styled by .tile-diagram-error in the site's stylesheet: the CSP refuses style attributes.
    return format_html(
        '<div class="tile-diagram-error" role="note"><p><strong>{}</strong></p><ul>{}</ul></div>',
        gettext("This tile diagram cannot be drawn:"),
        format_html_join("", "<li>{}</li>", ((m,) for m in messages)),
    )


def diagram_figure(
    notation: str, *, show_errors: bool = False, number: int = 1, first_line: int = 1
) -> SafeString:
    """``<figure class="tile-diagram">`` with the drawing, or (on a mistake) a notice or nothing."""
    try:
        svg = render_diagram(notation)
    except DiagramError:
        problems = diagram_problems(notation)
        # The log is for operators: plain English from the engine, whatever the page's language.
        logger.warning(
            "tile diagram %s (text line %s) not drawn: %s", number, first_line, "; ".join(map(str, problems))
        )
        if not show_errors:
            return mark_safe("")
        return error_notice([_message(number, first_line, e) for e in problems])
    return format_html('<figure class="tile-diagram">{}</figure>', svg)


TILES_FENCE = ContentFence(
    render=lambda notation, show_errors: diagram_figure(notation, show_errors=show_errors),
    errors=diagram_errors,
    help_text=DIAGRAM_HELP,
)
"""```` ```tiles ```` blocks in the page texts are tile diagrams (registered with the game, apps.py)."""
