"""Production mode: the deploy check, HTTPS-only cookies and headers, and the settings added for operations.

Settings are read once per process, so every case runs in a subprocess with
an explicit environment (nothing inherited from the test run's DJANGO_DEBUG=1).
"""

from __future__ import annotations

import json
import os
import secrets
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent

PRODUCTION = {
    "DJANGO_DEBUG": "0",
    "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
    "DJANGO_ALLOWED_HOSTS": "miaojong.example",
}


def run_python(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    clean = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith("DJANGO_") and key not in {"DATABASE_URL", "REDIS_URL"}
    }
    clean.update(env)
    clean["DJANGO_SETTINGS_MODULE"] = "site_core.settings"
    return subprocess.run(
        [sys.executable, *args], cwd=ROOT, env=clean, capture_output=True, text=True, timeout=120
    )


def settings_of(env: dict[str, str], *names: str) -> dict[str, Any]:
    """The named settings of a process run with ``env``, as JSON (anything else as its str())."""
    # The apps are loaded first: the games' rate-limit scopes are read from the registry.
    code = (
        "import django, json; from collections.abc import Mapping; django.setup(); "
        "from django.conf import settings as s; "
        f"print(json.dumps({{n: getattr(s, n, None) for n in {list(names)!r}}}, "
        "default=lambda v: dict(v) if isinstance(v, Mapping) else str(v)))"
    )
    result = run_python(["-c", code], env)
    assert result.returncode == 0, result.stderr
    values: dict[str, Any] = json.loads(result.stdout)
    return values


# An HTTPS request through Django's test client in a production process. The
# API's layout list needs no database and no collected static files.
HTTPS_REQUEST = """
import django, json
django.setup()
from django.test import Client
response = Client().get("/api/layouts/", secure=True, headers={"host": "miaojong.example"})
print(json.dumps({"status": response.status_code, "headers": dict(response.headers)}))
"""


class TestTheDeployCheck:
    def test_it_is_clean_with_the_production_environment(self) -> None:
        result = run_python(["manage.py", "check", "--deploy", "--fail-level", "WARNING"], PRODUCTION)
        assert result.returncode == 0, result.stdout + result.stderr
        assert "WARNING" not in result.stdout + result.stderr
        assert "no issues" in result.stdout

    def test_turning_the_https_redirect_off_for_loopback_is_the_one_thing_it_reports(self) -> None:
        env = {**PRODUCTION, "DJANGO_ALLOWED_HOSTS": "127.0.0.1", "DJANGO_SECURE_SSL_REDIRECT": "0"}
        result = run_python(["manage.py", "check", "--deploy"], env)
        assert result.returncode == 0, result.stderr
        assert "security.W008" in result.stderr
        assert "1 issue" in result.stderr


class TestHttpsOnly:
    def test_session_csrf_and_language_cookies_are_secure_and_http_is_redirected(self) -> None:
        values = settings_of(
            PRODUCTION,
            "SESSION_COOKIE_SECURE",
            "CSRF_COOKIE_SECURE",
            "LANGUAGE_COOKIE_SECURE",
            "SECURE_SSL_REDIRECT",
            "SECURE_REDIRECT_EXEMPT",
        )
        assert values == {
            "SESSION_COOKIE_SECURE": True,
            "CSRF_COOKIE_SECURE": True,
            "LANGUAGE_COOKIE_SECURE": True,
            "SECURE_SSL_REDIRECT": True,
            "SECURE_REDIRECT_EXEMPT": [r"^healthz$"],
        }

    def test_an_https_response_carries_hsts_and_the_protective_headers(self) -> None:
        result = run_python(["-c", HTTPS_REQUEST], PRODUCTION)
        assert result.returncode == 0, result.stderr
        answer = json.loads(result.stdout.strip().splitlines()[-1])
        assert answer["status"] == 200
        headers = answer["headers"]
        assert headers["Strict-Transport-Security"] == "max-age=31536000; includeSubDomains; preload"
        assert headers["X-Content-Type-Options"] == "nosniff"
        assert headers["X-Frame-Options"] == "DENY"
        assert headers["Referrer-Policy"] == "strict-origin-when-cross-origin"
        assert "default-src 'self'" in headers["Content-Security-Policy"]


class TestOperationsSettings:
    def test_the_throttle_scale_multiplies_every_rate(self) -> None:
        rates = settings_of({**PRODUCTION, "DJANGO_THROTTLE_SCALE": "100"}, "REST_FRAMEWORK")
        throttles = rates["REST_FRAMEWORK"]["DEFAULT_THROTTLE_RATES"]
        assert throttles == {
            "deals": "6000/min",
            "scores": "1000/min",
            "shuffle": "6000/min",
            "solve": "2000/min",
            "reads": "30000/min",
            "rummy_check": "30000/min",
            "rummy_matches": "2000/min",
            "rummy_actions": "12000/min",
            "rummy_moves": "2000/min",
            "replays": "6000/min",
            "boards": "6000/min",
        }

    def test_without_a_throttle_scale_the_rates_are_the_public_ones(self) -> None:
        rates = settings_of(PRODUCTION, "REST_FRAMEWORK")
        assert rates["REST_FRAMEWORK"]["DEFAULT_THROTTLE_RATES"]["scores"] == "10/min"

    @pytest.mark.parametrize("value", ["0", "-3", "lots"])
    def test_a_bad_throttle_scale_stops_the_start_naming_the_variable(self, value: str) -> None:
        result = run_python(
            ["-c", "import site_core.settings"], {**PRODUCTION, "DJANGO_THROTTLE_SCALE": value}
        )
        assert result.returncode != 0
        assert "DJANGO_THROTTLE_SCALE" in result.stderr

    @pytest.mark.parametrize(
        ("env", "proxies"),
        [
            ({}, 0),
            ({"DJANGO_BEHIND_PROXY": "1"}, 1),
            ({"DJANGO_BEHIND_PROXY": "1", "DJANGO_NUM_PROXIES": "2"}, 2),
            ({"DJANGO_NUM_PROXIES": "3"}, 3),
        ],
    )
    def test_the_number_of_trusted_proxies_reaches_the_rate_limits(
        self, env: dict[str, str], proxies: int
    ) -> None:
        values = settings_of({**PRODUCTION, **env}, "NUM_PROXIES", "REST_FRAMEWORK")
        assert values["NUM_PROXIES"] == proxies
        assert values["REST_FRAMEWORK"]["NUM_PROXIES"] == proxies

    def test_only_loopback_is_a_trusted_proxy_unless_told_otherwise(self) -> None:
        values = settings_of({**PRODUCTION, "DJANGO_BEHIND_PROXY": "1"}, "TRUSTED_PROXIES")
        assert values["TRUSTED_PROXIES"] == ["127.0.0.0/8", "::1/128"]

    def test_trusted_proxies_are_addresses_and_networks(self) -> None:
        env = {**PRODUCTION, "DJANGO_TRUSTED_PROXIES": " 10.0.0.5, 10.1.0.0/16 ,fd00::/8,"}
        assert settings_of(env, "TRUSTED_PROXIES")["TRUSTED_PROXIES"] == [
            "10.0.0.5/32",
            "10.1.0.0/16",
            "fd00::/8",
        ]

    @pytest.mark.parametrize("value", ["10.0.0.300", "proxy.internal", "10.0.0.5/8", "10.0.0.0/33", ","])
    def test_a_bad_trusted_proxy_stops_the_start_naming_the_variable(self, value: str) -> None:
        result = run_python(
            ["-c", "import site_core.settings"], {**PRODUCTION, "DJANGO_TRUSTED_PROXIES": value}
        )
        assert result.returncode != 0
        assert "ImproperlyConfigured" in result.stderr
        assert "DJANGO_TRUSTED_PROXIES" in result.stderr

    def test_concurrent_solves_default_to_one_per_processor(self) -> None:
        values = settings_of(PRODUCTION, "MAX_CONCURRENT_SOLVES")
        assert values["MAX_CONCURRENT_SOLVES"] == len(os.sched_getaffinity(0))
        values = settings_of({**PRODUCTION, "DJANGO_MAX_CONCURRENT_SOLVES": "6"}, "MAX_CONCURRENT_SOLVES")
        assert values["MAX_CONCURRENT_SOLVES"] == 6

    @pytest.mark.parametrize("value", ["0", "many"])
    def test_a_bad_bound_on_concurrent_solves_stops_the_start(self, value: str) -> None:
        result = run_python(
            ["-c", "import site_core.settings"], {**PRODUCTION, "DJANGO_MAX_CONCURRENT_SOLVES": value}
        )
        assert result.returncode != 0
        assert "DJANGO_MAX_CONCURRENT_SOLVES" in result.stderr

    def test_the_admin_lockout_can_be_tuned(self) -> None:
        env = {**PRODUCTION, "DJANGO_LOGIN_FAILURE_LIMIT": "3", "DJANGO_LOGIN_COOLOFF_MINUTES": "60"}
        values = settings_of(env, "AXES_FAILURE_LIMIT", "AXES_COOLOFF_TIME", "AXES_LOCKOUT_PARAMETERS")
        assert values == {
            "AXES_FAILURE_LIMIT": 3,
            "AXES_COOLOFF_TIME": "1:00:00",
            "AXES_LOCKOUT_PARAMETERS": ["ip_address", "username"],
        }

    def test_the_static_root_can_be_moved(self, tmp_path: Path) -> None:
        values = settings_of({**PRODUCTION, "DJANGO_STATIC_ROOT": str(tmp_path / "static")}, "STATIC_ROOT")
        assert values["STATIC_ROOT"] == str(tmp_path / "static")

    def test_the_request_log_is_on_in_production_and_off_in_debug(self) -> None:
        def level(env: dict[str, str]) -> object:
            logging = settings_of(env, "LOGGING")["LOGGING"]
            return logging["loggers"]["miaojong.requests"]["level"]

        assert level(PRODUCTION) == "INFO"
        assert level({"DJANGO_DEBUG": "1"}) == "WARNING"
        assert level({"DJANGO_DEBUG": "1", "DJANGO_REQUEST_LOG": "1"}) == "INFO"
        assert level({**PRODUCTION, "DJANGO_REQUEST_LOG": "0"}) == "WARNING"
