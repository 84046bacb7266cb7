"""An edit shows at once on every server process, each with its own page cache.

``make serve`` runs two processes, and each keeps whole pages in its own
memory. Two real servers (gunicorn with the site's ASGI worker, production
settings, no Redis) on this test's database: both serve a page from their
cache, then an edit saved here, in a third process, reaches both at their next
request. Loopback only, and bounded: a few requests, each with a timeout.
"""

from __future__ import annotations

import http.client
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path

import pytest
from django.core.management import call_command
from django.db import connection

from rules.models import Page
from tests.load.run_load import HOST, ROOT, gunicorn, production_env

from .conftest import page_url

pytestmark = pytest.mark.django_db(transaction=True)

REQUEST_TIMEOUT_S = 30


def _database_url() -> str:
    """This test's database, as a server process reaches it: the SQLite file or PostgreSQL."""
    settings = connection.settings_dict
    if settings["ENGINE"] == "django.db.backends.sqlite3":
        return f"sqlite:///{settings['NAME']}"
    user, host = settings.get("USER") or "postgres", settings.get("HOST") or "127.0.0.1"
    return f"postgres://{user}@{host}:{settings.get('PORT') or 5432}/{settings['NAME']}"


@pytest.fixture
def two_servers() -> Iterator[list[int]]:
    """Two single-process servers on the test database; stopped before the database is emptied."""
    call_command("load_sample_content", verbosity=0)  # an earlier transactional test may have emptied it
    with tempfile.TemporaryDirectory(prefix="miaojong-pages-") as tmp, ExitStack() as servers:
        env = production_env(_database_url(), Path(tmp), None)
        collected = subprocess.run(
            [sys.executable, "manage.py", "collectstatic", "--no-input", "-v", "0"],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert collected.returncode == 0, collected.stderr
        yield [servers.enter_context(gunicorn(env, 1, 1, Path(tmp) / f"server-{n}.log")) for n in range(2)]


def title_on(port: int, path: str) -> str:
    """The page's main heading as the server on ``port`` sends it."""
    client = http.client.HTTPConnection(HOST, port, timeout=REQUEST_TIMEOUT_S)
    try:
        client.request("GET", path)
        response = client.getresponse()
        html = response.read().decode()
    finally:
        client.close()
    assert response.status == 200, (port, response.status)
    return html.split("<h1>", 1)[1].split("</h1>", 1)[0]


def test_an_edit_shows_at_once_on_both_processes_that_had_the_page_cached(two_servers: list[int]) -> None:
    path = page_url("about", "en")
    original = Page.objects.get(key="about").title_en  # type: ignore[attr-defined]  # a modeltranslation column
    assert [title_on(port, path) for port in two_servers] == [original, original]
    # Behind the signals' back (update() sends none): both still answer from their caches.
    Page.objects.filter(key="about").update(title_en="Changed without a signal")
    assert [title_on(port, path) for port in two_servers] == [original, original]
    # As the admin saves: the signal gives the content a new version, in the database.
    page = Page.objects.get(key="about")
    page.title_en = "About us, as edited"  # type: ignore[attr-defined]  # a modeltranslation column
    page.save()
    assert [title_on(port, path) for port in two_servers] == ["About us, as edited"] * 2
