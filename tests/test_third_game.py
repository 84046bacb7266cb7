"""A third game comes in through its own folder and ``INSTALLED_APPS`` alone (game/core/registry.py).

tests/third_game/triplets is a whole game app (engine, page, API endpoint, error code,
rate-limit scope, schema enum name, navigation entry, home-page card and stylesheet, sitemap
entry, a rules page in its own content/ folder); tests/third_game/settings.py appends it to
the site's ``INSTALLED_APPS``. tests/third_game/site_checks.py checks the site so installed
(system checks, import contracts, pages, the API's error shape and rate limit, the sitemap,
the schema, the sample pages) in a process of its own, since the apps of this one are loaded
already; and no file outside the game's folder names it.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "tests" / "third_game"
SKIPPED_DIRS = {".git", ".venv", "node_modules", "staticfiles", "__pycache__", ".mypy_cache", ".ruff_cache"}
TEXT_SUFFIXES = {
    ".py",
    ".toml",
    ".cfg",
    ".ini",
    ".json",
    ".yaml",
    ".yml",
    ".md",
    ".txt",
    ".html",
    ".js",
    ".mjs",
    ".css",
    ".po",
    ".svg",
}


def test_the_site_serves_a_game_installed_from_the_test_tree_with_every_check_passing() -> None:
    env = {name: value for name, value in os.environ.items() if not name.startswith("PYTEST_XDIST")}
    env["PYTHONPATH"] = os.pathsep.join([str(GAME), env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "--ds=tests.third_game.settings",
            str(GAME / "site_checks.py"),
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert "\n9 passed" in result.stdout, result.stdout[-2000:]


def test_no_file_outside_the_game_s_folder_names_it() -> None:
    naming = []
    for path in ROOT.rglob("*"):
        relative = path.relative_to(ROOT)
        if SKIPPED_DIRS & set(relative.parts) or path.suffix not in TEXT_SUFFIXES or not path.is_file():
            continue
        if relative.parts[:2] == ("tests", "third_game") or path == Path(__file__).resolve():
            continue
        if "triplets" in path.read_text(encoding="utf-8", errors="replace").lower():
            naming.append(str(relative))
    assert naming == []
