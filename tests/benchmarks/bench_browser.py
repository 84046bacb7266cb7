"""Browser figures: the play page in headless Chromium against a real local server.

The script starts its own server (gunicorn on a free loopback port, over a
freshly migrated SQLite database in a temporary folder, development settings so
that no collectstatic is needed) and stops it at the end, whatever happens.

Reported:

* time to first board: from navigation start to the page's
  ``miaojong:first-board`` performance mark, over cold loads (a new browser
  context each, so nothing is cached); target median <= 1 s;
* the redraw of a full Turtle board (144 tiles) at device pixel ratio 2 by the
  page's own renderer (``/static/mahjong/js/render.js``), each redraw followed by a
  one-pixel read-back so that the canvas really rasterises it, once the page has
  been idle after the first (the renderer then cuts its faces out of the sprite
  sheet, as it does between a player's frames); target median <= 8 ms.  The
  first redraw, which also rasterises the sheet at the tiles' size, is printed
  beside it.

Chromium runs with ``--disable-gpu``, so the canvas is drawn in software (a
phone's GPU does better).  Skips with a message when Chromium is missing.
Run with ``make bench``.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.benchmarks._stats import percentile  # noqa: E402
from tests.browser.chromium import CHROMIUM_ARGS, find_chromium  # noqa: E402

COLD_LOADS = 20
REDRAWS = 300
WARM_UP_REDRAWS = 10
SERVER_START_S = 60.0
PLAY_PATH = "/en/mahjong/play/"
MARK = "miaojong:first-board"

# Runs in the page: a renderer of its own on a canvas as wide as the play page's,
# with the page's first style, drawing the page's board (all 144 tiles), timed.
REDRAW_SCRIPT = """
async ([redraws, warmUp]) => {
  const { BoardRenderer, loadSprite } = await import("/static/mahjong/js/render.js");
  const { layoutFromGraph, isFree } = await import("/static/mahjong/js/rules.js");
  const config = JSON.parse(document.getElementById("play-config").textContent);
  const state = window.miaojong.state();
  const layouts = await (await fetch(config.api + "layouts/")).json();
  const shown = layouts.find((layout) => layout.id === state.code.split("-")[1]);
  const positions = shown.positions;
  const layout = layoutFromGraph(positions, shown.graph);

  const box = document.createElement("div");
  box.style.width = document.getElementById("play-board").clientWidth + "px";
  const canvas = document.createElement("canvas");
  box.append(canvas);
  document.body.append(box);
  const renderer = new BoardRenderer(canvas, { maxHeight: () => window.innerHeight * 0.8 });
  renderer.setLayout(layout);
  const style = config.styles[0];
  renderer.setSprite(await loadSprite(style.key, style.sheet, style.image));
  renderer.update({
    tiles: state.tiles,
    free: state.tiles.map((face, i) => isFree(layout, state.tiles, i)),
    selected: null, hint: null, focus: null, paused: false,
  });
  const ctx = canvas.getContext("2d");
  const once = (rasterise) => {
    const start = performance.now();
    renderer.draw();
    if (rasterise) ctx.getImageData(0, 0, 1, 1);
    return performance.now() - start;
  };
  const first = once(true);  // rasterises the sprite sheet at this size (the atlas) too
  // The atlas cuts its faces out once the page is idle, as it is between a player's frames.
  await new Promise((done) => requestIdleCallback(done));
  for (let k = 0; k < warmUp; k++) once(true);
  const times = [];
  const recorded = [];
  for (let k = 0; k < redraws; k++) {
    times.push(once(true));
    recorded.push(once(false));
  }
  ctx.getImageData(0, 0, 1, 1);
  return {
    first, times, recorded, tiles: state.tiles.filter((face) => face !== null).length,
    dpr: window.devicePixelRatio, width: canvas.width, height: canvas.height,
  };
}
"""


def main() -> None:
    def both(browser: Any, origin: str) -> None:
        bench_first_board(browser, origin)
        bench_redraw(browser, origin)

    in_chromium("bench_browser", "software canvas (--disable-gpu)", both)


def in_chromium(bench: str, setting: str, body: Callable[[Any, str], None]) -> None:
    """``body(browser, origin)`` with headless Chromium, as the browser tests run it, and the site
    served on a fresh SQLite database; a clear line instead where no Chromium is installed."""
    chromium = find_chromium()
    if chromium is None:
        print(f"{bench}: skipped: no Chromium at /usr/bin/chromium (apt-get install chromium)")
        return
    from playwright.sync_api import sync_playwright

    print(f"{bench}: headless {chromium}, {setting}")
    with (
        tempfile.TemporaryDirectory(prefix=f"miaojong-{bench.replace('_', '-')}-") as folder,
        serve(Path(folder)) as origin,
    ):
        print(f"  server: gunicorn at {origin}, SQLite in a temporary folder")
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
            try:
                body(browser, origin)
            finally:
                browser.close()


# -- the server ---------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextlib.contextmanager
def serve(folder: Path) -> Iterator[str]:
    """A migrated database and gunicorn serving the site on it; yields the origin."""
    env = {
        **os.environ,
        "DJANGO_DEBUG": "1",
        "DATABASE_URL": f"sqlite:///{folder / 'bench.sqlite3'}",
        "DJANGO_LOG_LEVEL": "WARNING",
        "DJANGO_SETTINGS_MODULE": "site_core.settings",
    }
    env.pop("REDIS_URL", None)
    python = sys.executable
    subprocess.run([python, "manage.py", "migrate", "--no-input", "-v", "0"], cwd=ROOT, env=env, check=True)
    port = free_port()
    origin = f"http://127.0.0.1:{port}"
    server = subprocess.Popen(
        [
            python,
            "-m",
            "gunicorn",
            "site_core.wsgi:application",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            "2",
            "--threads",
            "4",
            "--log-level",
            "warning",
            # Each gunicorn would otherwise take the same control socket path as any other running.
            "--no-control-socket",
        ],
        cwd=ROOT,
        env=env,
        start_new_session=True,  # its own process group, so that the workers stop with it
    )
    try:
        wait_until_up(origin + PLAY_PATH, server)
        yield origin
    finally:
        stop(server)


def wait_until_up(url: str, server: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + SERVER_START_S
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit(f"bench_browser: the server stopped at start-up (exit {server.returncode})")
        try:
            with urllib.request.urlopen(url, timeout=5) as response:
                if response.status == 200:
                    return
        except OSError:  # refused, reset or timed out (URLError is one): not up yet
            pass
        time.sleep(0.2)  # polling a starting server, not timing anything
    raise SystemExit(f"bench_browser: no answer from {url} within {SERVER_START_S:.0f} s")


def stop(server: subprocess.Popen[bytes]) -> None:
    if server.poll() is not None:
        return
    with contextlib.suppress(ProcessLookupError):
        os.killpg(server.pid, signal.SIGTERM)
    try:
        server.wait(timeout=10)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(server.pid, signal.SIGKILL)
        server.wait()


# -- the measures -------------------------------------------------------------------------------


def cold_load_times(browser, url: str, mark: str, loads: int) -> list[float]:  # type: ignore[no-untyped-def]
    """From navigation start to the page's performance ``mark``, over ``loads`` fresh contexts, sorted."""
    times = []
    for _ in range(loads):
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        try:
            page = context.new_page()
            page.goto(url)
            page.wait_for_function(f"() => performance.getEntriesByName('{mark}').length > 0")
            times.append(page.evaluate(f"() => performance.getEntriesByName('{mark}')[0].startTime"))
        finally:
            context.close()
    return sorted(times)


def bench_first_board(browser, origin: str) -> None:  # type: ignore[no-untyped-def]
    times = cold_load_times(browser, origin + PLAY_PATH, MARK, COLD_LOADS)
    print(f"Time to first board, {PLAY_PATH}, {COLD_LOADS} cold loads (target: median <= 1000 ms)")
    print(
        f"  median {statistics.median(times):7.1f} ms  p90 {percentile(times, 0.9):7.1f} ms  "
        f"max {times[-1]:7.1f} ms"
    )


def bench_redraw(browser, origin: str) -> None:  # type: ignore[no-untyped-def]
    context = browser.new_context(viewport={"width": 1280, "height": 900}, device_scale_factor=2)
    try:
        page = context.new_page()
        page.goto(origin + PLAY_PATH)
        page.wait_for_function(f"() => performance.getEntriesByName('{MARK}').length > 0")
        result = page.evaluate(REDRAW_SCRIPT, [REDRAWS, WARM_UP_REDRAWS])
    finally:
        context.close()
    times = sorted(result["times"])
    recorded = sorted(result["recorded"])
    print(
        f"Full redraw of {result['tiles']} tiles at device pixel ratio {result['dpr']:g} "
        f"({result['width']} x {result['height']} device px), {REDRAWS} redraws (target: median <= 8 ms)"
    )
    print(
        f"  median {statistics.median(times):7.2f} ms  p99 {percentile(times, 0.99):7.2f} ms  "
        f"max {times[-1]:7.2f} ms  (first, with the sprite rasterised: {result['first']:.1f} ms)"
    )
    print(
        f"  of which drawing calls alone (before rasterising): median {statistics.median(recorded):7.2f} ms  "
        f"p99 {percentile(recorded, 0.99):7.2f} ms"
    )


if __name__ == "__main__":
    main()
