"""The daily challenge: one game code per UTC date and mode, the same for everyone.

The code is derived, not stored: :class:`~game.common.rng.SplitMix64` seeded
from the text ``daily|YYYY-MM-DD|mode`` picks the seven letters of a Turtle
(``L00``) code.  Anyone with the engine can recompute it; no table, no cron job.
"""

from __future__ import annotations

import datetime as dt
import string
from typing import Final

from game.common.rng import SplitMix64
from game.mahjong.engine import GameCode, Mode
from game.mahjong.engine.codes import SEED_LETTERS

DAILY_LAYOUT: Final = "L00"


def today() -> dt.date:
    """The current date in UTC (the daily challenge changes at 00:00 UTC)."""
    return dt.datetime.now(dt.UTC).date()


def daily_code(day: dt.date, mode: Mode | str) -> GameCode:
    """The game code of the daily challenge of ``day`` in ``mode``."""
    mode = Mode.parse(mode)
    rng = SplitMix64.from_text(f"daily|{day.isoformat()}|{mode.value}")
    letters = string.ascii_uppercase
    seed = "".join(letters[rng.below(len(letters))] for _ in range(SEED_LETTERS))
    return GameCode(DAILY_LAYOUT, seed)
