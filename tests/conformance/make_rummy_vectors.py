"""Write the conformance vectors of Tile Rummy's sets and turn check: ``vectors/rummy_*.json``.

The rules the browser needs for instant feedback live twice: in the Python
engine (``game/rummy/engine/sets.py`` and ``turns.py``, the referee) and in
``game/rummy/static/rummy/js/sets.js``.  These vectors pin down what the
referee answers on concrete inputs, in plain JSON, so both can be replayed
against them:

* ``rummy_sets.json``: lists of tiles in table order with what the engine makes
  of them: ``is_set``, every reading (runs first, as ``readings()``) and
  ``set_value``.  Hand-picked edge cases (jokers at both ends, the 1 and 13
  boundaries, 13-tile runs, groups of four, repeated colours and numbers, jokers
  only), every run of red, every group, runs and groups with jokers, near misses
  made by spoiling valid sets, and seeded random lists.
* ``rummy_turns.json``: turns (the table before, the rack, the table after,
  whether the seat had opened) with the engine's ``Verdict.to_json()``, or
  ``"error": "malformed"`` where the engine raises ``MalformedError``.
  Hand-written cases (every reason, openings around 30, jokers' values,
  rearrangements), then seeded random positions and turns built on them, mostly
  plausible plays with some spoiled on purpose.

Run by hand after a change to the rules, then commit the files::

    .venv/bin/python tests/conformance/make_rummy_vectors.py

``tests/conformance/test_rummy_vectors.py`` replays the vectors through the
engine and fails when they are stale; ``tests/client/js/rummy_conformance.test.mjs``
replays them through sets.js.  Everything random comes from :class:`SplitMix64`,
so the files come out byte for byte the same every time.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Final

from game.common.rng import SplitMix64
from game.rummy.engine import Colour, MalformedError, Reading, Reason, check_turn, is_set, readings, set_value
from game.rummy.engine.tiles import full_box, parse_tile_codes

Json = Any
"""A JSON value (dicts, lists, str, int, bool, None)."""

VECTORS: Final = Path(__file__).resolve().parent / "vectors"
SETS_FILE: Final = "rummy_sets.json"
TURNS_FILE: Final = "rummy_turns.json"
FORMAT: Final = 1
REGENERATE: Final = (
    "run `.venv/bin/python tests/conformance/make_rummy_vectors.py` and commit "
    f"tests/conformance/vectors/{SETS_FILE} and {TURNS_FILE}"
)

LETTERS: Final = tuple(colour.value for colour in Colour)
"""The colour letters in canonical order: R, B, K, O."""
HIGHEST: Final = 13

RANDOM_SETS: Final = 300
"""Seeded random lists of tiles in rummy_sets.json."""
SPOILED_SETS: Final = 240
"""Valid sets spoiled by one change (a near miss) in rummy_sets.json."""
RANDOM_TURNS: Final = 340
"""Seeded random turns in rummy_turns.json."""

Tiles = list[str]
"""Tile texts in table order."""
Table = list[Tiles]


def tile(colour: int, number: int) -> str:
    return f"{LETTERS[colour]}{number}"


def tiles_of(text: str) -> Tiles:
    return text.split()


def table_of(text: str) -> Table:
    return [tiles_of(part) for part in text.split("|")] if text.strip() else []


def reading_json(reading: Reading) -> dict[str, Json]:
    """A reading as sets.js gives it: the colour by its letter."""
    colour = None if reading.colour is None else LETTERS[reading.colour]
    return {"kind": reading.kind.value, "number": reading.number, "length": reading.length, "colour": colour}


def set_vector(tiles: Sequence[str]) -> dict[str, Json]:
    """What the engine makes of one list of tiles."""
    codes = parse_tile_codes(list(tiles))
    return {
        "tiles": list(tiles),
        "is_set": is_set(codes),
        "readings": [reading_json(reading) for reading in readings(codes)],
        "value": set_value(codes),
    }


def turn_vector(name: str, table: Table, rack: Tiles, after: Table, opened: bool) -> dict[str, Json]:
    """What the engine answers to one turn: its verdict, or that the input is malformed."""
    vector: dict[str, Json] = {"name": name, "table": table, "rack": rack, "after": after, "opened": opened}
    try:
        vector["verdict"] = check_turn(table, rack, after, opened).to_json()
    except MalformedError:
        vector["error"] = "malformed"
    return vector


# -- deterministic JSON ------------------------------------------------------------------------


def _inline(value: Json) -> str:
    return json.dumps(value, sort_keys=True, separators=(", ", ": "))


def render(about: str, key: str, vectors: list[dict[str, Json]]) -> str:
    """The written form: one vector a line, keys sorted; parses back to the same value."""
    head = {"about": about, "format": FORMAT}
    lines = [f"  {json.dumps(name)}: {_inline(head[name])}," for name in sorted(head)]
    body = ",\n".join(f"    {_inline(vector)}" for vector in vectors)
    text = "{\n" + "\n".join(lines) + f"\n  {json.dumps(key)}: [\n{body}\n  ]\n}}\n"
    assert json.loads(text) == {**head, key: vectors}
    return text


# -- rummy_sets.json -----------------------------------------------------------------------------

EDGE_SETS: Final = (
    # runs at the boundaries, 13 long, with jokers at either end
    "R1 R2 R3",
    "R11 R12 R13",
    "O1 O2 O3 O4 O5 O6 O7 O8 O9 O10 O11 O12 O13",
    "J B2 B3 B4 B5 B6 B7 B8 B9 B10 B11 B12 B13",
    "B1 B2 B3 B4 B5 B6 B7 B8 B9 B10 B11 B12 J",
    "J B1 B2 B3 B4 B5 B6 B7 B8 B9 B10 B11 B12",
    "B2 B3 B4 B5 B6 B7 B8 B9 B10 B11 B12 B13 J",
    "K1 K2 K3 K4 K5 K6 K7 K8 K9 K10 K11 K12 K13 J",
    "J K1 K2 K3 K4 K5 K6 K7 K8 K9 K10 K11 K12 K13",
    "K1 J K3 K4 K5 K6 K7 K8 K9 K10 K11 J K13",
    "J R12 R13",
    "R12 R13 J",
    "J R1 R2",
    "R1 R2 J",
    "J R2 R3",
    "R11 R12 J",
    "R1 J R3",
    "R1 J J R4",
    "R1 J R4",
    "J J R1 R2",
    "R12 R13 J J",
    "R12 R13 R1",
    "R13 R1 R2",
    "R3 R2 R1",
    "R1 R2 B3",
    "R1 R1 R2",
    "R1 R2 R2 R3",
    "R4 R5 R7",
    # one number tile and jokers: a run, a group, both or neither
    "R5 J J",
    "J R5 J",
    "J J R5",
    "J J R13",
    "J R13 J",
    "R13 J J",
    "J J R1",
    "J R1 J",
    "R1 J J",
    "R2 J J",
    "J J R2",
    "R11 J J",
    "R12 J J",
    "J J J J J J B7",
    "J J J J J J J B7",
    "B7 J J J J J J",
    "B8 J J J J J J",
    "R5 J J J J",
    "J R1 J J J",
    # jokers only (more than the box holds, so never in a legal turn, but sets all the same)
    "J J J",
    "J J J J",
    "J J J J J",
    "J J J J J J J J J J J J J",
    "J J J J J J J J J J J J J J",
    "J J",
    "J",
    "",
    # groups: any order, four at most, different colours, jokers for missing colours
    "R5 B5 K5",
    "K5 R5 B5 O5",
    "O13 K13 B13 R13",
    "R1 B1 K1 O1",
    "R5 R5 B5",
    "R5 J R5",
    "R5 B5 K5 O5 R5",
    "R5 B5 K5 O5 J",
    "R5 B5 J",
    "R5 B5 J J",
    "J J B5 R5",
    "J R5 J B5",
    "R5 J B5 J O5",
    "R5 B5 K6",
    "R5 B6 K5",
    "R5 B5 K5 O6",
    "R5",
    "R5 B5",
    "R5 R5 R5",
    "R5 R5 J",
)


def all_runs(colour: int) -> list[Tiles]:
    """Every run of one colour, shortest first."""
    return [
        [tile(colour, n) for n in range(start, start + length)]
        for length in range(3, HIGHEST + 1)
        for start in range(1, HIGHEST - length + 2)
    ]


def all_groups(rng: SplitMix64) -> list[Tiles]:
    """Every group without jokers (each number, each choice of three or four colours), shuffled."""
    found = []
    for number in range(1, HIGHEST + 1):
        for left_out in (None, 0, 1, 2, 3):
            group = [tile(c, number) for c in range(len(LETTERS)) if c != left_out]
            rng.shuffle(group)
            found.append(group)
    return found


def with_jokers(tiles: Tiles, rng: SplitMix64) -> list[Tiles]:
    """Variants of a set with jokers: one tile replaced, a joker added at either end."""
    replaced = list(tiles)
    replaced[rng.below(len(tiles))] = "J"
    variants = [replaced, ["J", *tiles], [*tiles, "J"]]
    if len(tiles) >= 4:
        twice = list(tiles)
        for i in sorted({rng.below(len(tiles)), rng.below(len(tiles))}):
            twice[i] = "J"
        variants.append(twice)
    return variants


def spoil(tiles: Tiles, rng: SplitMix64) -> Tiles:
    """A near miss: a valid set with one thing changed."""
    spoiled = list(tiles)
    i = rng.below(len(spoiled))
    change = rng.below(6)
    face = spoiled[i]
    if change == 0 and len(spoiled) >= 2:  # two tiles swapped
        j = (i + 1 + rng.below(len(spoiled) - 1)) % len(spoiled)
        spoiled[i], spoiled[j] = spoiled[j], spoiled[i]
    elif change == 1 and face != "J":  # one tile of another colour
        spoiled[i] = face.replace(face[0], LETTERS[(LETTERS.index(face[0]) + 1 + rng.below(3)) % 4], 1)
    elif change == 2 and face != "J":  # one tile's number one off
        number = int(face[1:]) + (1 if rng.below(2) else -1)
        spoiled[i] = face[0] + str(number) if 1 <= number <= HIGHEST else "J"
    elif change == 3:  # a tile twice
        spoiled.insert(i, face)
    elif change == 4:  # a tile less
        del spoiled[i]
    else:  # a joker more, anywhere
        spoiled.insert(rng.below(len(spoiled) + 1), "J")
    return spoiled


def random_tiles(rng: SplitMix64) -> Tiles:
    """A few tiles from a narrow choice (two colours, a window of numbers), so some are sets."""
    colours = [rng.below(4), rng.below(4)]
    low = 1 + rng.below(HIGHEST - 3)
    count = 3 + rng.below(4)
    found = []
    for _ in range(count):
        if rng.below(8) == 0:
            found.append("J")
        else:
            found.append(tile(colours[rng.below(2)], low + rng.below(4)))
    return found


def build_sets() -> list[dict[str, Json]]:
    rng = SplitMix64.from_text("conformance|rummy|sets")
    candidates: list[Tiles] = [tiles_of(text) for text in EDGE_SETS]
    runs = all_runs(0)
    candidates += runs
    groups = all_groups(rng)
    candidates += groups
    for colour in (1, 2, 3):  # the other colours: a few runs each
        others = all_runs(colour)
        candidates += [others[rng.below(len(others))] for _ in range(8)]
    for valid in [*runs, *groups]:
        candidates += with_jokers(valid, rng)
    sources = [*runs, *groups]
    candidates += [spoil(sources[rng.below(len(sources))], rng) for _ in range(SPOILED_SETS)]
    candidates += [random_tiles(rng) for _ in range(RANDOM_SETS)]
    seen: set[tuple[str, ...]] = set()
    vectors = []
    for tiles in candidates:
        if tuple(tiles) not in seen:
            seen.add(tuple(tiles))
            vectors.append(set_vector(tiles))
    return vectors


# -- rummy_turns.json: hand-written turns --------------------------------------------------------

# (name, table, rack, after, opened, what the case is about: a reason, "malformed", or None for
# legal). The verdict written is the engine's; this only makes sure each case still shows its point.
TURNS: Final[tuple[tuple[str, str, str, str, bool, Reason | str | None], ...]] = (
    # every reason, and each one before the next
    ("a bad set comes first", "R1 R2 R3", "B4", "R1 R2 | B4 B4 B4", True, Reason.INVALID_SET),
    ("the second set is the bad one", "", "B3 B4 B5 K1 K2", "B3 B4 B5 | K1 K2", True, Reason.INVALID_SET),
    ("an empty set is no set", "R1 R2 R3", "B4", "R1 R2 R3 |", True, Reason.INVALID_SET),
    ("a table tile taken back", "R1 R2 R3 R4", "B4", "R1 R2 R3", True, Reason.TILE_LEFT_TABLE),
    (
        "a table tile taken, rack tiles laid",
        "R1 R2 R3 R4",
        "B5 K5 O5",
        "R1 R2 R3 | B5 K5 O5",
        True,
        Reason.TILE_LEFT_TABLE,
    ),
    ("a tile from nowhere", "R1 R2 R3", "B4", "R1 R2 R3 R4", True, Reason.NOT_FROM_RACK),
    ("a table tile used twice", "R1 R2 R3", "B4", "R1 R2 R3 | R1 R2 R3", True, Reason.NOT_FROM_RACK),
    ("a rack tile used twice", "", "R5 B5 K5", "R5 B5 K5 | R5 B5 K5", True, Reason.NOT_FROM_RACK),
    ("a second joker from nowhere", "", "R5 B5 J", "R5 B5 J J", True, Reason.NOT_FROM_RACK),
    ("an opening with a bad set", "", "R10 R11 R13", "R10 R11 R13", False, Reason.INVALID_SET),
    (
        "an opening taking a table tile back",
        "R1 R2 R3 R4",
        "R10 R11 R12",
        "R1 R2 R3 | R10 R11 R12",
        False,
        Reason.TILE_LEFT_TABLE,
    ),
    ("an opening with a tile from nowhere", "", "R10 R11", "R10 R11 R12", False, Reason.NOT_FROM_RACK),
    ("confirming the table unchanged", "R3 R4 R5", "B1", "R3 R4 R5", True, Reason.NOTHING_PLAYED),
    ("confirming an empty table", "", "B1", "", True, Reason.NOTHING_PLAYED),
    (
        "rearranging without a rack tile",
        "R3 R4 R5 R6 | B6 K6 O6",
        "B1",
        "R3 R4 R5 | R6 B6 K6 O6",
        True,
        Reason.NOTHING_PLAYED,
    ),
    (
        "rearranging without a rack tile, opening",
        "R3 R4 R5 R6 | B6 K6 O6",
        "B1",
        "R3 R4 R5 | R6 B6 K6 O6",
        False,
        Reason.NOTHING_PLAYED,
    ),
    (
        "an opening adding to a table set",
        "K1 K2 K3",
        "K4 R10 R11 R12",
        "K1 K2 K3 K4 | R10 R11 R12",
        False,
        Reason.OPENING_CHANGED_TABLE,
    ),
    (
        "an opening reordering the sets",
        "K1 K2 K3 | O4 O5 O6",
        "R10 R11 R12",
        "O4 O5 O6 | K1 K2 K3 | R10 R11 R12",
        False,
        Reason.OPENING_CHANGED_TABLE,
    ),
    (
        "an opening reordering a group's tiles",
        "K1 R1 B1",
        "R10 R11 R12",
        "R1 K1 B1 | R10 R11 R12",
        False,
        Reason.OPENING_CHANGED_TABLE,
    ),
    (
        "an opening using a table tile for its 30",
        "K9 K10 K11 K12",
        "R12 B12",
        "K9 K10 K11 | R12 B12 K12",
        False,
        Reason.OPENING_CHANGED_TABLE,
    ),
    ("an opening of a joker alone", "R3 R4 R5", "J", "R3 R4 R5 J", False, Reason.OPENING_CHANGED_TABLE),
    (
        "an opening of 29 from two sets",
        "",
        "R1 R2 R3 B7 K7 O7 O9",
        "R1 R2 R3 | B7 K7 O7",
        False,
        Reason.OPENING_TOO_LOW,
    ),
    # openings around 30, jokers counting what they stand for
    ("an opening of 30 from two sets", "", "R1 R2 R3 B8 K8 O8", "R1 R2 R3 | B8 K8 O8", False, None),
    ("an opening of 31 from two sets", "", "K1 K2 K3 K4 R7 B7 K7", "K1 K2 K3 K4 | R7 B7 K7", False, None),
    ("an opening with a joker inside a run: 42", "", "R9 R10 R12 J", "R9 R10 J R12", False, None),
    ("an opening of 27", "", "B8 B9 B10 K1", "B8 B9 B10", False, Reason.OPENING_TOO_LOW),
    ("an opening of 30 in one run", "", "O9 O10 O11", "O9 O10 O11", False, None),
    ("an opening of 33", "", "O10 O11 O12", "O10 O11 O12", False, None),
    ("a joker counts its number: 10+10+10", "", "R10 B10 J K2", "R10 B10 J", False, None),
    ("a joker is not worth 30: 1+2+3", "", "R1 R2 J", "R1 R2 J", False, Reason.OPENING_TOO_LOW),
    ("a joker is not worth 0: 9+10+11", "", "R9 R11 J", "R9 J R11", False, None),
    ("a joker at the front of a run counts", "", "R12 R13 J", "J R12 R13", False, None),
    ("a joker below a run: 8+9+10 is 27", "", "R9 R10 J", "J R9 R10", False, Reason.OPENING_TOO_LOW),
    ("a joker above a run: 9+10+11 is 30", "", "R9 R10 J", "R9 R10 J", False, None),
    ("one tile, two jokers: the higher reading (group of 13s)", "", "K13 J J", "J J K13", False, None),
    ("one tile, two jokers, the run reading higher", "", "O9 J J", "O9 J J", False, None),
    ("one tile, two jokers, both readings low", "", "O3 J J", "O3 J J", False, Reason.OPENING_TOO_LOW),
    ("one tile, two jokers below it: 8+9+10 or three 10s", "", "B10 J J", "J J B10", False, None),
    ("two jokers in a long run", "", "K1 K3 K5 J J", "K1 J K3 J K5", False, Reason.OPENING_TOO_LOW),
    (
        "an opening of four sets",
        "",
        "R1 R2 R3 B1 B2 B3 K1 K2 K3 O4 O5 O6",
        "R1 R2 R3 | B1 B2 B3 | K1 K2 K3 | O4 O5 O6",
        False,
        None,
    ),
    ("an opening after the table", "K1 K2 K3", "R10 R11 R12", "K1 K2 K3 | R10 R11 R12", False, None),
    (
        "an opening before the table",
        "K1 K2 K3 | O4 O5 O6",
        "R10 R11 R12",
        "R10 R11 R12 | K1 K2 K3 | O4 O5 O6",
        False,
        None,
    ),
    (
        "an opening between the table's sets",
        "K1 K2 K3 | O4 O5 O6",
        "R10 R11 R12",
        "K1 K2 K3 | R10 R11 R12 | O4 O5 O6",
        False,
        None,
    ),
    (
        "an opening beside a set equal to a table set",
        "R5 R6 R7",
        "R5 R6 R7 B10 K10 O10",
        "R5 R6 R7 | R5 R6 R7 | B10 K10 O10",
        False,
        None,
    ),
    (
        "an opening whose copy of a table set comes first",
        "R5 R6 R7",
        "R5 R6 R7 B10 K10 O10",
        "R5 R6 R7 | B10 K10 O10 | R5 R6 R7",
        False,
        None,
    ),
    # after the opening: rearrangements, jokers freed and reused
    ("after opening, adding to a table set", "K1 K2 K3", "K4", "K1 K2 K3 K4", True, None),
    ("after opening, a joker alone is a play", "R3 R4 R5", "J", "R3 R4 R5 J", True, None),
    (
        "after opening, splitting a run for a group",
        "K9 K10 K11 K12",
        "R12 B12",
        "K9 K10 K11 | R12 B12 K12",
        True,
        None,
    ),
    ("after opening, a joker freed and reused", "R3 J R5", "R4 B9 K9", "R3 R4 R5 | B9 K9 J", True, None),
    ("after opening, a joker freed but left over", "R3 J R5", "R4", "R3 R4 R5", True, Reason.TILE_LEFT_TABLE),
    (
        "after opening, a run split in two with a tile between",
        "B1 B2 B3 B4 B5 B6",
        "B4",
        "B1 B2 B3 B4 | B4 B5 B6",
        True,
        None,
    ),
    (
        "after opening, sets in another order",
        "R1 R2 R3 | B5 K5 O5",
        "R4",
        "B5 K5 O5 | R1 R2 R3 R4",
        True,
        None,
    ),
    (
        "a tile on both rack and table can be played once more",
        "R3 R4 R5",
        "R5 R6 R7",
        "R3 R4 R5 | R5 R6 R7",
        True,
        None,
    ),
    (
        "a tile on both cannot be played three times",
        "R3 R4 R5",
        "R5 R6",
        "R3 R4 R5 | R5 R6 J",
        True,
        Reason.NOT_FROM_RACK,
    ),
    (
        "the tiles played come in canonical order",
        "",
        "O1 R1 K1 B1 R7 R8 J",
        "O1 R1 K1 B1 | R7 R8 J",
        True,
        None,
    ),
    ("two jokers played", "R2 R3 R4", "J J B9 K9", "J R2 R3 R4 | B9 K9 J", True, None),
    # malformed input: no verdict
    ("three copies of a face", "R5 R6 R7", "R5 R5", "R5 R6 R7 | R5 R5", True, "malformed"),
    ("three jokers", "R5 J R7", "J J", "R5 J R7 | J J", True, "malformed"),
    ("an unknown tile", "", "R14", "R14", True, "malformed"),
    ("a tile in lower case", "", "r5", "r5", True, "malformed"),
)


def hand_written_turns() -> list[dict[str, Json]]:
    vectors = []
    for name, table, rack, after, opened, about in TURNS:
        vector = turn_vector(name, table_of(table), tiles_of(rack), table_of(after), opened)
        shown = vector.get("error") or vector["verdict"].get("reason")
        assert shown == (about.value if isinstance(about, Reason) else about), f"{name}: {vector}"
        vectors.append(vector)
    return vectors


# -- rummy_turns.json: seeded random turns --------------------------------------------------------


class Box:
    """The tiles not dealt yet, by text, to build positions that the box could hold."""

    def __init__(self) -> None:
        self.left = Counter(str(t) for t in full_box())

    def take(self, tiles: Sequence[str]) -> bool:
        """Take all of ``tiles`` if the box still has them."""
        need = Counter(tiles)
        if any(self.left[text] < count for text, count in need.items()):
            return False
        self.left -= need
        return True

    def any_tile(self, rng: SplitMix64) -> str | None:
        texts = sorted(self.left.elements())
        return texts[rng.below(len(texts))] if texts else None


def random_set(rng: SplitMix64, jokers: bool = True) -> Tiles:
    """A valid set: a run of 3-6 or a group of 3-4, perhaps with a joker in it."""
    if rng.below(2):
        length = 3 + rng.below(4)
        start = 1 + rng.below(HIGHEST - length + 1)
        colour = rng.below(4)
        tiles = [tile(colour, n) for n in range(start, start + length)]
    else:
        colours = list(range(4))
        rng.shuffle(colours)
        number = 1 + rng.below(HIGHEST)
        tiles = [tile(c, number) for c in colours[: 3 + rng.below(2)]]
    if jokers and rng.below(5) == 0:
        tiles[rng.below(len(tiles))] = "J"
    return tiles


class RandomTurn:
    """A random position (a table of valid sets, a rack) and a turn on it, told in steps."""

    def __init__(self, rng: SplitMix64) -> None:
        self.rng = rng
        self.box = Box()
        self.table: Table = []
        for _ in range(rng.below(6)):
            tiles = random_set(rng)
            if self.box.take(tiles):
                self.table.append(tiles)
        self.rack: Tiles = []
        self.after: Table = [list(tiles) for tiles in self.table]
        self.steps: list[str] = []

    def to_rack(self, tiles: Sequence[str]) -> bool:
        if not self.box.take(tiles):
            return False
        self.rack += tiles
        return True

    def new_set(self) -> None:
        """Lay a new set from the rack somewhere on the table."""
        tiles = random_set(self.rng)
        if self.to_rack(tiles):
            at = len(self.after) if self.rng.below(3) else self.rng.below(len(self.after) + 1)
            self.after.insert(at, tiles)
            self.steps.append("new set")

    def extend(self, from_rack: bool = True) -> None:
        """Add a rack tile that fits at an end of a run, or completes a group (or, to spoil a
        turn, such a tile that is on no rack)."""
        step_count = len(self.steps)
        rack = len(self.rack)
        self._extend()
        if not from_rack and len(self.steps) > step_count:
            del self.rack[rack:]
            self.steps[-1] = "a tile from nowhere: " + self.steps[-1]

    def _extend(self) -> None:
        if not self.after:
            return
        i = self.rng.below(len(self.after))
        tiles = self.after[i]
        reading = readings(parse_tile_codes(tiles))
        if not reading:
            return
        first = reading[0]
        if first.kind.value == "group":
            missing = [tile(c, first.number) for c in range(4) if tile(c, first.number) not in tiles]
            if first.length < 4 and missing and self.to_rack([missing[0]]):
                tiles.append(missing[0])
                self.steps.append("group completed")
            return
        colour = 0 if first.colour is None else first.colour
        low, high = first.number - 1, first.number + first.length
        if self.rng.below(2) and high <= HIGHEST and self.to_rack([tile(colour, high)]):
            tiles.append(tile(colour, high))
            self.steps.append("run extended up")
        elif low >= 1 and self.to_rack([tile(colour, low)]):
            tiles.insert(0, tile(colour, low))
            self.steps.append("run extended down")

    def split(self) -> None:
        """Split a long run in two (a rearrangement)."""
        long_runs = [i for i, tiles in enumerate(self.after) if len(tiles) >= 6]
        if long_runs:
            i = long_runs[self.rng.below(len(long_runs))]
            cut = 3 + self.rng.below(len(self.after[i]) - 5)
            tiles = self.after.pop(i)
            self.after[i:i] = [tiles[:cut], tiles[cut:]]
            self.steps.append("run split")

    def free_joker(self) -> None:
        """Replace a joker on the table by the tile it stands for, and use the joker with two rack tiles."""
        for tiles in self.after:
            if "J" not in tiles:
                continue
            j = tiles.index("J")
            found = readings(parse_tile_codes(tiles))
            if not found or found[0].kind.value != "run" or found[0].colour is None:
                return
            stand_in = tile(found[0].colour, found[0].number + j)
            pair = random_set(self.rng, jokers=False)[:2]
            if self.to_rack([stand_in, *pair]):
                tiles[j] = stand_in
                self.after.append([*pair, "J"])
                self.steps.append("joker freed")
            return

    def filler(self) -> None:
        """Tiles on the rack that stay there."""
        for _ in range(self.rng.below(6)):
            text = self.box.any_tile(self.rng)
            if text is not None:
                self.to_rack([text])

    def spoil(self) -> None:
        """One thing a player (or a forged request) might get wrong."""
        rng, after = self.rng, self.after
        change = rng.below(7)
        if change == 0 and after:  # tiles of a set out of order
            tiles = after[rng.below(len(after))]
            rng.shuffle(tiles)
            self.steps.append("a set shuffled")
        elif change == 1 and self.table:  # a set of the table taken away
            old = self.table[rng.below(len(self.table))]
            if old in after:
                after.remove(old)
                self.steps.append("a table set taken away")
        elif change == 2:  # a tile from nowhere
            self.extend(from_rack=False)
        elif change == 3 and len(after) >= 2:  # two sets swapped
            i = rng.below(len(after) - 1)
            after[i], after[i + 1] = after[i + 1], after[i]
            self.steps.append("sets swapped")
        elif change == 4 and after:  # a tile (of the table or the rack) moved from one set to another
            i, j = rng.below(len(after)), rng.below(len(after))
            after[j].append(after[i].pop())
            if not after[i]:
                del after[i]
            self.steps.append("a tile moved")
        elif change == 5 and after:  # a set broken into two
            i = rng.below(len(after))
            if len(after[i]) >= 2:
                tiles = after.pop(i)
                cut = 1 + rng.below(len(tiles) - 1)
                after[i:i] = [tiles[:cut], tiles[cut:]]
                self.steps.append("a set broken")
        else:  # the rack tiles put back: nothing played (a rearrangement may stay)
            self.after = [list(tiles) for tiles in self.table]
            self.steps.append("rack tiles taken back")


def random_turn(k: int) -> dict[str, Json]:
    rng = SplitMix64.from_text(f"conformance|rummy|turn|{k}")
    turn = RandomTurn(rng)
    plays: tuple[Callable[[], None], ...] = (
        turn.new_set,
        turn.extend,
        turn.extend,
        turn.split,
        turn.free_joker,
    )
    wanted = 1 + rng.below(3)
    for _ in range(3 * wanted):
        if len(turn.steps) < wanted:
            plays[rng.below(len(plays))]()
    turn.filler()
    if rng.below(3) == 0:
        turn.spoil()
    rng.shuffle(turn.rack)
    opened = rng.below(2) == 0
    name = f"random {k}: " + (", ".join(turn.steps) or "nothing")
    return turn_vector(name, turn.table, turn.rack, turn.after, opened)


def opening_turn(k: int) -> dict[str, Json]:
    """An opening of one or two new sets, aimed around 30 (low runs and groups, some jokers)."""
    rng = SplitMix64.from_text(f"conformance|rummy|opening|{k}")
    turn = RandomTurn(rng)
    for _ in range(1 + rng.below(2)):
        tiles = random_set(rng)
        if turn.to_rack(tiles):
            turn.after.append(tiles)
    turn.filler()
    rng.shuffle(turn.rack)
    return turn_vector(f"opening {k}", turn.table, turn.rack, turn.after, False)


OPENINGS: Final = 120
"""Seeded random openings in rummy_turns.json."""


def build_turns() -> list[dict[str, Json]]:
    vectors = hand_written_turns()
    vectors += [opening_turn(k) for k in range(OPENINGS)]
    vectors += [random_turn(k) for k in range(RANDOM_TURNS)]
    return vectors


# -- coverage --------------------------------------------------------------------------------------


def missing_coverage(sets: list[dict[str, Json]], turns: list[dict[str, Json]]) -> list[str]:
    """What the vectors fail to reach: every reason, openings either side of 30, both readings..."""
    seen: set[str] = set()
    for vector in sets:
        kinds = [reading["kind"] for reading in vector["readings"]]
        seen.add("set reading " + ("+".join(kinds) or "none"))
        if vector["is_set"] and len(vector["tiles"]) == HIGHEST:
            seen.add("set of 13 tiles")
        if vector["is_set"] and "J" in vector["tiles"]:
            seen.update(
                f"set with a joker at the {end}"
                for end, at in (("front", 0), ("back", -1))
                if vector["tiles"][at] == "J"
            )
    for vector in turns:
        if "error" in vector:
            seen.add("malformed")
            continue
        verdict = vector["verdict"]
        reason = verdict.get("reason", "legal")
        seen.add(f"{'opening' if not vector['opened'] else 'turn'} {reason}")
        value = verdict.get("opening_value")
        if value is not None:
            seen.add("opening worth " + ("under 30" if value < 30 else "30" if value == 30 else "over 30"))
        if verdict["legal"] and "J" in verdict["played"]:
            seen.add("legal with a joker played")
        if any(len(tiles) == 0 for tiles in vector["after"]):
            seen.add("an empty set")
    wanted = {f"set reading {r}" for r in ("run", "group", "run+group", "none")}
    wanted |= {"set of 13 tiles", "set with a joker at the front", "set with a joker at the back"}
    wanted |= {f"turn {reason.value}" for reason in Reason if not reason.value.startswith("opening")}
    wanted |= {f"opening {reason.value}" for reason in Reason} | {"turn legal", "opening legal"}
    wanted |= {"opening worth under 30", "opening worth 30", "opening worth over 30"}
    wanted |= {"legal with a joker played", "an empty set", "malformed"}
    return sorted(wanted - seen)


def reason_counts(turns: list[dict[str, Json]]) -> Counter[str]:
    """How many turn vectors end with each verdict (legal, a reason, malformed)."""
    return Counter(vector.get("error") or vector["verdict"].get("reason", "legal") for vector in turns)


# -- the files -------------------------------------------------------------------------------------


def build() -> dict[str, str]:
    """File name -> text of every Rummy vector file."""
    sets = build_sets()
    turns = build_turns()
    missing = missing_coverage(sets, turns)
    if missing:
        raise AssertionError(f"the Rummy vectors do not reach: {', '.join(missing)}")
    about_sets = (
        "Lists of tiles in table order (texts: R, B, K, O and 1-13, J a joker) and what "
        "game/rummy/engine/sets.py makes of them: is_set, readings (runs first; kind, number: the "
        "group's number or the run's first, length, colour: a run's letter, null for a group and a "
        "run of jokers only) and value (set_value: the higher reading's numbers added up, null for "
        "no set). Written by tests/conformance/make_rummy_vectors.py."
    )
    about_turns = (
        "Turns and what game/rummy/engine/turns.py check_turn answers: table (the sets before), rack, "
        "after (the whole table after the turn), opened (whether the seat had opened before), and "
        "verdict (Verdict.to_json(): legal with played, the rack's tiles laid in canonical order, or "
        "the first reason, set_index for invalid_set, opening_value in an opening counted so far), or "
        'error "malformed" where the engine raises MalformedError. Written by '
        "tests/conformance/make_rummy_vectors.py."
    )
    return {SETS_FILE: render(about_sets, "sets", sets), TURNS_FILE: render(about_turns, "turns", turns)}


def main() -> None:
    VECTORS.mkdir(exist_ok=True)
    for name, text in build().items():
        path = VECTORS / name
        path.write_text(text, encoding="utf-8")
        print(f"{path}: {len(text):,} bytes")


if __name__ == "__main__":
    main()
