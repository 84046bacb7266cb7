"""Codes only the server can make: letters derived from its secret key.

Django's :func:`~django.utils.crypto.salted_hmac` (HMAC-SHA256 keyed by the
``SECRET_KEY`` and a salt of the caller's own, so that no other use of the key
gives the same values) of a message, read as capital letters.  Whoever lacks
the key can tell nothing of the letters of a message from any number of
others: the Mahjong daily derives each date's code so, and Tile Rummy each
hand it deals from a fresh random id.
"""

from __future__ import annotations

import string
from typing import Final

from django.utils.crypto import salted_hmac

LETTERS: Final = string.ascii_uppercase
MAX_LETTERS: Final = 27
"""26**27 is below 2**127: the 256 bits of the digest read as base-26 digits are then unbiased
to within 2**-129, so every code is as likely as any other."""


def keyed_letters(salt: str, message: str, count: int) -> str:
    """``count`` letters A-Z from the HMAC of ``message`` under the secret key and ``salt``."""
    if not 0 < count <= MAX_LETTERS:
        raise ValueError(f"from 1 to {MAX_LETTERS} letters, not {count}")
    number = int.from_bytes(salted_hmac(salt, message, algorithm="sha256").digest(), "big")
    letters = []
    for _ in range(count):
        number, digit = divmod(number, len(LETTERS))
        letters.append(LETTERS[digit])
    return "".join(letters)
