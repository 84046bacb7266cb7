"""POST /api/deals/ and GET /api/deals/<code>/: new deals, replays of codes and the daily challenge."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from game.mahjong import tokens
from game.mahjong.api import daily
from game.mahjong.engine import all_layouts, get_layout, verify_plan
from game.mahjong.engine import deal as engine_deal

from .conftest import deal, post
from .test_layouts import engine_graph

pytestmark = pytest.mark.django_db


def answer(client: Client, **body: Any) -> dict[str, Any]:
    """POST /api/deals/'s answer as it is (conftest's deal() adds the engine's plan)."""
    response = post(client, "/api/deals/", body)
    assert response.status_code == 201, response.content
    data: dict[str, Any] = response.json()
    return data


def assert_is_the_engines_deal(body: dict[str, Any], code: str, level: int = 1) -> None:
    expected = engine_deal(code, level)
    layout = expected.layout
    assert body["code"] == code
    assert body["layout"] == layout.id
    assert body["level"] == level
    assert body["positions"] == [list(p) for p in layout.positions]
    assert body["graph"] == engine_graph(layout)
    assert body["tiles"] == list(expected.tiles)
    assert "plan" not in body, "no answer hands out the way through the deal (issue 26)"


def test_a_new_deal_of_a_layout_is_a_solvable_board_with_a_token_and_no_plan(client: Client) -> None:
    response = post(client, "/api/deals/", {"layout": "L00", "mode": "classic"})
    assert response.status_code == 201
    assert set(response.json()) == {
        "code",
        "layout",
        "mode",
        "level",
        "daily",
        "positions",
        "graph",
        "tiles",
        "token",
    }, "no plan: the hint asks the solver for one (issue 26)"
    body = response.json()
    assert body["code"].startswith("MJ1-L00-")
    assert (body["mode"], body["level"], body["daily"]) == ("classic", 1, None)
    assert len(body["positions"]) == len(body["tiles"]) == 144
    assert_is_the_engines_deal(body, body["code"])
    verify_plan(get_layout("L00"), body["tiles"], engine_deal(body["code"]).plan)
    token = tokens.verify(body["token"])
    assert (token.code, token.mode) == (body["code"], "classic")


def test_new_deals_get_new_random_codes(client: Client) -> None:
    codes = {deal(client, layout="L03", mode="arcade")["code"] for _ in range(5)}
    assert len(codes) == 5
    assert all(code.startswith("MJ1-L03-") for code in codes)


def test_the_mode_defaults_to_classic(client: Client) -> None:
    assert deal(client, layout="L00")["mode"] == "classic"


def test_a_code_is_replayed_as_the_very_same_deal(client: Client) -> None:
    body = answer(client, code="MJ1-L01-ABCDEFG", mode="arcade")
    assert_is_the_engines_deal(body, "MJ1-L01-ABCDEFG")
    assert body["mode"] == "arcade"
    assert tokens.verify(body["token"]).code == "MJ1-L01-ABCDEFG"


def test_every_deal_of_a_code_has_its_own_token(client: Client) -> None:
    first = deal(client, code="MJ1-L00-ABCDEFG")["token"]
    second = deal(client, code="MJ1-L00-ABCDEFG")["token"]
    assert tokens.verify(first).nonce != tokens.verify(second).nonce


def test_the_daily_challenge_is_todays_code_on_the_turtle(client: Client) -> None:
    body = deal(client, daily="classic")
    today = daily.today()
    assert body["code"] == str(daily.daily_code(today, "classic"))
    assert body["layout"] == "L00"
    assert (body["mode"], body["daily"]) == ("classic", today.isoformat())
    assert tokens.verify(body["token"]).daily == today
    assert deal(client, daily="classic")["code"] == body["code"]  # the same for everyone


def test_the_daily_challenge_may_repeat_its_mode(client: Client) -> None:
    assert deal(client, daily="arcade", mode="arcade")["mode"] == "arcade"


# The daily code itself, and what the API never deals of it: tests/api/test_daily.py.


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({}, "body: give exactly one of layout, code or daily (got none)"),
        ({"layout": "L00", "code": "MJ1-L00-ABCDEFG"}, "body: give exactly one of layout, code or daily"),
        ({"layout": "L99"}, "layout: there is no layout 'L99'"),
        ({"layout": 0}, "layout: must be a string, not a number"),
        ({"layout": "L00", "mode": "zen"}, "mode: must be 'classic' or 'arcade', not 'zen'"),
        ({"layout": "L00", "mode": True}, "mode: must be a string, not a boolean"),
        ({"code": "MJ1-L00-abcdefg"}, "code: 'MJ1-L00-abcdefg' is not a game code"),
        ({"code": "MJ1-L77-ABCDEFG"}, "code: there is no layout 'L77'"),
        ({"code": ["MJ1-L00-ABCDEFG"]}, "code: must be a string, not an array"),
        ({"daily": "zen"}, "daily: must be 'classic' or 'arcade'"),
        ({"daily": "classic", "mode": "arcade"}, "mode: must agree with daily"),
        ({"layout": "L00", "level": 3}, "body: unexpected field 'level'"),
        ([], "body: must be a JSON object, not an array"),
        ('"L00"', "body: must be a JSON object, not a string"),
    ],
)
def test_a_bad_deal_request_is_refused_naming_the_field(client: Client, body: Any, message: str) -> None:
    response = post(client, "/api/deals/", body)
    assert response.status_code == 400
    assert response.json()["error"].startswith(message)
    assert set(response.json()) == {"error", "code"}


def test_a_deal_is_shown_again_by_its_code_without_a_token(client: Client) -> None:
    dealt = answer(client, layout="L02", mode="arcade")
    response = client.get(f"/api/deals/{dealt['code']}/")
    assert response.status_code == 200
    shown = response.json()
    assert "token" not in shown
    assert shown == {key: value for key, value in dealt.items() if key not in ("token", "mode")} | {
        "mode": "classic"
    }


def test_a_deal_is_shown_at_any_level_and_mode(client: Client) -> None:
    response = client.get("/api/deals/MJ1-L00-ABCDEFG/?level=3&mode=arcade")
    assert response.status_code == 200
    assert_is_the_engines_deal(response.json(), "MJ1-L00-ABCDEFG", level=3)
    assert response.json()["mode"] == "arcade"
    assert response.json()["tiles"] != client.get("/api/deals/MJ1-L00-ABCDEFG/").json()["tiles"]


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("level=0", "level: ensure this value is greater than or equal to 1."),
        ("level=two", "level: a valid integer is required."),
        ("level=10001", "level: ensure this value is less than or equal to 10000."),
        ("mode=zen", 'mode: "zen" is not a valid choice.'),
    ],
)
def test_a_bad_level_or_mode_is_refused(client: Client, query: str, message: str) -> None:
    response = client.get(f"/api/deals/MJ1-L00-ABCDEFG/?{query}")
    assert response.status_code == 400
    assert response.json() == {"error": message, "code": "invalid"}


@pytest.mark.parametrize("code", ["nonsense", "MJ1-L00-ABC", "MJ1-L42-ABCDEFG", "mj1-l00-abcdefg"])
def test_an_unknown_code_is_not_found(client: Client, code: str) -> None:
    response = client.get(f"/api/deals/{code}/")
    assert response.status_code == 404
    assert response.json()["error"].startswith("code: ")


@pytest.mark.parametrize("layout_id", sorted(all_layouts()))
def test_every_layouts_deal_carries_the_engines_graph(client: Client, layout_id: str) -> None:
    dealt = deal(client, layout=layout_id, mode="arcade")
    assert dealt["graph"] == engine_graph(get_layout(layout_id))
    shown = client.get(f"/api/deals/{dealt['code']}/?level=2&mode=arcade").json()
    assert shown["graph"] == dealt["graph"]
    assert_is_the_engines_deal(shown, dealt["code"], level=2)
