"""Hand codes: ``RM1-ABCDEFG``, a shareable name for one deal.

``RM1`` is the version of the dealing algorithm (a new algorithm would get a
new prefix rather than change old deals) and the capital letters are the
seed.  :func:`deal` shuffles the box with :class:`~game.common.rng.SplitMix64`
seeded from the code's text, so a code deals the same racks and pool forever,
on every platform.

A code is a secret while its hand is in play: it deals both racks and the
pool's order.  Seven letters (:data:`SEED_LETTERS`, 26**7, about eight billion
deals) make a code people can type, for hands that are public anyway.  Hands
dealt for play take fourteen (:data:`SECRET_SEED_LETTERS`, more than the
2**64 seeds the generator has), because a player knows a rack of the deal: a
program could try every seven-letter code against it in hours and find the
one whose deal holds it, the other rack and the pool with it.
"""

from __future__ import annotations

import re
import string
from dataclasses import dataclass
from typing import Final

from game.common.rng import SplitMix64

from .errors import MalformedError
from .tiles import Rack, Tile, full_box

PREFIX: Final = "RM1"
SEED_LETTERS: Final = 7
SECRET_SEED_LETTERS: Final = 14
RACK_SIZE: Final = 14
SEATS: Final = 2
_CODE_RE: Final = re.compile(r"RM1-([A-Z]{7}|[A-Z]{14})")
_LETTERS: Final = frozenset(string.ascii_uppercase)


@dataclass(frozen=True, slots=True)
class HandCode:
    """A parsed hand code; ``str(code)`` gives the canonical text back."""

    seed: str

    def __post_init__(self) -> None:
        seed: object = self.seed
        if (
            not isinstance(seed, str)
            or len(seed) not in (SEED_LETTERS, SECRET_SEED_LETTERS)
            or not set(seed) <= _LETTERS
        ):
            raise MalformedError(
                f"the seed must be {SEED_LETTERS} or {SECRET_SEED_LETTERS} letters A-Z, not {self.seed!r}"
            )

    @classmethod
    def parse(cls, text: object) -> HandCode:
        """Parse ``RM1-`` and 7 or 14 letters exactly (no spaces, capitals only)."""
        if isinstance(text, HandCode):
            return text
        if not isinstance(text, str):
            raise MalformedError(f"a hand code must be text, not {type(text).__name__}")
        match = _CODE_RE.fullmatch(text)
        if match is None:
            raise MalformedError(
                f"{text[:40]!r} is not a hand code: expected {PREFIX}- and 7 or 14 capital letters"
            )
        return cls(match.group(1))

    def __str__(self) -> str:
        return f"{PREFIX}-{self.seed}"

    def seed_text(self, purpose: str) -> str:
        """Text from which the generator for one purpose is seeded."""
        return f"{self}|{purpose}"


@dataclass(frozen=True, slots=True)
class Deal:
    """The racks of both seats and the pool, drawn from the front."""

    racks: tuple[Rack, Rack]
    pool: tuple[Tile, ...]


def deal(code: HandCode | str) -> Deal:
    """Shuffle the box for ``code``: seat 0 gets the first 14 tiles, seat 1 the next 14."""
    parsed = HandCode.parse(code)
    tiles = full_box()
    SplitMix64.from_text(parsed.seed_text("deal")).shuffle(tiles)
    first = tuple(sorted(tiles[:RACK_SIZE]))
    second = tuple(sorted(tiles[RACK_SIZE : 2 * RACK_SIZE]))
    return Deal((first, second), tuple(tiles[2 * RACK_SIZE :]))
