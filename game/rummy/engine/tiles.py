"""The 106-tile box, tile notation and the text and JSON forms of racks and tables.

Notation, the one spelling used everywhere (API, logs, tests): a colour letter
and a number, ``R`` red, ``B`` blue, ``K`` black, ``O`` orange, numbers 1-13
(``R7``, ``O13``), and ``J`` for a joker.  The box holds two copies of each of
the 52 number faces and two jokers.

Internally a tile is a small integer, its *code*: ``colour * 13 + number - 1``
for number faces (0-51) and :data:`JOKER` (52) for jokers, so the hot loops of
the turn check and the search never touch strings.  The canonical order of
tiles is the order of their codes: red, blue, black, orange, each 1 to 13,
jokers last.

Text forms, each of which round-trips (parsing canonical text and printing it
gives the same text back):

* a tile: ``R7``;
* a rack: its tiles in canonical order, separated by single spaces
  (``R3 B7 B7 J``), the empty rack is the empty string;
* a set: its tiles in table order separated by single spaces;
* a table: its sets in table order separated by `` | ``
  (``R1 R2 R3 | B5 K5 O5``), the empty table is the empty string.

The JSON forms are lists of tile texts (a rack, a set) and lists of sets (a
table).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Final

from .errors import MalformedError

NUMBERS: Final = 13
COLOURS: Final = 4
FACES: Final = COLOURS * NUMBERS
JOKER: Final = FACES
"""The code of a joker; number faces are 0-51."""
CODES: Final = FACES + 1
COPIES: Final = 2
"""Copies of each number face in the box."""
JOKERS: Final = 2
"""Jokers in the box."""
BOX_SIZE: Final = FACES * COPIES + JOKERS
JOKER_POINTS: Final = 30
"""What a joker left on a rack costs at the end of a hand."""


class Colour(Enum):
    """The four colours in canonical order; the value is the notation letter."""

    RED = "R"
    BLUE = "B"
    BLACK = "K"
    ORANGE = "O"

    @property
    def index(self) -> int:
        return _COLOUR_INDEX[self]


_COLOUR_LIST: Final[tuple[Colour, ...]] = tuple(Colour)
_COLOUR_INDEX: Final[dict[Colour, int]] = {colour: i for i, colour in enumerate(_COLOUR_LIST)}


def colour_of(code: int) -> int:
    """Colour index (0-3) of a number-face code."""
    return code // NUMBERS


def number_of(code: int) -> int:
    """Number (1-13) of a number-face code."""
    return code % NUMBERS + 1


def face_code(colour: int, number: int) -> int:
    return colour * NUMBERS + number - 1


TEXTS: Final[tuple[str, ...]] = tuple(
    [f"{_COLOUR_LIST[colour_of(code)].value}{number_of(code)}" for code in range(FACES)] + ["J"]
)
"""Tile text by code."""

CODE_OF_TEXT: Final[dict[str, int]] = {text: code for code, text in enumerate(TEXTS)}

POINTS: Final[tuple[int, ...]] = tuple([number_of(code) for code in range(FACES)] + [JOKER_POINTS])
"""What each code counts on a rack at the end of a hand: face value, a joker 30."""


@dataclass(frozen=True, slots=True, order=True)
class Tile:
    """One tile, by code; ``str(tile)`` is its notation, :meth:`parse` reads it."""

    code: int

    def __post_init__(self) -> None:
        code: object = self.code
        if isinstance(code, bool) or not isinstance(code, int) or not 0 <= code <= JOKER:
            raise MalformedError(f"a tile code is 0-{JOKER}, not {code!r}")

    @classmethod
    def parse(cls, text: object) -> Tile:
        return TILES[parse_code(text)]

    @classmethod
    def of(cls, colour: Colour, number: int) -> Tile:
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= NUMBERS:
            raise MalformedError(f"a tile number is 1-{NUMBERS}, not {number!r}")
        return TILES[face_code(colour.index, number)]

    @property
    def is_joker(self) -> bool:
        return self.code == JOKER

    @property
    def colour(self) -> Colour | None:
        return None if self.code == JOKER else _COLOUR_LIST[colour_of(self.code)]

    @property
    def number(self) -> int | None:
        return None if self.code == JOKER else number_of(self.code)

    @property
    def points(self) -> int:
        """Its cost on a rack at the end of a hand."""
        return POINTS[self.code]

    def __str__(self) -> str:
        return TEXTS[self.code]

    def __repr__(self) -> str:
        return f"Tile({TEXTS[self.code]})"


TILES: Final[tuple[Tile, ...]] = tuple(Tile(code) for code in range(CODES))
"""The one :class:`Tile` object of each code."""

JOKER_TILE: Final = TILES[JOKER]

Rack = tuple[Tile, ...]
"""A rack: tiles in canonical order (a multiset; the order carries no meaning)."""
TileSet = tuple[Tile, ...]
"""A set on the table, tiles in table order."""
Table = tuple[TileSet, ...]
"""The table: its sets in table order."""


def full_box() -> list[Tile]:
    """All 106 tiles in canonical order."""
    return [TILES[code] for code in range(FACES) for _ in range(COPIES)] + [JOKER_TILE] * JOKERS


def parse_code(text: object) -> int:
    """The code of a tile given as text (or as a :class:`Tile`)."""
    if isinstance(text, str):
        code = CODE_OF_TEXT.get(text)
        if code is not None:
            return code
        raise MalformedError(f"unknown tile {text[:20]!r}: expected R, B, K or O and 1-13, or J")
    if isinstance(text, Tile):
        return text.code
    raise MalformedError(f"a tile must be text such as 'R7' or 'J', not {type(text).__name__}")


def _sequence(value: object, what: str) -> Sequence[object]:
    if isinstance(value, list | tuple):
        return value
    raise MalformedError(f"{what} must be a list, not {type(value).__name__}")


def parse_tile_codes(value: object, what: str = "a rack") -> list[int]:
    """Codes of a JSON-ish list of tile texts, in the given order."""
    return [parse_code(item) for item in _sequence(value, what)]


def parse_table_codes(value: object, what: str = "a table") -> list[list[int]]:
    """Codes of a JSON-ish list of sets, each a list of tile texts.

    No table holds more than the box's tiles: a longer one is refused before it is read,
    so that whatever a client sends costs little to turn down."""
    sets = _sequence(value, what)
    if len(sets) > BOX_SIZE or sum(len(item) for item in sets if isinstance(item, list | tuple)) > BOX_SIZE:
        raise MalformedError(f"{what} holds more tiles than the box's {BOX_SIZE}")
    return [parse_tile_codes(item, f"set {i} of {what}") for i, item in enumerate(sets)]


def parse_rack(value: object) -> Rack:
    """A rack from a JSON-ish list of tile texts, in canonical order."""
    return tuple(TILES[code] for code in sorted(parse_tile_codes(value)))


def parse_table(value: object, what: str = "a table") -> Table:
    """A table from a JSON-ish list of sets; validity of the sets is not checked here."""
    return tuple(tuple(TILES[code] for code in tiles) for tiles in parse_table_codes(value, what))


def counts_of(codes: Iterable[int]) -> list[int]:
    """How many tiles of each code (a list of length 53)."""
    counts = [0] * CODES
    for code in codes:
        counts[code] += 1
    return counts


def check_box(counts: Sequence[int], what: str) -> None:
    """:class:`MalformedError` if ``counts`` hold more of a face than the box does."""
    for code in range(CODES):
        limit = JOKERS if code == JOKER else COPIES
        if counts[code] > limit:
            raise MalformedError(f"{what} hold {counts[code]} x {TEXTS[code]}, but the box has only {limit}")


def rack_points(tiles: Iterable[Tile]) -> int:
    """What a rack costs at the end of a hand: face values, jokers 30."""
    return sum(POINTS[tile.code] for tile in tiles)


def rack_json(tiles: Iterable[Tile]) -> list[str]:
    return [TEXTS[tile.code] for tile in tiles]


def table_json(table: Iterable[Iterable[Tile]]) -> list[list[str]]:
    return [[TEXTS[tile.code] for tile in tiles] for tiles in table]


def format_rack(tiles: Iterable[Tile]) -> str:
    return " ".join(TEXTS[code] for code in sorted(tile.code for tile in tiles))


def format_set(tiles: Iterable[Tile]) -> str:
    return " ".join(TEXTS[tile.code] for tile in tiles)


def format_table(table: Iterable[Iterable[Tile]]) -> str:
    return " | ".join(format_set(tiles) for tiles in table)


def _split_tiles(text: str, what: str) -> list[int]:
    if text == "":
        return []
    return [parse_code(part) if part else _empty(what) for part in text.split(" ")]


def _empty(what: str) -> int:
    raise MalformedError(f"{what}: tiles are separated by single spaces")


def parse_rack_text(text: object) -> Rack:
    """A rack from its text form; tiles in any order, single spaces."""
    if not isinstance(text, str):
        raise MalformedError(f"a rack text must be text, not {type(text).__name__}")
    return tuple(TILES[code] for code in sorted(_split_tiles(text, "a rack")))


def parse_table_text(text: object) -> Table:
    """A table from its text form: sets separated by `` | ``, tiles by single spaces."""
    if not isinstance(text, str):
        raise MalformedError(f"a table text must be text, not {type(text).__name__}")
    if text == "":
        return ()
    sets = []
    for i, part in enumerate(text.split(" | ")):
        codes = _split_tiles(part, f"set {i}")
        if not codes:
            raise MalformedError(f"set {i} of the table text is empty")
        sets.append(tuple(TILES[code] for code in codes))
    return tuple(sets)
