"""The admin login locks out guessing: by address and by account, until a cool-off has passed.

Before, 40 wrong passwords in a row were answered like the first one, and the
right password after them let the guesser in.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

import pytest
from axes.models import AccessAttempt
from django.contrib.auth.models import User
from django.db.models import F
from django.test import Client
from pytest_django import Settings

pytestmark = pytest.mark.django_db

PASSWORD = "the right password, long enough"
LOGIN = "/admin/login/?next=/admin/"
HOME = "198.51.100.7"
ELSEWHERE = "203.0.113.9"

Login = Callable[..., Any]


@pytest.fixture(autouse=True)
def _quick_hashing(settings: Settings) -> None:
    # The real hasher makes each wrong password cost half a CPU-second; what is tested here is
    # the counting, not the hashing.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def accounts(_quick_hashing: None) -> list[User]:
    return [
        User.objects.create_superuser("boss", password=PASSWORD),
        User.objects.create_superuser("editor", password=PASSWORD),
    ]


def log_in(username: str, password: str, address: str = HOME, **headers: Any) -> tuple[Any, Client]:
    """One login through the admin's form, from ``address``; the answer and the client."""
    client = Client(REMOTE_ADDR=address, **headers)
    return client.post(LOGIN, {"username": username, "password": password}), client


def logged_in(client: Client) -> bool:
    return "_auth_user_id" in client.session


def wrong_passwords(count: int, username: str = "boss", address: str = HOME) -> None:
    for attempt in range(count):
        response, _ = log_in(username, f"guess {attempt}", address)
        assert response.status_code in (200, 429)


def test_a_right_password_is_let_in(accounts: list[User]) -> None:
    response, client = log_in("boss", PASSWORD)
    assert (response.status_code, response["Location"]) == (302, "/admin/")
    assert logged_in(client)


def test_forty_wrong_passwords_then_the_right_one_is_refused(
    accounts: list[User], settings: Settings
) -> None:
    wrong_passwords(40)
    response, client = log_in("boss", PASSWORD)
    assert response.status_code == 429
    assert not logged_in(client)
    assert int(response["Retry-After"]) == settings.AXES_COOLOFF_TIME.total_seconds()


def test_the_limit_is_reached_at_the_configured_number_of_failures(
    accounts: list[User], settings: Settings
) -> None:
    wrong_passwords(settings.AXES_FAILURE_LIMIT - 1)
    response, client = log_in("boss", PASSWORD)
    assert response.status_code == 302 and logged_in(client)  # one short of the limit: still let in
    wrong_passwords(settings.AXES_FAILURE_LIMIT)
    assert log_in("boss", PASSWORD)[0].status_code == 429


def test_an_account_is_locked_whichever_addresses_the_guesses_come_from(accounts: list[User]) -> None:
    for attempt in range(5):
        wrong_passwords(1, address=f"192.0.2.{attempt + 1}")
    response, client = log_in("boss", PASSWORD, address=ELSEWHERE)
    assert response.status_code == 429
    assert not logged_in(client)


def test_an_address_is_locked_whichever_accounts_it_guesses(accounts: list[User]) -> None:
    for name in ("root", "admin", "test", "guest", "editor"):
        wrong_passwords(1, username=name)
    response, client = log_in("boss", PASSWORD)
    assert response.status_code == 429
    assert not logged_in(client)


def test_another_account_from_another_address_is_still_let_in(accounts: list[User]) -> None:
    wrong_passwords(10)
    response, client = log_in("editor", PASSWORD, address=ELSEWHERE)
    assert response.status_code == 302
    assert logged_in(client)


def test_the_lockout_ends_once_its_cool_off_has_passed(accounts: list[User], settings: Settings) -> None:
    wrong_passwords(10)
    assert log_in("boss", PASSWORD)[0].status_code == 429
    # As if the cool-off had gone by since the last try: every recorded attempt that much older.
    AccessAttempt.objects.update(
        attempt_time=F("attempt_time") - settings.AXES_COOLOFF_TIME - dt.timedelta(seconds=1)
    )
    response, client = log_in("boss", PASSWORD)
    assert response.status_code == 302
    assert logged_in(client)


def test_a_try_during_the_lockout_starts_the_cool_off_again(accounts: list[User], settings: Settings) -> None:
    wrong_passwords(10)
    almost = settings.AXES_COOLOFF_TIME - dt.timedelta(seconds=30)
    AccessAttempt.objects.update(attempt_time=F("attempt_time") - almost)
    assert log_in("boss", "one more guess")[0].status_code == 429
    AccessAttempt.objects.update(attempt_time=F("attempt_time") - dt.timedelta(seconds=60))
    assert log_in("boss", PASSWORD)[0].status_code == 429


def test_a_locked_out_try_costs_no_password_check(
    accounts: list[User], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The refusal comes before the password is hashed, so a guesser cannot make the server work."""
    wrong_passwords(5)
    checks: list[str] = []
    real = User.check_password

    def counted(user: User, raw: str) -> bool:
        checks.append(raw)
        return real(user, raw)

    monkeypatch.setattr(User, "check_password", counted)
    assert log_in("boss", PASSWORD)[0].status_code == 429
    assert checks == []


@pytest.mark.parametrize(
    ("language", "title", "pause"),
    [
        ("en", "Too many failed logins", "paused for 15 minutes"),
        ("it", "Troppi accessi non riusciti", "sospeso per 15 minuti"),
        ("pl", "Zbyt wiele nieudanych logowań", "wstrzymane na 15 minut"),
        ("ru", "Слишком много неудачных попыток входа", "приостановлен на 15 минут"),
        ("fr", "Trop de connexions échouées", "suspendue pendant 15 minutes"),
    ],
)
def test_the_lockout_page_says_what_happened_in_the_visitors_language(
    accounts: list[User], language: str, title: str, pause: str
) -> None:
    wrong_passwords(5)
    response, _ = log_in("boss", PASSWORD, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 429
    assert response["Content-Type"].startswith("text/html")
    page = response.content.decode()
    assert f"<h1>{title}</h1>" in page
    assert pause in page
    assert "boss" not in page  # it does not tell a guesser which account exists or was locked
