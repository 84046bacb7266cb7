"""Leaderboard entries: one verified game per deal token.

A :class:`Score` is only ever written by the API after the server replayed the
submitted log through the engine (``game.mahjong.api.submissions``): every figure on it
was recomputed here, none comes from the client.

Boards.  Every entry has one board of its own, where it is ranked: a daily
entry (``daily`` set) the board of its date and mode; a game of a deal the
server chose at random (``random_deal``: a new deal of a layout) the board of
its layout and mode; a game of a code the player chose (a shared code, a
replay) the board of that code and mode.  A layout board ranks random deals
only, so that no one can pick an easy deal, learn it and play it again and
again to the top; a code board ranks every game of its code but the daily
ones, the random deal that first dealt it included (whoever shared the code is
there to be beaten).  Classic boards rank by ranked time, the stopwatch plus
the penalties for hints and shuffles (``ranked_ms``; fewer hints first on equal
times, then the earlier entry); arcade boards by score (the earlier entry first
on equal scores).  Only *public* entries are ranked: not hidden, not rejected,
and not held for review (``flagged``) unless an admin approved them.

Review.  A submission that is possible but implausible (a program's cadence, a
time far beyond the board's best...: ``game.mahjong.api.submissions``) is
stored ``flagged``, with its reasons and timing statistics, and waits for a
moderator: :meth:`ScoreQuerySet.approve` ranks it, :meth:`ScoreQuerySet.reject`
hides it for good (no later approval or "show again" makes it public).
"""

from __future__ import annotations

import datetime as dt
import hashlib
from collections.abc import Iterable, Mapping
from typing import Any

from django.db import models
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from game.mahjong.engine.play import HINT_PENALTY_MS, SHUFFLE_PENALTY_MS
from game.mahjong.periods import period_start


class Mode(models.TextChoices):
    # The same values as game.mahjong.engine.Mode.
    CLASSIC = "classic", _("classic")
    ARCADE = "arcade", _("arcade")


# Board orderings; the final "id" makes the order total (two entries created
# in the same microsecond still get distinct, stable ranks).
CLASSIC_ORDER = ("ranked_ms", "hints", "created", "id")
ARCADE_ORDER = ("-score", "created", "id")


def board_order(mode: str) -> tuple[str, ...]:
    return CLASSIC_ORDER if mode == Mode.CLASSIC else ARCADE_ORDER


MOVE_LETTERS = {"undo": "u", "hint": "h", "shuffle": "s", "next_level": "n"}
"""The events that make up a way of playing, besides matches; pauses and resumes change nothing."""


def moves_digest(code: str, mode: str, log: Iterable[Mapping[str, Any]]) -> str:
    """SHA-256 of a game's code, mode and moves in order, times left out (``Score.moves_digest``).

    Two logs with the same digest are the same game played at other times: a
    log copied from an entry, with its times changed or pauses added.  A
    match is its two positions in either order (which tile was tapped first
    changes nothing).  ``log`` is in the engine's JSON form.
    """
    moves = []
    for event in log:
        kind = event["type"]
        if kind == "match":
            a, b = sorted((event["a"], event["b"]))
            moves.append(f"m{a}-{b}")
        elif kind in MOVE_LETTERS:
            moves.append(MOVE_LETTERS[kind])
    text = f"{code}|{mode}|{','.join(moves)}"
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class ScoreQuerySet(models.QuerySet["Score"]):
    def public(self) -> ScoreQuerySet:
        """Entries shown on leaderboards: not hidden, not rejected, and not held unless approved."""
        return self.filter(hidden=False, rejected=False).filter(Q(flagged=False) | Q(approved=True))

    def awaiting_review(self) -> ScoreQuerySet:
        """Entries held for review that no moderator has decided on yet."""
        return self.filter(flagged=True, approved=False, rejected=False)

    def approve(self) -> int:
        """Rank these entries (those rejected stay rejected); how many were approved."""
        return self.filter(rejected=False).update(approved=True)

    def reject(self) -> int:
        """Keep these entries off every board for good; how many were rejected."""
        return self.update(rejected=True, approved=False, hidden=True)

    def board(self, mode: str) -> ScoreQuerySet:
        """Public entries of one mode, best first."""
        return self.public().filter(mode=mode).order_by(*board_order(mode))

    def ranked(
        self,
        *,
        layout: str,
        mode: str,
        period: str = "all",
        now: dt.datetime | None = None,
    ) -> ScoreQuerySet:
        """A layout's board (random deals only), best first, optionally of the last day or week."""
        entries = self.filter(layout=layout, daily__isnull=True, random_deal=True).board(mode)
        return entries.since(period, now)

    def of_code(
        self,
        code: str,
        *,
        mode: str,
        period: str = "all",
        now: dt.datetime | None = None,
    ) -> ScoreQuerySet:
        """A code's board (every game of it but the daily ones), best first, optionally recent only."""
        return self.filter(code=code, daily__isnull=True).board(mode).since(period, now)

    def since(self, period: str, now: dt.datetime | None = None) -> ScoreQuerySet:
        """The entries of the last day or week (``period``), or all of them."""
        start = period_start(period, now or timezone.now())
        return self if start is None else self.filter(created__gte=start)

    def daily(self, day: dt.date, mode: str) -> ScoreQuerySet:
        """The board of one day's daily challenge, best first."""
        return self.filter(daily=day).board(mode)

    def board_of(self, entry: Score) -> ScoreQuerySet:
        """The all-time board of ``entry``'s own: its day's, its layout's or its code's."""
        if entry.daily is not None:
            return self.daily(entry.daily, entry.mode)
        if entry.random_deal:
            return self.ranked(layout=entry.layout, mode=entry.mode)
        return self.of_code(entry.code, mode=entry.mode)

    def rank_of(self, entry: Score) -> int | None:
        """1-based position of ``entry`` on its all-time board; None if it is not public."""
        if not entry.is_public:
            return None
        board = self.board_of(entry)
        same_created = Q(created=entry.created, id__lt=entry.pk)
        earlier = Q(created__lt=entry.created) | same_created
        if entry.mode == Mode.CLASSIC:
            better = (
                Q(ranked_ms__lt=entry.ranked_ms)
                | Q(ranked_ms=entry.ranked_ms, hints__lt=entry.hints)
                | (Q(ranked_ms=entry.ranked_ms, hints=entry.hints) & earlier)
            )
        else:
            better = Q(score__gt=entry.score) | (Q(score=entry.score) & earlier)
        return board.filter(better).count() + 1


class Score(models.Model):
    code = models.CharField(_("game code"), max_length=15)
    layout = models.CharField(_("layout"), max_length=3)
    mode = models.CharField(_("mode"), max_length=7, choices=Mode.choices)
    level = models.PositiveIntegerField(
        _("level reached"), default=1, help_text=_("Arcade: the level the game ended on.")
    )
    time_ms = models.PositiveIntegerField(
        _("time (ms)"), null=True, blank=True, help_text=_("Classic: the stopwatch at the winning pair.")
    )
    ranked_ms = models.GeneratedField(
        # Worked out by the database from the figures, so no writer can store another; a change of
        # the penalties is a migration, which re-ranks every classic entry the same way.
        expression=F("time_ms") + HINT_PENALTY_MS * F("hints") + SHUFFLE_PENALTY_MS * F("shuffles"),
        output_field=models.PositiveIntegerField(),
        db_persist=True,
        verbose_name=_("ranked time (ms)"),
        help_text=_("Classic: the time plus the hint and shuffle penalties, what the boards rank."),
    )
    score = models.PositiveIntegerField(_("score"), null=True, blank=True, help_text=_("Arcade only."))
    duration_ms = models.PositiveIntegerField(
        _("duration (ms)"), default=0, help_text=_("Time of the log's last event, pauses included.")
    )
    moves = models.PositiveIntegerField(_("moves"))
    hints = models.PositiveIntegerField(_("hints"))
    shuffles = models.PositiveIntegerField(_("shuffles"))
    name = models.CharField(_("name"), max_length=24)
    log = models.JSONField(_("move log"))
    token_digest = models.CharField(
        _("token digest"),
        max_length=64,
        unique=True,
        help_text=_("SHA-256 of the deal token's nonce: one accepted submission per deal."),
    )
    created = models.DateTimeField(_("created"), default=timezone.now)
    daily = models.DateField(_("daily challenge"), null=True, blank=True)
    random_deal = models.BooleanField(
        _("random deal"),
        # A deal whose token does not say the server chose it is a chosen one: it can only
        # land on its code's board, never on its layout's by mistake.
        default=False,
        help_text=_(
            "The server chose the code at random (a new deal of a layout): the layout's board. "
            "Otherwise the player chose it: the code's board."
        ),
    )
    flagged = models.BooleanField(
        _("held for review"),
        default=False,
        help_text=_("Implausible play: kept off the leaderboards until approved."),
    )
    approved = models.BooleanField(_("approved"), default=False)
    rejected = models.BooleanField(
        _("rejected"), default=False, help_text=_("A moderator rejected it: never shown again.")
    )
    hidden = models.BooleanField(_("hidden"), default=False)
    review_reasons = models.JSONField(
        _("reasons for review"),
        default=list,
        blank=True,
        help_text=_("Why the server held the entry, computed at submission."),
    )
    timing = models.JSONField(
        _("timing statistics"),
        default=dict,
        blank=True,
        help_text=_("The intervals between matches, pauses and bursts, computed at submission."),
    )
    moves_digest = models.CharField(
        _("moves digest"),
        max_length=64,
        unique=True,
        null=True,
        blank=True,
        help_text=_("SHA-256 of the code, mode and moves, times left out: no entry copies another."),
    )
    client = models.CharField(
        _("client"),
        max_length=64,
        blank=True,
        default="",
        help_text=_(
            "A keyed digest of the address the game was sent from (IPv6: its /64 network), never the "
            "address itself: games of one client played at the same time are held for review."
        ),
    )
    played_from = models.DateTimeField(
        _("played from"), null=True, blank=True, help_text=_("The log's first event, by the server's clock.")
    )
    played_until = models.DateTimeField(
        _("played until"), null=True, blank=True, help_text=_("The log's last event, by the server's clock.")
    )
    active_spans = models.JSONField(
        _("active play"),
        default=list,
        blank=True,
        help_text=_("When the game was played, pauses left out: [start, end] in ms since 1970 (UTC)."),
    )
    replay = models.JSONField(
        _("stored replay"),
        null=True,
        blank=True,
        help_text=_("What the replay page shows, computed once (game.mahjong.replays)."),
    )

    objects = models.Manager.from_queryset(ScoreQuerySet)()

    class Meta:
        # The model's own context: in some languages an entry is not called like its points.
        verbose_name = pgettext_lazy("model", "score")
        verbose_name_plural = pgettext_lazy("model", "scores")
        ordering = ["-created"]
        indexes = [
            # The boards' filters (equalities) first, then their order (CLASSIC_ORDER, ARCADE_ORDER).
            models.Index(
                fields=["layout", "mode", "random_deal", "ranked_ms", "hints", "created"],
                name="score_layout_ranked",
            ),
            models.Index(
                fields=["layout", "mode", "random_deal", "-score", "created"], name="score_layout_points"
            ),
            models.Index(
                fields=["daily", "mode", "ranked_ms", "hints", "created"], name="score_daily_ranked"
            ),
            models.Index(fields=["daily", "mode", "-score", "created"], name="score_daily_points"),
            # A code's board holds the few games of one deal: finding them is all it takes.
            models.Index(fields=["code", "mode"], name="score_code"),
            models.Index(fields=["created"], name="score_created"),
            # Another game of the same client played at the same time (submissions' overlap rule).
            models.Index(fields=["client", "played_until"], name="score_client_played"),
        ]
        constraints = [
            models.CheckConstraint(
                condition=Q(mode=Mode.CLASSIC, time_ms__isnull=False, score__isnull=True)
                | Q(mode=Mode.ARCADE, score__isnull=False, time_ms__isnull=True),
                name="score_figure_matches_mode",
            ),
        ]

    def __str__(self) -> str:
        figure = f"{self.time_ms} ms" if self.mode == Mode.CLASSIC else f"{self.score} points"
        return f"{self.name}: {figure} ({self.code}, {self.mode})"

    @property
    def is_public(self) -> bool:
        return not self.hidden and not self.rejected and (not self.flagged or self.approved)

    @property
    def awaits_review(self) -> bool:
        return self.flagged and not self.approved and not self.rejected
