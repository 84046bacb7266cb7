"""The style record shared by the three style modules."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .svg import Canvas, Library


@dataclass(frozen=True)
class Style:
    """A tile style: its shared definitions and how it draws each face.

    ``prefix`` starts every id of the style's definitions (``mk-head``), so
    artwork of several styles can be inlined into one HTML page.
    """

    name: str
    prefix: str
    library: Library
    draw: Callable[[str], Canvas]
