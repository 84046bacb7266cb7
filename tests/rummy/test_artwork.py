"""Tile Rummy's tile sprite: one symbol per face, valid SVG, in sync with the code that draws it."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from game.rummy import artwork
from game.rummy.engine.tiles import TEXTS, Colour

SVG = "{http://www.w3.org/2000/svg}"
EXPECTED_IDS = [f"rt-{colour}{number}" for colour in "RBKO" for number in range(1, 14)] + ["rt-J"]


@pytest.fixture(scope="module")
def root() -> ET.Element:
    return ET.fromstring(artwork.sprite())


def test_the_committed_sprite_is_what_the_code_draws() -> None:
    committed = artwork.SPRITE_PATH.read_text(encoding="utf-8")
    assert committed == artwork.sprite(), "the sprite is stale: run python -m game.rummy.artwork"
    assert artwork.main(["--check"]) == 0


def test_drawing_twice_gives_the_same_bytes() -> None:
    assert artwork.sprite() == artwork.sprite()


def test_the_sprite_is_svg_with_53_uniquely_named_symbols_in_canonical_order(root: ET.Element) -> None:
    assert root.tag == f"{SVG}svg"
    symbols = root.findall(f"{SVG}symbol")
    ids = [symbol.get("id") for symbol in symbols]
    assert len(symbols) == 53 == len(set(ids))
    assert ids == EXPECTED_IDS == [f"rt-{text}" for text in TEXTS]
    assert all(symbol.get("viewBox") == "0 0 40 56" for symbol in symbols)


def test_faces_use_no_text_scripts_styles_or_outside_references() -> None:
    data = artwork.sprite()
    tags = {element.tag.removeprefix(SVG) for element in ET.fromstring(data).iter()}
    assert not tags & {"text", "tspan", "script", "style", "image", "foreignObject", "use"}
    assert "style=" not in data and "href" not in data
    assert "http" not in data.replace("http://www.w3.org/2000/svg", "")


def test_every_number_face_is_drawn_in_its_colour_with_its_own_mark(root: ET.Element) -> None:
    marks = {ink.mark for ink in artwork.INKS.values()}
    paints = {ink.paint for ink in artwork.INKS.values()}
    assert len(marks) == len(paints) == 4
    for colour in Colour:
        ink = artwork.INKS[colour]
        for number in range(1, 14):
            markup = artwork.face_markup(f"{colour.value}{number}")
            assert f'stroke="{ink.paint}"' in markup  # the number
            assert f'<g fill="{ink.paint}"' in markup  # the mark
            assert not any(other.paint in markup for other in artwork.INKS.values() if other is not ink)


def test_two_digit_numbers_stay_inside_the_tile() -> None:
    for number in (10, 11, 12, 13):
        markup = artwork.face_markup(f"K{number}")
        offsets = [float(x) for x in re.findall(r"translate\(([\d.]+) ", markup)]
        assert len(offsets) == 2 and offsets[0] > 2 and offsets[1] + 12 * artwork.DIGIT_SCALE < 38


def test_the_joker_has_no_number_and_all_four_colours() -> None:
    joker = artwork.face_markup("J")
    assert "translate(" not in joker  # no digits
    for ink in artwork.INKS.values():
        assert ink.paint in joker


def test_an_unknown_face_is_refused() -> None:
    for text in ("R14", "X1", "", "j"):
        with pytest.raises(ValueError, match="unknown tile"):
            artwork.face_markup(text)


def test_the_sprite_is_small() -> None:
    assert len(artwork.sprite().encode()) < 60 * 1024
