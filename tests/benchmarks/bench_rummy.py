"""Rummy figures: a bot tournament, Hard's move times and turn checks per second.

Printed next to their targets and never asserted:

* a seeded tournament, 200 hands per pairing: Medium beats Easy and Hard beats
  Medium in at least 65 % of the decided hands (95 % Wilson interval and the
  mean score difference shown).  Each deal is played twice with the seats
  swapped and the same starting seat, so both players get both racks; the
  starting seat alternates from deal to deal;
* the time of Hard's turn search (the most tiles this turn, Hard's first
  candidate; its look-ahead is measured by ``bench_rummy_hard.py``), on one
  core, over positions Hard met in those games plus a fixed set of large
  joker-heavy tables (seeded): median <= 20 ms, p99 <= 300 ms, max <= 1 s,
  and the 1 s budget running out on 0 positions;
* turn checks per second in-process (the moves of those games, checked again).

The hands are played on two processes (the figures that are timed are taken
afterwards, pinned to one core).  Run with ``make bench`` or
``.venv/bin/python tests/benchmarks/bench_rummy.py [--quick]``.
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from game.rummy.engine import Level, State, apply, bot_move, check_turn, new_hand
from game.rummy.engine.bots import most_tiles_move
from tests.benchmarks._stats import percentile, pin_to_one_core
from tests.benchmarks.bench_solver import wilson
from tests.rummy.engine.positions import big_joker_tables

TARGET_SHARE = 0.65
PAIRINGS = ((Level.MEDIUM, Level.EASY), (Level.HARD, Level.MEDIUM))
BIG_TABLES = 200


@dataclass(frozen=True)
class Spot:
    """A position Hard met: enough to ask for its move again, and the table after it."""

    table: list[list[str]]
    rack: list[str]
    opened: bool
    pool_size: int
    after: list[list[str]] | None


@dataclass(frozen=True)
class Hand:
    first: Level
    second: Level
    deal: int
    winner: Level | None
    """None: a draw."""
    margin: int
    """The first level's score minus the second's (the winner scores, the loser 0)."""
    reason: str
    exhausted: int
    spots: list[Spot]


def code_for(deal: int) -> str:
    letters = ""
    value = deal
    for _ in range(7):
        value, digit = divmod(value, 26)
        letters += chr(65 + digit)
    return f"RM1-{letters[::-1]}"


def play(job: tuple[Level, Level, int, bool]) -> Hand:
    """One hand: ``first`` sits in seat 0 when ``swapped`` is False, else in seat 1."""
    first, second, deal, swapped = job
    seats = (second, first) if swapped else (first, second)
    state: State = new_hand(code_for(deal), deal % 2)
    spots: list[Spot] = []
    exhausted = 0
    while state.result is None:
        seat = state.turn
        move = bot_move(state, seats[seat], seed=deal)
        if seats[seat] is Level.HARD:
            exhausted += move.budget_exhausted
            spots.append(
                Spot(
                    [[str(t) for t in s] for s in state.table],
                    [str(t) for t in state.racks[seat]],
                    state.opened[seat],
                    len(state.pool),
                    [[str(t) for t in s] for s in move.after] if move.after else None,
                )
            )
        state = apply(state, seat, move.action())
    result = state.result
    winner = None if result.winner is None else seats[result.winner]
    margin = 0 if winner is None else (result.score if winner is first else -result.score)
    return Hand(first, second, deal, winner, margin, result.reason.value, exhausted, spots)


def tournament(hands: int) -> list[Hand]:
    jobs = [
        (first, second, deal, swapped)
        for first, second in PAIRINGS
        for deal in range(hands // 2)
        for swapped in (False, True)
    ]
    with multiprocessing.Pool(2) as pool:
        return pool.map(play, jobs, chunksize=4)


def report_tournament(results: list[Hand], seconds: float) -> None:
    print(f"Tournament: {len(results)} hands in {seconds:.0f} s on two processes")
    for first, second in PAIRINGS:
        hands = [h for h in results if h.first is first and h.second is second]
        won = sum(h.winner is first for h in hands)
        lost = sum(h.winner is second for h in hands)
        decided = won + lost
        low, high = wilson(won, decided)
        share = won / decided if decided else 0.0
        verdict = "met" if share >= TARGET_SHARE else "MISSED"
        blocked = sum(h.reason == "blocked" for h in hands)
        print(
            f"  {first.value} vs {second.value}: {len(hands)} hands, {won} won, {lost} lost, "
            f"{len(hands) - decided} drawn; {blocked} ended blocked (pool empty, two passes)"
        )
        print(
            f"    {first.value} wins {100 * share:5.1f} % of decided hands "
            f"(95 % Wilson {100 * low:.1f}-{100 * high:.1f} %)   "
            f"target >= {100 * TARGET_SHARE:.0f} %: {verdict}"
        )
        margins = [h.margin for h in hands]
        print(
            f"    mean score difference {statistics.mean(margins):+.1f} points per hand "
            f"({first.value} minus {second.value}; sd {statistics.pstdev(margins):.1f})"
        )
    exhausted = sum(h.exhausted for h in results)
    moves = sum(len(h.spots) for h in results)
    print(f"  Hard's budget ran out on {exhausted} of its {moves} moves in the games (two processes)")


def time_hard(spots: list[Spot]) -> tuple[list[float], list[int], int]:
    ms: list[float] = []
    states: list[int] = []
    exhausted = 0
    for spot in spots:
        start = time.perf_counter()
        move = most_tiles_move(spot.table, spot.rack, spot.opened, spot.pool_size)
        ms.append((time.perf_counter() - start) * 1000)
        states.append(move.states)
        exhausted += move.budget_exhausted
    return ms, states, exhausted


def report_times(name: str, ms: list[float], states: list[int], exhausted: int, targets: bool) -> None:
    ms_sorted = sorted(ms)
    work = sorted(float(s) for s in states)
    median, p99, top = statistics.median(ms_sorted), percentile(ms_sorted, 0.99), ms_sorted[-1]
    print(f"  {name}: {len(ms)} positions")
    if targets:
        print(f"    median {median:8.1f} ms   target <= 20 ms: {'met' if median <= 20 else 'MISSED'}")
        print(f"    p99    {p99:8.1f} ms   target <= 300 ms: {'met' if p99 <= 300 else 'MISSED'}")
        print(f"    max    {top:8.1f} ms   target <= 1000 ms: {'met' if top <= 1000 else 'MISSED'}")
        verdict = "met" if exhausted == 0 else "MISSED"
        print(f"    budget ran out on {exhausted} positions   target 0: {verdict}")
    else:
        print(f"    median {median:8.1f} ms, p99 {p99:8.1f} ms, max {top:8.1f} ms, out of budget {exhausted}")
    print(
        f"    search states (load-independent): median {statistics.median(work):,.0f}, "
        f"p99 {percentile(work, 0.99):,.0f}, max {work[-1]:,.0f}"
    )


def turn_checks(spots: list[Spot], seconds: float = 2.0) -> tuple[int, float]:
    cases = [(s.table, s.rack, s.after, s.opened) for s in spots if s.after is not None]
    done = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for table, rack, after, opened in cases:
            assert check_turn(table, rack, after, opened).legal
        done += len(cases)
    return done, time.perf_counter() - start


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="40 hands per pairing and fewer timed positions")
    parser.add_argument("--hands", type=int, help="hands per pairing (even; default 200, 40 with --quick)")
    args = parser.parse_args(argv)
    hands = args.hands or (40 if args.quick else 200)
    print(f"bench_rummy: Python {sys.version.split()[0]}, {hands} hands per pairing")
    start = time.perf_counter()
    results = tournament(hands)
    report_tournament(results, time.perf_counter() - start)

    print(f"Hard's turn search time, one core ({pin_to_one_core()}), budget 1 s:")
    spots = [spot for hand in results for spot in hand.spots]
    limit = 400 if args.quick else 2000
    step = max(1, len(spots) // limit)
    game_spots = spots[::step][:limit]
    big = [
        Spot(p.table, p.rack, True, 10, None)
        for p in big_joker_tables(50 if args.quick else BIG_TABLES, "bench")
    ]
    game_ms, game_states, game_out = time_hard(game_spots)
    big_ms, big_states, big_out = time_hard(big)
    report_times(
        "all positions", game_ms + big_ms, game_states + big_states, game_out + big_out, targets=True
    )
    report_times("  of which from the games", game_ms, game_states, game_out, targets=False)
    report_times(
        "  of which large joker-heavy tables (60-90 tiles, 1-2 jokers on the rack)",
        big_ms,
        big_states,
        big_out,
        targets=False,
    )

    done, seconds = turn_checks(game_spots)
    print(f"Turn checks: {done / seconds:,.0f} per second in-process (legal plays from the games, one core)")


if __name__ == "__main__":
    main()
