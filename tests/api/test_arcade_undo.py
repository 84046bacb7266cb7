"""POST /api/scores/ against the undo tricks of issue 26: undo earns no arcade points.

Each attack was measured through the API: undo restarted the speed-bonus clock, and an undo
refunded the hints paid from the pair it took back.  Each row is an attack's log and the
honest log it must not beat (the same pairs at the same times, without the undos); the
timing is in the log, so nothing sleeps.

And the server scores a log with undos as the play page showed it while it was played: the
undo scenarios of the conformance vectors, whose every step's score ``state.js`` must show
(``tests/client/js/conformance.test.mjs``), are sent as the client sends them.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pytest
from django.test import Client

from game.mahjong.engine import deal, replay
from game.mahjong.engine.play import HINT_COST, PAIR_POINTS, SPEED_BONUS
from game.mahjong.models import Score
from tests.conformance.make_vectors import VECTORS, carry

from .conftest import deal_long_ago, submit

pytestmark = pytest.mark.django_db

Log = list[dict[str, Any]]
Plan = Sequence[Sequence[int]]


def match(t: int, pair: Sequence[int]) -> dict[str, Any]:
    return {"t": t, "type": "match", "a": pair[0], "b": pair[1]}


def slow_pairs_each_taken_twice(plan: Plan) -> tuple[Log, Log]:
    """Three rounds of: wait 10.5 s, take a pair (no bonus), undo, take it again at once.

    Before the fix the undo restarted the bonus clock: the pair came back worth the full
    bonus, 600 points for three pairs instead of 300.
    """
    attack: Log = []
    honest: Log = []
    t = 0
    for pair in plan[:3]:
        t += 10_500
        attack += [match(t, pair), {"t": t + 300, "type": "undo"}, match(t + 600, pair)]
        honest.append(match(t + 600, pair))
        t += 600
    return attack, honest


def hint_paid_from_an_undone_pair(plan: Plan) -> tuple[Log, Log]:
    """A pair (+200), a hint (-50), undo, the pair again (+200), the hinted pair (+200).

    Before the fix the undo took back the 200 points with the 50 the hint had cost from
    them: 400 points, as if the hint had been free.
    """
    attack = [
        match(500, plan[0]),
        {"t": 800, "type": "hint"},
        {"t": 1_100, "type": "undo"},
        match(1_400, plan[0]),
        match(2_000, plan[1]),
    ]
    honest = [match(500, plan[0]), {"t": 800, "type": "hint"}, match(2_000, plan[1])]
    return attack, honest


def undo_of_undo(plan: Plan) -> tuple[Log, Log]:
    """Three slow pairs undone back to the deal, then taken again at once: the first is still slow."""
    attack = [match(10_500, plan[0]), match(21_000, plan[1]), match(31_500, plan[2])]
    attack += [{"t": 31_800 + 300 * k, "type": "undo"} for k in range(3)]
    attack += [match(33_000 + 600 * k, pair) for k, pair in enumerate(plan[:3])]
    honest = [match(33_000 + 600 * k, pair) for k, pair in enumerate(plan[:3])]
    return attack, honest


@dataclass(frozen=True)
class Attack:
    name: str
    logs: Callable[[Plan], tuple[Log, Log]]
    farmed: int
    """What the attack scored before the fix."""
    fair: int
    """What the rules give it: the honest log's score."""


ATTACKS = [
    Attack("undo restarts the speed-bonus clock", slow_pairs_each_taken_twice, 600, 3 * PAIR_POINTS),
    Attack(
        "undo refunds a hint",
        hint_paid_from_an_undone_pair,
        2 * (PAIR_POINTS + SPEED_BONUS),
        2 * (PAIR_POINTS + SPEED_BONUS) - HINT_COST,
    ),
    # Undone back to the deal, the first pair taken again counts from the deal, 33 s before:
    # no bonus.  The two after it come 600 ms apart: the full bonus, as they would anyway.
    Attack(
        "undo back to the deal restarts the clock",
        undo_of_undo,
        3 * (PAIR_POINTS + SPEED_BONUS),
        PAIR_POINTS + 2 * (PAIR_POINTS + SPEED_BONUS),
    ),
]


@pytest.mark.parametrize("attack", ATTACKS, ids=lambda attack: attack.name)
def test_undo_earns_no_points(client: Client, monkeypatch: pytest.MonkeyPatch, attack: Attack) -> None:
    dealt = deal_long_ago(client, monkeypatch, layout="L00", mode="arcade")
    log, honest = attack.logs(deal(dealt["code"]).plan)  # the plan from the engine, whatever the answer holds
    response = submit(client, dealt["token"], log, name="Farmer")
    assert response.status_code == 201, response.content
    created = response.json()
    farmed = f"{attack.name}: {created['score']}, {attack.farmed} before the fix"
    assert created["score"] == attack.fair, farmed
    assert replay(dealt["code"], "arcade", honest).score == attack.fair
    assert Score.objects.get(pk=created["id"]).score == attack.fair


UNDO_SCENARIOS = [
    scenario
    for scenario in json.loads((VECTORS / "play.json").read_text(encoding="utf-8"))["scenarios"]
    if scenario["name"].startswith("arcade undo")
]


def test_every_undo_case_has_a_vector() -> None:
    assert {scenario["name"] for scenario in UNDO_SCENARIOS} == {
        "arcade undo slow pair",
        "arcade undo hint paid",
        "arcade undo chain",
        "arcade undo below zero",
    }


@pytest.mark.parametrize("scenario", UNDO_SCENARIOS, ids=lambda scenario: scenario["name"])
def test_the_server_scores_a_log_as_the_client_showed_it(
    client: Client, monkeypatch: pytest.MonkeyPatch, scenario: dict[str, Any]
) -> None:
    shown = scenario["start"]
    for step in scenario["steps"]:
        shown = carry(shown, step["expect"])
    dealt = deal_long_ago(client, monkeypatch, code=scenario["code"], mode="arcade")
    response = submit(client, dealt["token"], scenario["log_text"], name="Undoer")
    assert response.status_code == 201, response.content
    created = response.json()
    assert (created["score"], created["level"]) == (shown["score"], shown["level"])
    assert created["score"] == scenario["final"]["score"]
