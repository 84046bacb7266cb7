"""French typography for the texts of :mod:`rules.content`."""

from __future__ import annotations

import re

NBSP = "\u00a0"

_BEFORE_PUNCTUATION = re.compile(r" ([:;!?»])")
_AFTER_GUILLEMET = re.compile(r"« ")
_THOUSANDS = re.compile(r"(?<=\d) (?=\d{3}\b)")


def french(fields: dict[str, str]) -> dict[str, str]:
    """French spacing: a no-break space before ``: ; ! ? »``, after ``«``, in 2 000.

    The slug is left alone; tile diagrams are not affected, since their rows
    have no space before the colon.
    """
    spaced = {}
    for name, value in fields.items():
        if name != "slug":
            value = _BEFORE_PUNCTUATION.sub(NBSP + r"\1", value)
            value = _AFTER_GUILLEMET.sub("«" + NBSP, value)
            value = _THOUSANDS.sub(NBSP, value)
        spaced[name] = value
    return spaced
