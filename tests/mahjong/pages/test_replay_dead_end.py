"""The replay marks the step after which the board could no longer be cleared (engine ``dead_end``)."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from game.common.rng import SplitMix64
from game.mahjong import replays
from game.mahjong.engine import Game
from game.mahjong.engine.solver import Budget, dead_end
from game.mahjong.models import Score
from tests.mahjong.api.conftest import _fresh_throttles, deal_long_ago, make_score, submit
from tests.mahjong.engine.helpers import code_number
from tests.mahjong.engine.test_hints import BUDGET

__all__ = ["_fresh_throttles"]  # generous API rate limits for every test here

TEXTS = {
    "en": "After step {} the board could no longer be cleared.",
    "it": "Dopo il passo {} il tavolo non si poteva più svuotare.",
    "pl": "Po kroku {} planszy nie dało się już oczyścić.",
    "ru": "После шага {} поле уже нельзя было очистить.",
    "fr": "Après l\u2019étape {}, le plateau ne pouvait plus être vidé.",
}


def stuck(mode: str, layout_id: str = "L00", n: int = 0) -> Game:
    """A game played with random legal moves (seeded) until no pair is left."""
    game = Game(code_number(layout_id, n), mode)
    rng = SplitMix64.from_text(f"stuck game|{layout_id}|{n}")
    t = 0
    while pairs := game.board.available_pairs():
        t += 1000
        game.match(*pairs[rng.below(len(pairs))], t)
    assert not game.board.is_empty
    return game


@pytest.fixture
def _budget_in_nodes(monkeypatch: pytest.MonkeyPatch) -> None:
    """The search's budget without its seconds: on a loaded machine the clock, not the nodes, ended
    the search before its dead end, and the test found none. What is found within the nodes does
    not depend on the machine."""
    monkeypatch.setattr(replays, "DEAD_END_BUDGET", Budget(nodes=replays.DEAD_END_BUDGET.nodes, seconds=None))


def stored_entry(game: Game, **replay: Any) -> int:
    recording = replays.record(str(game.code), game.mode, game.events)
    stored = {**recording.stored, **replay}
    log = [event.to_json() for event in game.events]
    entry = make_score(code=game.code, mode=game.mode, layout=game.board.layout.id, log=log, replay=stored)
    return int(entry.pk)


@pytest.mark.usefixtures("_budget_in_nodes")
@pytest.mark.parametrize(("layout_id", "n"), [("L00", 0), ("L02", 1), ("L09", 4)])
def test_the_recording_keeps_the_engines_dead_end(layout_id: str, n: int) -> None:
    game = stuck("classic", layout_id, n)
    expected = dead_end(game, BUDGET)
    assert expected is not None
    assert replays.record(str(game.code), game.mode, game.events).stored["dead_end"] == expected


def test_a_cleared_board_has_no_dead_end_and_costs_no_search(monkeypatch: pytest.MonkeyPatch) -> None:
    game = Game(code_number("L09", 1), "classic")
    assert game.plan is not None
    for t, (a, b) in enumerate(game.plan, start=1):
        game.match(a, b, t * 1000)

    def no_search(*_: Any) -> Any:
        raise AssertionError("a cleared board needs no search")

    monkeypatch.setattr(replays, "dead_end", no_search)
    assert replays.record(str(game.code), game.mode, game.events).stored["dead_end"] is None


def test_the_search_shares_one_budget_over_the_log(monkeypatch: pytest.MonkeyPatch) -> None:
    game = stuck("classic")
    budgets = []

    def spy(played: Game, budget: Budget) -> int | None:
        budgets.append(budget)
        return dead_end(played, budget)

    monkeypatch.setattr(replays, "dead_end", spy)
    replays.record(str(game.code), game.mode, game.events)
    (budget,) = budgets
    shares = len(game.events) + 2  # the engine solves at most a board per event, the last and the deal
    assert budget.nodes * shares <= replays.DEAD_END_BUDGET.nodes
    assert budget.seconds is not None and replays.DEAD_END_BUDGET.seconds is not None
    assert budget.seconds * shares <= replays.DEAD_END_BUDGET.seconds + 1e-9


@pytest.mark.django_db
@pytest.mark.usefixtures("_budget_in_nodes")
@pytest.mark.parametrize("language", list(TEXTS))
def test_the_page_marks_the_dead_end_on_the_timeline_and_says_so(client: Client, language: str) -> None:
    game = stuck("arcade")
    pk = stored_entry(game)
    step = replays.record(str(game.code), game.mode, game.events).stored["dead_end"] + 1
    with translation.override(language):
        url = reverse("mahjong:replay", args=[pk])
    html = client.get(url).content.decode()
    assert 'list="replay-marks" aria-describedby="replay-dead-end"' in html
    assert f'<datalist id="replay-marks"><option value="{step}"></option></datalist>' in html
    assert f'id="replay-dead-end" data-step="{step}">{TEXTS[language].format(step)}</p>' in html


@pytest.mark.django_db
@pytest.mark.parametrize("replay", [{"dead_end": None}, {}])
def test_a_replay_without_a_dead_end_shows_no_mark(client: Client, replay: dict[str, Any]) -> None:
    game = stuck("arcade")
    pk = stored_entry(game)
    stored = replays.record(str(game.code), game.mode, game.events).stored
    stored.pop("dead_end")
    Score.objects.filter(pk=pk).update(replay={**stored, **replay})  # {}: stored before dead ends were
    response = client.get(f"/en/mahjong/scores/{pk}/")
    assert response.status_code == 200
    html = response.content.decode()
    assert 'id="replay-seek"' in html
    assert "replay-dead-end" not in html and "replay-marks" not in html


@pytest.mark.django_db
def test_a_submitted_game_keeps_the_dead_end_its_recording_finds(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = stuck("arcade", "L02", 1)
    dealt = deal_long_ago(client, monkeypatch, code=str(game.code), mode="arcade")
    response = submit(client, dealt["token"], [event.to_json() for event in game.events])
    assert response.status_code == 201, response.content
    expected = replays.record(str(game.code), game.mode, game.events).stored["dead_end"]
    assert expected is not None
    stored = Score.objects.get(pk=response.json()["id"]).replay
    assert stored is not None and stored["dead_end"] == expected
