"""Shared fixtures. Settings come from site_core.settings with DJANGO_DEBUG=1
set by pytest-env (see [tool.pytest.ini_options] env in pyproject.toml).

Hypothesis runs a small profile while you work and a large one in CI
(``CI=true``, as .ci/run sets it); ``HYPOTHESIS_PROFILE`` picks one by name.
"""

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.utils import translation
from hypothesis import HealthCheck, settings
from pytest_django import Settings

from tests.redis_databases import CACHE, redis_url_of_this_worker

settings.register_profile("dev", max_examples=25, deadline=None)
settings.register_profile("ci", max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
DEFAULT_PROFILE = "ci" if os.environ.get("CI") == "true" else "dev"
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or DEFAULT_PROFILE)


def _flushes_the_database(item: pytest.Item) -> bool:
    marker = item.get_closest_marker("django_db")
    fixtures = getattr(item, "fixturenames", ())
    transactional = bool(marker is not None and marker.kwargs.get("transaction"))
    return transactional or "live_server" in fixtures or "transactional_db" in fixtures


def _drives_a_browser(item: pytest.Item) -> bool:
    return "playwright" in getattr(item, "fixturenames", ())


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Tests that empty the database when they end (transactional ones, the browser tests'
    live server) run after all the others, as Django orders them: the others rely on the rows
    the data migrations wrote. pytest-django sorts so too, but first, and the order it leaves
    is not the one that runs; this runs last. The sort is stable, and xdist hands each worker
    its tests in this order.

    The browser tests come last of all: pytest-playwright keeps an event loop running in the
    worker's main thread from its first browser test to the end of the session, and synchronous
    code there that calls async_to_sync (a room told of a change over HTTP) would then fail.
    """
    items.sort(key=lambda item: (_flushes_the_database(item), _drives_a_browser(item)))


@pytest.fixture(autouse=True)
def _default_language() -> Iterator[None]:
    """Every test starts in the default language.

    A request through the test client leaves its page's language active for
    the rest of the thread, so without this a test reading translated text
    outside a request would depend on which test ran before it on its worker.
    """
    translation.deactivate()
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def _redis_of_this_worker(settings: Settings) -> None:
    """Under pytest-xdist with Redis (REDIS_URL, as in CI), the workers share one Redis server:
    give each worker cache keys and databases of its own, so that one worker's page saves (which
    invalidate the page cache) or counts never reach another worker's test, and a channel-layer
    database no cache uses (a test's ``cache.clear()`` empties a whole database, and would wipe
    the groups of another worker's open rooms)."""
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if not worker:
        return
    settings.CACHES = {
        name: {
            **config,
            "KEY_PREFIX": f"{config.get('KEY_PREFIX', '')}{worker}-",
            **_own_location(config),
        }
        for name, config in settings.CACHES.items()
    }
    settings.CHANNEL_LAYERS = {name: _own_layer(layer) for name, layer in settings.CHANNEL_LAYERS.items()}


@pytest.fixture(scope="session")
def _heavy_work_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("heavy-work")


@pytest.fixture(autouse=True)
def _heavy_work_of_this_worker(settings: Settings, _heavy_work_dir: Path) -> None:
    """The machine's slots for second-long work (game/core/heavy.py) are shared by every process
    on the machine: the tests' own, so that another test run's (or a server's) computations never
    fill them, and under xdist each worker's own (its own Redis database when REDIS_URL is set)."""
    settings.HEAVY_WORK_DIR = _heavy_work_dir
    if settings.HEAVY_WORK_REDIS_URL:
        settings.HEAVY_WORK_REDIS_URL = redis_url_of_this_worker(settings.HEAVY_WORK_REDIS_URL, CACHE)


def _own_location(config: dict[str, Any]) -> dict[str, Any]:
    location = config.get("LOCATION")
    if "RedisCache" not in str(config.get("BACKEND")) or not isinstance(location, str):
        return {}
    return {"LOCATION": redis_url_of_this_worker(location, CACHE)}


def _own_layer(layer: dict[str, Any]) -> dict[str, Any]:
    hosts = layer.get("CONFIG", {}).get("hosts", [])
    if not hosts or not all(
        isinstance(host, dict) and isinstance(host.get("address"), str) for host in hosts
    ):
        return layer
    own = [{**host, "address": redis_url_of_this_worker(host["address"])} for host in hosts]
    return {**layer, "CONFIG": {**layer["CONFIG"], "hosts": own}}


@pytest.fixture
def sample_pages(db: None) -> None:
    """The home and about pages in every language, as `make run` loads them."""
    call_command("load_sample_content", verbosity=0)
