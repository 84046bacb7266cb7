"""Checks of request values that the engine does not make for us: player names."""

from __future__ import annotations

import unicodedata
from typing import Final

NAME_MAX: Final = 24
NAME_PUNCTUATION: Final = frozenset(".-_'!?")
MAX_MARKS_IN_A_ROW: Final = 3
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
