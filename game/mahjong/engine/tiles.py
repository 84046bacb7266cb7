"""The 144-tile Mahjong set: 42 faces, their canonical labels and the match rule.

Canonical labels are the one spelling used everywhere (API, diagrams, logs):

* ``1B``-``9B`` bamboo, ``1C``-``9C`` characters, ``1D``-``9D`` dots
  (four copies of each: 108 tiles);
* ``N`` ``S`` ``E`` ``W`` winds and ``R`` ``G`` ``Wh`` dragons (four each: 28);
* ``F1``-``F4`` flowers (plum, orchid, bamboo, chrysanthemum) and
  ``S1``-``S4`` seasons (spring, summer, autumn, winter), one of each.

Two tiles match when they carry the same face, or are both flowers, or both
seasons.  Internally faces are small integers (their index in :data:`FACES`)
and matching compares *match classes*, so hot loops never touch strings.
"""

from __future__ import annotations

from typing import Final, NewType

from .errors import MalformedError

Face = NewType("Face", str)
"""A canonical tile label such as ``"5B"`` or ``"Wh"``."""

SUITS: Final = (("B", "bamboo"), ("C", "characters"), ("D", "dots"))
WINDS: Final = (("N", "north wind"), ("S", "south wind"), ("E", "east wind"), ("W", "west wind"))
DRAGONS: Final = (("R", "red dragon"), ("G", "green dragon"), ("Wh", "white dragon"))
FLOWERS: Final = (("F1", "plum"), ("F2", "orchid"), ("F3", "bamboo flower"), ("F4", "chrysanthemum"))
SEASONS: Final = (("S1", "spring"), ("S2", "summer"), ("S3", "autumn"), ("S4", "winter"))


def _build_names() -> dict[Face, str]:
    names: dict[Face, str] = {}
    for letter, suit in SUITS:
        for rank in range(1, 10):
            names[Face(f"{rank}{letter}")] = f"{rank} of {suit}"
    for label, name in (*WINDS, *DRAGONS, *FLOWERS, *SEASONS):
        names[Face(label)] = name
    return names


FACE_NAMES: Final[dict[Face, str]] = _build_names()
"""English names of the faces, for messages and documentation."""

FACES: Final[tuple[Face, ...]] = tuple(FACE_NAMES)
"""All 42 faces in canonical order: suits, winds, dragons, flowers, seasons."""

FACE_INDEX: Final[dict[str, int]] = {face: i for i, face in enumerate(FACES)}

FLOWER_CLASS: Final = 34
SEASON_CLASS: Final = 35
MATCH_CLASSES: Final = 36

MATCH_CLASS_OF: Final[tuple[int, ...]] = tuple(
    i if i < FLOWER_CLASS else (FLOWER_CLASS if i < FLOWER_CLASS + 4 else SEASON_CLASS)
    for i in range(len(FACES))
)
"""Match class of each face index: ordinary faces are their own class."""

COPIES: Final[tuple[int, ...]] = tuple(4 if i < FLOWER_CLASS else 1 for i in range(len(FACES)))

FULL_SET: Final[tuple[Face, ...]] = tuple(
    face for face, copies in zip(FACES, COPIES, strict=True) for _ in range(copies)
)
"""The 144 tiles of a full set, in canonical order."""


def parse_face(label: object) -> Face:
    """Return ``label`` as a :data:`Face`, or raise :class:`MalformedError`."""
    if isinstance(label, str) and label in FACE_INDEX:
        return Face(label)
    raise MalformedError(f"unknown tile label {label!r}")


def face_index(face: str) -> int:
    """Index of a face in :data:`FACES`; :class:`MalformedError` if unknown."""
    try:
        return FACE_INDEX[face]
    except (KeyError, TypeError):
        raise MalformedError(f"unknown tile label {face!r}") from None


def match_class(face: str) -> int:
    """The class within which tiles match (all flowers share one, all seasons one)."""
    return MATCH_CLASS_OF[face_index(face)]


def tiles_match(a: str, b: str) -> bool:
    """True when two faces may be removed together as a pair."""
    return match_class(a) == match_class(b)
