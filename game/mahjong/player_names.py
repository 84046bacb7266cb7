"""Checks of request values that the engine does not make for us: player names.

A name is shown to everybody on the public boards, so it must read as what it
is: no invisible characters, and no look-alike of another name made by mixing
scripts ("admin" spelt with a Cyrillic U+0430 for its "a"). Names in any one
script are welcome, as are the mixtures a language writes (Japanese kanji
with kana, say).
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from typing import Final

from confusable_homoglyphs import categories, confusables

NAME_MAX: Final = 24
NAME_PUNCTUATION: Final = frozenset(".-_'!?")
MAX_MARKS_IN_A_ROW: Final = 3
NAME_RULE: Final = f"1 to {NAME_MAX} letters (of any script), digits, spaces and the punctuation . - _ ' ! ?"

INVISIBLE_RANGES: Final = (
    # Unicode's default-ignorable code points (DerivedCoreProperties.txt): drawn as nothing at all.
    (0x00AD, 0x00AD),  # soft hyphen
    (0x034F, 0x034F),  # combining grapheme joiner
    (0x061C, 0x061C),  # Arabic letter mark
    (0x115F, 0x1160),  # Hangul choseong and jungseong fillers (letters, so the letter rule lets them by)
    (0x17B4, 0x17B5),  # Khmer inherent vowels (marks)
    (0x180B, 0x180F),  # Mongolian variation selectors and vowel separator
    (0x200B, 0x200F),  # zero-width space, non-joiner and joiner; direction marks
    (0x202A, 0x202E),  # direction embeddings and overrides
    (0x2060, 0x206F),  # word joiner, invisible operators, deprecated format controls
    (0x3164, 0x3164),  # Hangul filler
    (0xFE00, 0xFE0F),  # variation selectors
    (0xFEFF, 0xFEFF),  # zero-width no-break space (byte order mark)
    (0xFFA0, 0xFFA0),  # halfwidth Hangul filler
    (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3),  # shorthand format controls
    (0x1D173, 0x1D17A),  # musical symbol format controls
    (0xE0000, 0xE0FFF),  # tags and supplementary variation selectors
    # Not default-ignorable, but drawn as blank space in every font.
    (0x2800, 0x2800),  # braille pattern blank
)

IGNORED_SCRIPTS: Final = frozenset({"COMMON", "INHERITED"})
"""Digits, spaces, punctuation (common) and combining marks (inherited) take the script of their letters."""

SCRIPT_MIXES: Final = (
    frozenset({"LATIN", "HAN", "HIRAGANA", "KATAKANA"}),  # Japanese
    frozenset({"LATIN", "HAN", "BOPOMOFO"}),  # Chinese
    frozenset({"LATIN", "HAN", "HANGUL"}),  # Korean
)
"""Scripts that languages write together (Unicode TS #39's "highly restrictive" level): a name may mix
the scripts within one of these sets freely. Any other mixture is refused when one of its letters can
be taken for a letter of another of its scripts."""


def is_invisible(char: str) -> bool:
    code = ord(char)
    return any(low <= code <= high for low, high in INVISIBLE_RANGES)


def _shown(char: str) -> str:
    return repr(char) if char.isprintable() else f"U+{ord(char):04X}"


def _script_name(alias: str) -> str:
    return alias.replace("_", " ").title()


def look_alike(name: str) -> str | None:
    """Why ``name`` could pass for another name by mixing scripts, or None if it cannot."""
    scripts = Counter(
        script
        for script in (categories.alias(char) for char in name)
        if script is not None and script not in IGNORED_SCRIPTS
    )
    if len(scripts) <= 1 or any(set(scripts) <= mix for mix in SCRIPT_MIXES):
        return None
    # The main script first: the odd letter out is the likelier forgery, and the clearer example.
    for base, _count in scripts.most_common():
        found = confusables.is_confusable(name, preferred_aliases=[base, *IGNORED_SCRIPTS])
        if found:
            char = found[0]["character"]
            other = _script_name(str(found[0]["alias"]))
            return (
                f"{char!r} is a {other} letter that can be taken for a {_script_name(base)} one: "
                "write the name in one script"
            )
    return None


def clean_name(raw: str) -> str:
    """The name as stored: NFKC, trimmed, runs of spaces made one; ValueError explains a refusal.

    NFKC folds compatibility forms into the usual letters (fullwidth letters,
    U+FF21 to U+FF5A, become ``A`` to ``z``), so one name cannot be written in
    several ways that look alike. Letters of every script are welcome, with their combining marks
    (Devanagari or Thai vowel signs, say), but at most a few marks in a row and
    only after a letter, so a name cannot be stacked into an unreadable tower.
    Invisible characters (zero-width and other format characters, Hangul
    fillers), symbols, emoji, controls and HTML's ``<>&"`` are refused, and so
    is a name that mixes scripts into a look-alike (:func:`look_alike`).
    """
    for char in raw:
        if is_invisible(char):
            raise ValueError(
                f"U+{ord(char):04X} is not allowed: it is an invisible character; use {NAME_RULE}"
            )
    text = "".join(" " if unicodedata.category(c) == "Zs" else c for c in unicodedata.normalize("NFKC", raw))
    name = " ".join(part for part in text.strip().split(" ") if part)
    if not name:
        raise ValueError(f"a name is needed: use {NAME_RULE}")
    marks = 0
    previous = ""
    for char in name:
        category = unicodedata.category(char)
        if is_invisible(char):
            raise ValueError(
                f"U+{ord(char):04X} is not allowed: it is an invisible character; use {NAME_RULE}"
            )
        if category.startswith("M"):
            marks += 1
            if not previous.startswith(("L", "M")) or marks > MAX_MARKS_IN_A_ROW:
                raise ValueError(f"misplaced combining mark U+{ord(char):04X}: use {NAME_RULE}")
        else:
            marks = 0
            if not (category.startswith("L") or category == "Nd" or char == " " or char in NAME_PUNCTUATION):
                raise ValueError(f"{_shown(char)} is not allowed: use {NAME_RULE}")
        previous = category
    if not any(char.isalnum() for char in name):
        raise ValueError(f"a name needs at least one letter or digit: use {NAME_RULE}")
    if len(name) > NAME_MAX:
        raise ValueError(f"at most {NAME_MAX} characters, not {len(name)}: use {NAME_RULE}")
    mixed = look_alike(name)
    if mixed is not None:
        raise ValueError(mixed)
    return name
