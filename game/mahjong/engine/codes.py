"""Game codes: ``MJ1-L00-ABCDEFG``, a shareable name for one deal.

``MJ1`` is the version of the dealing algorithm (a new algorithm would get a
new prefix rather than change old deals), ``L00`` the layout and the seven
letters the seed: 26**7, about eight billion deals per layout.
"""

from __future__ import annotations

import re
import secrets
import string
from dataclasses import dataclass
from typing import Final

from .errors import MalformedError

PREFIX: Final = "MJ1"
SEED_LETTERS: Final = 7
_CODE_RE: Final = re.compile(r"MJ1-(L[0-9][0-9])-([A-Z]{7})")
_LETTERS: Final = frozenset(string.ascii_uppercase)
_LAYOUT_ID_RE: Final = re.compile(r"L[0-9][0-9]")


def check_layout_id(layout_id: object) -> str:
    """Return a syntactically valid layout id (``L`` and two digits)."""
    if isinstance(layout_id, str) and _LAYOUT_ID_RE.fullmatch(layout_id):
        return layout_id
    raise MalformedError(f"layout id must look like 'L00', not {layout_id!r}")


@dataclass(frozen=True, slots=True)
class GameCode:
    """A parsed game code; ``str(code)`` gives the canonical text back."""

    layout_id: str
    seed: str

    def __post_init__(self) -> None:
        check_layout_id(self.layout_id)
        seed: object = self.seed
        if not isinstance(seed, str) or len(seed) != SEED_LETTERS or not set(seed) <= _LETTERS:
            raise MalformedError(f"the seed must be {SEED_LETTERS} letters A-Z, not {self.seed!r}")

    @classmethod
    def parse(cls, text: object) -> GameCode:
        """Parse ``MJ1-Lnn-XXXXXXX``; raise :class:`MalformedError` with the reason."""
        if not isinstance(text, str):
            raise MalformedError(f"a game code must be text, not {type(text).__name__}")
        match = _CODE_RE.fullmatch(text)
        if match is None:
            raise MalformedError(
                f"{text[:40]!r} is not a game code: expected {PREFIX}-Lnn-XXXXXXX "
                "(a layout such as L00 and seven capital letters)"
            )
        return cls(match.group(1), match.group(2))

    @classmethod
    def random(cls, layout_id: str) -> GameCode:
        """A fresh code from the operating system's randomness (not reproducible)."""
        seed = "".join(secrets.choice(string.ascii_uppercase) for _ in range(SEED_LETTERS))
        return cls(layout_id, seed)

    def __str__(self) -> str:
        return f"{PREFIX}-{self.layout_id}-{self.seed}"

    def seed_text(self, purpose: str, *parts: int) -> str:
        """Text from which the generator for one purpose (deal, shuffle...) is seeded."""
        return "|".join([str(self), purpose, *map(str, parts)])
