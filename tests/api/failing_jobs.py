"""Jobs for the pool that fail on purpose: in a module of their own (a spawned process of the pool
imports a job by its name, and this one imports the engine alone)."""

from __future__ import annotations

from typing import Any

from game.mahjong.engine import MalformedError


def broken_solve(*_: Any) -> Any:
    raise RuntimeError("a bug")


def refusing_solve(*_: Any) -> Any:
    raise MalformedError("the engine says no")
