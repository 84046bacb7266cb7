"""The small text format of page bodies and FAQ answers, turned into safe HTML.

Blocks are separated by empty lines:

* ``## Heading`` and ``### Subheading`` become ``<h2>`` / ``<h3>`` with an
  ``id`` (so a table of contents can link to them);
* a block whose first line starts with ``- `` becomes a ``<ul>``, one item per
  ``- `` line (other lines continue the item above);
* a fenced block, from a line starting with three backticks to the next such
  line, is kept whole, even across empty lines (tile diagrams);
* anything else is a paragraph.

Paragraphs and fenced blocks are handed to :func:`rules.text.render_paragraphs`,
which escapes them and is where the tile diagrams are drawn. ``**bold**`` and ```code```
work in paragraphs, list items and headings. Nothing from the source reaches the
page unescaped.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.text import slugify

from .text import render_paragraphs

_FENCE = "```"
_BOLD = re.compile(r"\*\*(.+?)\*\*")
_CODE = re.compile(r"`([^`]+)`")
_HEADING = re.compile(r"(#{2,3}) +(.+)")


@dataclass
class Heading:
    level: int
    text: str
    anchor: str


@dataclass
class RenderedBody:
    html: SafeString
    headings: list[Heading] = field(default_factory=list)

    @property
    def contents(self) -> list[Heading]:
        """The second-level headings, for a table of contents."""
        return [heading for heading in self.headings if heading.level == 2]


def _decorate(html: str) -> str:
    """``**bold**`` and ```code``` in text that is escaped already."""
    return _CODE.sub(r"<code>\1</code>", _BOLD.sub(r"<strong>\1</strong>", html))


def _plain(text: str) -> str:
    """The text of a heading without its markup, for anchors and the contents."""
    return _CODE.sub(r"\1", _BOLD.sub(r"\1", text))


def _inline(text: str) -> str:
    return _decorate(escape(text))


def split_blocks(source: str) -> list[str]:
    """The source's blocks: runs of non-empty lines, fenced blocks kept whole."""
    text = (source or "").replace("\r\n", "\n").replace("\r", "\n")
    blocks: list[str] = []
    current: list[str] = []
    in_fence = False
    for line in text.split("\n"):
        stripped = line.strip()
        if stripped.startswith(_FENCE):
            if not in_fence and current:
                blocks.append("\n".join(current))
                current = []
            current.append(stripped)
            if in_fence:
                blocks.append("\n".join(current))
                current = []
            in_fence = not in_fence
        elif in_fence:
            if stripped:
                current.append(stripped)
        elif stripped:
            current.append(stripped)
        elif current:
            blocks.append("\n".join(current))
            current = []
    if current:
        blocks.append("\n".join(current))
    return blocks


def _unique_anchor(text: str, taken: set[str]) -> str:
    base = slugify(text, allow_unicode=True) or "section"
    anchor, number = base, 2
    while anchor in taken:
        anchor, number = f"{base}-{number}", number + 1
    taken.add(anchor)
    return anchor


def _list(lines: list[str]) -> str:
    """``- `` starts an item; any other line continues the item before it."""
    items: list[str] = []
    for line in lines:
        if line.startswith("- ") or not items:
            items.append(line[2:].strip() if line.startswith("- ") else line)
        else:
            items[-1] = f"{items[-1]} {line}"
    return "<ul>" + "".join(f"<li>{_inline(item)}</li>" for item in items) + "</ul>"


def render_body(source: str, *, show_diagram_errors: bool = False) -> RenderedBody:
    """Render a body or an answer; also returns its headings.

    ``show_diagram_errors`` (staff previews) shows a broken diagram as a
    notice instead of leaving it out.
    """
    parts: list[str] = []
    headings: list[Heading] = []
    taken: set[str] = set()
    pending = split_blocks(source)
    pending.reverse()
    while pending:
        block = pending.pop()
        lines = block.split("\n")
        heading = None if block.startswith(_FENCE) else _HEADING.fullmatch(lines[0])
        if heading:
            if len(lines) > 1:  # text right under a heading, without an empty line
                pending.append("\n".join(lines[1:]))
            level = len(heading.group(1))
            text = heading.group(2).strip()
            anchor = _unique_anchor(_plain(text), taken)
            headings.append(Heading(level, _plain(text), anchor))
            parts.append(f'<h{level} id="{escape(anchor)}">{_inline(text)}</h{level}>')
        elif block.startswith(_FENCE):
            if show_diagram_errors:
                parts.append(render_paragraphs(block, show_diagram_errors=True))
            else:
                parts.append(render_paragraphs(block))
        elif lines[0].startswith("- "):
            parts.append(_list(lines))
        else:
            parts.append(_decorate(render_paragraphs(block)))
    return RenderedBody(mark_safe("\n".join(parts)), headings)  # every piece is escaped
