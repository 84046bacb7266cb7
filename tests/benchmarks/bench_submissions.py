"""The CPU a long arcade submission costs the server, and what a refused one costs.

Everything runs in-process through the whole Django stack (middleware, DRF, a
temporary SQLite file, migrated first), with ``DEBUG`` off and rate limits
lifted, like ``bench_api.py``.  The figures are CPU time of this process
(``time.process_time``), so that other work on the machine does not count.
Every deal cache is emptied before each submission: a level's deal is searched
again, as in a process that did not deal the game itself.

Reported, beside their targets:

* an honest game of 40 Turtle levels, sent in the text form (the replay page's
  figures and the stored replay included);
* the worst accepted arcade submission: on every layout, as many levels as the
  caps let a log hold (``MAX_ARCADE_LEVELS``, ``MAX_ARCADE_EVENTS`` counted with
  ``MAX_HINTS`` hints and the three shuffles), cleared board after board, every
  hint used, every shuffle used: target well under a second (<= 500 ms);
* refused submissions over a cap (events, levels, a 64 KB text of garbage):
  target a few milliseconds (<= 5 ms), since nothing is read or replayed.

Run with ``make bench`` or ``.venv/bin/python tests/benchmarks/bench_submissions.py``.
"""

from __future__ import annotations

import gc
import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.benchmarks._stats import PACE, pin_to_one_core, scratch_site

ACCEPTED_TARGET_MS = 500.0
REFUSED_TARGET_MS = 5.0
REPEATS = 3
"""Games (of distinct codes) measured per case; refusals are repeated 20 times that."""
STEP_MS = 900


def main() -> None:
    print(f"bench_submissions: {pin_to_one_core()}, Python {sys.version.split()[0]}")
    with scratch_site("ERROR"):
        bench_accepted()
        bench_refused()


# -- logs --------------------------------------------------------------------------------------


def longest_game(code: str, max_levels: int, max_events: int) -> list[Any]:
    """A game of as many levels as ``max_events`` hold, at a person's pace, with every hint and
    shuffle the caps allow spent on the last board (a shuffle's search is dearest on a full board)."""
    from game.mahjong.api.submissions import MAX_HINTS
    from game.mahjong.engine import EventType, Game, GameCode, get_layout
    from game.mahjong.engine.play import ARCADE_SHUFFLES

    pairs = len(get_layout(GameCode.parse(code).layout_id)) // 2
    extras = MAX_HINTS + ARCADE_SHUFFLES
    levels = min(max_levels, (max_events - extras + 1) // (pairs + 1))
    game = Game(code, "arcade")
    t = 0
    gap = iter(PACE * (max_events // len(PACE) + 1))

    def step(first: bool = False) -> int:
        return 1_500 if first else round(STEP_MS * (1 + next(gap)))

    for level in range(1, levels + 1):
        if level > 1:
            t += 2_000
            game.next_level(t)
        if level == levels:
            for _ in range(MAX_HINTS):
                t += 700
                game.hint(t)
            for _ in range(ARCADE_SHUFFLES):
                t += 1_000
                game.shuffle(t)
        first = True
        while game.plan and game.status.value == "playing":
            a, b = _next_pair(game)
            t += step(first)
            first = False
            game.match(a, b, t)
    assert game.events[-1].type is EventType.MATCH
    return [e.to_json() for e in game.events]


def _next_pair(game: Any) -> tuple[int, int]:
    """The first pair of the game's plan whose two tiles are still on the board."""
    for a, b in game.plan:
        if game.board.tiles[a] is not None and game.board.tiles[b] is not None:
            return a, b
    raise AssertionError("the plan is used up before the board is cleared")


# -- measuring -----------------------------------------------------------------------------------


def cpu_ms(call: Callable[[], object]) -> float:
    # The garbage of the calls before is collected first, so that its collection is not
    # counted against this one.
    gc.collect()
    start = time.process_time()
    call()
    return (time.process_time() - start) * 1000


def empty_deal_caches() -> None:
    from game.mahjong.engine import dealing

    dealing._deal.cache_clear()


def submit(client: Any, body: dict[str, Any], expect: int) -> Callable[[], None]:
    data = json.dumps(body)

    def call() -> None:
        response = client.post("/api/scores/", data, content_type="application/json")
        assert response.status_code == expect, response.content[:300]

    return call


def token_for(code: str, mode: str = "arcade") -> str:
    from game.mahjong import tokens

    return tokens.issue(code, mode, now=time.time() - 23 * 3600)


def bench_accepted() -> None:
    from django.test import Client

    from game.core.api.parsers import MAX_BODY_BYTES
    from game.mahjong.api.submissions import MAX_ARCADE_EVENTS, MAX_ARCADE_LEVELS
    from game.mahjong.engine import GameCode, all_layouts, log_to_text, parse_log

    client = Client(HTTP_HOST="localhost")
    print(f"Accepted arcade submissions in text (CPU ms; deal caches emptied; {REPEATS} codes each)")

    def measure(label: str, layout: str, levels: int, events: int) -> float:
        times, size, levels_played, count = [], 0, 0, 0
        for k in range(REPEATS):
            code = str(GameCode.parse(f"MJ1-{layout}-BENCH{'ABCDEFGHIJ'[k]}A"))
            most = levels
            while True:  # on the largest layouts the body limit comes before the caps
                log = longest_game(code, most, events)
                text = log_to_text(parse_log(log))
                body = {"token": token_for(code), "name": "Bench", "log": text}
                if len(json.dumps(body).encode()) <= MAX_BODY_BYTES:
                    break
                most = 1 + sum(e["type"] == "next_level" for e in log) - 1
            size = max(size, len(json.dumps(body).encode()))
            levels_played = 1 + sum(e["type"] == "next_level" for e in log)
            count = len(log)
            empty_deal_caches()
            times.append(cpu_ms(submit(client, body, 201)))
        print(
            f"  {label:<34} {levels_played:3d} levels {count:5d} events {size / 1024:5.1f} KB  "
            f"median {statistics.median(times):6.1f} ms  max {max(times):6.1f} ms"
        )
        return max(times)

    measure("honest: 40 Turtle levels", "L00", 40, MAX_ARCADE_EVENTS)
    worst = 0.0
    worst_layout = ""
    for layout in sorted(all_layouts()):
        cost = measure(f"longest the caps allow on {layout}", layout, MAX_ARCADE_LEVELS, MAX_ARCADE_EVENTS)
        if cost > worst:
            worst, worst_layout = cost, layout
    met = "met" if worst <= ACCEPTED_TARGET_MS else "MISSED"
    print(f"  worst accepted: {worst:.1f} ms ({worst_layout}); target <= {ACCEPTED_TARGET_MS:.0f} ms: {met}")


def bench_refused() -> None:
    from django.test import Client

    from game.mahjong.api.submissions import MAX_ARCADE_EVENTS, MAX_ARCADE_LEVELS, MAX_HINTS

    client = Client(HTTP_HOST="localhost")
    code = "MJ1-L00-REFUSED"
    cases = {
        f"{MAX_ARCADE_EVENTS + 1} events": " ".join(["u1"] * (MAX_ARCADE_EVENTS + 1)),
        f"{MAX_ARCADE_LEVELS + 1} levels": " ".join(["n1000"] * MAX_ARCADE_LEVELS),
        f"{MAX_HINTS + 1} hints": " ".join(["h1"] * (MAX_HINTS + 1)),
        "64 KB of garbage, 32,000 'events'": "x " * 31_999 + "x",
    }
    print(f"Refused arcade submissions (400 log_too_long; CPU ms over {REPEATS * 20} requests)")
    worst = 0.0
    for label, text in cases.items():
        body = {"token": token_for(code), "name": "Bench", "log": text}
        call = submit(client, body, 400)
        call()
        times = sorted(cpu_ms(call) for _ in range(REPEATS * 20))
        worst = max(worst, times[-1])
        print(
            f"  {label:<36} {len(text) / 1024:5.1f} KB  median {statistics.median(times):5.2f} ms  "
            f"max {times[-1]:5.2f} ms"
        )
    met = "met" if worst <= REFUSED_TARGET_MS else "MISSED"
    print(f"  worst refused: {worst:.2f} ms; target <= {REFUSED_TARGET_MS:.0f} ms: {met}")


if __name__ == "__main__":
    main()
