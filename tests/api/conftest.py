"""Fixtures and small factories for the API tests.

Every test here starts with fresh throttle counts and generous rate limits
(the counts live in the cache and would otherwise carry over from test to
test); a test about throttling sets its own rates through ``settings``.
"""

from __future__ import annotations

import base64
import datetime as dt
import ipaddress
import itertools
import json
import time
import uuid
from collections.abc import Sequence
from typing import Any

import pytest
from django.conf import settings as django_settings
from django.test import Client
from django.utils import timezone

from game.mahjong import tokens
from game.mahjong.engine import GameCode, Status, replay
from game.mahjong.engine import deal as engine_deal
from game.mahjong.models import Score

GENEROUS_RATES = dict.fromkeys(django_settings.THROTTLE_PER_MINUTE, "100000/min")
LONG_AGO_S = 3600.0
"""How long before "now" a test deal is issued, so a leisurely log fits the time bound."""

_digests = itertools.count()


@pytest.fixture(autouse=True)
def _fresh_throttles(settings: Any) -> None:
    """Generous rates, and throttle counts of this test's own.

    The counts live in the default cache (LocMem, or Redis with REDIS_URL):
    a key prefix of its own per test starts them from zero without flushing a
    cache that something else might share.
    """
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": dict(GENEROUS_RATES)}
    prefix = f"api-test-{uuid.uuid4().hex}"
    settings.CACHES = {name: {**config, "KEY_PREFIX": prefix} for name, config in settings.CACHES.items()}


def post(client: Client, path: str, body: Any) -> Any:
    return client.post(path, body, content_type="application/json")


def deal(client: Client, **body: Any) -> dict[str, Any]:
    """POST /api/deals/ and return the deal (asserting it was created), with its ``plan``.

    The answer carries no plan (issue 26): the tests learn the way to clear the
    board from the engine, as any program can from the tiles.
    """
    response = post(client, "/api/deals/", body or {"layout": "L00", "mode": "classic"})
    assert response.status_code == 201, response.content
    data: dict[str, Any] = response.json()
    assert "plan" not in data
    data["plan"] = [list(pair) for pair in engine_deal(GameCode.parse(data["code"]), 1).plan]
    return data


def deal_long_ago(
    client: Client, monkeypatch: pytest.MonkeyPatch, age_s: float = LONG_AGO_S, **body: Any
) -> dict[str, Any]:
    """A deal through the API whose token says it was issued ``age_s`` seconds ago."""
    issued = time.time() - age_s
    with monkeypatch.context() as patch:
        patch.setattr(tokens, "clock", lambda: issued)
        return deal(client, **body)


# How far each pair between the first and the last comes early or late, in steps: a person's
# uneven pace (an even one is a program's, and is held for review).
PACE_JITTER = (0.25, -0.15, 0.3, -0.25, 0.1, -0.3, 0.2, -0.05)


def play(plan: Sequence[Sequence[int]], step_ms: int = 1000, start_ms: int = 1000) -> list[dict[str, Any]]:
    """A log taking the plan's pairs about one every ``step_ms``, at a person's uneven pace.

    The first pair comes at ``start_ms`` and the last exactly ``step_ms`` per pair
    later, so the game's time is what an even pace would give; the pairs between
    come up to 30% of a step early or late.
    """
    last = len(plan) - 1

    def at(k: int) -> int:
        jitter = 0 if k in (0, last) else round(step_ms * PACE_JITTER[k % len(PACE_JITTER)])
        return start_ms + step_ms * k + jitter

    return [{"t": at(k), "type": "match", "a": a, "b": b} for k, (a, b) in enumerate(plan)]


_addresses = itertools.count(1)


def fresh_address() -> str:
    """An address no other submission of this run comes from (10.0.0.1, 10.0.0.2, ...)."""
    return str(ipaddress.IPv4Address(0x0A00_0000 + next(_addresses)))


def submit(client: Client, token: str, log: list[Any], name: str = "Anna", address: str | None = None) -> Any:
    """POST /api/scores/ from ``address``, by default one of its own: the games of these tests are
    played by different people, and one client's games played at the same time are held."""
    body = {"token": token, "name": name, "log": log}
    return client.post(
        "/api/scores/", body, content_type="application/json", REMOTE_ADDR=address or fresh_address()
    )


def submit_ok(
    client: Client, token: str, log: list[Any], name: str = "Anna", address: str | None = None
) -> dict[str, Any]:
    """Submit, expect 201, and check that the stored entry replays to its stored figures."""
    response = submit(client, token, log, name, address)
    assert response.status_code == 201, response.content
    created: dict[str, Any] = response.json()
    assert_replays_to_its_figures(client, created["id"])
    return created


def assert_replays_to_its_figures(client: Client, score_id: int) -> None:
    """GET /api/scores/<id>/, replay its log with the engine: the figures must agree."""
    response = client.get(f"/api/scores/{score_id}/")
    assert response.status_code == 200, response.content
    entry = response.json()
    result = replay(entry["code"], entry["mode"], entry["log"])
    if entry["mode"] == "classic":
        assert result.status is Status.CLEARED
        assert (entry["time_ms"], entry["score"]) == (result.time_ms, None)
    else:
        assert (entry["time_ms"], entry["score"], entry["level"]) == (None, result.score, result.level)
    assert (entry["moves"], entry["hints"], entry["shuffles"]) == (
        result.moves,
        result.hints,
        result.shuffles,
    )


def make_score(**fields: Any) -> Score:
    """A stored entry with plausible defaults (not a replayable game: for ranking tests)."""
    mode = fields.setdefault("mode", "classic")
    defaults: dict[str, Any] = {
        "code": "MJ1-L00-ABCDEFG",
        "layout": "L00",
        "level": 1,
        "time_ms": 100_000 if mode == "classic" else None,
        "score": 5_000 if mode == "arcade" else None,
        "duration_ms": 100_000,
        "moves": 72,
        "hints": 0,
        "shuffles": 0,
        "name": "Player",
        "log": [],
        "token_digest": f"test-{next(_digests):059d}",
        "created": timezone.now(),
        # A new deal the server drew, unless told otherwise: the layout's board (daily: the day's).
        "random_deal": "daily" not in fields,
    }
    defaults.update(fields)
    return Score.objects.create(**defaults)


def minutes_ago(minutes: float) -> dt.datetime:
    return timezone.now() - dt.timedelta(minutes=minutes)


def altered(token: str, **changes: object) -> str:
    """The token with its payload changed but its signature kept."""
    payload_b64, timestamp, signature = token.split(":")
    payload = json.loads(base64.urlsafe_b64decode(payload_b64 + "=" * (-len(payload_b64) % 4)))
    payload.update(changes)
    encoded = base64.urlsafe_b64encode(json.dumps(payload, separators=(",", ":")).encode()).decode()
    return ":".join([encoded.rstrip("="), timestamp, signature])
