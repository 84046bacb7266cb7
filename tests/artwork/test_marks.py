"""The corner marks in each language (game/mahjong/artwork/marks.py) and where they are drawn."""

# The Cyrillic letters here are meant (Russian marks), not look-alikes of Latin ones.
# ruff: noqa: RUF001

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.utils import translation

from game.mahjong.artwork.build import PLAIN, draw, face_symbols, sprite_sheet
from game.mahjong.artwork.glyphs import latin
from game.mahjong.artwork.marks import LANGUAGES, MARKS, mark_chars, marks_for
from game.mahjong.artwork.style import Labels
from game.mahjong.diagrams import board_picture, marks_language, render_diagram
from game.mahjong.engine.tiles import FACES
from game.mahjong.names import GROUPS

WINDS = ("E", "S", "W", "N")


def glyphs_used(markup: str) -> set[str]:
    """The letters and digits whose outlines a drawing places (``href="#mc-g5a"`` is ``Z``),
    leaving out the Chinese characters."""
    chars = {chr(int(code, 16)) for code in re.findall(r'href="#(?:@@|[a-z]+-)?g([0-9a-f]+)"', markup)}
    return {c for c in chars if ord(c) < 0x2E80}


def test_the_table_covers_the_sites_languages() -> None:
    assert list(LANGUAGES) == [code for code, _name in settings.LANGUAGES]
    assert set(MARKS) == set(LANGUAGES)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_face_has_a_code_of_its_own(language: str) -> None:
    codes = MARKS[language]
    assert list(codes) == list(FACES)
    assert len(set(codes.values())) == len(FACES), "no two faces share a code"
    for _key, _title, faces in GROUPS:
        group = [codes[face] for face in faces]
        assert len(set(group)) == len(group)


@pytest.mark.parametrize("language", LANGUAGES)
def test_suit_codes_and_flower_codes_never_read_alike(language: str) -> None:
    codes = MARKS[language].values()
    for code in codes:
        assert 1 <= len(code) <= 3, code
        assert code[::-1] not in codes or code[::-1] == code, f"{code} and {code[::-1]} look alike"


@pytest.mark.parametrize(
    ("language", "winds"),
    [
        ("en", ("E", "S", "W", "N")),
        ("it", ("E", "S", "O", "N")),
        ("fr", ("E", "S", "O", "N")),
        ("pl", ("Ws", "Pd", "Za", "Pn")),
        ("ru", ("В", "Ю", "З", "С")),
    ],
)
def test_the_winds_read_right_in_each_language(language: str, winds: tuple[str, ...]) -> None:
    assert tuple(MARKS[language][wind] for wind in WINDS) == winds


@pytest.mark.parametrize("language", ["it", "pl", "ru", "fr"])
def test_west_is_not_w_outside_english(language: str) -> None:
    """A Polish reader takes W for wschód (east); Italian and French west is O."""
    assert MARKS[language]["W"] != "W"
    assert "W" not in MARKS[language].values()


def test_russian_marks_are_cyrillic() -> None:
    for code in MARKS["ru"].values():
        letters = [c for c in code if not c.isdigit()]
        assert letters and all("\u0400" <= c <= "\u04ff" for c in letters), code


def test_an_unknown_language_gets_the_english_marks() -> None:
    assert marks_for("de") == MARKS["en"]


def test_every_mark_can_be_drawn() -> None:
    assert set(mark_chars()) <= set(latin().glyphs)


@pytest.mark.parametrize("style", ["classic", "kittens"])
def test_the_corner_shows_the_languages_mark_or_nothing(style: str) -> None:
    polish = draw("W", style, Labels.of("pl")).markup()
    english = draw("W", style, Labels.of("en")).markup()
    plain = draw("W", style, Labels.of("pl", corner=False)).markup()
    assert {"Z", "a"} <= glyphs_used(polish)
    assert "W" in glyphs_used(english)
    if style == "classic":
        assert not glyphs_used(plain), "the classic west wind is 西 alone without its mark"
    else:
        assert glyphs_used(plain) == {"Z", "a"}, "the kittens' wind letter stays, in the language"


def test_the_numbers_style_writes_the_languages_label() -> None:
    assert glyphs_used(draw("3D", "numbers", Labels.of("pl")).markup()) == {"3", "K"}
    assert glyphs_used(draw("R", "numbers", Labels.of("ru")).markup()) == {"К", "р"}


def test_a_sheet_without_marks_is_lighter_and_each_language_differs() -> None:
    sheets = {variant: sprite_sheet("classic", variant)[0] for variant in (*LANGUAGES, PLAIN)}
    assert len(set(sheets.values())) == len(sheets)
    assert all(len(sheets[PLAIN]) < len(sheets[language]) for language in LANGUAGES)


def test_inline_symbols_carry_the_languages_marks() -> None:
    assert "З" in glyphs_used(face_symbols(["W"], "classic", "ru"))
    assert not glyphs_used(face_symbols(["W"], "classic", "ru", corner=False))


@pytest.mark.parametrize(("language", "letters"), [("en", {"W"}), ("pl", {"Z", "a"}), ("ru", {"З"})])
def test_a_rules_diagram_uses_the_pages_language(language: str, letters: set[str]) -> None:
    with translation.override(language):
        assert marks_language() == language
        assert glyphs_used(str(render_diagram("0 0,0: W W"))) == letters


def test_the_home_picture_has_no_marks_to_read_wrong() -> None:
    drawn = glyphs_used(board_picture().svg)
    assert drawn and all(c.isdigit() for c in drawn), "only the flowers' and seasons' numbers"
