"""Shared fixtures. Settings come from site_core.settings with DJANGO_DEBUG=1
set by pytest-env (see [tool.pytest.ini_options] env in pyproject.toml).

Hypothesis runs a small profile while you work and a large one in CI
(``CI=true``, as .ci/run sets it); ``HYPOTHESIS_PROFILE`` picks one by name.
"""

import os
from collections.abc import Iterator

import pytest
from django.core.management import call_command
from django.utils import translation
from hypothesis import HealthCheck, settings
from pytest_django import Settings

settings.register_profile("dev", max_examples=25, deadline=None)
settings.register_profile("ci", max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
DEFAULT_PROFILE = "ci" if os.environ.get("CI") == "true" else "dev"
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or DEFAULT_PROFILE)


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
def _cache_of_this_worker(settings: Settings) -> None:
    """Under pytest-xdist with Redis (REDIS_URL, as in CI), the workers share one cache server:
    give each worker keys of its own, so that one worker's page saves (which invalidate the page
    cache) or counts never reach another worker's test."""
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if worker:
        settings.CACHES = {
            name: {**config, "KEY_PREFIX": f"{config.get('KEY_PREFIX', '')}{worker}-"}
            for name, config in settings.CACHES.items()
        }


@pytest.fixture
def sample_pages(db: None) -> None:
    """The home and about pages in every language, as `make run` loads them."""
    call_command("load_sample_content", verbosity=0)
