"""Errors raised by the Rummy engine, split by cause.

Malformed input (a value that cannot even be read: a wrong type, an unknown
tile text, more copies of a face than the box holds, a garbled code) is kept
apart from an illegal turn (well-formed input that the rules forbid: an
invalid set, a low opening, drawing from an empty pool).  The API answers both
with HTTP 400 but logs and counts them differently; an illegal turn carries a
stable machine-readable ``code`` the client can translate.
"""

from __future__ import annotations

from game.common.errors import MalformedInputError


class RummyError(ValueError):
    """Base class of every error the engine raises on purpose."""


class MalformedError(RummyError, MalformedInputError):
    """Input that cannot be parsed or has the wrong shape or type."""


class IllegalTurnError(RummyError):
    """A well-formed action that the rules do not allow in this position.

    ``code`` is one of the turn-check reasons (``invalid_set``,
    ``tile_left_table``, ``not_from_rack``, ``nothing_played``,
    ``opening_changed_table``, ``opening_too_low``) or one of the action
    reasons (``hand_over``, ``not_your_turn``, ``pool_empty``,
    ``pool_not_empty``); ``set_index`` names the offending set of ``after``
    for ``invalid_set`` and is None otherwise.
    """

    def __init__(self, code: str, message: str, set_index: int | None = None) -> None:
        self.code = code
        self.set_index = set_index
        super().__init__(message)


class MalformedLogError(MalformedError):
    """A log that cannot be read; ``index`` is the first bad entry."""

    def __init__(self, index: int, reason: str) -> None:
        self.index = index
        self.reason = reason
        super().__init__(f"log entry {index}: {reason}")


class IllegalLogError(IllegalTurnError):
    """A readable log with an entry the rules forbid; ``index`` is that entry."""

    def __init__(self, index: int, error: IllegalTurnError) -> None:
        self.index = index
        super().__init__(error.code, f"log entry {index}: {error}", error.set_index)
