"""Small helpers for the tests of Tile Rummy's seat API (matches, actions, hands)."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from game.rummy import service
from game.rummy.engine import HandCode, State, bot_move, parse_log_text, replay
from game.rummy.models import Hand, Match

CODE = "RM1-TESTING"
"""Every match of these tests deals this hand (service.new_hand_code is pinned)."""


def pin_codes(monkeypatch: pytest.MonkeyPatch, *codes: str) -> None:
    """Deal ``codes`` in turn (then the last one again) instead of random hands."""
    queue = [HandCode.parse(code) for code in codes or (CODE,)]

    def next_code() -> HandCode:
        return queue.pop(0) if len(queue) > 1 else queue[0]

    monkeypatch.setattr(service, "new_hand_code", next_code)


def create(client: Client, mode: str = "computer", level: str | None = "easy") -> dict[str, Any]:
    body: dict[str, Any] = {"mode": mode}
    if level is not None and mode == "computer":
        body["level"] = level
    response = client.post("/api/rummy/matches/", body, content_type="application/json")
    assert response.status_code == 201, response.content
    created: dict[str, Any] = response.json()
    return created


def auth(key: str) -> dict[str, str]:
    return {"Authorization": f"Seat {key}"}


def key_of(created: dict[str, Any], seat: int = 0) -> str:
    key: str = next(c["key"] for c in created["credentials"] if c["seat"] == seat)
    return key


def act(client: Client, match: str, key: str, **body: Any) -> Any:
    return client.post(
        f"/api/rummy/matches/{match}/actions/", body, content_type="application/json", headers=auth(key)
    )


def stored(match: str) -> tuple[str, int, list[str]]:
    """What the database holds of the match's current hand: (log, actions, every hand's code)."""
    found = Match.objects.get(public_id=match)
    hand = found.hands.order_by("-number").first()
    assert hand is not None
    return hand.log, hand.actions, [h.code for h in found.hands.order_by("number")]


def server_state(match: str) -> State:
    """The engine's state of the current hand, secrets included (for the tests' own reasoning)."""
    return service.hand_state(service.current_hand(Match.objects.get(public_id=match)))


def hard_play(state: State, seat: int) -> list[list[str]] | None:
    """A legal table for ``seat`` now, found by the Hard player (None if it would draw)."""
    move = bot_move(state, "hard", budget_s=5.0)
    if move.kind.value != "play":
        return None
    return [[str(tile) for tile in tiles] for tiles in move.after]


def set_log(match: str, log: str) -> Hand:
    """Replace the current hand's log (to reach a position quickly); the engine must accept it."""
    hand = service.current_hand(Match.objects.get(public_id=match))
    state = replay(hand.code, hand.starting_seat, parse_log_text(log))
    hand.log, hand.actions, hand.finished = log, len(state.log), state.result is not None
    hand.save()
    return hand
