"""Solver figures on the two fixed Turtle sets (see ``make_solver_sets.py``).

Each position is solved once with ``Budget(nodes=10**9, seconds=2.0)``; the
figures (the process's CPU time, as other programs sharing the machine stretch
the wall clock; both are printed) are printed next to their targets and never asserted:

* set A (played positions, many dead ends): 100 % decided, median <= 0.3 ms, max <= 150 ms;
* set B (fully random boards): 100 % decided within 2 s each, median <= 1 ms,
  p99 <= 150 ms, max <= 1 s (issue #18; a JavaScript port of de Bondt's solver
  on this kind of machine takes 0.99 ms at the median).  The winnable share is
  compared with the published figure for random Turtle deals (2.95 % not
  solvable, from 10 million deals, so its own interval is negligible).

Every winning plan is checked with ``verify_plan`` after the clock stopped.  The
line "compiled part" says whether the solver's C part (``_fastsolve.c``) was
built; without it the same search runs in pure Python, about 30 times slower
at the median.
Run with ``make bench``, or ``.venv/bin/python tests/benchmarks/bench_solver.py
[--set a|b] [--limit N] [--pure-python]``.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from game.mahjong.engine import get_layout, solver, verify_plan
from game.mahjong.engine.solver import Budget, Solution, Verdict, solve_tiles
from tests.benchmarks._stats import percentile, pin_to_one_core
from tests.benchmarks.make_solver_sets import read_set

BUDGET = Budget(nodes=10**9, seconds=2.0)
API_BUDGET = Budget(nodes=20_000, seconds=1.0)
"""``SOLVE_BUDGET`` of game/mahjong/api/views.py (not imported: that needs Django).  The search
depends on units of work only, not on the clock, so a position decided here within both of its
limits is decided the same way by the API."""
PUBLISHED_NOT_WINNABLE = 0.0295
"""Random Turtle deals that cannot be won, published from 10 million deals."""
Z95 = 1.959964
SLOWEST = 3
VERDICTS = Path(__file__).resolve().parent / "data" / "solver_verdicts.txt"
"""The verdict on every position of both sets, frozen: a faster solver must reach the same ones."""


def frozen_verdicts() -> dict[tuple[str, int], Verdict]:
    """``(set name, k)`` to the frozen verdict, from lines ``a 17 not_winnable`` after a comment."""
    verdicts: dict[tuple[str, int], Verdict] = {}
    for line in VERDICTS.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            name, k, verdict = line.split()
            verdicts[name, int(k)] = Verdict(verdict)
    return verdicts


@dataclass(frozen=True)
class Run:
    solutions: list[Solution]
    ms: list[float]
    """CPU time of each position."""
    wall_ms: list[float]

    def share(self, verdict: Verdict) -> int:
        return sum(s.verdict is verdict for s in self.solutions)


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95 % by default)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z / denominator * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return (max(0.0, centre - half), min(1.0, centre + half))


def run_set(name: str, limit: int | None) -> Run:
    _, positions = read_set(name)
    positions = positions[:limit]
    solutions: list[Solution] = []
    ms: list[float] = []
    wall_ms: list[float] = []
    for layout_id, tiles in positions:
        layout = get_layout(layout_id)
        start, cpu_start = time.perf_counter(), time.process_time()
        solution = solve_tiles(layout, tiles, BUDGET)
        ms.append((time.process_time() - cpu_start) * 1000)
        wall_ms.append((time.perf_counter() - start) * 1000)
        solutions.append(solution)
        if solution.plan is not None:
            verify_plan(layout, tiles, solution.plan)  # outside the timing
    return Run(solutions, ms, wall_ms)


def fmt_ms(ms: float) -> str:
    return f"{ms:8.3f} ms" if ms < 1 else f"{ms:8.2f} ms" if ms < 10_000 else f"{ms / 1000:8.1f} s "


def report(name: str, run: Run) -> None:
    n = len(run.solutions)
    won, lost = run.share(Verdict.WINNABLE), run.share(Verdict.NOT_WINNABLE)
    decided = won + lost
    ms = sorted(run.ms)
    wall = sorted(run.wall_ms)
    nodes = sorted(s.nodes for s in run.solutions)
    if name == "a":
        targets = {
            "decided": "target 100 %",
            "median": "target <= 0.3 ms",
            "p99": "",
            "max": "target <= 150 ms",
        }
    else:
        targets = {
            "decided": "target 100 %",
            "median": "target <= 1 ms (JS port of de Bondt: 0.99 ms)",
            "p99": "target <= 150 ms",
            "max": "target <= 1 s",
        }
    title = {"a": "played positions from deals, 10-60 random moves", "b": "fully random boards"}[name]
    print(f"Set {name.upper()} ({title}): {n} positions, budget {BUDGET.seconds} s each")
    print(f"  decided        {100 * decided / n:6.2f} %   {targets['decided']}")
    print(f"  winnable       {100 * won / n:6.2f} %")
    print(f"  not winnable   {100 * lost / n:6.2f} %")
    print(f"  median      {fmt_ms(statistics.median(ms))}   {targets['median']}")
    print(f"  p99         {fmt_ms(percentile(ms, 0.99))}   {targets['p99']}")
    print(f"  max         {fmt_ms(ms[-1])}   {targets['max']}")
    print(f"  total       {fmt_ms(sum(ms))}")
    print(
        f"  wall clock: median {statistics.median(wall):.2f} ms, p99 {percentile(wall, 0.99):.1f} ms, "
        f"max {wall[-1]:.0f} ms (CPU time above)"
    )
    print(
        f"  units of work (load-independent): median {statistics.median(nodes):,.0f}, "
        f"p99 {percentile([float(n) for n in nodes], 0.99):,.0f}, max {nodes[-1]:,}, total {sum(nodes):,}"
    )
    assert API_BUDGET.seconds is not None
    beyond = sum(
        s.verdict is Verdict.UNKNOWN or s.nodes > API_BUDGET.nodes or t > 1000 * API_BUDGET.seconds
        for s, t in zip(run.solutions, run.wall_ms, strict=True)
    )
    print(
        f"  undecided within the API's budget ({API_BUDGET.nodes:,} units, {API_BUDGET.seconds} s): {beyond}"
    )
    undecided = [k for k, s in enumerate(run.solutions) if s.verdict is Verdict.UNKNOWN]
    if undecided:
        print(f"  undecided: {', '.join(f'#{k}' for k in undecided)}")
    if VERDICTS.exists():
        frozen = frozen_verdicts()
        changed = [
            k
            for k, s in enumerate(run.solutions)
            if s.verdict is not Verdict.UNKNOWN and frozen.get((name, k), s.verdict) is not s.verdict
        ]
        print(f"  verdicts other than the frozen ones ({VERDICTS.name}): {changed or 'none'}")
    slowest = sorted(range(n), key=lambda k: run.ms[k], reverse=True)[:SLOWEST]
    listed = ", ".join(
        f"#{k} {run.ms[k]:.0f} ms {run.solutions[k].verdict.value} {run.solutions[k].nodes:,} nodes"
        for k in slowest
    )
    print(f"  slowest (#k is on line k + 2 of the file): {listed}")
    if name == "b":
        low, high = wilson(lost, n)
        inside = "inside" if low <= PUBLISHED_NOT_WINNABLE <= high else "OUTSIDE"
        print(
            f"  not winnable: 95 % Wilson interval {100 * low:.2f}-{100 * high:.2f} %; "
            f"published {100 * PUBLISHED_NOT_WINNABLE:.2f} % is {inside} it"
        )
        published_won = 1 - PUBLISHED_NOT_WINNABLE
        low, high = wilson(won, n)
        inside = "inside" if low <= published_won <= high else "OUTSIDE"
        print(
            f"  winnable:     95 % Wilson interval {100 * low:.2f}-{100 * high:.2f} %; "
            f"published {100 * published_won:.2f} % (100 - 2.95, all decided) is {inside} it"
        )
        if decided < n:
            low, high = wilson(lost + n - decided, n)
            print(
                f"  ({n - decided} undecided, counted in neither share; if all were lost, the "
                f"not-winnable interval would be {100 * low:.2f}-{100 * high:.2f} %)"
            )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--set", choices=["a", "b"], help="only this set (default: both)")
    parser.add_argument("--limit", type=int, help="only the first N positions of each set")
    parser.add_argument(
        "--pure-python", action="store_true", help="without the compiled part, as where it cannot be built"
    )
    args = parser.parse_args(argv)
    if args.pure_python:
        solver._fastsolve = None  # type: ignore[assignment]
    compiled = "built" if solver._fastsolve is not None else "NOT built: pure Python"
    print(f"bench_solver: {pin_to_one_core()}, Python {sys.version.split()[0]}, compiled part {compiled}")
    for name in [args.set] if args.set else ["a", "b"]:
        report(name, run_set(name, args.limit))


if __name__ == "__main__":
    main()
