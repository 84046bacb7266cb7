"""The Score QuerySet: public entries, boards and ranks, straight from the database."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import IntegrityError, transaction
from django.utils import timezone

from game.mahjong.models import Score, moves_digest
from tests.api_limits import _fresh_throttles
from tests.mahjong.api.conftest import make_score, minutes_ago

__all__ = ["_fresh_throttles"]  # generous API rate limits for every test here

pytestmark = pytest.mark.django_db


def test_public_means_not_hidden_not_rejected_and_not_held_unless_approved() -> None:
    fair = make_score()
    approved = make_score(flagged=True, approved=True)
    make_score(flagged=True)
    make_score(hidden=True)
    make_score(flagged=True, approved=True, rejected=True)
    make_score(rejected=True)
    assert set(Score.objects.public()) == {fair, approved}
    assert all(entry.is_public == (entry in {fair, approved}) for entry in Score.objects.all())


def test_approving_ranks_held_entries_and_rejecting_hides_them_for_good() -> None:
    held, doomed = make_score(flagged=True), make_score(flagged=True)
    assert set(Score.objects.awaiting_review()) == {held, doomed}
    assert Score.objects.filter(pk=doomed.pk).reject() == 1
    assert Score.objects.filter(pk__in=[held.pk, doomed.pk]).approve() == 1, "a rejection is final"
    Score.objects.filter(pk=doomed.pk).update(hidden=False)  # even shown again
    assert list(Score.objects.public()) == [held]
    assert not Score.objects.awaiting_review().exists()
    doomed.refresh_from_db()
    assert (doomed.rejected, doomed.approved, doomed.is_public) == (True, False, False)


def test_the_moves_digest_ignores_times_pauses_and_the_order_of_a_pair() -> None:
    log = [
        {"t": 1000, "type": "match", "a": 3, "b": 9},
        {"t": 2000, "type": "hint"},
        {"t": 3000, "type": "undo"},
        {"t": 4000, "type": "shuffle"},
    ]
    same = [
        {"t": 5, "type": "match", "a": 9, "b": 3},
        {"t": 6, "type": "pause"},
        {"t": 7, "type": "resume"},
        {"t": 8, "type": "hint"},
        {"t": 9, "type": "undo"},
        {"t": 10, "type": "shuffle"},
    ]
    digest = moves_digest("MJ1-L00-ABCDEFG", "classic", log)
    assert moves_digest("MJ1-L00-ABCDEFG", "classic", same) == digest
    assert moves_digest("MJ1-L00-ABCDEFH", "classic", log) != digest, "another deal"
    assert moves_digest("MJ1-L00-ABCDEFG", "arcade", log) != digest, "another mode"
    assert moves_digest("MJ1-L00-ABCDEFG", "classic", [*log, log[1]]) != digest, "one hint more"
    assert moves_digest("MJ1-L00-ABCDEFG", "classic", log[::-1]) != digest, "another order"


def test_the_database_allows_one_entry_per_moves_digest_and_any_number_without() -> None:
    make_score(moves_digest="m" * 64)
    make_score(moves_digest=None)
    make_score(moves_digest=None)
    with pytest.raises(IntegrityError), transaction.atomic():
        make_score(moves_digest="m" * 64)


def test_ranked_orders_a_layouts_board_and_leaves_daily_games_out() -> None:
    second = make_score(time_ms=60_000)
    first = make_score(time_ms=50_000)
    make_score(time_ms=1_000, daily=dt.date(2026, 12, 1))
    make_score(time_ms=1_000, layout="L01")
    assert list(Score.objects.ranked(layout="L00", mode="classic")) == [first, second]


def test_ranked_by_period_counts_back_from_now() -> None:
    recent = make_score(created=minutes_ago(30))
    make_score(created=minutes_ago(60 * 25))
    now = timezone.now()
    assert list(Score.objects.ranked(layout="L00", mode="classic", period="day", now=now)) == [recent]
    with pytest.raises(ValueError, match="period must be one of day, week, all"):
        Score.objects.ranked(layout="L00", mode="classic", period="month")


def test_daily_orders_one_days_board() -> None:
    day = dt.date(2026, 12, 1)
    late = make_score(daily=day, mode="arcade", score=500, created=minutes_ago(1))
    early = make_score(daily=day, mode="arcade", score=500, created=minutes_ago(2))
    best = make_score(daily=day, mode="arcade", score=900)
    assert list(Score.objects.daily(day, "arcade")) == [best, early, late]


def test_rank_of_agrees_with_the_board_order_ties_included() -> None:
    created = timezone.now()
    entries = [
        make_score(time_ms=50_000, hints=1, created=created),
        make_score(time_ms=50_000, hints=1, created=created),  # same instant: the lower id first
        make_score(time_ms=50_000, hints=0, created=created + dt.timedelta(seconds=1)),
        make_score(time_ms=40_000, hints=9),
        make_score(time_ms=70_000),
    ]
    board = list(Score.objects.ranked(layout="L00", mode="classic"))
    for entry in entries:
        assert Score.objects.rank_of(entry) == board.index(entry) + 1


def test_rank_of_a_flagged_entry_is_none() -> None:
    assert Score.objects.rank_of(make_score(flagged=True)) is None


def test_the_database_allows_one_entry_per_token_digest() -> None:
    make_score(token_digest="d" * 64)
    with pytest.raises(IntegrityError), transaction.atomic():
        make_score(token_digest="d" * 64)


def test_the_database_refuses_a_figure_of_the_wrong_mode() -> None:
    with pytest.raises(IntegrityError), transaction.atomic():
        make_score(mode="classic", time_ms=None, score=100)
    with pytest.raises(IntegrityError), transaction.atomic():
        make_score(mode="arcade", time_ms=100, score=None)
