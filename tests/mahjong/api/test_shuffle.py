"""POST /api/deals/<code>/shuffle/: the remaining tiles redealt, as the engine would."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from game.mahjong.engine import Board, deal, get_layout, shuffle_tiles, verify_plan

from .conftest import post

pytestmark = pytest.mark.django_db

CODE = "MJ1-L00-ABCDEFG"
URL = f"/api/deals/{CODE}/shuffle/"


def tiles_after_pairs(pairs: int) -> list[Any]:
    """The tiles of CODE after the first ``pairs`` pairs of its plan were taken."""
    dealt = deal(CODE)
    board = Board(dealt.layout, dealt.tiles)
    for a, b in dealt.plan[:pairs]:
        board.remove(a, b)
    return list(board.tiles)


def test_a_shuffle_is_the_engines_shuffle_with_a_plan_that_clears_it(client: Client) -> None:
    tiles = tiles_after_pairs(10)
    response = post(client, URL, {"level": 1, "shuffle": 0, "tiles": tiles})
    assert response.status_code == 200
    body = response.json()
    expected = shuffle_tiles(CODE, 1, 0, tiles)
    assert body == {"tiles": list(expected.tiles), "plan": [list(pair) for pair in expected.plan or ()]}
    assert [face is None for face in body["tiles"]] == [face is None for face in tiles]
    assert sorted(f for f in body["tiles"] if f) == sorted(f for f in tiles if f)
    verify_plan(get_layout("L00"), body["tiles"], [tuple(pair) for pair in body["plan"]])


def test_the_same_shuffle_is_dealt_every_time_and_the_next_one_differs(client: Client) -> None:
    tiles = tiles_after_pairs(3)
    first = post(client, URL, {"level": 1, "shuffle": 0, "tiles": tiles}).json()
    again = post(client, URL, {"level": 1, "shuffle": 0, "tiles": tiles}).json()
    second = post(client, URL, {"level": 1, "shuffle": 1, "tiles": tiles}).json()
    assert first == again
    assert first["tiles"] != second["tiles"]


def test_a_board_with_no_solvable_arrangement_gets_no_plan(client: Client) -> None:
    layout = get_layout("L00")
    top = len(layout) - 1  # the Turtle's top tile lies over the four below it
    below = next(i for i in range(len(layout)) if layout.above[i] >> top & 1)
    tiles: list[Any] = [None] * len(layout)
    tiles[top] = tiles[below] = "5B"
    body = post(client, URL, {"level": 1, "shuffle": 0, "tiles": tiles}).json()
    assert body["plan"] is None
    assert sorted(i for i, face in enumerate(body["tiles"]) if face) == sorted([top, below])


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            {"tiles": ["5B"] * 10},
            "tiles: layout L00 has 144 positions: give one face or null for each, not 10",
        ),
        ({"tiles": ["5B"] * 145}, "tiles: ensure this field has no more than 144 elements."),
        ({"tiles": [None] * 143 + ["XX"]}, 'tiles[143]: "XX" is not a valid choice.'),
        ({"tiles": [None] * 143 + [5]}, "tiles[143]: must be a string, not a number"),
        ({"tiles": ["5B"] * 6 + [None] * 138}, "tiles: 5B occurs 6 times, but a set has 4"),
        ({"tiles": ["5B"] * 3 + [None] * 141}, "tiles: the 5B tiles cannot all be paired"),
        ({"tiles": ["F1"] + [None] * 143}, "tiles: the flowers (F1-F4) cannot all be paired"),
        ({"tiles": "5B 5B"}, "tiles: must be an array of face labels, not a string"),
        ({"level": 0}, "level: ensure this value is greater than or equal to 1."),
        ({"level": "1"}, "level: must be a whole number, not a string"),
        ({"level": 1.0}, "level: must be a whole number, not a number"),
        ({"shuffle": -1}, "shuffle: ensure this value is greater than or equal to 0."),
        ({"shuffle": None}, "shuffle: this field may not be null."),
        ({"extra": 1}, "body: unexpected field 'extra'"),
    ],
)
def test_a_bad_shuffle_request_is_refused_naming_the_field(
    client: Client, change: dict[str, Any], message: str
) -> None:
    body = {"level": 1, "shuffle": 0, "tiles": tiles_after_pairs(0)} | change
    response = post(client, URL, body)
    assert response.status_code == 400
    assert response.json()["error"].startswith(message)


def test_a_missing_field_is_named(client: Client) -> None:
    response = post(client, URL, {"level": 1, "tiles": tiles_after_pairs(0)})
    assert response.json() == {"error": "shuffle: this field is required.", "code": "invalid"}


def test_a_shuffle_of_an_unknown_code_is_not_found(client: Client) -> None:
    response = post(client, "/api/deals/MJ1-L99-ABCDEFG/shuffle/", {"level": 1, "shuffle": 0, "tiles": []})
    assert response.status_code == 404
    assert response.json()["error"].startswith("code: there is no layout 'L99'")
