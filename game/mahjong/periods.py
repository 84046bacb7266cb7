"""The periods a Mahjong leaderboard can show.

A period counts back from now (the last 24 hours, the last 7 days) or takes
every entry; the names say so, translated.
"""

from __future__ import annotations

import datetime as dt

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

PERIODS: dict[str, dt.timedelta | None] = {
    "day": dt.timedelta(days=1),
    "week": dt.timedelta(days=7),
    "all": None,
}
"""Leaderboard periods: entries of the last 24 hours, the last 7 days, or all."""

PERIOD_NAMES: dict[str, Promise] = {
    "day": _("Last 24 hours"),
    "week": _("Last 7 days"),
    "all": _("All time"),
}


def period_start(period: str, now: dt.datetime) -> dt.datetime | None:
    """The earliest moment a board of ``period`` shows (None: no limit); ValueError for an unknown one."""
    if period not in PERIODS:
        raise ValueError(f"period must be one of {', '.join(PERIODS)}, not {period!r}")
    window = PERIODS[period]
    return None if window is None else now - window
