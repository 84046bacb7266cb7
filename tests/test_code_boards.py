"""Boards for random deals only: a layout's board ranks the deals the server drew, a code has its own."""

from __future__ import annotations

import datetime as dt
import random

import pytest
from django.test import Client

from game.mahjong import tokens
from game.mahjong.engine import get_layout
from game.mahjong.models import Score
from tests.api.conftest import _fresh_throttles, deal_long_ago, make_score, play, submit_ok
from tests.players import left_to_right, own_order
from tests.test_leaderboard_pages import names_in_order, page

__all__ = ["_fresh_throttles"]  # generous API rate limits for every test here

CODE = "MJ1-L00-ABCDEFG"


@pytest.mark.django_db
def test_a_layout_deal_is_random_and_a_code_deal_chosen_in_its_token(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn = deal_long_ago(client, monkeypatch, layout="L00", mode="classic")
    chosen = deal_long_ago(client, monkeypatch, code=drawn["code"], mode="classic")
    daily = deal_long_ago(client, monkeypatch, daily="classic")
    assert tokens.verify(drawn["token"]).random_deal is True
    assert tokens.verify(chosen["token"]).random_deal is False
    assert tokens.verify(daily["token"]).random_deal is False


def test_a_token_without_the_random_key_still_verifies_and_counts_as_chosen() -> None:
    signer = tokens._Signer()
    old = signer.sign_object({"c": CODE, "m": "classic", "i": 1, "n": "nonce"})
    assert tokens.verify(old).random_deal is False
    assert tokens.verify(tokens.issue(CODE, "classic", random_deal=True)).random_deal is True
    for bad in (True, 2, "1"):
        with pytest.raises(tokens.TokenError):
            tokens.verify(signer.sign_object({"c": CODE, "m": "classic", "i": 1, "n": "x", "r": bad}))


@pytest.mark.django_db
def test_a_chosen_code_goes_on_its_codes_board_and_not_on_the_layouts(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn = deal_long_ago(client, monkeypatch, layout="L00", mode="classic")
    first = submit_ok(client, drawn["token"], play(drawn["plan"], step_ms=1500), name="Drawn")
    again = deal_long_ago(client, monkeypatch, code=drawn["code"], mode="classic")
    # Played again faster (it is known now), in an order of the player's own so it is no copy.
    layout = get_layout("L00")
    pairs = own_order(layout, again["tiles"], again["plan"], random.Random(3), left_to_right(layout))
    log = play(pairs, step_ms=900)
    second = submit_ok(client, again["token"], log, name="Practised")
    assert (first["random_deal"], second["random_deal"]) == (True, False)
    assert (first["rank"], second["rank"]) == (1, 1), "each is first on a board of its own"

    layout_board = page(client, "/en/mahjong/scores/")
    assert names_in_order(layout_board) == ["Drawn"]
    code_board = page(client, f"/en/mahjong/scores/?code={drawn['code']}")
    assert names_in_order(code_board) == ["Practised", "Drawn"], "the code's board has every game of it"
    assert f"<code>{drawn['code']}</code>" in code_board
    assert f'href="/en/mahjong/play/{drawn["code"]}/">Play this deal</a>' in code_board

    replay = page(client, f"/en/mahjong/scores/{second['id']}/")
    assert f'href="/en/mahjong/scores/?code={drawn["code"]}">1</a>' in replay, "its rank links to its board"
    detail = client.get(f"/api/scores/{second['id']}/").json()
    assert (detail["rank"], detail["random_deal"]) == (1, False)


@pytest.mark.django_db
def test_rank_of_uses_the_entrys_own_board() -> None:
    make_score(name="random fast", time_ms=40_000)
    chosen = make_score(name="chosen", time_ms=50_000, random_deal=False)
    random_slow = make_score(name="random slow", time_ms=60_000)
    other_code = make_score(name="other code", time_ms=10_000, random_deal=False, code="MJ1-L00-ZZZZZZZ")
    make_score(name="daily", time_ms=1_000, daily=dt.date(2026, 12, 1), code=CODE)
    assert Score.objects.rank_of(random_slow) == 2, "behind the random fast one, the chosen one left out"
    assert Score.objects.rank_of(chosen) == 2, "the code's board: behind the random fast game of its code"
    assert Score.objects.rank_of(other_code) == 1
    assert [e.name for e in Score.objects.of_code(CODE, mode="classic")] == [
        "random fast",
        "chosen",
        "random slow",
    ]
    assert [e.name for e in Score.objects.ranked(layout="L00", mode="classic")] == [
        "random fast",
        "random slow",
    ]


@pytest.mark.django_db
def test_a_code_board_keeps_the_mode_and_the_period_and_leaves_daily_games_out(client: Client) -> None:
    make_score(name="Classic", random_deal=False)
    make_score(name="Arcade", mode="arcade", random_deal=False)
    make_score(name="Daily", code=CODE, daily=dt.date(2026, 12, 1))
    assert names_in_order(page(client, f"/en/mahjong/scores/?code={CODE}")) == ["Classic"]
    html = page(client, f"/en/mahjong/scores/?code={CODE}&mode=arcade")
    assert names_in_order(html) == ["Arcade"]
    assert f'href="?code={CODE}&amp;mode=arcade&amp;period=week"' in html, "the periods stay on the code"
    assert "Classic" not in names_in_order(page(client, "/en/mahjong/scores/?mode=arcade"))


@pytest.mark.django_db
@pytest.mark.parametrize("code", ["MJ1-L00-abcdefg", "MJ1-L99-ABCDEFG", "nonsense"])
def test_a_bad_code_gets_the_friendly_400(client: Client, code: str) -> None:
    response = client.get("/en/mahjong/scores/", {"code": code})
    assert response.status_code == 400
    assert f"There is no game code “{code}”." in response.content.decode()


@pytest.mark.django_db
def test_the_code_is_part_of_the_canonical_link(client: Client) -> None:
    html = page(client, f"/en/mahjong/scores/?code={CODE}&layout=L01")
    assert f'<link rel="canonical" href="http://testserver/en/mahjong/scores/?code={CODE}">' in html
