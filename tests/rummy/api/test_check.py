"""POST /api/rummy/check/: is this confirmed Rummy turn legal, and if not, the first reason why."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from tests.api_limits import post

pytestmark = pytest.mark.django_db

URL = "/api/rummy/check/"


def check(client: Client, **body: Any) -> dict[str, Any]:
    response = post(client, URL, body)
    assert response.status_code == 200, response.content
    answer: dict[str, Any] = response.json()
    return answer


def test_a_legal_opening_names_the_tiles_played(client: Client) -> None:
    answer = check(
        client, table=[], rack=["R10", "B10", "J", "K3"], after=[["R10", "B10", "J"]], opened=False
    )
    assert answer == {"valid": True, "played": ["R10", "B10", "J"]}


def test_an_opening_under_30_is_refused_with_its_code_and_a_message(client: Client) -> None:
    answer = check(client, table=[], rack=["R1", "R2", "J", "K3"], after=[["R1", "R2", "J"]], opened=False)
    assert answer["valid"] is False
    assert answer["code"] == "opening_too_low"
    assert answer["set"] is None
    assert "30" in answer["message"]


def test_an_invalid_set_is_named_by_its_index(client: Client) -> None:
    answer = check(
        client,
        table=[["K5", "K6", "K7"]],
        rack=["R12", "R13", "B2"],
        after=[["K5", "K6", "K7"], ["J", "R12", "R13"]],
        opened=True,
    )
    assert (answer["valid"], answer["code"]) == (False, "not_from_rack"), "the joker is nobody's"
    answer = check(
        client,
        table=[["K5", "K6", "K7"]],
        rack=["R12", "R13", "J"],
        after=[["K5", "K6", "K7"], ["R12", "R13", "J"]],  # the joker would be R14
        opened=True,
    )
    assert answer == {"valid": False, "code": "invalid_set", "message": answer["message"], "set": 1}
    assert check(
        client,
        table=[["K5", "K6", "K7"]],
        rack=["R12", "R13", "J"],
        after=[["K5", "K6", "K7"], ["J", "R12", "R13"]],
        opened=True,
    ) == {"valid": True, "played": ["R12", "R13", "J"]}


def test_a_tile_on_neither_table_nor_rack_is_not_from_rack(client: Client) -> None:
    answer = check(client, table=[], rack=["R1", "R2"], after=[["R1", "R2", "R3"]], opened=True)
    assert (answer["valid"], answer["code"]) == (False, "not_from_rack")


@pytest.mark.parametrize(
    ("body", "fragment"),
    [
        ({"table": [], "rack": ["X2"], "after": [], "opened": False}, "X2"),
        ({"table": [], "rack": ["R1"], "after": [], "opened": "yes"}, "opened: must be true or false"),
        ({"table": [], "rack": "R1", "after": [], "opened": True}, "rack"),
        ({"table": [["R1", 5]], "rack": [], "after": [], "opened": True}, "table"),
        ({"rack": [], "after": [], "opened": True}, "table: this field is required"),
        ({"table": [], "rack": [], "after": [], "opened": True, "extra": 1}, "unexpected field 'extra'"),
        # Three red sevens: the box holds two.
        ({"table": [["R7", "B7", "K7"]], "rack": ["R7", "R7"], "after": [], "opened": True}, "R7"),
        ({"table": [], "rack": ["R1"] * 200, "after": [], "opened": True}, "rack"),
    ],
)
def test_a_malformed_body_is_a_400_naming_the_problem(client: Client, body: Any, fragment: str) -> None:
    response = post(client, URL, body)
    assert response.status_code == 400
    answer = response.json()
    assert answer["code"] == "invalid"
    assert fragment in answer["error"], answer
