"""The rules of Triplets, pure: three tiles of one number and one colour make a triplet."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

COLOURS: Final = ("red", "blue")
NUMBERS: Final = range(1, 10)


def is_triplet(numbers: Sequence[int]) -> bool:
    """Whether the tiles (numbers of one colour) make a triplet."""
    return len(numbers) == 3 and len(set(numbers)) == 1


def points(numbers: Sequence[int]) -> int:
    """What a triplet is worth: the sum of its tiles."""
    return sum(numbers)
