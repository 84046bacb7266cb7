"""The daily challenge's code (game/mahjong/api/daily.py) and what the API deals of it.

The code comes from an HMAC keyed by the server's secret: fixed for a date
under one key, different under another, and out of reach of anyone who only
has the engine and the date.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import pytest
from django.test import Client

from game.common.rng import SplitMix64
from game.mahjong import tokens
from game.mahjong.api import daily
from game.mahjong.engine import MalformedError

from .conftest import deal, post

GOLDEN_KEY = "miaojong-golden-daily-key-for-tests-only"
"""The key the golden codes below are pinned under (the development key is not fixed across checkouts)."""

DECEMBER = [dt.date(2026, 12, 1) + dt.timedelta(days=k) for k in range(31)]


@pytest.fixture
def golden_key(settings: Any) -> None:
    settings.SECRET_KEY = GOLDEN_KEY


def codes(days: list[dt.date], mode: str) -> list[str]:
    return [str(daily.daily_code(day, mode)) for day in days]


@pytest.fixture
def utc_now(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[dt.datetime]]:
    """The server's clock, as daily.today() reads it: set ``utc_now[0]`` to move it."""
    now = [dt.datetime(2026, 12, 31, 23, 59, 59, tzinfo=dt.UTC)]

    class FrozenDatetime(dt.datetime):
        @classmethod
        def now(cls, tz: dt.tzinfo | None = None) -> FrozenDatetime:
            return cls.fromtimestamp(now[0].timestamp(), tz)

    monkeypatch.setattr(daily, "dt", SimpleNamespace(datetime=FrozenDatetime, UTC=dt.UTC, date=dt.date))
    yield now


# -- the code --------------------------------------------------------------------------------------


@pytest.mark.usefixtures("golden_key")
@pytest.mark.parametrize(
    ("day", "mode", "code"),
    [
        (dt.date(2026, 12, 1), "classic", "MJ1-L00-USAVGXG"),
        (dt.date(2026, 12, 1), "arcade", "MJ1-L00-MSVXEAS"),
        (dt.date(2026, 12, 2), "classic", "MJ1-L00-HLQPLSW"),
        (dt.date(2027, 1, 1), "classic", "MJ1-L00-BIWSXUT"),
        (dt.date(2030, 2, 28), "arcade", "MJ1-L00-SOMDTQC"),
    ],
)
def test_a_server_gives_a_date_the_same_code_for_ever(day: dt.date, mode: str, code: str) -> None:
    # Pinned: a change of the derivation would take every past daily board away from its deal.
    assert str(daily.daily_code(day, mode)) == code


def test_the_code_depends_on_the_servers_key(settings: Any) -> None:
    settings.SECRET_KEY = GOLDEN_KEY
    golden = codes(DECEMBER, "classic")
    settings.SECRET_KEY = GOLDEN_KEY + "!"
    other = codes(DECEMBER, "classic")
    assert all(a != b for a, b in zip(golden, other, strict=True))


@pytest.mark.usefixtures("golden_key")
def test_the_date_alone_does_not_give_the_code() -> None:
    """The derivation of before (SplitMix64 on the date and mode) no longer finds the day's code."""

    def public(day: dt.date, mode: str) -> str:
        rng = SplitMix64.from_text(f"daily|{day.isoformat()}|{mode}")
        return "MJ1-L00-" + "".join("ABCDEFGHIJKLMNOPQRSTUVWXYZ"[rng.below(26)] for _ in range(7))

    for mode in ("classic", "arcade"):
        assert set(codes(DECEMBER, mode)).isdisjoint(public(day, mode) for day in DECEMBER)


@pytest.mark.usefixtures("golden_key")
def test_the_code_differs_between_dates_and_modes() -> None:
    classic = codes(DECEMBER, "classic")
    arcade = codes(DECEMBER, "arcade")
    assert len(set(classic)) == len(set(arcade)) == len(DECEMBER)
    assert not set(classic) & set(arcade)
    assert all(code.startswith("MJ1-L00-") for code in classic + arcade)


@pytest.mark.usefixtures("golden_key")
def test_every_letter_turns_up_in_every_place_of_the_seed() -> None:
    days = [dt.date(2027, 1, 1) + dt.timedelta(days=k) for k in range(1000)]
    seeds = [code.removeprefix("MJ1-L00-") for code in codes(days, "arcade")]
    for place in range(7):
        assert len({seed[place] for seed in seeds}) == 26, f"letter {place + 1}"


def test_a_mode_that_is_not_one_is_refused() -> None:
    with pytest.raises(MalformedError, match="mode must be"):
        daily.daily_code(dt.date(2026, 12, 1), "zen")


# -- what the API deals ----------------------------------------------------------------------------


@pytest.mark.django_db
def test_the_api_deals_the_code_of_the_servers_date_up_to_its_last_second(
    client: Client, utc_now: list[dt.datetime]
) -> None:
    new_years_eve, new_year = dt.date(2026, 12, 31), dt.date(2027, 1, 1)
    body = deal(client, daily="classic")
    assert (body["code"], body["daily"]) == (str(daily.daily_code(new_years_eve, "classic")), "2026-12-31")
    assert tokens.verify(body["token"]).daily == new_years_eve
    assert body["code"] != str(daily.daily_code(new_year, "classic"))
    utc_now[0] = dt.datetime(2027, 1, 1, 0, 0, tzinfo=dt.UTC)
    body = deal(client, daily="classic")
    assert (body["code"], body["daily"]) == (str(daily.daily_code(new_year, "classic")), "2027-01-01")


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"daily": "classic", "date": "2027-01-01"}, "body: unexpected field 'date'"),
        ({"daily": "classic", "day": "2027-01-01"}, "body: unexpected field 'day'"),
        ({"daily": "2027-01-01"}, "daily: must be 'classic' or 'arcade'"),
    ],
)
def test_a_request_cannot_choose_the_date_of_a_daily_deal(
    client: Client, utc_now: list[dt.datetime], body: dict[str, str], message: str
) -> None:
    response = post(client, "/api/deals/", body)
    assert response.status_code == 400
    assert response.json()["error"].startswith(message)
    assert set(response.json()) == {"error", "code"}
    assert str(daily.daily_code(dt.date(2027, 1, 1), "classic")).encode() not in response.content


@pytest.mark.django_db
def test_no_board_tells_the_code_of_a_day_still_to_come(client: Client, utc_now: list[dt.datetime]) -> None:
    tomorrow = dt.date(2027, 1, 1)
    secret = {str(daily.daily_code(tomorrow, mode)).encode() for mode in ("classic", "arcade")}
    board = client.get("/api/leaderboards/", {"daily": tomorrow.isoformat(), "mode": "classic"})
    assert board.status_code == 200
    assert board.json() == {"entries": []}
    today = client.get("/en/mahjong/scores/daily/")
    assert today.status_code == 200
    assert not any(code in today.content for code in secret)
    # A past day's board does show its code (to play that deal again): the check above could see one.
    yesterday = client.get("/en/mahjong/scores/daily/", {"date": "2026-12-30"})
    assert str(daily.daily_code(dt.date(2026, 12, 30), "classic")).encode() in yesterday.content
    assert client.get("/en/mahjong/scores/daily/", {"date": tomorrow.isoformat()}).status_code == 404
