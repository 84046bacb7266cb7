"""Errors raised by the engine, split by cause.

Malformed input (a value that cannot even be read: a bad type, an unknown
label, a garbled game code, a broken layout file) is a different thing from
illegal play (a well-formed move that the rules forbid: a blocked tile, a
non-matching pair).  Callers such as the API answer both with HTTP 400, but
they log and count them differently, so the engine keeps them apart.
"""

from __future__ import annotations

from game.common.errors import MalformedInputError


class MahjongError(ValueError):
    """Base class of every error the engine raises on purpose."""


class MalformedError(MahjongError, MalformedInputError):
    """Input that cannot be parsed or has the wrong shape or type."""


class LayoutError(MalformedError):
    """A layout file that cannot be loaded; names the file, line and problem."""

    def __init__(self, source: str, line: int, problem: str) -> None:
        self.source = source
        self.line = line
        self.problem = problem
        where = f"{source}:{line}" if line else source
        super().__init__(f"{where}: {problem}")


class IllegalMoveError(MahjongError):
    """A well-formed action that the rules do not allow in this position."""


class LogError(MahjongError):
    """Mixin data for replay errors: which event was bad and why."""

    index: int
    reason: str


class MalformedLogError(MalformedError, LogError):
    """An event log that cannot be read (bad types, unknown event, bad index)."""

    def __init__(self, index: int, reason: str) -> None:
        self.index = index
        self.reason = reason
        super().__init__(f"event {index}: {reason}")


class IllegalLogError(IllegalMoveError, LogError):
    """A readable event log containing a move the rules forbid."""

    def __init__(self, index: int, reason: str) -> None:
        self.index = index
        self.reason = reason
        super().__init__(f"event {index}: {reason}")


class UndoChainError(MalformedError):
    """Removals that are no legal way to the board they claim to lead to (forged faces, say).

    ``index`` is the removal at fault (None: the chain as a whole) and ``tile``
    which of its two tiles (``"a"`` or ``"b"``, None: the pair).
    """

    def __init__(self, problem: str, index: int | None = None, tile: str | None = None) -> None:
        self.problem = problem
        self.index = index
        self.tile = tile
        super().__init__(problem)
