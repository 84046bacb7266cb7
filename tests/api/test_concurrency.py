"""One accepted submission per token, decided by the database under real concurrency."""

from __future__ import annotations

import threading
import time

import pytest
from django.db import connection
from django.test import Client
from pytest_django import Settings

from game.core.api.errors import ApiError
from game.mahjong.api import submissions
from game.mahjong.models import Score

from .conftest import deal_long_ago, play

THREADS = 10


@pytest.mark.django_db(transaction=True)
def test_ten_threads_submitting_the_same_token_get_exactly_one_acceptance(
    client: Client, monkeypatch: pytest.MonkeyPatch, settings: Settings
) -> None:
    settings.MAX_CONCURRENT_SOLVES = THREADS  # a slot each: the race is the database's to decide
    dealt = deal_long_ago(client, monkeypatch)
    body = {"token": dealt["token"], "name": "Racer", "log": play(dealt["plan"])}
    start = threading.Barrier(THREADS)
    statuses: list[int] = []
    errors: list[BaseException] = []
    lock = threading.Lock()

    def racer() -> None:
        try:
            own_client = Client()  # each thread: its own client and its own database connection
            start.wait(timeout=30)
            response = own_client.post("/api/scores/", body, content_type="application/json")
            with lock:
                statuses.append(response.status_code)
        except BaseException as error:  # reported below, not lost in the thread
            with lock:
                errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=racer) for _ in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)

    assert not errors, errors
    assert sorted(statuses) == [201] + [409] * (THREADS - 1)
    assert Score.objects.count() == 1


@pytest.mark.django_db
def test_when_two_submissions_pass_the_check_together_the_database_lets_one_in(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    dealt = deal_long_ago(client, monkeypatch)
    log = play(dealt["plan"])
    now_ms = int(time.time() * 1000)
    first = submissions.verify(dealt["token"], "First", log, now_ms=now_ms)
    second = submissions.verify(dealt["token"], "Second", log, now_ms=now_ms)  # nothing stored yet
    submissions.store(first)
    with pytest.raises(ApiError) as refusal:
        submissions.store(second)
    assert refusal.value.status_code == 409
    assert list(Score.objects.values_list("name", flat=True)) == ["First"]
