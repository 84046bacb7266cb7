"""The review rules of POST /api/scores/ (issue 26): people ranked at once, the bots kept off the boards.

Everything runs in process through the whole Django stack (a temporary SQLite
file, migrated first, rate limits lifted), like ``bench_submissions.py``.
Each game is dealt by the engine, its token issued by the server's own
``tokens.issue`` as long ago as the game needs, and sent from an address of its
own unless it is one client's (``REMOTE_ADDR``).  The games come from
``tests/players.py``:

* people (:data:`PEOPLE`): paces from 1.2 s a pair (an honest fast player) to
  3.5 s, lognormal gaps with a coefficient of variation of 0.3 to 0.6, long
  looks now and then, some with breaks (the board hidden), each in an order
  of his own; on every size of layout, ten of them on the same daily deal,
  one playing five games one after another from one address, and some on a
  layout where a moderator approved a 1.4 s-a-pair game (the far-ahead
  reference) before them;
* the bots of the issue (:data:`BOT_KINDS`): the plan played with lognormal
  gaps of a mean of 350 to 400 ms, none under 160 ms, never three short gaps
  in a row, on Crossroads, the daily Turtle and other layouts; the daily's
  first place copied with its last two pairs swapped and re-timed (and with
  every other pair swapped); five deals played at once from one address at a
  person's pace; a bot just over the pace floor on the layout with an
  approved reference, its entries each a little faster than the last.

Printed: the share of the people's games ranked at once (target 100 %) and
the share of the bots' games kept off the boards once everything is sent
(held or refused; target 100 %), with the games that missed.

Run with ``make bench`` or ``.venv/bin/python tests/benchmarks/bench_review.py``.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.benchmarks._stats import scratch_site
from tests.players import (
    Pace,
    bot_log,
    human_log,
    left_to_right,
    own_order,
    retimed_with_last_two_swapped,
    top_layer_first,
)

TARGET_PEOPLE = 100.0
TARGET_BOTS = 100.0
LAYOUTS = ("L09", "L06", "L10", "L02", "L08", "L00", "L03", "L07")
"""Every size of layout: 56, 72, 78, 86, 120 and 144 tiles (three of those)."""
PACES_MS = (1_200, 1_400, 1_700, 2_000, 2_600, 3_500)
HOURS_AGO = 6
"""How long before now the games are dealt: time for every game to be played one after another."""


@dataclass
class Sent:
    """A game sent, and whether it is on a board once everything was sent."""

    label: str
    status: int
    entry: int | None
    public: bool = False


@dataclass
class Bench:
    client: Any
    rng: random.Random = field(default_factory=lambda: random.Random(26))
    clock_ms: int = field(default_factory=lambda: int((time.time() - HOURS_AGO * 3600) * 1000))
    addresses: int = 0

    def address(self) -> str:
        self.addresses += 1
        return f"10.{self.addresses // 65536 % 256}.{self.addresses // 256 % 256}.{self.addresses % 256}"

    def dealt(self, code: str, mode: str = "classic", **token: Any) -> tuple[dict[str, Any], str]:
        """The engine's deal of ``code`` and a token the server issued at the bench's clock."""
        from game.mahjong import tokens
        from game.mahjong.engine import GameCode, deal

        dealt = deal(GameCode.parse(code), 1)
        body = {"layout": dealt.layout, "tiles": list(dealt.tiles), "plan": [list(p) for p in dealt.plan]}
        return body, tokens.issue(code, mode, now=self.clock_ms / 1000, **token)

    def send(self, label: str, token: str, log: list[dict[str, Any]], address: str | None = None) -> Sent:
        body = {"token": token, "name": "Bench", "log": log}
        response = self.client.post(
            "/api/scores/", body, content_type="application/json", REMOTE_ADDR=address or self.address()
        )
        entry = response.json().get("id") if response.status_code == 201 else None
        return Sent(label, response.status_code, entry)

    def later(self, log: list[dict[str, Any]], gap_s: int = 30) -> None:
        """The next game is dealt after this one ended (and a little break)."""
        self.clock_ms += log[-1]["t"] + gap_s * 1000

    def pairs(self, body: dict[str, Any], style: int) -> list[tuple[int, int]]:
        layout = body["layout"]
        prefer = (None, left_to_right(layout), top_layer_first(layout))[style % 3]
        return own_order(layout, body["tiles"], body["plan"], self.rng, prefer)


def random_code(rng: random.Random, layout: str) -> str:
    return f"MJ1-{layout}-{''.join(rng.choice('ABCDEFGHIJKLMNOPQRSTUVWXYZ') for _ in range(7))}"


def pace_of(rng: random.Random, mean_ms: int, k: int) -> Pace:
    return Pace(
        mean_ms, cv=rng.uniform(0.3, 0.6), long_look=rng.uniform(0.0, 0.12), pause_every=(0, 0, 25)[k % 3]
    )


# -- people -----------------------------------------------------------------------------------------


def people(bench: Bench, daily_code: str, day: Any) -> list[Sent]:
    sent: list[Sent] = []
    rng = bench.rng
    for k, (layout, mean_ms) in enumerate((lay, pace) for lay in LAYOUTS for pace in PACES_MS):
        body, token = bench.dealt(random_code(rng, layout), random_deal=True)
        log = human_log(bench.pairs(body, k), pace_of(rng, mean_ms, k), rng)
        sent.append(bench.send(f"{layout} at {mean_ms} ms a pair", token, log))
        bench.later(log, gap_s=0)
    for k in range(10):
        body, token = bench.dealt(daily_code, daily=day)
        mean_ms = PACES_MS[k % len(PACES_MS)]
        log = human_log(bench.pairs(body, k), pace_of(rng, mean_ms, k), rng)
        sent.append(bench.send(f"daily, player {k + 1}, {mean_ms} ms a pair", token, log))
    one_client = bench.address()
    for k in range(5):
        body, token = bench.dealt(random_code(rng, "L10"), random_deal=True)
        log = human_log(bench.pairs(body, k), pace_of(rng, 1_300, k), rng)
        sent.append(bench.send(f"one client's game {k + 1} of 5, one after another", token, log, one_client))
        bench.later(log)
    return sent


def approve_a_reference(bench: Bench, layout: str, mean_ms: int) -> None:
    """A moderator approved a game of ``layout`` at ``mean_ms`` a pair: the layout's reference."""
    from game.mahjong.models import Score

    body, token = bench.dealt(random_code(bench.rng, layout), random_deal=True)
    log = human_log(bench.pairs(body, 0), Pace(mean_ms, cv=0.3, long_look=0), bench.rng)
    sent = bench.send("approved reference", token, log)
    assert sent.entry is not None, sent
    Score.objects.filter(pk=sent.entry).approve()
    bench.later(log)


def people_after_a_reference(bench: Bench, layout: str) -> list[Sent]:
    sent = []
    for k, mean_ms in enumerate((1_200, 1_500, 2_000)):
        body, token = bench.dealt(random_code(bench.rng, layout), random_deal=True)
        log = human_log(bench.pairs(body, k), pace_of(bench.rng, mean_ms, k), bench.rng)
        sent.append(bench.send(f"{layout} after an approved 1.4 s, at {mean_ms} ms a pair", token, log))
        bench.later(log, gap_s=0)
    return sent


# -- bots -------------------------------------------------------------------------------------------


def pace_bots(bench: Bench, daily_code: str, day: Any) -> list[Sent]:
    sent = []
    for layout, mean_ms in (
        ("L09", 400),
        ("L09", 350),
        ("L06", 375),
        ("L10", 400),
        ("L08", 400),
        ("L03", 350),
    ):
        body, token = bench.dealt(random_code(bench.rng, layout), random_deal=True)
        sent.append(
            bench.send(
                f"pace bot, {mean_ms} ms on {layout}", token, bot_log(body["plan"], mean_ms, bench.rng)
            )
        )
    for mean_ms in (350, 400):
        body, token = bench.dealt(daily_code, daily=day)
        sent.append(
            bench.send(
                f"pace bot, {mean_ms} ms on the daily", token, bot_log(body["plan"], mean_ms, bench.rng)
            )
        )
    return sent


def copy_bots(bench: Bench, daily_code: str, day: Any) -> list[Sent]:
    """Copies of the daily's first place: its log read from the API, pairs moved, times changed."""
    from game.mahjong.engine import get_layout
    from game.mahjong.models import Score

    first = Score.objects.daily(day, "classic").first()
    assert first is not None
    log = bench.client.get(f"/api/scores/{first.pk}/").json()["log"]
    body, token = bench.dealt(daily_code, daily=day)
    sent = [
        bench.send(
            "copy of the daily #1, last two pairs swapped",
            token,
            retimed_with_last_two_swapped(log, get_layout(body["layout"]), body["tiles"], bench.rng),
        )
    ]
    matches = [event for event in log if event["type"] == "match"]
    swapped = neighbours_swapped(body, matches)
    retimed = [{**event, "t": matches[k]["t"] + 250} for k, event in enumerate(swapped)]
    _, token = bench.dealt(daily_code, daily=day)
    sent.append(bench.send("copy of the daily #1, neighbouring pairs swapped", token, retimed))
    return sent


def neighbours_swapped(body: dict[str, Any], matches: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The matches with each pair of neighbours swapped wherever both are free at that point."""
    from game.mahjong.engine import Board

    board = Board(body["layout"], list(body["tiles"]))
    swapped: list[dict[str, Any]] = []
    for k in range(0, len(matches), 2):
        two = matches[k : k + 2]
        if len(two) == 2 and all(board.is_free(event[p]) for event in two for p in ("a", "b")):
            two.reverse()
        for event in two:
            board.remove(event["a"], event["b"])
        swapped += two
    return swapped


def at_once_bot(bench: Bench) -> list[Sent]:
    """Five Crossroads deals played at the same time, at a person's pace, sent from one address."""
    address = bench.address()
    games = []
    for k in range(5):
        body, token = bench.dealt(random_code(bench.rng, "L09"), random_deal=True)
        games.append((token, human_log(bench.pairs(body, k), pace_of(bench.rng, 1_300, 1), bench.rng)))
        bench.clock_ms += 1_500
    sent = [
        bench.send(f"five games at once, game {k + 1}", token, log, address)
        for k, (token, log) in enumerate(games)
    ]
    bench.later(max((log for _, log in games), key=lambda log: log[-1]["t"]))
    return sent


def halving_bot(bench: Bench, layout: str) -> list[Sent]:
    """Entries each faster than the last, from 1.3 times the pace floor down to just over it."""
    from game.mahjong.api.timing import pace_floor_ms
    from game.mahjong.engine import get_layout

    floor = pace_floor_ms(len(get_layout(layout)))
    sent = []
    for factor in (1.3, 1.15, 1.05):
        body, token = bench.dealt(random_code(bench.rng, layout), random_deal=True)
        log = human_log(bench.pairs(body, 0), Pace(round(floor * factor), cv=0.3, long_look=0), bench.rng)
        sent.append(bench.send(f"far-ahead bot at {factor} times the floor on {layout}", token, log))
        bench.later(log, gap_s=0)
    return sent


BOT_KINDS: tuple[Callable[..., list[Sent]], ...] = (pace_bots, copy_bots, at_once_bot, halving_bot)


# -- the figures ------------------------------------------------------------------------------------


def share(sent: list[Sent], good: Callable[[Sent], bool]) -> tuple[float, list[Sent]]:
    missed = [game for game in sent if not good(game)]
    return 100.0 * (len(sent) - len(missed)) / len(sent), missed


def report(title: str, sent: list[Sent], good: Callable[[Sent], bool], target: float) -> None:
    figure, missed = share(sent, good)
    met = "met" if figure >= target else "MISSED"
    print(f"  {title:<52} {figure:5.1f} % of {len(sent):3d}  target {target:.0f} %: {met}")
    for game in missed:
        print(f"    missed: {game.label} (HTTP {game.status}, entry {game.entry})")


def main() -> None:
    print(f"bench_review: Python {sys.version.split()[0]}")
    with scratch_site("ERROR"):
        from django.test import Client

        from game.mahjong.api.daily import daily_code, today
        from game.mahjong.api.timing import pace_floor_ms
        from game.mahjong.models import Score

        bench = Bench(Client(HTTP_HOST="localhost"))
        day = today()
        code = str(daily_code(day, "classic"))
        started = time.perf_counter()
        humans = people(bench, code, day)
        approve_a_reference(bench, "L00", 1_400)
        humans += people_after_a_reference(bench, "L00")
        bots = (
            pace_bots(bench, code, day)
            + copy_bots(bench, code, day)
            + at_once_bot(bench)
            + halving_bot(bench, "L00")
        )
        public = set(Score.objects.public().values_list("pk", flat=True))
        ranked_at_once = set(Score.objects.filter(flagged=False).values_list("pk", flat=True))
        for game in bots:
            game.public = game.entry in public
        took = time.perf_counter() - started
        print(f"Review rules of POST /api/scores/ ({len(humans) + len(bots)} games sent in {took:.0f} s)")
        floors = ", ".join(f"{tiles} tiles {pace_floor_ms(tiles)} ms" for tiles in (56, 72, 86, 120, 144))
        print(f"  pace floors a pair: {floors}")
        print(
            f"  an honest fast player at 1.2 s a pair is {1_200 / pace_floor_ms(144):.2f} (144 tiles) to "
            f"{1_200 / pace_floor_ms(56):.2f} (56 tiles) times the floor"
        )
        report(
            "people's games ranked at once",
            humans,
            lambda g: g.status == 201 and g.entry in ranked_at_once,
            TARGET_PEOPLE,
        )
        report("bots' games kept off the boards (held or refused)", bots, lambda g: not g.public, TARGET_BOTS)


if __name__ == "__main__":
    main()
