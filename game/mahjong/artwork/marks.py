"""The corner marks of the tiles in each language of the site: the one table of them.

A corner mark is the short code printed in a face's top-left corner (and, big, on the
numbers style's faces, and as the kittens' wind letter), so that a player can name a tile
at a glance.  The English codes are the notation's labels (``5B``, ``E``, ``Wh``, ``F2``);
each other language uses its own words, because a letter that means one thing in English
means another elsewhere: in Polish ``W`` reads as *wschód* (east) but the English ``W``
is west (*zachód*); Italian and French west is *ovest*/*ouest* (``O``); Russian readers
expect ``В С Ю З``.

Rules the table keeps (``tests/artwork/test_marks.py`` checks them):

* every face has one code per language, and no two faces of a language share one;
* a suit code is the rank then the suit's letters (``5Ca``), a flower or season code its
  group's letters then the number (``F2``), so the two never read alike;
* the letters are the initials of the names the site uses for the tiles in that
  language (``game/mahjong/names.py`` and the catalogues): Italian *bambù, caratteri,
  cerchi* give ``B, Ca, Ce``; Polish *bambus, znak, kółko* give ``B, Z, K``.

The words behind each code, by language (suits; winds E S W N; dragons red green white;
flowers; seasons):

======  ================  ==================  ===============  ========  ========
lang    suits B C D       winds E S W N       dragons R G Wh   flowers   seasons
======  ================  ==================  ===============  ========  ========
en      B C D             E S W N             R G Wh           F1-F4     S1-S4
it      B Ca Ce           E S O N             R V Bi           F1-F4     S1-S4
pl      B Z K             Ws Pd Za Pn         Cz Zi Bi         Kw1-Kw4   P1-P4
ru      Б С Т             В Ю З С             Кр Зл Бл         Ц1-Ц4     В1-В4
fr      B Ca Ce           E S O N             R V Bl           F1-F4     S1-S4
======  ================  ==================  ===============  ========  ========

(pl: wschód, południe, zachód, północ as the Polish compass abbreviates them; czerwony,
zielony, biały; kwiaty, pory roku.  ru: бамбук, символ, точка; восток, юг, запад, север;
красный, зелёный, белый; цветы, времена года.)
"""

# The Cyrillic letters here are meant (Russian marks), not look-alikes of Latin ones.
# ruff: noqa: RUF001, RUF002

from __future__ import annotations

from typing import Final

from ..engine.tiles import FACE_NAMES, FACES

LANGUAGES: Final = ("en", "it", "pl", "ru", "fr")
"""The site's languages (``settings.LANGUAGES``; a test keeps the two the same)."""

DEFAULT_LANGUAGE: Final = "en"

# Per language: the letters of the three suits, the four winds (E S W N), the three
# dragons (R G Wh) and the flower and season prefixes.  One row per language: the table.
_TABLE: Final[
    dict[str, tuple[tuple[str, str, str], tuple[str, str, str, str], tuple[str, str, str], str, str]]
] = {
    "en": (("B", "C", "D"), ("E", "S", "W", "N"), ("R", "G", "Wh"), "F", "S"),
    "it": (("B", "Ca", "Ce"), ("E", "S", "O", "N"), ("R", "V", "Bi"), "F", "S"),
    "pl": (("B", "Z", "K"), ("Ws", "Pd", "Za", "Pn"), ("Cz", "Zi", "Bi"), "Kw", "P"),
    "ru": (("Б", "С", "Т"), ("В", "Ю", "З", "С"), ("Кр", "Зл", "Бл"), "Ц", "В"),
    "fr": (("B", "Ca", "Ce"), ("E", "S", "O", "N"), ("R", "V", "Bl"), "F", "S"),
}


def _codes(language: str) -> dict[str, str]:
    suits, winds, dragons, flower, season = _TABLE[language]
    codes: dict[str, str] = {}
    for face in (str(f) for f in FACES):
        if face[0].isdigit():
            codes[face] = face[0] + suits["BCD".index(face[1])]
        elif face in ("E", "S", "W", "N"):
            codes[face] = winds["ESWN".index(face)]
        elif face in ("R", "G", "Wh"):
            codes[face] = dragons[("R", "G", "Wh").index(face)]
        else:
            codes[face] = (flower if face[0] == "F" else season) + face[1:]
    return codes


MARKS: Final[dict[str, dict[str, str]]] = {language: _codes(language) for language in LANGUAGES}
"""``MARKS[language][face]``: the corner mark of every face (``MARKS["pl"]["W"] == "Za"``)."""

assert all(set(codes) == {str(f) for f in FACE_NAMES} for codes in MARKS.values())


def marks_for(language: str) -> dict[str, str]:
    """The marks of a language; a language the table lacks gets the English ones."""
    return MARKS.get(language, MARKS[DEFAULT_LANGUAGE])


def mark_chars() -> str:
    """Every character any mark uses (what ``glyphs.json`` must hold)."""
    return "".join(sorted({char for codes in MARKS.values() for code in codes.values() for char in code}))
