"""Which lists of tiles are sets, how they read, and what they are worth.

A *group* is 3 or 4 tiles of one number in different colours, in any order.
A *run* is 3 to 13 consecutive numbers of one colour, written ascending; 1
does not follow 13.  A joker stands for any tile: in a run it stands for the
tile at its place (``J R12 R13`` is R11-R13, while ``R12 R13 J`` would need an
R14 and is no set), in a group for a missing colour.

A set may read both ways only when it holds a single number tile (``R5 J J``
is the run R5-R7 or a group of 5s); what it is worth in an opening is then its
higher reading, the numbers the tiles stand for added up.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Final

from .tiles import COLOURS, JOKER, NUMBERS, colour_of, number_of

MIN_SET: Final = 3
MAX_GROUP: Final = COLOURS
MAX_RUN: Final = NUMBERS


class SetKind(Enum):
    RUN = "run"
    GROUP = "group"


@dataclass(frozen=True, slots=True)
class Reading:
    """One way to read a set: a run of ``colour`` from ``number`` on, or a group of ``number``s."""

    kind: SetKind
    number: int
    """The group's number, or the number the run starts at."""
    length: int
    colour: int | None = None
    """Colour index of a run; None for a group (and for a run of jokers only)."""

    @property
    def value(self) -> int:
        """The numbers the tiles stand for, added up (what the set counts in an opening)."""
        if self.kind is SetKind.GROUP:
            return self.number * self.length
        return self.length * self.number + self.length * (self.length - 1) // 2


def run_reading(codes: Sequence[int]) -> Reading | None:
    """The run ``codes`` spell in table order, or None."""
    length = len(codes)
    if not MIN_SET <= length <= MAX_RUN:
        return None
    start = 0
    colour = -1
    for i, code in enumerate(codes):
        if code == JOKER:
            continue
        if colour < 0:
            colour = colour_of(code)
            start = number_of(code) - i
            if start < 1 or start + length - 1 > NUMBERS:
                return None
        elif colour_of(code) != colour or number_of(code) != start + i:
            return None
    if colour < 0:
        # Jokers only (more than the box holds, so never legal): the highest run of that length.
        return Reading(SetKind.RUN, NUMBERS - length + 1, length)
    return Reading(SetKind.RUN, start, length, colour)


def group_reading(codes: Sequence[int]) -> Reading | None:
    """The group ``codes`` make, or None."""
    length = len(codes)
    if not MIN_SET <= length <= MAX_GROUP:
        return None
    number = 0
    seen = 0
    for code in codes:
        if code == JOKER:
            continue
        bit = 1 << colour_of(code)
        if seen & bit or (number and number_of(code) != number):
            return None
        seen |= bit
        number = number_of(code)
    return Reading(SetKind.GROUP, number or NUMBERS, length)


def readings(codes: Sequence[int]) -> list[Reading]:
    """Every reading of a set (none for a list that is no set), runs first."""
    found = [run_reading(codes), group_reading(codes)]
    return [reading for reading in found if reading is not None]


def is_set(codes: Sequence[int]) -> bool:
    return run_reading(codes) is not None or group_reading(codes) is not None


def set_value(codes: Sequence[int]) -> int | None:
    """The value of the set's highest reading, or None if it is no set."""
    values = [reading.value for reading in readings(codes)]
    return max(values) if values else None
