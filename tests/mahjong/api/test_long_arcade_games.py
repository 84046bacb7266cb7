"""POST /api/scores/ with the log's text form: long honest arcade games fit, their cost stays bounded.

The JSON form of a game of 30 Turtle levels is over the 64 KB body limit; its
text form is well under it.  The caps on events and levels are checked on the
log as sent, before a single event is read: a refusal replays nothing.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from django.test import Client

from game.core.api.parsers import MAX_BODY_BYTES
from game.mahjong import scoring
from game.mahjong.engine import Event, EventType, deal, log_to_json, log_to_text
from game.mahjong.models import Score
from game.mahjong.scoring import (
    MAX_ARCADE_EVENTS,
    MAX_ARCADE_LEVELS,
    MAX_CLASSIC_SHUFFLES,
    MAX_EVENTS,
    MAX_HINTS,
)

from .conftest import PACE_JITTER, assert_replays_to_its_figures, deal_long_ago, post

pytestmark = pytest.mark.django_db

CODE = "MJ1-L00-LONGARC"
STEP_MS = 900
"""A pair about every 0.9 s: an honest, quick player's pace."""


def human_arcade_game(code: str, levels: int) -> list[Event]:
    """Every board of ``levels`` levels cleared at a person's uneven pace, then the next dealt.

    The gaps between pairs are 0.9 s, up to 30% early or late (never under 400 ms), the first
    pair of a board 1.5 s after it is shown, as a person who looks before taking a pair.
    """
    events: list[Event] = []
    t = 0
    jitter = iter_forever(PACE_JITTER)
    for level in range(1, levels + 1):
        if level > 1:
            t += 2_000
            events.append(Event(t, EventType.NEXT_LEVEL))
        for k, (a, b) in enumerate(deal(code, level).plan):
            t += 1_500 if k == 0 else round(STEP_MS * (1 + next(jitter)))
            events.append(Event.match(t, a, b))
    return events


def iter_forever(values: tuple[float, ...]) -> Iterator[float]:
    while True:
        yield from values


def send(client: Client, token: str, log: list[Any] | str, name: str = "Marathon") -> Any:
    return post(client, "/api/scores/", {"token": token, "name": name, "log": log})


def body_bytes(token: str, log: list[Any] | str) -> int:
    return len(json.dumps({"token": token, "name": "Marathon", "log": log}).encode())


@pytest.fixture
def no_reading_or_replay(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fail the test if the submission reads a single event or replays anything."""

    def must_not_run(*args: object, **kwargs: object) -> None:
        raise AssertionError("a log over a cap was read or replayed before it was refused")

    for name in ("parse_log", "parse_log_text", "play_back"):
        monkeypatch.setattr(scoring, name, must_not_run)


# -- accepted ------------------------------------------------------------------------------------


def test_an_honest_game_of_30_turtle_levels_is_accepted_in_text_and_ranked(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    dealt = deal_long_ago(client, monkeypatch, code=CODE, mode="arcade")
    events = human_arcade_game(CODE, 30)
    text = log_to_text(events)
    assert body_bytes(dealt["token"], text) < MAX_BODY_BYTES // 2

    response = send(client, dealt["token"], text)
    assert response.status_code == 201, response.content
    created = response.json()
    assert created["rank"] == 1
    assert (created["level"], created["moves"]) == (30, 30 * 72)
    entry = Score.objects.get(pk=created["id"])
    assert entry.log == log_to_json(events)  # kept in JSON, for the replay page and the admin
    assert not entry.flagged
    assert_replays_to_its_figures(client, entry.pk)


def test_the_same_game_in_json_is_over_the_body_limit(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    dealt = deal_long_ago(client, monkeypatch, code=CODE, mode="arcade")
    log = log_to_json(human_arcade_game(CODE, 30))
    assert body_bytes(dealt["token"], log) > MAX_BODY_BYTES
    response = send(client, dealt["token"], log)
    assert response.status_code == 413, response.content
    assert response.json()["code"] == "too_large"
    assert not Score.objects.exists()


def test_both_forms_of_a_game_make_the_same_entry(client: Client, monkeypatch: pytest.MonkeyPatch) -> None:
    dealt = deal_long_ago(client, monkeypatch, code=CODE, mode="arcade")
    events = human_arcade_game(CODE, 3)
    t = events[-1].t
    events += [Event(t + 2_000, EventType.NEXT_LEVEL), Event(t + 2_800, EventType.HINT)]
    events += [Event(t + 3_700, EventType.SHUFFLE), Event(t + 4_500, EventType.PAUSE)]
    events += [Event(t + 12_000, EventType.RESUME)]
    fields = [f.name for f in Score._meta.get_fields() if f.concrete and f.name not in ("id", "created")]

    entries = []
    for log in (log_to_json(events), log_to_text(events)):
        response = send(client, dealt["token"], log)
        assert response.status_code == 201, response.content
        entry = Score.objects.get(pk=response.json()["id"])
        entries.append({name: getattr(entry, name) for name in fields})
        entry.delete()  # the same token again, for the other form
    assert entries[0] == entries[1]
    assert entries[0]["shuffles"] == 1 and entries[0]["hints"] == 1


def test_a_text_log_is_verified_like_a_json_one(client: Client, monkeypatch: pytest.MonkeyPatch) -> None:
    dealt = deal_long_ago(client, monkeypatch, code=CODE, mode="arcade")
    a, b = deal(CODE, 1).plan[-1]  # the last pair: covered at the start
    response = send(client, dealt["token"], f"m1500.{a}.{b}")
    assert response.status_code == 400, response.content
    assert response.json()["code"] == "log_illegal"
    assert response.json()["error"].startswith("log event 0 is an illegal move")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "m1500.3.4 h05",
            "log event 1 is malformed: a number is 1 to 9 digits without a leading zero, not '05'",
        ),
        ("m1500.3.4  h5", "log event 1 is malformed: an empty event: events are separated by single spaces"),
        ("M1500.3.4", "log event 0 is malformed: unknown event letter 'M'"),
    ],
)
def test_a_misspelt_text_log_is_malformed(
    client: Client, monkeypatch: pytest.MonkeyPatch, text: str, message: str
) -> None:
    dealt = deal_long_ago(client, monkeypatch, code=CODE, mode="arcade")
    response = send(client, dealt["token"], text)
    assert response.status_code == 400, response.content
    assert response.json()["code"] == "log_malformed"
    assert response.json()["error"].startswith(message)


# -- over the caps: refused before any event is read ---------------------------------------------


@pytest.mark.usefixtures("no_reading_or_replay")
@pytest.mark.parametrize(
    ("mode", "text", "message"),
    [
        (
            "arcade",
            " ".join(["u1"] * (MAX_ARCADE_EVENTS + 1)),
            f"log: at most {MAX_ARCADE_EVENTS} events in an arcade game, not {MAX_ARCADE_EVENTS + 1}",
        ),
        (
            "classic",
            " ".join(["u1"] * (MAX_EVENTS + 1)),
            f"log: at most {MAX_EVENTS} events in a classic game, not {MAX_EVENTS + 1}",
        ),
        (
            "arcade",
            " ".join(["n1000"] * MAX_ARCADE_LEVELS),
            f"log: at most {MAX_ARCADE_LEVELS} levels in an arcade game, not {MAX_ARCADE_LEVELS + 1}",
        ),
        (
            "arcade",
            " ".join(["h1"] * (MAX_HINTS + 1)),
            f"log: at most {MAX_HINTS} hints, not {MAX_HINTS + 1}",
        ),
        (
            "classic",
            " ".join(["s1000"] * (MAX_CLASSIC_SHUFFLES + 1)),
            f"log: at most {MAX_CLASSIC_SHUFFLES} shuffles in a classic game, not {MAX_CLASSIC_SHUFFLES + 1}",
        ),
        # Malformed events count all the same: the caps come before any event is read.
        ("arcade", "x " * MAX_ARCADE_EVENTS + "x", f"not {MAX_ARCADE_EVENTS + 1}"),
    ],
    ids=["arcade events", "classic events", "arcade levels", "hints", "classic shuffles", "unreadable"],
)
def test_a_text_log_over_a_cap_is_refused_unread(
    client: Client, monkeypatch: pytest.MonkeyPatch, mode: str, text: str, message: str
) -> None:
    dealt = deal_long_ago(client, monkeypatch, code=CODE.replace("L00", "L09"), mode=mode)
    assert body_bytes(dealt["token"], text) <= MAX_BODY_BYTES
    response = send(client, dealt["token"], text)
    assert response.status_code == 400, response.content
    assert response.json()["code"] == "log_too_long"
    assert response.json()["error"].endswith(message)


@pytest.mark.usefixtures("no_reading_or_replay")
def test_a_json_log_over_the_level_cap_is_refused_unread(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    dealt = deal_long_ago(client, monkeypatch, code=CODE, mode="arcade")
    log = [{"t": 1_000 * k, "type": "next_level"} for k in range(MAX_ARCADE_LEVELS)]
    response = send(client, dealt["token"], log)
    assert response.status_code == 400, response.content
    assert response.json()["error"] == (
        f"log: at most {MAX_ARCADE_LEVELS} levels in an arcade game, not {MAX_ARCADE_LEVELS + 1}"
    )


def test_a_log_at_the_caps_is_read(client: Client, monkeypatch: pytest.MonkeyPatch) -> None:
    # Exactly MAX_ARCADE_EVENTS events, MAX_HINTS hints among them: past the counts, to the replay.
    dealt = deal_long_ago(client, monkeypatch, code=CODE, mode="arcade")
    a, b = deal(CODE, 1).plan[0]
    rest = MAX_ARCADE_EVENTS - 1 - MAX_HINTS
    text = " ".join(
        [f"m1500.{a}.{b}", *(["h1"] * MAX_HINTS), *(["p1", "r1"] * (rest // 2)), *(["p1"] * (rest % 2))]
    )
    assert text.count(" ") + 1 == MAX_ARCADE_EVENTS
    response = send(client, dealt["token"], text)
    assert response.status_code == 201, response.content
    assert response.json()["hints"] == MAX_HINTS
