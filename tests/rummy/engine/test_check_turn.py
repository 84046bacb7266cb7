"""Checking confirmed turns: the classic bugs of other implementations, one table row each.

Positions are written in the text forms (tables ``R1 R2 R3 | B5 K5 O5``, racks
``R1 B5 J``) and handed to :func:`check_turn` in its JSON-ish form, as the API
will.  Expected answers are either ``legal`` with the tiles played, or the first
reason that applies.
"""

from __future__ import annotations

import pytest

from game.rummy.engine import MalformedError, Reason, check_turn, parse_table_text


def table(text: str) -> list[list[str]]:
    return [[str(tile) for tile in tiles] for tiles in parse_table_text(text)]


def rack(text: str) -> list[str]:
    return text.split() if text else []


LEGAL = None

# (name, table, rack, after, opened, expected reason or LEGAL, tiles played or set index)
ROWS: list[tuple[str, str, str, str, bool, Reason | None, str | int | None]] = [
    # -- the joker in the opening: it counts as what it stands for, neither 0 nor 30
    ("joker counts its number: 10+10+10", "", "R10 B10 J K2", "R10 B10 J", False, LEGAL, "R10 B10 J"),
    ("joker is not worth 30: 1+2+3", "", "R1 R2 J", "R1 R2 J", False, Reason.OPENING_TOO_LOW, None),
    ("joker is not worth 0: 9+10+11", "", "R9 R11 J", "R9 J R11", False, LEGAL, "R9 R11 J"),
    ("joker at the front of a run counts", "", "R12 R13 J", "J R12 R13", False, LEGAL, "R12 R13 J"),
    ("one tile, two jokers: the higher reading", "", "K13 J J", "J J K13", False, LEGAL, "K13 J J"),
    ("one tile, two jokers, run reading higher", "", "O9 J J", "O9 J J", False, LEGAL, "O9 J J"),
    ("one tile, two jokers, both readings low", "", "O3 J J", "O3 J J", False, Reason.OPENING_TOO_LOW, None),
    # -- groups
    ("group with a repeated colour", "", "R5 R5 B5 K5", "R5 R5 B5", True, Reason.INVALID_SET, 0),
    ("group of five", "", "R5 B5 K5 O5 J", "R5 B5 K5 O5 J", True, Reason.INVALID_SET, 0),
    ("group with a joker as the repeated colour is fine", "", "R7 B7 J", "J B7 R7", True, LEGAL, "R7 B7 J"),
    # -- runs
    ("run wrapping 13-1", "", "R12 R13 R1", "R12 R13 R1", True, Reason.INVALID_SET, 0),
    ("run wrapping 13-1 with a joker", "", "R13 R1 J", "J R13 R1", True, Reason.INVALID_SET, 0),
    ("joker pushed to 14", "", "R12 R13 J", "R12 R13 J", True, Reason.INVALID_SET, 0),
    ("joker pushed to 0", "", "R1 R2 J", "J R1 R2", True, Reason.INVALID_SET, 0),
    ("run written backwards", "", "B3 B4 B5", "B5 B4 B3", True, Reason.INVALID_SET, 0),
    ("the second set is the bad one", "", "B3 B4 B5 K1 K2", "B3 B4 B5 | K1 K2", True, Reason.INVALID_SET, 1),
    # -- openings that need two sets together, and openings that touch the table
    (
        "opening of 30 from two sets",
        "",
        "R1 R2 R3 B8 K8 O8",
        "R1 R2 R3 | B8 K8 O8",
        False,
        LEGAL,
        "R1 R2 R3 B8 K8 O8",
    ),
    (
        "opening of 29 from two sets",
        "",
        "R1 R2 R3 B7 K7 O7 O9",
        "R1 R2 R3 | B7 K7 O7",
        False,
        Reason.OPENING_TOO_LOW,
        None,
    ),
    (
        "opening appended after the table",
        "K1 K2 K3",
        "R10 R11 R12",
        "K1 K2 K3 | R10 R11 R12",
        False,
        LEGAL,
        "R10 R11 R12",
    ),
    (
        "opening may come before the old sets",
        "K1 K2 K3 | O4 O5 O6",
        "R10 R11 R12",
        "R10 R11 R12 | K1 K2 K3 | O4 O5 O6",
        False,
        LEGAL,
        "R10 R11 R12",
    ),
    (
        "opening that adds to a table set",
        "K1 K2 K3",
        "K4 R10 R11 R12",
        "K1 K2 K3 K4 | R10 R11 R12",
        False,
        Reason.OPENING_CHANGED_TABLE,
        None,
    ),
    (
        "opening that reorders the table",
        "K1 K2 K3 | O4 O5 O6",
        "R10 R11 R12",
        "O4 O5 O6 | K1 K2 K3 | R10 R11 R12",
        False,
        Reason.OPENING_CHANGED_TABLE,
        None,
    ),
    (
        "opening that reorders a group's tiles",
        "K1 R1 B1",
        "R10 R11 R12",
        "R1 K1 B1 | R10 R11 R12",
        False,
        Reason.OPENING_CHANGED_TABLE,
        None,
    ),
    (
        "opening that uses a table tile for its 30",
        "K9 K10 K11 K12",
        "R12 B12",
        "K9 K10 K11 | R12 B12 K12",
        False,
        Reason.OPENING_CHANGED_TABLE,
        None,
    ),
    (
        "after opening, rearranging is fine",
        "K9 K10 K11 K12",
        "R12 B12",
        "K9 K10 K11 | R12 B12 K12",
        True,
        LEGAL,
        "R12 B12",
    ),
    # -- "at least one tile from the rack" is about tiles, not points
    ("a joker alone is a play", "R3 R4 R5", "J", "R3 R4 R5 J", True, LEGAL, "J"),
    (
        "a joker alone opening is too low",
        "R3 R4 R5",
        "J",
        "R3 R4 R5 J",
        False,
        Reason.OPENING_CHANGED_TABLE,
        None,
    ),
    (
        "rearranging without a rack tile",
        "R3 R4 R5 R6",
        "B1",
        "R3 R4 R5 R6",
        True,
        Reason.NOTHING_PLAYED,
        None,
    ),
    (
        "a shuffle of the table only",
        "R3 R4 R5 R6 | B6 K6 O6",
        "B1",
        "R3 R4 R5 | R6 B6 K6 O6",
        True,
        Reason.NOTHING_PLAYED,
        None,
    ),
    ("confirming the table unchanged", "R3 R4 R5", "B1", "R3 R4 R5", True, Reason.NOTHING_PLAYED, None),
    ("confirming an empty table", "", "B1", "", True, Reason.NOTHING_PLAYED, None),
    # -- tiles on both the rack and the table, tiles from nowhere, tiles going home
    (
        "a tile on both rack and table can be played once more",
        "R3 R4 R5",
        "R5 R6 R7",
        "R3 R4 R5 | R5 R6 R7",
        True,
        LEGAL,
        "R5 R6 R7",
    ),
    (
        "a tile on both cannot be played three times",
        "R3 R4 R5",
        "R5 R6",
        "R3 R4 R5 | R5 R6 J",
        True,
        Reason.NOT_FROM_RACK,
        None,
    ),
    ("a tile from nowhere", "R3 R4 R5", "R6", "R3 R4 R5 R6 R7", True, Reason.NOT_FROM_RACK, None),
    ("a table tile taken back", "R3 R4 R5 R6", "B1", "R3 R4 R5", True, Reason.TILE_LEFT_TABLE, None),
    ("a table joker taken back", "R3 J R5", "R4", "R3 R4 R5", True, Reason.TILE_LEFT_TABLE, None),
    (
        "a table joker swapped and reused",
        "R3 J R5",
        "R4 B9 K9",
        "R3 R4 R5 | B9 K9 J",
        True,
        LEGAL,
        "R4 B9 K9",
    ),
    # -- the order of the reasons
    ("invalid set comes before a missing tile", "R3 R4 R5 R6", "B1", "R3 R4", True, Reason.INVALID_SET, 0),
    (
        "a missing tile comes before a foreign one",
        "R3 R4 R5 R6",
        "B1",
        "R3 R4 R5 | B7 B8 B9",
        True,
        Reason.TILE_LEFT_TABLE,
        None,
    ),
    (
        "a foreign tile comes before the opening",
        "K1 K2 K3",
        "R10 R11",
        "R10 R11 R12",
        False,
        Reason.TILE_LEFT_TABLE,
        None,
    ),
    (
        "changed table comes before too low",
        "K1 K2 K3",
        "K4",
        "K1 K2 K3 K4",
        False,
        Reason.OPENING_CHANGED_TABLE,
        None,
    ),
]


@pytest.mark.parametrize(
    ("table_text", "rack_text", "after_text", "opened", "reason", "extra"),
    [row[1:] for row in ROWS],
    ids=[row[0] for row in ROWS],
)
def test_turn_checks(
    table_text: str,
    rack_text: str,
    after_text: str,
    opened: bool,
    reason: Reason | None,
    extra: str | int | None,
) -> None:
    verdict = check_turn(table(table_text), rack(rack_text), table(after_text), opened)
    assert verdict.reason is reason, verdict.message
    assert verdict.legal is (reason is None)
    if reason is None:
        assert isinstance(extra, str)
        assert " ".join(str(tile) for tile in verdict.played) == extra
        assert verdict.to_json()["played"] == extra.split()
    elif reason is Reason.INVALID_SET:
        assert verdict.set_index == extra
        assert verdict.to_json() == {"legal": False, "reason": "invalid_set", "set_index": extra}
    else:
        assert verdict.set_index is None
        assert verdict.to_json()["reason"] == reason.value


def test_the_opening_value_is_reported() -> None:
    low = check_turn([], ["R1", "R2", "J"], [["R1", "R2", "J"]], False)
    assert low.opening_value == 6
    assert "6" in low.message
    high = check_turn([], ["R10", "B10", "J"], [["R10", "B10", "J"]], False)
    assert high.opening_value == 30
    assert check_turn([], ["R10", "B10", "J"], [["R10", "B10", "J"]], True).opening_value is None


def test_illegal_verdicts_raise_with_their_code() -> None:
    from game.rummy.engine import IllegalTurnError

    verdict = check_turn([], ["R1", "R2", "R4"], [["R1", "R2"]], True)
    with pytest.raises(IllegalTurnError) as caught:
        verdict.raise_if_illegal()
    assert caught.value.code == "invalid_set"
    assert caught.value.set_index == 0
    check_turn([], ["R1", "R2", "R3"], [["R1", "R2", "R3"]], True).raise_if_illegal()


@pytest.mark.parametrize(
    ("table_value", "rack_value", "after_value", "opened"),
    [
        ([["R1", "R2", "R3"]], ["R1", "R2", "R3", "R1"], [], True),  # three R1 across table and rack
        ([], ["J", "J", "J"], [], True),  # three jokers
        ([["J", "R2", "R3"], ["J", "B5", "K5"]], ["J"], [], True),
        ([], ["R14"], [], True),
        ([], ["r1"], [], True),
        ([], [1], [], True),
        ("R1 R2 R3", [], [], True),
        ([], "R1", [], True),
        ([], [], "R1 R2 R3", True),
        ([], [], [["R1", "R2", 3]], True),
        ([], [], [], "yes"),
        ([], [], [], 1),
        (None, [], [], True),
    ],
)
def test_malformed_input_is_an_exception_not_a_verdict(
    table_value: object, rack_value: object, after_value: object, opened: object
) -> None:
    with pytest.raises(MalformedError):
        check_turn(table_value, rack_value, after_value, opened)


def test_box_limits_apply_to_table_and_rack_not_after() -> None:
    # after may ask for a third R1: that is a turn that is not from the rack, not malformed input.
    after = [["R1", "B1", "K1"], ["R1", "R2", "R3"], ["R1", "O1", "K1"]]
    verdict = check_turn([["R1", "B1", "K1"]], ["R1", "R2", "R3"], after, True)
    assert verdict.reason is Reason.NOT_FROM_RACK
