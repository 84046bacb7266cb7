"""Checks of request values that the engine does not make for us: player names and boards."""

from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Sequence
from typing import Final

from game.mahjong import Face, Layout
from game.mahjong.tiles import COPIES, FACE_INDEX, FLOWER_CLASS, MATCH_CLASS_OF, SEASON_CLASS

NAME_MAX: Final = 24
NAME_PUNCTUATION: Final = frozenset(".-_'!?")
MAX_MARKS_IN_A_ROW: Final = 3
_CLASS_NAMES: Final = {FLOWER_CLASS: "flowers (F1-F4)", SEASON_CLASS: "seasons (S1-S4)"}
NAME_RULE: Final = f"1 to {NAME_MAX} letters (of any script), digits, spaces and the punctuation . - _ ' ! ?"


def clean_name(raw: str) -> str:
    """The name as stored: NFC, trimmed, runs of spaces made one; ValueError explains a refusal.

    Letters of every script are welcome, with their combining marks (Devanagari
    or Thai vowel signs, say), but at most a few marks in a row and only after a
    letter, so a name cannot be stacked into an unreadable tower.  Symbols,
    emoji, control and formatting characters (such as right-to-left overrides)
    and HTML's ``<>&"`` are refused.
    """
    text = "".join(" " if unicodedata.category(c) == "Zs" else c for c in unicodedata.normalize("NFC", raw))
    name = " ".join(part for part in text.strip().split(" ") if part)
    if not name:
        raise ValueError(f"a name is needed: use {NAME_RULE}")
    marks = 0
    previous = ""
    for char in name:
        category = unicodedata.category(char)
        if category.startswith("M"):
            marks += 1
            if not previous.startswith(("L", "M")) or marks > MAX_MARKS_IN_A_ROW:
                raise ValueError(f"misplaced combining mark U+{ord(char):04X}: use {NAME_RULE}")
        else:
            marks = 0
            if not (category.startswith("L") or category == "Nd" or char == " " or char in NAME_PUNCTUATION):
                shown = repr(char) if char.isprintable() else f"U+{ord(char):04X}"
                raise ValueError(f"{shown} is not allowed: use {NAME_RULE}")
        previous = category
    if len(name) > NAME_MAX:
        raise ValueError(f"at most {NAME_MAX} characters, not {len(name)}: use {NAME_RULE}")
    return name


def check_tiles(layout: Layout, tiles: Sequence[object], *, must_pair: bool) -> list[Face | None]:
    """A board of ``layout`` (one face or None per position), or ValueError naming the problem.

    The faces must be known labels that could all come from one set; with
    ``must_pair`` every match class must also occur an even number of times (a
    board that real play can reach always has that).
    """
    if len(tiles) != len(layout):
        raise ValueError(
            f"layout {layout.id} has {len(layout)} positions: give one face or null for each, "
            f"not {len(tiles)} items"
        )
    counts: Counter[str] = Counter()
    board: list[Face | None] = []
    for index, label in enumerate(tiles):
        if label is None:
            board.append(None)
            continue
        if not isinstance(label, str) or label not in FACE_INDEX:
            raise ValueError(f"item {index}: unknown tile label {label!r}")
        counts[label] += 1
        board.append(Face(label))
    for label, count in counts.items():
        copies = COPIES[FACE_INDEX[label]]
        if count > copies:
            raise ValueError(
                f"{label} occurs {count} times, but a set has {copies}: these tiles cannot come from one set"
            )
    if must_pair:
        classes: Counter[int] = Counter()
        for label, count in counts.items():
            classes[MATCH_CLASS_OF[FACE_INDEX[label]]] += count
        for label in counts:
            match_class = MATCH_CLASS_OF[FACE_INDEX[label]]
            if classes[match_class] % 2:
                what = _CLASS_NAMES.get(match_class, f"{label} tiles")
                raise ValueError(f"the {what} cannot all be paired: there is an odd number of them")
    return board
