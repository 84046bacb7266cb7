"""Scripted games played by the Python engine, for the browser client's tests.

``tests/client/js/engine-games.json`` holds what ``build()`` returns: deals and
action scripts with the engine's figures after every step. The Node tests
(``node --test tests/client/js/``) replay the scripts through ``state.js`` and
must reach the same figures; ``test_js_fixture.py`` checks the file is what the
engine gives today. Rewrite it with ``python -m tests.client.js_fixture``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from game.mahjong.engine import Game, Status
from game.mahjong.engine.play import scoring_rules

FIXTURE = Path(__file__).resolve().parent / "js" / "engine-games.json"
CODE = "MJ1-L00-KITTENS"


def _figures(game: Game, t: int) -> dict[str, Any]:
    return {
        "status": game.status.value,
        "score": game.score,
        "moves": game.moves,
        "hints": game.hints,
        "shuffles": game.shuffles,
        "level": game.level,
        "stopwatch": game.stopwatch(t),
        "time_ms": game.time_ms,
        "tiles_left": sum(face is not None for face in game.board.tiles),
        "pairs": [list(p) for p in game.board.available_pairs()],
    }


def _play(mode: str, script: list[tuple[Any, ...]]) -> dict[str, Any]:
    game = Game(CODE, mode)
    start = {
        "code": str(game.code),
        "layout": game.deal.layout.id,
        "mode": mode,
        "level": 1,
        "positions": [list(p) for p in game.deal.layout.positions],
        "graph": game.deal.layout.graph(),
        "tiles": list(game.deal.tiles),
        "plan": [list(p) for p in game.deal.plan] if game.deal.plan else None,
    }
    steps: list[dict[str, Any]] = []
    plan_step = 0
    for action, t, *rest in script:
        step: dict[str, Any] = {"action": action, "t": t}
        if action == "plan":  # the next pair of the current plan
            assert game.plan is not None
            a, b = game.plan[plan_step]
            plan_step += 1
            step.update(action="match", a=a, b=b)
            game.match(a, b, t)
        elif action == "clear":  # every pair left in the plan, one per `step` ms
            assert game.plan is not None
            (every,) = rest
            for a, b in game.plan[plan_step:]:
                game.match(a, b, t)
                steps.append({"action": "match", "t": t, "a": a, "b": b, "expect": _figures(game, t)})
                t += every
            plan_step = 0
            continue
        elif action == "undo":
            game.undo(t)
            plan_step -= 1
        elif action == "hint":
            step["pair"] = list(game.hint(t) or [])
        elif action == "shuffle":
            game.shuffle(t)
            plan_step = 0
            step["result"] = {
                "tiles": list(game.board.tiles),
                "plan": [list(p) for p in game.plan] if game.plan else None,
            }
        elif action == "pause":
            game.pause(t)
        elif action == "resume":
            game.resume(t)
        elif action == "next_level":
            game.next_level(t)
            plan_step = 0
            step["deal"] = {
                "level": game.level,
                "tiles": list(game.deal.tiles),
                "plan": [list(p) for p in game.deal.plan] if game.deal.plan else None,
            }
        step["expect"] = _figures(game, t)
        steps.append(step)
    assert game.status in (Status.CLEARED, Status.PLAYING)
    return {"deal": start, "steps": steps, "events": [e.to_json() for e in game.events]}


def build() -> dict[str, Any]:
    classic = [
        ("hint", 800),
        ("plan", 4000),
        ("pause", 5000),
        ("resume", 9000),
        ("plan", 10_000),
        ("undo", 11_000),
        ("plan", 12_500),
        ("shuffle", 14_000),
        ("clear", 15_000, 700),
    ]
    arcade = [
        ("plan", 1500),
        ("hint", 3000),
        ("plan", 5000),
        ("pause", 6000),
        ("resume", 20_000),
        ("plan", 21_000),
        ("undo", 22_000),
        ("plan", 30_000),
        ("plan", 34_100),
        ("shuffle", 36_000),
        ("plan", 47_000),
        ("clear", 48_000, 900),
        ("next_level", 200_000),
        ("plan", 201_000),
        ("hint", 201_500),
    ]
    scoring = scoring_rules()
    return {
        "code": CODE,
        "scoring": scoring,
        "classic": _play("classic", classic),
        "arcade": _play("arcade", arcade),
    }


if __name__ == "__main__":
    FIXTURE.write_text(json.dumps(build(), separators=(",", ":")) + "\n", encoding="utf-8")
