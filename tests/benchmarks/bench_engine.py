"""Engine figures: dealing (with verification) per layout, and replaying a full log.

Targets on one core: Turtle deal + verification median <= 5 ms, p99 <= 20 ms;
replaying a 72-pair log <= 2 ms.  Run with ``make bench``.
"""

from __future__ import annotations

import string
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from game.mahjong.engine import (
    Game,
    GameCode,
    all_layouts,
    deal,
    dealing,
    log_to_json,
    parse_log,
    replay,
)
from tests.benchmarks._stats import pin_to_one_core, summary, time_calls

DEALS_PER_LAYOUT = {"L00": 1000}
DEFAULT_DEALS = 200


def code_for(layout_id: str, i: int) -> GameCode:
    letters = string.ascii_uppercase
    seed = "".join(letters[(i // 26**k) % 26] for k in range(7))
    return GameCode(layout_id, seed)


def bench_deals() -> None:
    print("Deals (construction + verification by replaying the plan)")
    for layout_id, layout in all_layouts().items():
        count = DEALS_PER_LAYOUT.get(layout_id, DEFAULT_DEALS)
        times = time_calls(lambda i, lid=layout_id: deal(code_for(lid, i)), count)  # type: ignore[misc]  # the default binds the loop's id
        per_second = 1000 * count / sum(times)
        print(
            f"  {layout_id} {layout.name:<14} {len(layout):3} tiles  {count:5} deals  "
            f"{per_second:6.0f}/s  {summary(times)}"
        )


def bench_replay() -> None:
    print("Replay of a full 72-pair Turtle log (arcade, one event per pair)")
    logs = []
    for i in range(200):
        code = code_for("L00", i)
        game = Game(code, "arcade")
        for step, (a, b) in enumerate(game.deal.plan, start=1):
            game.match(a, b, step * 1500)
        logs.append((code, log_to_json(game.events), game.result()))

    def whole(i: int) -> None:
        code, log, expected = logs[i]
        assert replay(code, "arcade", log) == expected

    def whole_cold(i: int) -> None:
        dealing._deal.cache_clear()
        whole(i)

    def events_only(i: int) -> None:
        code, log, expected = logs[i]
        game = Game(code, "arcade")  # the deal is made before the clock starts
        events = parse_log(log)
        start = time.perf_counter()
        for event in events:
            game.apply(event)
        replay_times.append((time.perf_counter() - start) * 1000)
        assert game.result() == expected

    replay_times: list[float] = []
    for i in range(len(logs)):
        events_only(i)
    replay_times.sort()
    print(f"  checking the 72 events (deal already made):  {summary(replay_times)}")
    print(f"  replay(), deal from the process's cache:      {summary(time_calls(whole, len(logs)))}")
    print(f"  replay() including dealing the board afresh:  {summary(time_calls(whole_cold, len(logs)))}")


if __name__ == "__main__":
    print(f"bench_engine: {pin_to_one_core()}, Python {sys.version.split()[0]}")
    bench_deals()
    bench_replay()
