"""/healthz: 200 when the database and the cache answer, 503 naming the part that does not."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import Client
from pytest_django import Settings

ROOT = Path(__file__).resolve().parent.parent
UNREACHABLE_REDIS = "redis://127.0.0.1:1/0"  # port 1: nothing listens, the connection is refused at once


@pytest.mark.django_db
class TestHealthy:
    def test_it_answers_ok_for_the_database_and_the_cache(self, client: Client) -> None:
        response = client.get("/healthz")
        assert response.status_code == 200
        assert response.headers["Content-Type"] == "application/json"
        assert response.json() == {"status": "ok", "database": "ok", "cache": "ok"}

    def test_it_is_never_cached(self, client: Client) -> None:
        cache_control = client.get("/healthz").headers["Cache-Control"]
        assert "no-store" in cache_control
        assert "max-age=0" in cache_control

    def test_it_has_no_language_prefix_and_no_redirect(self, client: Client) -> None:
        assert client.get("/healthz").status_code == 200
        assert client.get("/en/healthz/").status_code == 404

    def test_head_works_and_writes_are_refused(self, client: Client) -> None:
        assert client.head("/healthz").status_code == 200
        assert client.post("/healthz").status_code == 405

    def test_it_is_not_rate_limited(self, client: Client, settings: Settings) -> None:
        settings.REST_FRAMEWORK = {
            **settings.REST_FRAMEWORK,
            "DEFAULT_THROTTLE_RATES": dict.fromkeys(settings.THROTTLE_PER_MINUTE, "1/min"),
        }
        assert all(client.get("/healthz").status_code == 200 for _ in range(5))

    def test_it_tells_nothing_about_the_software(self, client: Client) -> None:
        response = client.get("/healthz")
        assert set(response.json()) == {"status", "database", "cache"}
        assert "Server" not in response.headers


@pytest.mark.django_db
def test_an_unreachable_cache_gives_503_naming_the_cache(client: Client, settings: Settings) -> None:
    settings.CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": UNREACHABLE_REDIS}
    }
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json() == {"status": "error", "database": "ok", "cache": "error"}
    assert "127.0.0.1" not in response.content.decode()


# The database cannot be swapped inside a running test process, so a second
# process gets a DATABASE_URL that nothing answers.
UNREACHABLE_DATABASE = """
import django, json
django.setup()
from django.test import Client
response = Client().get("/healthz", headers={"host": "localhost"})
print(json.dumps({"status": response.status_code, "body": response.json()}))
"""


def test_an_unreachable_database_gives_503_naming_the_database() -> None:
    env = {key: value for key, value in os.environ.items() if key not in {"DATABASE_URL", "REDIS_URL"}}
    env.update(
        DJANGO_DEBUG="1",
        DJANGO_SETTINGS_MODULE="site_core.settings",
        DATABASE_URL="postgres://nobody@127.0.0.1:1/nothing",
        DJANGO_LOG_LEVEL="CRITICAL",
    )
    result = subprocess.run(
        [sys.executable, "-c", UNREACHABLE_DATABASE],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    answer = json.loads(result.stdout.strip().splitlines()[-1])
    assert answer == {"status": 503, "body": {"status": "error", "database": "error", "cache": "ok"}}


PLAIN_HTTP_PROBES = """
import django, json
django.setup()
from django.test import Client
client = Client(headers={"host": "miaojong.example"})
print(json.dumps({path: client.get(path).status_code for path in ("/healthz", "/api/layouts/")}))
"""


def test_in_production_load_balancers_can_probe_it_over_plain_http(tmp_path: Path) -> None:
    env = {key: value for key, value in os.environ.items() if not key.startswith("DJANGO_")}
    env.update(
        DJANGO_DEBUG="0",
        DJANGO_SECRET_KEY="a-long-random-test-key-" + "x" * 40,
        DJANGO_ALLOWED_HOSTS="miaojong.example",
        DJANGO_SETTINGS_MODULE="site_core.settings",
        DATABASE_URL=f"sqlite:///{tmp_path / 'probe.sqlite3'}",
        DJANGO_LOG_LEVEL="WARNING",
    )
    env.pop("REDIS_URL", None)
    result = subprocess.run(
        [sys.executable, "-c", PLAIN_HTTP_PROBES],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    # Everything else is redirected to HTTPS.
    assert json.loads(result.stdout.strip().splitlines()[-1]) == {"/healthz": 200, "/api/layouts/": 301}
