"""manage.py purge_stale: expired sessions and long-hidden entries go, in batches; everything else stays."""

from __future__ import annotations

import datetime as dt
import io
import re
import secrets
import threading

import pytest
from django.contrib.sessions.models import Session
from django.core.management import CommandError, call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from game.mahjong.models import Score
from game.rummy.engine import Level
from game.rummy.models import Hand, Match, Mode
from game.rummy.service import create_match, create_room

_digests = iter(range(10**9))


def session(expires_in: dt.timedelta) -> Session:
    return Session.objects.create(
        session_key=secrets.token_hex(16), session_data="", expire_date=timezone.now() + expires_in
    )


def entry(age: dt.timedelta, **fields: object) -> Score:
    defaults = {
        "code": "MJ1-L00-ABCDEFG",
        "layout": "L00",
        "mode": "classic",
        "time_ms": 100_000,
        "moves": 72,
        "hints": 0,
        "shuffles": 0,
        "name": "Player",
        "log": [],
        "token_digest": f"purge-{next(_digests):058d}",
        "created": timezone.now() - age,
    }
    return Score.objects.create(**{**defaults, **fields})


def rummy_match(idle: dt.timedelta) -> Match:
    match, _credentials = create_match(Mode.COMPUTER, Level.EASY)
    # auto_now would overwrite the field on save(): set the last activity with an update.
    Match.objects.filter(pk=match.pk).update(updated=timezone.now() - idle)
    return match


def purge(*args: str) -> dict[str, int]:
    """Run the command; what each line reported, as {label: number}."""
    out = io.StringIO()
    call_command("purge_stale", *args, stdout=out)
    return {label: int(n) for label, n in re.findall(r"^(.+?): (\d+) ", out.getvalue(), re.MULTILINE)}


HOUR = dt.timedelta(hours=1)
DAY = dt.timedelta(days=1)
SESSIONS = "expired sessions"
HIDDEN = "hidden entries older than 90 days"
MATCHES = "matches inactive for 30 days"
ROOMS = "online rooms inactive for 7 days"


@pytest.mark.django_db
class TestWhatGoes:
    def test_expired_sessions_are_deleted_and_live_ones_kept(self) -> None:
        expired = [session(-HOUR) for _ in range(3)]
        live = session(HOUR)
        assert purge()[SESSIONS] == 3
        assert list(Session.objects.all()) == [live]
        assert not Session.objects.filter(pk__in=[s.pk for s in expired]).exists()

    def test_hidden_entries_go_after_the_given_days_and_every_other_entry_stays(self) -> None:
        old_hidden = entry(91 * DAY, hidden=True)
        kept = [
            entry(89 * DAY, hidden=True),  # hidden, but recently
            entry(400 * DAY),  # old and public
            entry(400 * DAY, flagged=True),  # waiting for an admin's decision
            entry(400 * DAY, flagged=True, approved=True),
        ]
        assert purge()[HIDDEN] == 1
        assert not Score.objects.filter(pk=old_hidden.pk).exists()
        assert set(Score.objects.values_list("pk", flat=True)) == {e.pk for e in kept}

    def test_the_age_for_hidden_entries_can_be_changed_or_turned_off(self) -> None:
        entry(10 * DAY, hidden=True)
        assert purge("--hidden-days", "0") == {SESSIONS: 0, ROOMS: 0, MATCHES: 0}
        assert Score.objects.count() == 1
        assert purge("--hidden-days", "7")["hidden entries older than 7 days"] == 1
        assert Score.objects.count() == 0

    def test_online_rooms_idle_for_a_week_go_and_other_matches_stay(self) -> None:
        room, _host = create_room()
        Match.objects.filter(pk=room.pk).update(updated=timezone.now() - 8 * DAY)
        kept = rummy_match(8 * DAY)
        assert purge()[ROOMS] == 1
        assert list(Match.objects.all()) == [kept]

    def test_rummy_matches_untouched_for_30_days_go_with_their_hands(self) -> None:
        old, recent = rummy_match(31 * DAY), rummy_match(29 * DAY)
        assert purge()[MATCHES] == 1
        assert list(Match.objects.all()) == [recent]
        assert not Hand.objects.filter(match_id=old.pk).exists()
        assert Hand.objects.filter(match=recent).count() == 1


@pytest.mark.django_db
class TestHowItRuns:
    def test_a_dry_run_counts_and_deletes_nothing(self) -> None:
        session(-HOUR)
        entry(100 * DAY, hidden=True)
        assert purge("--dry-run") == {SESSIONS: 1, HIDDEN: 1, ROOMS: 0, MATCHES: 0}
        assert (Session.objects.count(), Score.objects.count()) == (1, 1)

    def test_it_deletes_in_batches_of_the_given_size(self) -> None:
        for _ in range(7):
            session(-HOUR)
        with CaptureQueriesContext(connection) as queries:
            assert purge("--batch-size", "2", "--hidden-days", "0") == {SESSIONS: 7, ROOMS: 0, MATCHES: 0}
        deletes = [q["sql"] for q in queries.captured_queries if q["sql"].startswith("DELETE")]
        assert len(deletes) == 4  # 2 + 2 + 2 + 1
        assert Session.objects.count() == 0

    def test_a_second_run_finds_nothing_left(self) -> None:
        for _ in range(4):
            session(-HOUR)
        entry(100 * DAY, hidden=True)
        assert purge() == {SESSIONS: 4, HIDDEN: 1, ROOMS: 0, MATCHES: 0}
        assert purge() == {SESSIONS: 0, HIDDEN: 0, ROOMS: 0, MATCHES: 0}

    @pytest.mark.parametrize("args", [["--batch-size", "0"], ["--hidden-days", "-1"]])
    def test_it_refuses_nonsense_arguments(self, args: list[str]) -> None:
        with pytest.raises(CommandError):
            call_command("purge_stale", *args, stdout=io.StringIO())


@pytest.mark.django_db(transaction=True)
def test_two_runs_at_the_same_time_delete_every_row_once_and_fail_on_nothing() -> None:
    for _ in range(60):
        session(-HOUR)
    live = session(HOUR)
    reports: list[dict[str, int]] = []
    failures: list[BaseException] = []
    start = threading.Barrier(2)

    def run() -> None:
        try:
            start.wait()
            reports.append(purge("--batch-size", "5", "--hidden-days", "0"))
        except BaseException as error:  # reported by the assertion below
            failures.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=run) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not failures, failures
    assert len(reports) == 2
    assert sum(report[SESSIONS] for report in reports) == 60
    assert list(Session.objects.all()) == [live]
