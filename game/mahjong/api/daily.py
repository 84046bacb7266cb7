"""The daily challenge: one game code per UTC date and mode, the same for everyone.

The code is derived, not stored, but from a secret: an HMAC-SHA256 of the text
``YYYY-MM-DD|mode``, keyed by Django's :func:`~django.utils.crypto.salted_hmac`
with a salt of its own and the ``SECRET_KEY``, gives the seven letters of a
Turtle (``L00``) code (:func:`game.core.keyed.keyed_letters`).  So the same
server gives the same code for a date for as long as it keeps its key (no
table, no cron job), and nobody without the key can tell tomorrow's board
today: the engine alone, or any number of past codes, says nothing about the
next one.  The API deals only today's
(``POST /api/deals/`` takes the date from the server's clock, never from the
request), and the daily board of a date still to come is not shown.

Changing the ``SECRET_KEY`` gives every date a new code, past ones included.
Entries keep the code they were played on, so their boards and replays stay
intact; only "play this deal" of a past day's board would point to another one.
"""

from __future__ import annotations

import datetime as dt
from typing import Final

from game.core.keyed import keyed_letters
from game.mahjong.engine import GameCode, Mode
from game.mahjong.engine.codes import SEED_LETTERS

DAILY_LAYOUT: Final = "L00"
KEY_SALT: Final = "miaojong.mahjong.daily"
"""Keeps these HMACs apart from every other use of the secret key (tokens, sessions...)."""


def today() -> dt.date:
    """The current date in UTC (the daily challenge changes at 00:00 UTC)."""
    return dt.datetime.now(dt.UTC).date()


def daily_code(day: dt.date, mode: Mode | str) -> GameCode:
    """The game code of the daily challenge of ``day`` in ``mode``."""
    mode = Mode.parse(mode)
    return GameCode(DAILY_LAYOUT, keyed_letters(KEY_SALT, f"{day.isoformat()}|{mode.value}", SEED_LETTERS))
