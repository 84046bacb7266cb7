"""Tile Rummy matches as the server keeps them: a series of hands, each a log of confirmed actions.

The log (the engine's text form, one line per action) is the only record of
a hand: the racks, the table and the pool are what :func:`~game.rummy.engine.replay`
makes of it, so nothing stored can disagree with the rules.  ``actions`` is the
log's length and doubles as the hand's version: a write names the version it
read (``UPDATE ... WHERE actions = n``), so of two requests racing for the same
turn exactly one lands, on every database.

A seat is held by a credential, a random secret the browser keeps; the server
stores only its SHA-256 (a leaked database gives no one a seat).  In a match
against the computer seat 1 has no credential.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import hmac
import secrets
from typing import Final

from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

PUBLIC_ID_BYTES: Final = 12
"""16 URL-safe characters: the match's address, not a secret."""
KEY_BYTES: Final = 32


def new_public_id() -> str:
    return secrets.token_urlsafe(PUBLIC_ID_BYTES)


def new_key() -> str:
    return secrets.token_urlsafe(KEY_BYTES)


def key_digest(key: str) -> str:
    # A credential carries 256 random bits, so a fast hash is enough: there is nothing to guess.
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


class Mode(models.TextChoices):
    COMPUTER = "computer", _("against the computer")
    LOCAL = "local", _("pass and play")
    ONLINE = "online", _("online room")


class Level(models.TextChoices):
    # The same values as game.rummy.engine.Level; the labels are the names the level menu shows.
    EASY = "easy", pgettext_lazy("Rummy computer level", "Easy")
    MEDIUM = "medium", pgettext_lazy("Rummy computer level", "Medium")
    HARD = "hard", pgettext_lazy("Rummy computer level", "Hard")


class MatchQuerySet(models.QuerySet["Match"]):
    def inactive_since(self, cutoff: dt.datetime) -> MatchQuerySet:
        """Matches nobody has touched since ``cutoff`` (what ``purge_stale`` deletes)."""
        return self.filter(updated__lt=cutoff)

    def rooms(self) -> MatchQuerySet:
        return self.filter(mode=Mode.ONLINE)


class Match(models.Model):
    public_id = models.CharField(_("address"), max_length=24, unique=True, default=new_public_id)
    mode = models.CharField(_("mode"), max_length=10, choices=Mode.choices)
    level = models.CharField(_("computer's level"), max_length=10, choices=Level.choices, blank=True)
    seat0_digest = models.CharField(max_length=64, editable=False)
    seat1_digest = models.CharField(max_length=64, blank=True, editable=False)
    invite = models.CharField(
        _("invitation"),
        max_length=24,
        unique=True,
        null=True,
        blank=True,
        help_text=_("An online room's invitation code: whoever opens it first takes the second seat."),
    )
    # The live WebSocket of each seat of an online room (its channel name), empty while the seat is
    # away: the game waits for an absent player, and a newer tab replaces the one named here.
    channel0 = models.CharField(max_length=200, blank=True, editable=False)
    channel1 = models.CharField(max_length=200, blank=True, editable=False)
    # Until when that connection counts as live: its consumer renews it while it runs, so a name
    # left behind by a process that is gone (killed, restarted) stops counting by itself.
    lease0 = models.DateTimeField(null=True, blank=True, editable=False)
    lease1 = models.DateTimeField(null=True, blank=True, editable=False)
    consent0 = models.BooleanField(_("player 1 wants a new hand"), default=False)
    consent1 = models.BooleanField(_("player 2 wants a new hand"), default=False)
    created = models.DateTimeField(_("created"), auto_now_add=True)
    updated = models.DateTimeField(_("last activity"), auto_now=True, db_index=True)

    objects = models.Manager.from_queryset(MatchQuerySet)()

    class Meta:
        verbose_name = _("Rummy match")
        verbose_name_plural = _("Rummy matches")

    def __str__(self) -> str:
        return f"{self.get_mode_display()} {self.public_id}"

    def seat_of(self, key: str) -> int | None:
        """The seat ``key`` holds, or None (compared in constant time)."""
        digest = key_digest(key)
        for seat, stored in enumerate((self.seat0_digest, self.seat1_digest)):
            if stored and hmac.compare_digest(stored, digest):
                return seat
        return None

    def connected(self, seat: int) -> bool:
        """Whether the seat has a live connection: one named, whose lease has not run out."""
        channel, lease = (self.channel1, self.lease1) if seat else (self.channel0, self.lease0)
        return bool(channel) and lease is not None and lease > timezone.now()


class Hand(models.Model):
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveIntegerField(_("hand"))
    # Secret while the hand is in play: it deals both racks and the pool (never sent before the end).
    code = models.CharField(_("hand code"), max_length=18)
    starting_seat = models.PositiveSmallIntegerField(_("first to play"))
    log = models.TextField(_("actions"), blank=True)
    actions = models.PositiveIntegerField(_("number of actions"), default=0)
    finished = models.BooleanField(_("over"), default=False)
    created = models.DateTimeField(_("created"), auto_now_add=True)
    updated = models.DateTimeField(_("last action"), auto_now=True)

    class Meta:
        verbose_name = _("Rummy hand")
        verbose_name_plural = _("Rummy hands")
        constraints = [
            # Two requests starting the next hand at once: one row, the other is refused.
            models.UniqueConstraint(fields=["match", "number"], name="rummy_hand_once"),
        ]

    def __str__(self) -> str:
        return f"{self.code} (hand {self.number})"
