"""Tile notation, the box, and the text and JSON forms of racks and tables."""

from __future__ import annotations

import pytest

from game.rummy.engine import (
    BOX_SIZE,
    Colour,
    MalformedError,
    Tile,
    format_rack,
    format_table,
    full_box,
    parse_rack,
    parse_rack_text,
    parse_table,
    parse_table_text,
    rack_points,
)
from game.rummy.engine.tiles import JOKER, TEXTS


def test_the_box_holds_two_of_each_number_in_four_colours_and_two_jokers() -> None:
    box = full_box()
    assert len(box) == BOX_SIZE == 106
    texts = [str(tile) for tile in box]
    for letter in "RBKO":
        for number in range(1, 14):
            assert texts.count(f"{letter}{number}") == 2
    assert texts.count("J") == 2


@pytest.mark.parametrize("text", [*TEXTS])
def test_every_tile_text_round_trips(text: str) -> None:
    tile = Tile.parse(text)
    assert str(tile) == text
    assert Tile.parse(str(tile)) == tile


def test_tiles_know_colour_number_and_points() -> None:
    assert Tile.parse("O13").colour is Colour.ORANGE
    assert Tile.parse("O13").number == 13
    assert Tile.parse("K1").colour is Colour.BLACK
    assert Tile.parse("J").is_joker and Tile.parse("J").colour is None and Tile.parse("J").number is None
    assert Tile.parse("R7").points == 7
    assert Tile.parse("J").points == 30
    assert Tile.of(Colour.BLUE, 4) == Tile.parse("B4")


@pytest.mark.parametrize(
    "bad", ["r7", "R0", "R14", "X5", "R 7", " R7", "JJ", "j", "", "B07", 7, None, ["R7"]]
)
def test_unknown_tiles_are_malformed(bad: object) -> None:
    with pytest.raises(MalformedError):
        Tile.parse(bad)


@pytest.mark.parametrize("bad", [-1, 53, True, "5"])
def test_tile_codes_are_checked(bad: object) -> None:
    with pytest.raises(MalformedError):
        Tile(bad)  # type: ignore[arg-type]


def test_canonical_order_is_red_blue_black_orange_then_jokers() -> None:
    rack = parse_rack(["J", "O1", "K13", "B2", "R13", "R1"])
    assert format_rack(rack) == "R1 R13 B2 K13 O1 J"
    assert rack_points(rack) == 1 + 13 + 2 + 13 + 1 + 30


@pytest.mark.parametrize("text", ["", "R1", "R1 R1 B7 O13 J J", "B1 B2 B3 K9 O13"])
def test_canonical_rack_texts_round_trip(text: str) -> None:
    assert format_rack(parse_rack_text(text)) == text


@pytest.mark.parametrize("text", ["", "R1 R2 R3", "J R12 R13 | B5 K5 O5 R5", "K5 J R5 | O1 O2 O3 O4"])
def test_table_texts_round_trip(text: str) -> None:
    table = parse_table_text(text)
    assert format_table(table) == text
    assert parse_table([[str(t) for t in tiles] for tiles in table]) == table


@pytest.mark.parametrize("bad", ["R1  R2", "R1 R2 |", "| R1", "R1 R2 R3 || B1", "R1,R2", "R1 | | R2"])
def test_broken_table_texts_are_malformed(bad: str) -> None:
    with pytest.raises(MalformedError):
        parse_table_text(bad)


@pytest.mark.parametrize("bad", ["R1 R2", [["R1"], "R2"], [[1, 2, 3]], None, {"a": 1}])
def test_tables_of_the_wrong_shape_are_malformed(bad: object) -> None:
    with pytest.raises(MalformedError):
        parse_table(bad)


def test_a_table_holds_at_most_the_box() -> None:
    box = [str(tile) for tile in full_box()]
    whole = [box[i : i + 2] for i in range(0, len(box), 2)]
    assert sum(map(len, parse_table(whole))) == len(box)
    too_many: list[list[list[str]]] = [[*whole, ["J"]], [[]] * (len(box) + 1), [[*box, "J"]]]
    for bad in too_many:
        with pytest.raises(MalformedError, match="more tiles than the box"):
            parse_table(bad)


def test_joker_code_is_last() -> None:
    assert TEXTS[JOKER] == "J"
    assert max(tile.code for tile in full_box()) == JOKER
