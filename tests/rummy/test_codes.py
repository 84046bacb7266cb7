"""Hand codes and golden deals: a code must deal the same hand forever.

``golden_hands.json`` freezes the racks and pool order of a few codes.  A
failure here means a change to the engine changed what existing codes deal;
that is only acceptable with a new prefix (``RM2``).  The file is written by
``tests/rummy/make_golden.py``, never by a test.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game.rummy.engine import RACK_SIZE, HandCode, MalformedError, deal, format_rack, full_box, new_hand

GOLDEN = Path(__file__).with_name("golden_hands.json")


@pytest.fixture(scope="module")
def golden() -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = json.loads(GOLDEN.read_text(encoding="utf-8"))
    return data


def test_the_golden_file_covers_several_codes(golden: list[dict[str, Any]]) -> None:
    assert len(golden) >= 5
    assert len({hand["code"] for hand in golden}) == len(golden)


def test_golden_deals_are_dealt_again_exactly(golden: list[dict[str, Any]]) -> None:
    for hand in golden:
        dealt = deal(hand["code"])
        assert format_rack(dealt.racks[0]) == hand["rack_0"], hand["code"]
        assert format_rack(dealt.racks[1]) == hand["rack_1"], hand["code"]
        assert " ".join(str(t) for t in dealt.pool) == hand["pool"], hand["code"]


def test_golden_deals_are_whole_boxes(golden: list[dict[str, Any]]) -> None:
    box = sorted(str(t) for t in full_box())
    for hand in golden:
        tiles = (hand["rack_0"] + " " + hand["rack_1"] + " " + hand["pool"]).split()
        assert sorted(tiles) == box
        assert len(hand["rack_0"].split()) == len(hand["rack_1"].split()) == RACK_SIZE


@pytest.mark.parametrize("text", ["RM1-AAAAAAA", "RM1-QWERTYU", "RM1-QWERTYUIOPASDF"])
def test_codes_round_trip(text: str) -> None:
    assert str(HandCode.parse(text)) == text


@pytest.mark.parametrize(
    "bad",
    [
        "RM1-AAAAAA",
        "RM1-AAAAAAAA",
        "RM1-AAAAAAAAAAAAA",
        "RM1-AAAAAAAAAAAAAAA",
        "RM1-AAAAAAAAAAAAAa",
        "rm1-AAAAAAA",
        "RM1-aaaaaaa",
        "RM2-AAAAAAA",
        " RM1-AAAAAAA",
        "MJ1-L00-A",
        7,
    ],
)
def test_bad_codes_are_malformed(bad: object) -> None:
    with pytest.raises(MalformedError):
        HandCode.parse(bad)


@pytest.mark.parametrize("seed", ["AAAAAA", "AAAAAAAAAAAAAAA", "ABCDEFGHIJKLM1", "abcdefghijklmn", 7])
def test_a_seed_is_seven_or_fourteen_capital_letters(seed: object) -> None:
    with pytest.raises(MalformedError):
        HandCode(seed)  # type: ignore[arg-type]


def test_the_starting_seat_does_not_change_the_deal() -> None:
    first, second = new_hand("RM1-ABCDEFG", 0), new_hand("RM1-ABCDEFG", 1)
    assert first.racks == second.racks and first.pool == second.pool
    assert (first.turn, second.turn) == (0, 1)


def test_different_codes_deal_differently() -> None:
    assert deal("RM1-AAAAAAA").racks != deal("RM1-AAAAAAB").racks
