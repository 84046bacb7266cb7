"""Production's collectstatic minifies our scripts and stylesheets, each file on its own
(site_core/static_storage.py), and leaves the installed packages' files as they are.

tests/benchmarks/bench_page_weight.py measures what that saves on the play pages.
"""

from __future__ import annotations

import gzip
import json
import re
import subprocess
import sys
from pathlib import Path
from urllib.parse import urljoin

import pytest
from django.contrib.staticfiles import finders

from tests.load.run_load import production_env

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def static_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("static")
    env = production_env(f"sqlite:///{folder / 'db.sqlite3'}", folder, None)
    subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--no-input", "-v", "0"], cwd=ROOT, env=env, check=True
    )
    return folder / "static"


def source(name: str) -> bytes:
    found = finders.find(name)
    assert isinstance(found, str), name
    return Path(found).read_bytes()


def hashed_copy(root: Path, name: str) -> bytes:
    stem, suffix = name.rsplit(".", 1)
    (copy,) = [path for path in root.glob(f"{stem}.*.{suffix}") if path.name.count(".") == 2]
    return copy.read_bytes()


OURS = ["mahjong/js/main.js", "rummy/js/sets.js", "core/js/api.js", "rules/site.css"]


@pytest.mark.parametrize("name", OURS)
def test_our_files_are_minified_and_the_hashed_copy_is_the_same_text(static_root: Path, name: str) -> None:
    served = (static_root / name).read_bytes()
    original = source(name)
    assert len(served) < 0.8 * len(original)
    assert b"\n//" not in served and b"/*" not in served, "comments are gone"
    assert hashed_copy(static_root, name) == served
    assert gzip.decompress((static_root / f"{name}.gz").read_bytes()) == served


def test_a_module_keeps_its_imports_and_exports(static_root: Path) -> None:
    served = (static_root / "core/js/api.js").read_text(encoding="utf-8")
    assert 'from"./api_errors.js"' in served.replace(" ", "")
    assert "export" in served and "class ApiError" in served


IMPORTED = re.compile(r"""\b(?:import|export)\s*(?:[\w$*{}\s,]*?\bfrom\s*)?["']([^"']+\.js)["']""")
IMPORTED_LATER = re.compile(r"""\bimport\(\s*["']([^"']+\.js)["']\s*\)""")
LAZY = {
    "mahjong/js/records_dialog.js",
    "mahjong/js/celebration.js",
    "mahjong/js/end_dialogs.js",
    "rummy/js/end_of_hand.js",
}
"""The play pages' modules fetched when first needed (tests/benchmarks/bench_page_weight.py)."""


def test_every_import_of_a_served_module_finds_its_file(static_root: Path) -> None:
    """A page loads a module by its hashed name; the browser resolves the module's relative
    imports, static and dynamic (``import("./x.js")``, which no storage rewrites), against that
    hashed URL: each must name a file that production serves."""
    hashed: dict[str, str] = json.loads((static_root / "staticfiles.json").read_text())["paths"]
    later: set[str] = set()
    checked = 0
    for name, copy in hashed.items():
        if not name.endswith(".js") or not name.startswith(("core/", "mahjong/", "rummy/")):
            continue
        text = (static_root / copy).read_text(encoding="utf-8")
        for pattern in (IMPORTED, IMPORTED_LATER):
            for target in pattern.findall(text):
                wanted = urljoin(f"/static/{copy}", target).removeprefix("/static/")
                assert (static_root / wanted).is_file(), f"{copy} imports {target}: no {wanted}"
                assert (static_root / wanted).read_bytes() == (static_root / hashed[wanted]).read_bytes()
                checked += 1
                if pattern is IMPORTED_LATER:
                    later.add(wanted)
    assert checked > 100
    assert later >= LAZY, "the rarely used modules are fetched when first needed"


@pytest.mark.parametrize("name", ["admin/css/base.css", "admin/js/core.js"])
def test_the_installed_packages_files_are_left_as_they_come(static_root: Path, name: str) -> None:
    assert (static_root / name).read_bytes() == source(name)
