"""site_core.settings: the env helpers and what each environment produces.

Settings are module-level code, so whole-environment cases run in a
subprocess with a clean, explicit environment.
"""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.db import connection, connections
from django.utils.module_loading import import_string
from pytest_django import DjangoDbBlocker
from whitenoise.storage import CompressedManifestStaticFilesStorage

from site_core.settings import env_bool, env_int, env_list, env_str

ROOT = Path(__file__).resolve().parent.parent

PRODUCTION = {
    "DJANGO_DEBUG": "0",
    "DJANGO_SECRET_KEY": "k7#Vq2!zR9mWx4@pL8sT1&nB6yH3%cJ0fD5^gA2*eU7)oI9(rQ4-wS8",
    "DJANGO_ALLOWED_HOSTS": "example.com",
}
assert len(PRODUCTION["DJANGO_SECRET_KEY"]) >= 50


def run(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """Run the venv's Python in the project root with only ``env`` configured."""
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


DUMP_SETTINGS = """
import json
from site_core import settings as s
names = ["DEBUG", "SECRET_KEY", "ALLOWED_HOSTS", "CACHES", "DATABASES", "STORAGES", "LOGGING",
         "SECURE_PROXY_SSL_HEADER", "SECURE_SSL_REDIRECT", "SECURE_HSTS_SECONDS"]
print(json.dumps({name: getattr(s, name, None) for name in names}, default=str))
"""


def settings_with(env: dict[str, str]) -> dict[str, Any]:
    """The settings named in DUMP_SETTINGS, as JSON (anything not JSON as its str())."""
    result = run(["-c", DUMP_SETTINGS], env)
    assert result.returncode == 0, result.stderr
    values: dict[str, Any] = json.loads(result.stdout)
    return values


# --- env_str -----------------------------------------------------------------


def test_env_str_returns_the_value_when_set(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MJ_TEST_STR", "  hello ")
    assert env_str("MJ_TEST_STR", "default") == "hello"


def test_env_str_returns_the_default_when_unset_or_empty(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MJ_TEST_STR", raising=False)
    assert env_str("MJ_TEST_STR", "default") == "default"
    monkeypatch.setenv("MJ_TEST_STR", "")
    assert env_str("MJ_TEST_STR", "default") == "default"


def test_env_str_rejects_a_value_outside_its_choices_naming_the_variable(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("MJ_TEST_STR", "LOUD")
    with pytest.raises(ImproperlyConfigured, match=r"MJ_TEST_STR='LOUD'.*INFO, WARNING"):
        env_str("MJ_TEST_STR", "INFO", choices=("INFO", "WARNING"))


# --- env_bool ----------------------------------------------------------------


@pytest.mark.parametrize("value", ["1", "true", "True", "YES", "on"])
def test_env_bool_reads_the_usual_spellings_of_true(monkeypatch: pytest.MonkeyPatch, value: str) -> None:
    monkeypatch.setenv("MJ_TEST_BOOL", value)
    assert env_bool("MJ_TEST_BOOL", False) is True


@pytest.mark.parametrize("value", ["0", "false", "False", "NO", "off"])
def test_env_bool_reads_the_usual_spellings_of_false(monkeypatch: pytest.MonkeyPatch, value: str) -> None:
    monkeypatch.setenv("MJ_TEST_BOOL", value)
    assert env_bool("MJ_TEST_BOOL", True) is False


def test_env_bool_returns_the_default_when_unset_or_empty(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MJ_TEST_BOOL", raising=False)
    assert env_bool("MJ_TEST_BOOL", True) is True
    monkeypatch.setenv("MJ_TEST_BOOL", " ")
    assert env_bool("MJ_TEST_BOOL", False) is False


def test_env_bool_rejects_anything_else_naming_the_variable_and_the_accepted_values(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("DJANGO_DEBUG", "maybe")
    with pytest.raises(ImproperlyConfigured) as error:
        env_bool("DJANGO_DEBUG", False)
    message = str(error.value)
    assert "DJANGO_DEBUG='maybe'" in message
    assert "true" in message
    assert "false" in message


# --- env_int -----------------------------------------------------------------


def test_env_int_parses_an_integer_or_returns_the_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MJ_TEST_INT", " 42 ")
    assert env_int("MJ_TEST_INT", 7) == 42
    monkeypatch.delenv("MJ_TEST_INT")
    assert env_int("MJ_TEST_INT", 7) == 7


def test_env_int_rejects_a_non_integer_naming_the_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MJ_TEST_INT", "ten")
    with pytest.raises(ImproperlyConfigured, match=r"MJ_TEST_INT='ten' is not an integer"):
        env_int("MJ_TEST_INT", 7)


def test_env_int_rejects_a_value_below_its_minimum_naming_the_variable(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("MJ_TEST_INT", "-1")
    with pytest.raises(ImproperlyConfigured, match=r"MJ_TEST_INT=-1 is too small"):
        env_int("MJ_TEST_INT", 7, minimum=0)


# --- env_list ----------------------------------------------------------------


def test_env_list_splits_on_commas_and_drops_blanks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MJ_TEST_LIST", " a.example , b.example,, ")
    assert env_list("MJ_TEST_LIST") == ["a.example", "b.example"]


def test_env_list_returns_a_copy_of_the_default_when_unset(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MJ_TEST_LIST", raising=False)
    default = ["localhost"]
    result = env_list("MJ_TEST_LIST", default)
    assert result == ["localhost"]
    assert result is not default
    assert env_list("MJ_TEST_LIST") == []


# --- whole environments ----------------------------------------------------------


def test_it_refuses_to_start_without_a_secret_key_in_production() -> None:
    env = {key: value for key, value in PRODUCTION.items() if key != "DJANGO_SECRET_KEY"}
    result = run(["-c", "import site_core.settings"], env)
    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr
    assert "DJANGO_SECRET_KEY must be set" in result.stderr


def test_it_refuses_to_start_without_allowed_hosts_in_production() -> None:
    env = {key: value for key, value in PRODUCTION.items() if key != "DJANGO_ALLOWED_HOSTS"}
    result = run(["-c", "import site_core.settings"], env)
    assert result.returncode != 0
    assert "DJANGO_ALLOWED_HOSTS must be set" in result.stderr


def test_it_refuses_to_start_with_a_debug_value_that_is_not_a_boolean() -> None:
    result = run(["-c", "import site_core.settings"], {"DJANGO_DEBUG": "maybe"})
    assert result.returncode != 0
    assert "DJANGO_DEBUG='maybe' is not a boolean" in result.stderr


def test_the_deploy_check_is_clean_with_a_production_environment() -> None:
    result = run(["manage.py", "check", "--deploy", "--fail-level", "WARNING"], PRODUCTION)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout


def test_debug_mode_starts_with_development_defaults(tmp_path: Path) -> None:
    values = settings_with({"DJANGO_DEBUG": "1", "DJANGO_SECRET_KEY_FILE": str(tmp_path / "key")})
    assert values["DEBUG"] is True
    assert values["SECRET_KEY"] == (tmp_path / "key").read_text().strip()
    assert values["ALLOWED_HOSTS"] == ["localhost", "127.0.0.1"]
    assert values["STORAGES"]["staticfiles"]["BACKEND"] == (
        "django.contrib.staticfiles.storage.StaticFilesStorage"
    )
    assert values["SECURE_SSL_REDIRECT"] is None


class TestTheDevelopmentSecretKey:
    """Debug mode makes a key of its own per checkout: one in the repository would let anybody sign
    deal tokens and sessions that every debug instance accepts."""

    def test_it_is_made_at_random_on_first_use_readable_only_by_its_owner(self, tmp_path: Path) -> None:
        key_file = tmp_path / ".secret_key"
        key = settings_with({"DJANGO_DEBUG": "1", "DJANGO_SECRET_KEY_FILE": str(key_file)})["SECRET_KEY"]
        assert key == key_file.read_text().strip()
        assert len(key) >= 50
        assert key_file.stat().st_mode & 0o777 == 0o600
        assert list(tmp_path.iterdir()) == [key_file]  # no draft left behind

    def test_it_is_kept_for_the_next_start(self, tmp_path: Path) -> None:
        env = {"DJANGO_DEBUG": "1", "DJANGO_SECRET_KEY_FILE": str(tmp_path / ".secret_key")}
        assert settings_with(env)["SECRET_KEY"] == settings_with(env)["SECRET_KEY"]

    def test_each_checkout_has_its_own(self, tmp_path: Path) -> None:
        keys = {
            settings_with({"DJANGO_DEBUG": "1", "DJANGO_SECRET_KEY_FILE": str(tmp_path / name)})["SECRET_KEY"]
            for name in ("one", "two")
        }
        assert len(keys) == 2

    def test_processes_starting_together_agree_on_one_key(self, tmp_path: Path) -> None:
        env = {**os.environ, "DJANGO_DEBUG": "1", "DJANGO_SECRET_KEY_FILE": str(tmp_path / ".secret_key")}
        env["DJANGO_SETTINGS_MODULE"] = "site_core.settings"
        starts = [
            subprocess.Popen(
                [sys.executable, "-c", "from site_core import settings; print(settings.SECRET_KEY)"],
                cwd=ROOT,
                env=env,
                stdout=subprocess.PIPE,
                text=True,
            )
            for _ in range(4)
        ]
        keys = {start.communicate(timeout=120)[0].strip() for start in starts}
        assert keys == {(tmp_path / ".secret_key").read_text().strip()}

    def test_the_checkout_keeps_its_key_out_of_git(self) -> None:
        ignored = (ROOT / ".gitignore").read_text().splitlines()
        assert ".secret_key" in ignored


def test_production_serves_hashed_compressed_static_files_over_https_only() -> None:
    values = settings_with(PRODUCTION)
    assert values["DEBUG"] is False
    backend = import_string(values["STORAGES"]["staticfiles"]["BACKEND"])
    # Minified, then hashed and compressed by WhiteNoise (site_core/static_storage.py).
    assert issubclass(backend, CompressedManifestStaticFilesStorage)
    assert values["SECURE_SSL_REDIRECT"] is True
    assert values["SECURE_HSTS_SECONDS"] >= 31536000


def test_the_forwarded_proto_header_is_trusted_only_behind_a_proxy() -> None:
    assert settings_with(PRODUCTION)["SECURE_PROXY_SSL_HEADER"] is None
    behind = settings_with({**PRODUCTION, "DJANGO_BEHIND_PROXY": "1"})
    assert behind["SECURE_PROXY_SSL_HEADER"] == ["HTTP_X_FORWARDED_PROTO", "https"]


def test_redis_url_selects_the_redis_cache() -> None:
    values = settings_with({"DJANGO_DEBUG": "1", "REDIS_URL": "redis://127.0.0.1:6379/3"})
    assert values["CACHES"]["default"] == {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": "redis://127.0.0.1:6379/3",
    }


def test_without_redis_url_the_cache_is_in_process_memory() -> None:
    values = settings_with({"DJANGO_DEBUG": "1"})
    assert values["CACHES"]["default"]["BACKEND"] == ("django.core.cache.backends.locmem.LocMemCache")


def test_without_database_url_the_database_is_a_local_sqlite_file_in_wal_mode() -> None:
    database = settings_with({"DJANGO_DEBUG": "1"})["DATABASES"]["default"]
    assert database["ENGINE"] == "django.db.backends.sqlite3"
    assert Path(database["NAME"]) == ROOT / "db.sqlite3"
    assert "PRAGMA journal_mode=WAL" in database["OPTIONS"]["init_command"]
    assert database["OPTIONS"]["timeout"] == 20
    assert database["OPTIONS"]["transaction_mode"] == "IMMEDIATE"


def test_database_url_selects_postgresql_with_persistent_health_checked_connections() -> None:
    url = "postgres://miaojong@db.internal:5432/miaojong"
    database = settings_with({"DJANGO_DEBUG": "1", "DATABASE_URL": url})["DATABASES"]["default"]
    assert database["ENGINE"] == "django.db.backends.postgresql"
    assert database["NAME"] == "miaojong"
    assert database["CONN_MAX_AGE"] == 60
    assert database["CONN_HEALTH_CHECKS"] is True


def test_the_log_level_comes_from_the_environment_and_logs_go_to_stdout() -> None:
    logging = settings_with({"DJANGO_DEBUG": "1", "DJANGO_LOG_LEVEL": "WARNING"})["LOGGING"]
    assert logging["root"]["level"] == "WARNING"
    assert logging["handlers"]["console"]["stream"] == "ext://sys.stdout"


def test_an_unknown_log_level_stops_the_settings_from_loading() -> None:
    result = run(["-c", "import site_core.settings"], {"DJANGO_DEBUG": "1", "DJANGO_LOG_LEVEL": "LOUD"})
    assert result.returncode != 0
    assert "DJANGO_LOG_LEVEL='LOUD' is not valid" in result.stderr


def test_sqlite_connections_use_wal_journaling_and_a_busy_timeout(
    tmp_path: Path, django_db_blocker: DjangoDbBlocker
) -> None:
    if connection.vendor != "sqlite":
        pytest.skip("only SQLite has a journal mode")
    # The test database lives in memory, where WAL is impossible; open a
    # connection with the configured options on a real file instead.
    settings_dict = copy.deepcopy(connection.settings_dict)
    settings_dict["NAME"] = str(tmp_path / "probe.sqlite3")
    probe = connections["default"].__class__(settings_dict, alias="wal_probe")
    with django_db_blocker.unblock():
        try:
            with probe.cursor() as cursor:
                cursor.execute("PRAGMA journal_mode")
                assert cursor.fetchone()[0] == "wal"
                cursor.execute("PRAGMA busy_timeout")
                assert cursor.fetchone()[0] == 20_000
            # transaction_mode (Django 5.1) is missing from the django-stubs DatabaseWrapper.
            assert probe.transaction_mode == "IMMEDIATE"  # type: ignore[attr-defined]
        finally:
            probe.close()
