"""A small deterministic pseudo-random generator of our own.

Game codes must deal the same board forever, on every Python version and
platform, so the engine never uses :mod:`random` (whose algorithms may change)
for anything a code depends on.  SplitMix64 is tiny, fast enough, passes the
usual statistical test batteries for this kind of use, and is fully specified
by the few lines below.  Seeds are derived from text with BLAKE2b, which is in
the standard library and frozen by its RFC.
"""

from __future__ import annotations

import hashlib
from collections.abc import MutableSequence
from typing import Final, TypeVar

T = TypeVar("T")

_MASK64: Final = (1 << 64) - 1


def seed_from_text(text: str) -> int:
    """A 64-bit seed from any text, stable forever."""
    return int.from_bytes(hashlib.blake2b(text.encode("utf-8"), digest_size=8).digest(), "big")


class SplitMix64:
    """SplitMix64 (Steele, Lea and Flood, 2014) over Python integers."""

    __slots__ = ("_state",)

    def __init__(self, seed: int) -> None:
        self._state = seed & _MASK64

    @classmethod
    def from_text(cls, text: str) -> SplitMix64:
        return cls(seed_from_text(text))

    def next_u64(self) -> int:
        self._state = (self._state + 0x9E3779B97F4A7C15) & _MASK64
        z = self._state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)``, without modulo bias."""
        if not 0 < n <= 1 << 64:
            raise ValueError("below() needs a positive bound of at most 2**64")
        # Rejection sampling keeps every outcome equally likely; the limit is the
        # largest multiple of n that fits in 64 bits.
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            value = self.next_u64()
            if value < limit:
                return value % n

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
