"""The leaderboard pages: a layout's board by mode and period, and the daily challenge's boards."""

from __future__ import annotations

import datetime as dt
import random
import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone, translation

from game.mahjong.api.daily import daily_code, today
from game.mahjong.engine import get_layout
from game.mahjong.models import Score
from tests.api.conftest import _fresh_throttles, deal_long_ago, make_score, play, submit_ok
from tests.paths import mahjong_path
from tests.players import left_to_right, own_order

__all__ = ["_fresh_throttles"]  # generous API rate limits for every test here

LANGUAGES = ["en", "it", "pl", "ru", "fr"]


def names_in_order(html: str) -> list[str]:
    """The names on the board, top to bottom."""
    row = r'<td class="board-name"><a href="/\w+/mahjong/[\w-]+/\d+/"[^>]*><bdi>([^<]+)</bdi></a>'
    return re.findall(row, html)


def alternates(html: str) -> dict[str, str]:
    return dict(re.findall(r'<link rel="alternate" hreflang="([\w-]+)" href="([^"]+)">', html))


def canonical(html: str) -> str:
    found = re.findall(r'<link rel="canonical" href="([^"]+)">', html)
    assert len(found) == 1
    return str(found[0])


def won(
    client: Client,
    monkeypatch: pytest.MonkeyPatch,
    name: str,
    step_ms: int,
    *,
    own_way: bool = False,
    **deal: Any,
) -> int:
    """A classic game won through the API: deal, play the deal's plan, submit. Returns the id.

    With ``own_way``, the plan's pairs are taken in an order of the player's own:
    another way of playing the same deal, which the server does not take for a
    copy of a game played in the plan's order.
    """
    dealt = deal_long_ago(client, monkeypatch, **(deal or {"layout": "L00", "mode": "classic"}))
    pairs = dealt["plan"]
    if own_way:
        layout = get_layout(dealt["layout"])
        pairs = own_order(layout, dealt["tiles"], pairs, random.Random(name), left_to_right(layout))
    log = play(pairs, step_ms=step_ms)
    created = submit_ok(client, dealt["token"], log, name=name)
    return int(created["id"])


def page(client: Client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, response.content[:500]
    return response.content.decode()


@pytest.mark.django_db
def test_it_ranks_classic_games_by_time_fastest_first(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    slow = won(client, monkeypatch, "Slow", 2000)
    fast = won(client, monkeypatch, "Fast", 900)
    middle = won(client, monkeypatch, "Middle", 1200)
    html = page(client, "/en/mahjong/scores/")
    assert names_in_order(html) == ["Fast", "Middle", "Slow"]
    # 72 pairs one every 900 ms: the stopwatch starts at the first, so 71 x 0.9 s.
    assert "1:03.9" in html
    for pk in (slow, fast, middle):
        assert f'href="/en/mahjong/scores/{pk}/"' in html
    assert '<h2 class="board-heading">Turtle · Classic · All time</h2>' in html


@pytest.mark.django_db
def test_equal_ranked_times_rank_fewer_hints_first(client: Client) -> None:
    # 30 s on the stopwatch and two hints of 15 s rank as 60 s, behind 60 s without a hint.
    make_score(name="Hinted", time_ms=30_000, hints=2)
    make_score(name="Clean", time_ms=60_000, hints=0)
    make_score(name="Slower", time_ms=61_000, hints=0)
    assert names_in_order(page(client, "/en/mahjong/scores/")) == ["Clean", "Hinted", "Slower"]


@pytest.mark.django_db
def test_the_arcade_board_ranks_by_score_and_shows_score_and_level(client: Client) -> None:
    make_score(mode="arcade", name="Low", score=3_000, level=1)
    make_score(mode="arcade", name="High", score=12_500, level=3)
    make_score(name="Classic player")
    html = page(client, "/en/mahjong/scores/?mode=arcade")
    assert names_in_order(html) == ["High", "Low"]
    assert '<th scope="col">Score</th>' in html and '<span class="board-label">Level</span>' in html
    assert '<span class="board-label">Hints</span>' not in html
    assert '<td class="board-figure">12,500</td>' in html
    assert '<td class="board-number">3</td>' in html


@pytest.mark.django_db
def test_the_classic_board_shows_time_and_hints(client: Client) -> None:
    make_score(name="Anna", time_ms=83_456)
    make_score(name="Bea", time_ms=90_000, hints=4)
    html = page(client, "/en/mahjong/scores/")
    assert '<th scope="col">Time</th>' in html and '<span class="board-label">Hints</span>' in html
    assert '<td class="board-figure">1:23.4</td>' in html, "no penalties, nothing more to say"
    assert '<td class="board-number">4</td>' in html


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("period", "expected"),
    [("day", ["Now"]), ("week", ["Now", "Three days ago"]), ("all", ["Now", "Three days ago", "Last month"])],
)
def test_periods_keep_only_recent_entries(client: Client, period: str, expected: list[str]) -> None:
    now = timezone.now()
    make_score(name="Last month", time_ms=50_000, created=now - dt.timedelta(days=30))
    make_score(name="Three days ago", time_ms=55_000, created=now - dt.timedelta(days=3))
    make_score(name="Now", time_ms=70_000, created=now - dt.timedelta(hours=1))
    html = page(client, f"/en/mahjong/scores/?period={period}")
    assert sorted(names_in_order(html)) == sorted(expected)
    assert names_in_order(html)[-1] == "Now", "the slowest of them"
    assert re.search(
        rf'<a href="\?period={period}" aria-current="page">|<a href="\?" aria-current="page">', html
    )


@pytest.mark.django_db
def test_layouts_have_boards_of_their_own_and_daily_games_are_not_on_them(client: Client) -> None:
    make_score(name="On the Fish", layout="L02", code="MJ1-L02-ABCDEFG")
    make_score(name="On the Turtle")
    make_score(name="Daily player", daily=today(), code=str(daily_code(today(), "classic")))
    assert names_in_order(page(client, "/en/mahjong/scores/?layout=L02")) == ["On the Fish"]
    assert names_in_order(page(client, "/en/mahjong/scores/")) == ["On the Turtle"]


@pytest.mark.django_db
def test_hidden_and_flagged_entries_are_left_out(client: Client) -> None:
    make_score(name="Hidden", hidden=True)
    make_score(name="Flagged", flagged=True)
    make_score(name="Approved", flagged=True, approved=True)
    assert names_in_order(page(client, "/en/mahjong/scores/")) == ["Approved"]


@pytest.mark.django_db
def test_a_board_shows_the_top_100(client: Client) -> None:
    Score.objects.bulk_create(
        [
            Score(
                code="MJ1-L00-ABCDEFG",
                layout="L00",
                mode="classic",
                time_ms=10_000 + k,
                moves=72,
                hints=0,
                shuffles=0,
                name=f"P{k}",
                log=[],
                token_digest=f"bulk{k:060d}",  # 64 characters, the column's length
                random_deal=True,
            )
            for k in range(105)
        ]
    )
    names = names_in_order(page(client, "/en/mahjong/scores/"))
    assert len(names) == 100
    assert names[0] == "P0" and names[-1] == "P99"


@pytest.mark.django_db
def test_an_empty_board_says_so(client: Client) -> None:
    assert "No scores yet" in page(client, "/en/mahjong/scores/?layout=L05&mode=arcade&period=day")


@pytest.mark.django_db
def test_the_form_works_without_script_and_keeps_the_choice(client: Client) -> None:
    html = page(client, "/en/mahjong/scores/?layout=L03&mode=arcade&period=week")
    assert '<form class="board-choice" method="get" action="/en/mahjong/scores/">' in html
    assert '<option value="L03" selected>Bridge</option>' in html
    assert '<option value="arcade" selected>Arcade</option>' in html
    assert html.count('<option value="L') == 12, "every layout"
    # The period is chosen once, with the tabs; the form carries the current one along.
    assert '<select name="period">' not in html
    assert '<input type="hidden" name="period" value="week">' in html
    assert '<a href="?layout=L03&amp;mode=arcade&amp;period=week" aria-current="page">' in html
    # Switching the period keeps the layout and the mode.
    assert '<a href="?layout=L03&amp;mode=arcade&amp;period=day">' in html


@pytest.mark.django_db
def test_the_default_period_adds_nothing_to_the_form(client: Client) -> None:
    html = page(client, "/en/mahjong/scores/?layout=L03")
    assert 'name="period"' not in html
    assert '<a href="?layout=L03" aria-current="page">' in html


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("query", "problem"),
    [
        ("layout=L99", "There is no layout “L99”."),
        ("mode=zen", "There is no mode “zen”."),
        ("period=year", "There is no period “year”."),
        ("layout=%00%ff&mode=", "There is no layout"),
    ],
)
def test_bad_choices_get_a_friendly_400(client: Client, query: str, problem: str) -> None:
    response = client.get(f"/en/mahjong/scores/?{query}")
    assert response.status_code == 400
    html = response.content.decode()
    assert problem in html
    assert '<html lang="en"' in html
    assert '<meta name="robots" content="noindex">' in html
    assert '<form class="board-choice"' in html, "a way out"
    assert "<table" not in html


@pytest.mark.django_db
def test_the_choice_is_part_of_canonical_and_hreflang_links(client: Client) -> None:
    html = page(client, "/it/mahjong/classifiche/?period=week&mode=arcade&layout=L01&utm=x")
    query = "layout=L01&amp;mode=arcade&amp;period=week"
    assert canonical(html) == f"http://testserver/it/mahjong/classifiche/?{query}"
    links = alternates(html)
    assert set(links) == {*LANGUAGES, "x-default"}
    assert links["fr"] == f"http://testserver/fr/mahjong/classements/?{query}"
    assert links["x-default"] == f"http://testserver/en/mahjong/scores/?{query}"
    assert f'<a href="/pl/mahjong/wyniki/?{query}" hreflang="pl" lang="pl">' in html
    # The default board's address has no query at all.
    assert canonical(page(client, "/en/mahjong/scores/?layout=L00&mode=classic&period=all")) == (
        "http://testserver/en/mahjong/scores/"
    )


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_leaderboard_renders_in_every_language(client: Client, language: str) -> None:
    make_score(name="Anna", time_ms=83_456)
    with translation.override(language):
        url = reverse("mahjong:leaderboard")
    assert url == mahjong_path(language, "scores")
    html = page(client, url)
    assert f'<html lang="{language}"' in html
    assert canonical(html) == f"http://testserver{mahjong_path(language, 'scores')}"
    assert set(alternates(html)) == {*LANGUAGES, "x-default"}
    assert names_in_order(html) == ["Anna"]
    assert f'href="{mahjong_path(language, "scores")}" aria-current="page"' in html, "the navigation link"
    mark = "." if language == "en" else ","
    assert f'<td class="board-figure">1:23{mark}4</td>' in html


@pytest.mark.django_db
def test_dates_are_shown_in_the_page_language(client: Client) -> None:
    make_score(name="Anna", created=dt.datetime(2026, 3, 5, 12, 0, tzinfo=dt.UTC))
    html = page(client, "/en/mahjong/scores/")
    assert (
        '<time datetime="2026-03-05T12:00:00+00:00"><span class="board-date-long">March 5, 2026</span>'
        in html
    )
    assert '<span class="board-date-short">03/05/2026</span>' in html, "for narrow screens"
    assert "5 marzo 2026" in page(client, "/it/mahjong/classifiche/"), "as Italian writes it"
    assert "5 mars 2026" in page(client, "/fr/mahjong/classements/")
    assert "5 марта 2026" in page(client, "/ru/mahjong/rekordy/")


# -- the daily challenge ------------------------------------------------------------------------------


@pytest.mark.django_db
def test_the_daily_page_shows_both_boards_of_today(client: Client, monkeypatch: pytest.MonkeyPatch) -> None:
    won(client, monkeypatch, "Daily slow", 1500, daily="classic")
    won(client, monkeypatch, "Daily fast", 1000, own_way=True, daily="classic")
    make_score(name="Arcade daily", mode="arcade", daily=today(), code=str(daily_code(today(), "arcade")))
    make_score(name="Yesterday", daily=today() - dt.timedelta(days=1))
    won(client, monkeypatch, "Not daily", 800)
    html = page(client, "/en/mahjong/scores/daily/")
    classic, arcade = html.split('id="board-arcade"')
    assert names_in_order(classic) == ["Daily fast", "Daily slow"]
    assert names_in_order(arcade) == ["Arcade daily"]
    assert f'<time datetime="{today().isoformat()}">' in html
    assert (
        'href="/en/mahjong/play/?daily=classic"' in html and 'href="/en/mahjong/play/?daily=arcade"' in html
    )
    assert f'href="?date={(today() - dt.timedelta(days=1)).isoformat()}" rel="prev"' in html
    assert 'rel="next"' not in html, "no board of tomorrow yet"
    assert canonical(html) == "http://testserver/en/mahjong/scores/daily/"


@pytest.mark.django_db
def test_a_past_days_play_link_leads_to_the_deal_its_entries_were_played_on(client: Client) -> None:
    """Days played before the daily code was keyed by the server's secret had other deals."""
    day = today() - dt.timedelta(days=30)
    make_score(name="Back then", daily=day, code="MJ1-L00-ABCDEFG")
    html = page(client, f"/en/mahjong/scores/daily/?date={day.isoformat()}")
    assert 'href="/en/mahjong/play/MJ1-L00-ABCDEFG/"' in html
    assert f'href="/en/mahjong/play/{daily_code(day, "arcade")}/?mode=arcade"' in html, "no arcade entry"


@pytest.mark.django_db
def test_a_past_day_has_its_own_boards_and_address(client: Client) -> None:
    day = today() - dt.timedelta(days=3)
    make_score(name="Back then", daily=day, code=str(daily_code(day, "classic")))
    make_score(name="Today", daily=today())
    html = page(client, f"/ru/mahjong/rekordy/dnya/?date={day.isoformat()}")
    assert names_in_order(html) == ["Back then"]
    assert canonical(html) == f"http://testserver/ru/mahjong/rekordy/dnya/?date={day.isoformat()}"
    assert alternates(html)["pl"] == f"http://testserver/pl/mahjong/wyniki/dnia/?date={day.isoformat()}"
    assert 'rel="next"' in html
    assert f'href="/ru/mahjong/igrat/{daily_code(day, "classic")}/"' in html, "the deal can still be played"
    assert "?daily=classic" not in html


@pytest.mark.django_db
@pytest.mark.parametrize(
    "text", ["yesterday", "2026-13-01", "2026-02-30", "2026-2-3", "", "20260101", "9" * 50]
)
def test_a_bad_date_gets_a_friendly_400(client: Client, text: str) -> None:
    response = client.get("/fr/mahjong/classements/du-jour/", {"date": text})
    assert response.status_code == 400
    html = response.content.decode()
    assert '<html lang="fr"' in html
    assert "AAAA-MM-JJ" in html  # the expected form, in the page language
    assert '<meta name="robots" content="noindex">' in html


@pytest.mark.django_db
def test_a_day_still_to_come_is_not_found(client: Client) -> None:
    response = client.get("/en/mahjong/scores/daily/", {"date": (today() + dt.timedelta(days=1)).isoformat()})
    assert response.status_code == 404
    assert "<h1>Page not found</h1>" in response.content.decode()


@pytest.mark.django_db
def test_the_first_day_of_the_calendar_has_no_day_before(client: Client) -> None:
    html = page(client, "/en/mahjong/scores/daily/?date=0001-01-01")
    assert 'rel="prev"' not in html
    assert "No scores yet" in html


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_daily_page_renders_in_every_language(client: Client, language: str) -> None:
    with translation.override(language):
        url = reverse("mahjong:daily_leaderboard")
    assert url == mahjong_path(language, "scores", "daily")
    html = page(client, url)
    assert f'<html lang="{language}"' in html
    assert canonical(html) == f"http://testserver{mahjong_path(language, 'scores', 'daily')}"
    assert set(alternates(html)) == {*LANGUAGES, "x-default"}
    assert html.count('<p class="board-empty">') == 2
