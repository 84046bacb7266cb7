"""Turning a page's plain-text source into safe HTML."""

import re

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from game.diagrams import render_text_blocks

_BLANK_LINES = re.compile(r"\n\s*\n")


def render_paragraphs(source: str, *, show_diagram_errors: bool = False) -> SafeString:
    """Escape ``source`` and wrap each blank-line separated block in ``<p>``.

    Single line breaks inside a block are soft: they become spaces, as in
    Markdown. No HTML from the source ever reaches the page unescaped.
    A fenced ```` ```tiles ```` block becomes a tile diagram (see
    ``game.diagrams``); a broken one is left out, or shown as a notice with
    ``show_diagram_errors=True`` (staff previews).
    """
    return render_text_blocks(source, _paragraphs, show_errors=show_diagram_errors)


def _paragraphs(text: str) -> SafeString:
    text = (text or "").replace("\r\n", "\n").replace("\r", "\n")
    paragraphs = []
    for block in _BLANK_LINES.split(text):
        lines = [line.strip() for line in block.split("\n") if line.strip()]
        if lines:
            paragraphs.append(f"<p>{escape(' '.join(lines))}</p>")
    return mark_safe("\n".join(paragraphs))  # every piece was escaped above
