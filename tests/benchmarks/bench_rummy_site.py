"""Tile Rummy as a player meets it: the first playable rack, and the computer's reply.

The script starts its own server (gunicorn over a fresh SQLite database, as
``bench_browser`` does) and reports:

* time to the first playable rack: from navigation start to the client's
  ``miaojong:rummy-first-rack`` performance mark (the rack drawn and the
  buttons live), over cold loads of ``/en/rummy/play/`` (a new browser context
  each, so nothing is cached and a new match is created); target median <= 1 s;
* the computer's reply latency as the player sees it: the round trip of each
  action over HTTP (the server applies it and plays the computer's reply in the
  same request), per level, over whole hands played by a simple player (Medium's
  choice for the human seat, from its own view only); target median <= 150 ms on
  Easy and Medium, p95 <= 1.3 s on Hard (its search budget is 1 s).  The client
  then shows the reply after a fixed pause of its own (``THINKING_MS`` in
  ``computer_turn.js``), which is added to the figure the player perceives.

Skips the browser part with a message when Chromium is missing.  Run with ``make bench``.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.benchmarks._stats import percentile  # noqa: E402
from tests.benchmarks.bench_browser import cold_load_times, serve  # noqa: E402
from tests.browser.chromium import CHROMIUM_ARGS, find_chromium  # noqa: E402

COLD_LOADS = 12
HANDS_PER_LEVEL = 3
MAX_TURNS = 40
PLAY_PATH = "/en/rummy/play/"
MARK = "miaojong:rummy-first-rack"
TARGETS = {"easy": ("median", 150.0), "medium": ("median", 150.0), "hard": ("p95", 1300.0)}


def main() -> None:
    # One loopback address plays many hands: lift the per-address rate limits for the run.
    os.environ["DJANGO_THROTTLE_SCALE"] = "1000"
    with tempfile.TemporaryDirectory(prefix="miaojong-bench-rummy-") as folder, serve(Path(folder)) as origin:
        print(f"bench_rummy_site: gunicorn at {origin}, SQLite in a temporary folder")
        bench_first_rack(origin)
        bench_replies(origin)


def bench_first_rack(origin: str) -> None:
    chromium = find_chromium()
    if chromium is None:
        print("  first rack: skipped: no Chromium at /usr/bin/chromium (apt-get install chromium)")
        return
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        try:
            times = cold_load_times(browser, origin + PLAY_PATH, MARK, COLD_LOADS)
        finally:
            browser.close()
    print(f"Time to the first playable rack, {PLAY_PATH}, {COLD_LOADS} cold loads (target: median <= 1 s)")
    print(
        f"  median {statistics.median(times):7.1f} ms  p90 {percentile(times, 0.9):7.1f} ms  "
        f"max {times[-1]:7.1f} ms"
    )


def call(origin: str, method: str, path: str, body: Any = None, key: str | None = None) -> Any:
    headers = {"Content-Type": "application/json", "Accept": "application/json"}
    if key is not None:
        headers["Authorization"] = f"Seat {key}"
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(origin + path, data=data, method=method, headers=headers)
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


def human_action(state: dict[str, Any]) -> dict[str, Any]:
    """What a reasonable player does, from the seat's own view: Medium's choice."""
    from game.rummy.engine import ActionKind, choose_move

    seen = state["view"]
    move = choose_move(
        seen["table"],
        seen["rack"],
        seen["opened"][0],
        "medium",
        seen["pool_size"],
        opponent_tiles=seen["opponent_tiles"],
    )
    if move.kind is ActionKind.PLAY:
        return {"type": "play", "after": [[str(tile) for tile in tiles] for tiles in move.after]}
    return {"type": move.kind.value}


def bench_replies(origin: str) -> None:
    print(
        f"The computer's reply as the player sees it: round trip of each action, {HANDS_PER_LEVEL} hands "
        f"per level, at most {MAX_TURNS} turns each"
    )
    for level, (statistic, target) in TARGETS.items():
        times: list[float] = []
        for _ in range(HANDS_PER_LEVEL):
            created = call(origin, "POST", "/api/rummy/matches/", {"mode": "computer", "level": level})
            match, key, state = created["match"], created["credentials"][0]["key"], created["state"]
            for _turn in range(MAX_TURNS):
                if state["view"]["result"] is not None:
                    break
                body = {"hand": state["hand"], "number": state["number"], **human_action(state)}
                start = time.perf_counter()
                state = call(origin, "POST", f"/api/rummy/matches/{match}/actions/", body, key)
                times.append((time.perf_counter() - start) * 1000)
        times.sort()
        figure = statistics.median(times) if statistic == "median" else percentile(times, 0.95)
        verdict = "ok" if figure <= target else "OVER TARGET"
        print(
            f"  {level:6} {len(times):4} actions  median {statistics.median(times):7.1f} ms  "
            f"p95 {percentile(times, 0.95):7.1f} ms  max {times[-1]:7.1f} ms  "
            f"(target: {statistic} <= {target:.0f} ms: {verdict})"
        )


if __name__ == "__main__":
    main()
