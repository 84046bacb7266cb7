"""Inline SVG of a tile diagram (:mod:`game.mahjong.engine.diagram`).

Tiles are drawn as on the table: an ivory face on a body with a visible
edge (ivory, then the jade back), each layer lifted up and to the left so
the stacking shows, lower layers first.  Blocked tiles are shaded darker
but stay legible; free tiles are drawn as they are.  The face artwork is
the chosen style's (numbers by default), placed with ``<use>`` from one
``<symbol>`` per distinct face.
"""

from __future__ import annotations

from html import escape
from typing import Final

from ..engine.diagram import Diagram
from ..engine.tiles import FACE_NAMES, Face
from .build import DEFAULT_STYLE, face_symbols, get_style
from .marks import DEFAULT_LANGUAGE
from .svg import attrs

FACE_W: Final = 48.0
FACE_H: Final = 64.0
EDGE: Final = 5.0  # thickness of the visible tile body, right and bottom
LIFT: Final = 6.0  # how far each layer is drawn up and to the left
UNIT_X: Final = (FACE_W + EDGE) / 2
UNIT_Y: Final = (FACE_H + EDGE) / 2
PAD: Final = 4.0

BODY: Final = "#e3d3ad"
BACK: Final = "#0e5e52"
OUTLINE: Final = "#8c7a55"
SHADE: Final = "#1d2321"
SHADE_OPACITY: Final = "0.38"


def describe(diagram: Diagram) -> str:
    """An English description of the diagram for its ``<title>``."""

    def name(tile_face: Face, z: int) -> str:
        text = FACE_NAMES[tile_face]
        return f"{text} (layer {z + 1})" if diagram.layers > 1 else text

    free = ", ".join(name(t.face, t.position.z) for t in diagram.free_tiles) or "none"
    blocked = ", ".join(name(t.face, t.position.z) for t in diagram.blocked_tiles) or "none"
    count = len(diagram.tiles)
    return f"Tile diagram, {count} tile{'s' if count != 1 else ''}. Free: {free}. Blocked: {blocked}."


def render_svg(
    diagram: Diagram,
    style: str = DEFAULT_STYLE,
    title: str | None = None,
    language: str | None = DEFAULT_LANGUAGE,
) -> str:
    """The diagram as an inline ``<svg role="img">`` whose ``<title>`` lists the tiles.

    ``title`` replaces the English description (the Django side passes a
    translated one); the faces carry the corner marks of ``language``
    (:mod:`.marks`), or none when it is ``None`` (a drawing shown in every language).
    """
    s = get_style(style)
    top = diagram.layers - 1
    placed = []
    for tile in diagram.tiles:
        x, y, z = tile.position
        px = PAD + top * LIFT + x * UNIT_X - z * LIFT
        py = PAD + top * LIFT + y * UNIT_Y - z * LIFT
        placed.append((tile, px, py))
    width = max(px for _, px, _ in placed) + FACE_W + EDGE + PAD
    height = max(py for _, _, py in placed) + FACE_H + EDGE + PAD
    parts = []
    for tile, px, py in placed:
        parts.append(
            f'<g class="{"free" if tile.free else "blocked"}">'
            f"<rect {attrs(x=px + EDGE, y=py + EDGE, width=FACE_W, height=FACE_H, rx=6, fill=BACK)}/>"
            f"<rect {attrs(x=px + EDGE * 0.45, y=py + EDGE * 0.45, width=FACE_W, height=FACE_H, rx=6)} "
            f'fill="{BODY}" stroke="{OUTLINE}" stroke-width=".6"/>'
            f'<use href="#{s.prefix}f-{tile.face}" {attrs(x=px, y=py, width=FACE_W, height=FACE_H)}/>'
            f"<rect {attrs(x=px + 0.3, y=py + 0.3, width=FACE_W - 0.6, height=FACE_H - 0.6, rx=5)} "
            f'fill="none" stroke="{OUTLINE}" stroke-width=".6"/>'
            + (
                f"<rect {attrs(x=px, y=py, width=FACE_W, height=FACE_H, rx=5, fill=SHADE)} "
                f'opacity="{SHADE_OPACITY}"/>'
                if not tile.free
                else ""
            )
            + "</g>"
        )
    text = escape(title if title is not None else describe(diagram), quote=False)
    w, h = round(width), round(height)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" role="img" viewBox="0 0 {w} {h}" width="{w}" '
        # Sized by the site's stylesheet (.tile-diagram-svg): the CSP refuses style attributes.
        f'height="{h}" class="tile-diagram-svg">'
        f"<title>{text}</title>"
        + face_symbols(
            [t.face for t in diagram.tiles], style, language or DEFAULT_LANGUAGE, corner=language is not None
        )
        + "".join(parts)
        + "</svg>"
    )
