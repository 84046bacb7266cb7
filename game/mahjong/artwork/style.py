"""The style record shared by the three style modules, and how a face is labelled."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from .marks import DEFAULT_LANGUAGE, marks_for
from .svg import Canvas, Library


@dataclass(frozen=True)
class Labels:
    """How the faces are labelled: each face's code in one language (:mod:`.marks`), and
    whether the corner mark is drawn (a player may turn corner marks off; the numbers
    style's big label and the kittens' wind letter stay, in the same language)."""

    codes: Mapping[str, str] = field(default_factory=lambda: marks_for(DEFAULT_LANGUAGE))
    corner: bool = True

    @classmethod
    def of(cls, language: str, corner: bool = True) -> Labels:
        return cls(marks_for(language), corner)


@dataclass(frozen=True)
class Style:
    """A tile style: its shared definitions and how it draws each face.

    ``prefix`` starts every id of the style's definitions (``mk-head``), so
    artwork of several styles can be inlined into one HTML page.  ``corner_marks``:
    whether its faces carry a corner mark (so a sheet without them is worth building).
    """

    name: str
    prefix: str
    library: Library
    draw: Callable[[str, Labels], Canvas]
    corner_marks: bool = True
