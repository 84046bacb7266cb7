"""Template tags for tile artwork: ``{% load tiles %}``.

* ``{% tile_diagram "0 0,0: 1B 2B 3B" %}`` (optional ``style="kittens"``):
  the inline SVG diagram in a ``<figure class="tile-diagram">``.  A broken
  notation logs a warning and shows a notice in debug, nothing otherwise.
* ``{% tile_face "5B" style="kittens" %}`` (optional ``size=48``, the width
  in CSS pixels): an ``<img>`` of the face's static SVG, with its translated
  name as ``alt``.
"""

from __future__ import annotations

import logging

from django import template
from django.conf import settings
from django.templatetags.static import static
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe

from ..artwork.build import DEFAULT_STYLE, STYLES, get_style, sheet_image
from ..artwork.common import HEIGHT, WIDTH
from ..diagrams import error_notice, marks_language, render_diagram
from ..engine.diagram import DiagramError, diagram_problems
from ..engine.tiles import FACE_INDEX
from ..names import face_name

logger = logging.getLogger("game.mahjong.diagrams")
register = template.Library()


@register.simple_tag
def tile_diagram(notation: str, style: str = DEFAULT_STYLE) -> SafeString:
    if style not in STYLES:
        logger.warning("tile_diagram: unknown style %r", style)
        style = DEFAULT_STYLE
    try:
        svg = render_diagram(str(notation), style)
    except DiagramError:
        messages = [str(e) for e in diagram_problems(str(notation))]
        logger.warning("tile diagram not drawn: %s", "; ".join(messages))
        return error_notice(messages) if settings.DEBUG else mark_safe("")
    return format_html('<figure class="tile-diagram">{}</figure>', svg)


def face_url(face: str, style: str) -> str:
    """One face in the page's language: its view in the style's sprite sheet of that language
    (the sheets carry a ``<view>`` per face), so that a page of faces fetches one file a style."""
    sheet = static(f"mahjong/tiles/{sheet_image(style, marks_language())}")
    return f"{sheet}#{get_style(style).prefix}{face}"


@register.simple_tag
def tile_face(face: str, style: str = "kittens", size: int | None = None) -> SafeString:
    if face not in FACE_INDEX or style not in STYLES:
        logger.warning("tile_face: unknown face %r or style %r", face, style)
        return mark_safe("")
    width = int(size) if size else WIDTH
    height = round(width * HEIGHT / WIDTH)
    return format_html(
        '<img class="tile-face tile-face-{}" src="{}" alt="{}" width="{}" height="{}" loading="lazy" '
        'decoding="async">',
        style,
        face_url(face, style),
        face_name(face),
        width,
        height,
    )
