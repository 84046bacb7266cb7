"""A game played through the engine once, keeping what its replay page needs.

``POST /api/scores/`` replays every submitted log anyway: that is how the
server recomputes every figure.  :func:`record` does that replay and keeps, per
event, what only the engine can work out: a shuffle's arrangement, a next
level's deal, the pair a hint showed.  The entry stores it (``Score.replay``)
and its replay page is served from it, instead of replaying the log (up to a
deal search per shuffle) on every view.

The stored form, :data:`FORMAT` 1::

    {"format": 1,
     "deal": {"level": 1, "tiles": [...], "plan": [[a, b], ...]},
     "outcomes": [null, {"pair": [a, b]}, {"tiles": [...], "plan": [...]}, ...],
     "result": {"status": "cleared", "level": 1, "time_ms": 61234, ...}}

``outcomes[k]`` belongs to the log's event ``k``: ``null`` for most events, a
hint's ``pair`` (or ``null`` if no pair was free), a shuffle's ``tiles`` and
``plan``, a next level's ``level``, ``tiles`` and ``plan``.  The page adds the
layout (positions and graph, the same for every entry of a layout) and the log.

``"dead_end": k`` (since the hints could mislead no more; older stored replays
lack it, and the page then shows no mark) is the index of the event after which
the board could no longer be cleared, from the engine's
:func:`~game.mahjong.engine.solver.dead_end`, or null: the board stayed
winnable, or no certain answer came within :data:`DEAD_END_BUDGET`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from .engine import (
    Event,
    EventType,
    Game,
    IllegalLogError,
    IllegalMoveError,
    MalformedError,
    MalformedLogError,
    Mode,
    Result,
    plan_json,
)
from .engine.solver import Budget, dead_end

FORMAT: Final = 1
DEAD_END_BUDGET: Final = Budget(nodes=40_000, seconds=1.0)
"""All the work looking for the dead end may do, shared out over the log's events: the engine
solves a board per event it looks back over, and a submission must stay bounded."""


@dataclass(frozen=True, slots=True)
class Recording:
    result: Result
    stored: dict[str, Any]
    """What ``Score.replay`` keeps (see the module's docstring)."""


def record(code: str, mode: Mode | str, events: Sequence[Event]) -> Recording:
    """Play ``events`` from the deal of ``code`` and keep every outcome the replay page shows.

    The same checks as the engine's :func:`~game.mahjong.engine.replay`, with the
    same errors: :class:`IllegalLogError` or :class:`MalformedLogError` naming
    the first bad event.
    """
    game, recording = play_back(code, mode, events)
    recording.stored["dead_end"] = find_dead_end(game)
    return recording


def play_back(code: str, mode: Mode | str, events: Sequence[Event]) -> tuple[Game, Recording]:
    """:func:`record` but for the dead end (``None`` in ``stored``), with the game played: the
    search for the dead end is the dearest part, and a submission refused on the result
    must not pay for it."""
    game = Game(code, mode)
    start = {"level": 1, "tiles": list(game.deal.tiles), "plan": plan_json(game.deal.plan)}
    outcomes: list[dict[str, Any] | None] = []
    for index, event in enumerate(events):
        try:
            outcomes.append(_apply(game, event))
        except IllegalMoveError as error:
            raise IllegalLogError(index, str(error)) from None
        except MalformedError as error:
            raise MalformedLogError(index, str(error)) from None
    result = game.result()
    stored: dict[str, Any] = {
        "format": FORMAT,
        "deal": start,
        "outcomes": outcomes,
        "result": {
            "status": result.status.value,
            "level": result.level,
            "time_ms": result.time_ms,
            "score": result.score,
            "moves": result.moves,
            "hints": result.hints,
            "shuffles": result.shuffles,
        },
        "dead_end": None,
    }
    return game, Recording(result=result, stored=stored)


def find_dead_end(game: Game) -> int | None:
    """The engine's :func:`dead_end` for ``game``, all its solves within :data:`DEAD_END_BUDGET`.

    A cleared board costs one solve of an empty board; a lost one, a solve per
    event looked back over (at most two more than the log has), so each gets
    its share of the budget.
    """
    if game.board.is_empty:
        return None
    shares = len(game.events) + 2
    budget = Budget(
        nodes=max(1, DEAD_END_BUDGET.nodes // shares),
        seconds=None if DEAD_END_BUDGET.seconds is None else DEAD_END_BUDGET.seconds / shares,
    )
    return dead_end(game, budget)


def _apply(game: Game, event: Event) -> dict[str, Any] | None:
    if event.type is EventType.HINT:
        pair = game.hint(event.t)
        return {"pair": list(pair) if pair is not None else None}
    game.apply(event)
    if event.type is EventType.SHUFFLE:
        return {"tiles": list(game.board.tiles), "plan": plan_json(game.plan)}
    if event.type is EventType.NEXT_LEVEL:
        return {"level": game.level, "tiles": list(game.deal.tiles), "plan": plan_json(game.deal.plan)}
    return None


def is_stored_form(value: object) -> bool:
    """Whether ``value`` is a replay :func:`record` made in the current format."""
    return isinstance(value, dict) and value.get("format") == FORMAT and "outcomes" in value
