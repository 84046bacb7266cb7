"""Jobs for the process pool (game/core/heavy.py) that fail as a bug or the engine would, or die.

They live in a module of their own, with no side effects on import, because the pool's
processes are spawned: a job reaches them by its module and name, never as a closure."""

from __future__ import annotations

import os
from typing import Any

from game.mahjong.engine import MalformedError


def raise_a_bug(*_: Any) -> Any:
    raise RuntimeError("a bug")


def refuse_as_the_engine(*_: Any) -> Any:
    raise MalformedError("the engine says no")


def killed(*_: Any, **__: Any) -> Any:
    """The pool's process dies under the job, as one killed for memory or by a stopping server."""
    os._exit(9)
