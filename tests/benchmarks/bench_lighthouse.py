"""Lighthouse scores of every kind of page, as `make serve` serves them: target >= 95 in each category.

The script starts the site as `make serve` does (DJANGO_DEBUG=0, collected and hashed
static files served by WhiteNoise, gunicorn with the ASGI worker) on a free loopback
port, over a freshly migrated SQLite database in a temporary folder with the sample
content loaded, and stops it at the end, whatever happens. Each page is audited by
Lighthouse from npm (pinned in package.json, installed by `make setup`) in its default
phone profile (a mid-range phone on a slow 4G line, simulated), with the system
Chromium (CHROME_PATH=/usr/bin/chromium, --headless --no-sandbox --disable-gpu), in the
four categories: performance, accessibility, best practices and SEO.

Lighthouse's performance score depends on how busy the machine is: on a shared machine
the figures come out lower than on a quiet one. Skips with a message when Chromium or
Lighthouse is missing. `python tests/benchmarks/bench_lighthouse.py [path ...]` audits
only the given paths; LIGHTHOUSE_PORT sets the server's port (a free one by default),
LIGHTHOUSE_REPORTS a folder to keep each page's report in.
Run with ``make bench``.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.benchmarks.bench_browser import free_port, stop, wait_until_up  # noqa: E402
from tests.browser.chromium import find_chromium  # noqa: E402

LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
TARGET = 95
PAGES = (
    "/en/",
    "/en/rules/",
    "/en/strategy/",
    "/en/history/",
    "/en/faq/",
    "/en/about/",
    "/en/rummy-rules/",
    "/en/mahjong/tiles/",
    "/en/mahjong/play/",
    "/en/mahjong/scores/",
    "/en/rummy/play/",
)
"""One page of each kind: the home page, the content pages, the Tiles page, the play pages, a leaderboard."""
CHROME_FLAGS = "--headless --no-sandbox --disable-gpu"


@contextlib.contextmanager
def serve(folder: Path) -> Iterator[str]:
    """The site as `make serve` runs it, on a database of its own; yields the origin."""
    env = {
        **os.environ,
        "DJANGO_DEBUG": "0",
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
        "DJANGO_SECURE_SSL_REDIRECT": "0",
        "DJANGO_STATIC_ROOT": str(folder / "static"),
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
        "DATABASE_URL": f"sqlite:///{folder / 'bench.sqlite3'}",
        "DJANGO_LOG_LEVEL": "WARNING",
        "DJANGO_REQUEST_LOG": "0",
        "DJANGO_SETTINGS_MODULE": "site_core.settings",
    }
    env.pop("REDIS_URL", None)
    python = sys.executable
    for command in (["collectstatic", "--no-input"], ["migrate", "--no-input"], ["load_sample_content"]):
        subprocess.run([python, "manage.py", *command, "-v", "0"], cwd=ROOT, env=env, check=True)
    port = int(os.environ.get("LIGHTHOUSE_PORT") or free_port())
    origin = f"http://127.0.0.1:{port}"
    server = subprocess.Popen(
        [
            python,
            "-m",
            "gunicorn",
            "site_core.asgi:application",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            "2",
            "--worker-class",
            "site_core.asgi_worker.Worker",
            "--log-level",
            "warning",
            "--no-control-socket",
        ],
        cwd=ROOT,
        env=env,
        start_new_session=True,  # its own process group, so that the workers stop with it
    )
    try:
        wait_until_up(origin + PAGES[0], server)
        yield origin
    finally:
        stop(server)


def audit(url: str, chromium: str, folder: Path) -> dict[str, int]:
    """Lighthouse's four scores of one page, out of 100."""
    report = folder / "report.json"
    subprocess.run(
        [
            str(LIGHTHOUSE),
            url,
            "--quiet",
            "--output=json",
            f"--output-path={report}",
            f"--only-categories={','.join(CATEGORIES)}",
            f"--chrome-flags={CHROME_FLAGS}",
        ],
        env={**os.environ, "CHROME_PATH": chromium},
        check=True,
        timeout=300,
    )
    kept = os.environ.get("LIGHTHOUSE_REPORTS")
    if kept:  # for a closer look at what cost the points
        Path(kept).mkdir(parents=True, exist_ok=True)
        name = url.split("//", 1)[1].split("/", 1)[1].strip("/").replace("/", "-") or "home"
        (Path(kept) / f"{name}.json").write_bytes(report.read_bytes())
    categories = json.loads(report.read_text(encoding="utf-8"))["categories"]
    return {name: round(100 * (categories[name]["score"] or 0)) for name in CATEGORIES}


def main() -> None:
    chromium = find_chromium()
    if chromium is None:
        print("bench_lighthouse: skipped: no Chromium at /usr/bin/chromium (apt-get install chromium)")
        return
    if not LIGHTHOUSE.exists():
        print("bench_lighthouse: skipped: no Lighthouse in node_modules (make setup installs it)")
        return
    paths = sys.argv[1:] or list(PAGES)
    print(f"Lighthouse (phone profile), {chromium}, {CHROME_FLAGS}; target: each category >= {TARGET}")
    print("  (performance varies with the machine's load: a busy machine scores lower)")
    below = 0
    with tempfile.TemporaryDirectory(prefix="miaojong-lighthouse-") as name, serve(Path(name)) as origin:
        print(f"  server: as make serve, gunicorn at {origin}, SQLite in a temporary folder")
        print(f"  {'page':28} " + " ".join(f"{category:>14}" for category in CATEGORIES))
        for path in paths:
            scores = audit(origin + path, chromium, Path(name))
            below += sum(score < TARGET for score in scores.values())
            marks = " ".join(f"{scores[c]:>11} {'ok' if scores[c] >= TARGET else '<<'}" for c in CATEGORIES)
            print(f"  {path:28} {marks}")
    print(f"  {below} score(s) below {TARGET}" if below else f"  every score >= {TARGET}")


if __name__ == "__main__":
    main()
