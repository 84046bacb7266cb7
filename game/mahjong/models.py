"""Leaderboard entries: one verified game per deal token.

A :class:`Score` is only ever written by the API after the server replayed the
submitted log through the engine (``game.mahjong.api.submissions``): every figure on it
was recomputed here, none comes from the client.

Boards.  Every entry belongs to exactly one board: a daily entry (``daily`` set)
to the board of its date and mode, any other entry to the board of its layout
and mode.  Classic boards rank by time (fewer hints first on equal times, then
the earlier entry); arcade boards by score (the earlier entry first on equal
scores).  Only *public* entries are ranked: not hidden, and not flagged as
implausible unless an admin approved them.
"""

from __future__ import annotations

import datetime as dt

from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from game.core.leaderboard import period_start


class Mode(models.TextChoices):
    # The same values as game.mahjong.engine.Mode.
    CLASSIC = "classic", _("classic")
    ARCADE = "arcade", _("arcade")


# Board orderings; the final "id" makes the order total (two entries created
# in the same microsecond still get distinct, stable ranks).
CLASSIC_ORDER = ("time_ms", "hints", "created", "id")
ARCADE_ORDER = ("-score", "created", "id")


def board_order(mode: str) -> tuple[str, ...]:
    return CLASSIC_ORDER if mode == Mode.CLASSIC else ARCADE_ORDER


class ScoreQuerySet(models.QuerySet["Score"]):
    def public(self) -> ScoreQuerySet:
        """Entries shown on leaderboards: not hidden, and not flagged unless approved."""
        return self.filter(hidden=False).filter(Q(flagged=False) | Q(approved=True))

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
        """A layout's board (daily entries excluded), best first, optionally of the last day or week."""
        start = period_start(period, now or timezone.now())
        entries = self.filter(layout=layout, daily__isnull=True).board(mode)
        return entries if start is None else entries.filter(created__gte=start)

    def daily(self, day: dt.date, mode: str) -> ScoreQuerySet:
        """The board of one day's daily challenge, best first."""
        return self.filter(daily=day).board(mode)

    def board_of(self, entry: Score) -> ScoreQuerySet:
        """The all-time board ``entry`` belongs to."""
        if entry.daily is not None:
            return self.daily(entry.daily, entry.mode)
        return self.ranked(layout=entry.layout, mode=entry.mode)

    def rank_of(self, entry: Score) -> int | None:
        """1-based position of ``entry`` on its all-time board; None if it is not public."""
        if not entry.is_public:
            return None
        board = self.board_of(entry)
        same_created = Q(created=entry.created, id__lt=entry.pk)
        earlier = Q(created__lt=entry.created) | same_created
        if entry.mode == Mode.CLASSIC:
            better = (
                Q(time_ms__lt=entry.time_ms)
                | Q(time_ms=entry.time_ms, hints__lt=entry.hints)
                | (Q(time_ms=entry.time_ms, hints=entry.hints) & earlier)
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
    flagged = models.BooleanField(
        _("flagged"),
        default=False,
        help_text=_("Implausibly fast play: kept off the leaderboards until approved."),
    )
    approved = models.BooleanField(_("approved"), default=False)
    hidden = models.BooleanField(_("hidden"), default=False)

    objects = models.Manager.from_queryset(ScoreQuerySet)()

    class Meta:
        verbose_name = _("score")
        ordering = ["-created"]
        indexes = [
            models.Index(fields=["layout", "mode", "time_ms", "hints", "created"], name="score_layout_time"),
            models.Index(fields=["layout", "mode", "-score", "created"], name="score_layout_points"),
            models.Index(fields=["daily", "mode", "time_ms", "hints", "created"], name="score_daily_time"),
            models.Index(fields=["daily", "mode", "-score", "created"], name="score_daily_points"),
            models.Index(fields=["created"], name="score_created"),
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
        return not self.hidden and (not self.flagged or self.approved)
