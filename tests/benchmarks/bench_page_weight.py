"""The weight of each play page as production serves it: target at most 60 KB gzipped of scripts
and stylesheets for the Mahjong play page and for the Rummy table.

The script collects the static files as production does (DJANGO_DEBUG=0: minified by esbuild,
hashed, gzipped by WhiteNoise; site_core/static_storage.py) into a temporary folder, over a
freshly migrated SQLite database there, and renders each page with Django's test client. It
then counts what a first visit downloads before the page can be played: the page's stylesheets,
its scripts and the JavaScript catalogue, and every module those scripts import statically
(``import ... from "..."``: a dynamic ``import()`` is fetched only when first needed, so it is
listed apart). Each file counts as its gzipped copy, the one WhiteNoise serves; beside it, the
gzipped size of the unminified source, as served before minification. The page's HTML is
listed apart. Run with ``make bench``.
"""

from __future__ import annotations

import gzip
import os
import re
import secrets
import sys
import tempfile
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urljoin

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

TARGET_KB = 60.0
PAGES = {"Mahjong play page": "mahjong:play", "Rummy table": "rummy:play"}
STATIC_IMPORT = re.compile(r"""\b(?:import|export)\s*(?:[\w$*{}\s,]*?\bfrom\s*)?["']([^"']+\.js)["']""")
DYNAMIC_IMPORT = re.compile(r"""\bimport\(\s*["']([^"']+\.js)["']\s*\)""")


class Assets(HTMLParser):
    """The stylesheets and scripts a page names."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag == "link" and values.get("rel") in ("stylesheet", "modulepreload") and values.get("href"):
            self.urls.append(str(values["href"]))
        if tag == "script" and values.get("src"):
            self.urls.append(str(values["src"]))


def gzipped(data: bytes) -> int:
    return len(gzip.compress(data, compresslevel=9))


def main() -> int:
    folder = Path(tempfile.mkdtemp(prefix="miaojong-weight-"))
    os.environ.update(
        DJANGO_DEBUG="0",
        DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
        DJANGO_ALLOWED_HOSTS="testserver",
        DJANGO_SECURE_SSL_REDIRECT="0",
        DJANGO_STATIC_ROOT=str(folder / "static"),
        DATABASE_URL=f"sqlite:///{folder / 'db.sqlite3'}",
        DJANGO_SETTINGS_MODULE="site_core.settings",
    )
    import django

    django.setup()
    from django.conf import settings
    from django.contrib.staticfiles import finders
    from django.core.management import call_command
    from django.test import Client
    from django.urls import reverse
    from django.utils import translation

    call_command("collectstatic", "--no-input", verbosity=0)
    call_command("migrate", "--no-input", verbosity=0)
    static_root = Path(settings.STATIC_ROOT)
    static_url = "/" + settings.STATIC_URL.strip("/") + "/"
    manifest = {hashed: name for name, hashed in _manifest(static_root).items()}
    client = Client()
    worst = 0.0
    for title, url_name in PAGES.items():
        with translation.override("en"):
            page_url = reverse(url_name)
        response = client.get(page_url)
        assert response.status_code == 200, (page_url, response.status_code)
        parser = Assets()
        parser.feed(response.content.decode())
        served = source = 0
        rows: list[tuple[str, int, int]] = []
        lazy: set[str] = set()
        seen: set[str] = set()
        queue = list(parser.urls)
        while queue:
            url = queue.pop(0)
            if url in seen:
                continue
            seen.add(url)
            if not url.startswith(static_url):
                body = client.get(url).content  # the JavaScript catalogue: a view, not a file
                rows.append((url, gzipped(body), gzipped(body)))
                continue
            name = url[len(static_url) :]
            original = manifest.get(name, name)
            data = (static_root / name).read_bytes()
            compressed = static_root / f"{name}.gz"
            size = compressed.stat().st_size if compressed.exists() else gzipped(data)
            found = finders.find(original)
            before = gzipped(Path(str(found)).read_bytes()) if found else size
            rows.append((original, size, before))
            if name.endswith(".js"):
                text = data.decode()
                queue += [urljoin(url, target) for target in STATIC_IMPORT.findall(text)]
                lazy |= {urljoin(url, target)[len(static_url) :] for target in DYNAMIC_IMPORT.findall(text)}
        served = sum(row[1] for row in rows)
        source = sum(row[2] for row in rows)
        worst = max(worst, served / 1024)
        print(f"== {title} ({page_url}): {len(rows)} files")
        for name, size, before in sorted(rows, key=lambda row: -row[1]):
            print(f"  {size / 1024:6.1f} KB  (unminified {before / 1024:6.1f} KB)  {name}")
        print(f"  HTML {gzipped(response.content) / 1024:.1f} KB gzipped")
        if lazy:
            print(f"  loaded when first needed: {', '.join(sorted(lazy))}")
        print(
            f"  scripts and stylesheets: {served / 1024:.1f} KB gzipped (unminified {source / 1024:.1f} KB); "
            f"target {TARGET_KB:.0f} KB: {'met' if served / 1024 <= TARGET_KB else 'MISSED'}"
        )
    return 0 if worst <= TARGET_KB else 1


def _manifest(static_root: Path) -> dict[str, str]:
    import json

    paths: dict[str, str] = json.loads((static_root / "staticfiles.json").read_text())["paths"]
    return paths


if __name__ == "__main__":
    sys.exit(main())
