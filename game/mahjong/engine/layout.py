"""Layouts: where the tiles lie, in a plain-text format of our own.

Coordinates are in half-tile units: a tile at ``(x, y, z)`` covers the square
from ``(x, y)`` to ``(x + 2, y + 2)`` on layer ``z`` (0 is the table).  Half
units let a tile sit half a tile over, like the Turtle's wing tiles.

File format (one layout per file, UTF-8, ``#`` starts a comment)::

    id L00
    name Turtle
    about The classic pyramid of five layers with a wing on each side.
    layer 0
    row 0: 2-24
    row 7: 0 26 28
    layer 1
    row 2: 8-18

``id`` and ``name`` are required; ``about`` is an optional one-line summary.
``layer Z`` starts a layer; each ``row Y: ...`` lists the x coordinates of the
tiles whose top edge is at ``y`` on that layer, either single numbers or
ranges ``a-b`` meaning ``a, a+2, ..., b``.  :meth:`Layout.to_text` prints the
canonical form (no comments, layers and rows sorted, runs merged), and parsing
that text gives the same layout back.

Rules checked on loading, each error naming the file, line and problem: an even
number of tiles from 2 to 144, no two tiles on one layer overlapping, and every
tile above the table resting on at least one tile of the layer below.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from types import MappingProxyType
from typing import Final, NamedTuple

from .codes import check_layout_id
from .errors import LayoutError, MalformedError

MAX_TILES: Final = 144
MAX_COORDINATE: Final = 250
_RANGE_RE: Final = re.compile(r"([0-9]+)(?:-([0-9]+))?")


class Position(NamedTuple):
    """Where one tile lies, in half-tile units."""

    x: int
    y: int
    z: int


def _bits(indices: Iterable[int]) -> int:
    mask = 0
    for i in indices:
        mask |= 1 << i
    return mask


def iter_bits(mask: int) -> Iterator[int]:
    """The indices of the set bits of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


@dataclass(frozen=True, eq=False)
class Layout:
    """A layout with its blocking relations precomputed as bit masks.

    Position ``i`` is bit ``1 << i``.  ``above[i]`` holds the tiles on the
    layer directly above that overlap tile ``i`` (even by half a tile);
    ``left[i]`` and ``right[i]`` hold its neighbours on its own layer: tiles
    two units to that side whose rows overlap it.  With those, "is tile i
    free?" is three AND operations.
    """

    id: str
    name: str
    positions: tuple[Position, ...]
    about: str = ""
    above: tuple[int, ...] = field(init=False, repr=False)
    below: tuple[int, ...] = field(init=False, repr=False)
    left: tuple[int, ...] = field(init=False, repr=False)
    right: tuple[int, ...] = field(init=False, repr=False)
    above_closure: tuple[int, ...] = field(init=False, repr=False)
    """Every tile lying on top of tile ``i``, directly or through others."""
    full: int = field(init=False, repr=False)

    def graph(self) -> dict[str, list[list[int]]]:
        """The relations as index lists: ``above``, ``left`` and ``right``, per position, ascending.

        This is what the client plays on: the server sends it with the positions,
        so the free rule's geometry exists only here.
        """
        return {
            "above": [list(iter_bits(mask)) for mask in self.above],
            "left": [list(iter_bits(mask)) for mask in self.left],
            "right": [list(iter_bits(mask)) for mask in self.right],
        }

    def __post_init__(self) -> None:
        check_layout_id(self.id)
        positions = self.positions
        if list(positions) != sorted(positions, key=_canonical_key):
            raise MalformedError("layout positions must be sorted by layer, row and column")
        index = {p: i for i, p in enumerate(positions)}
        if len(index) != len(positions):
            raise MalformedError("layout has a position twice")
        above: list[list[int]] = [[] for _ in positions]
        below: list[list[int]] = [[] for _ in positions]
        left: list[list[int]] = [[] for _ in positions]
        right: list[list[int]] = [[] for _ in positions]
        for i, (x, y, z) in enumerate(positions):
            for dy in (-1, 0, 1):
                for dx in (-1, 0, 1):
                    j = index.get(Position(x + dx, y + dy, z + 1))
                    if j is not None:
                        above[i].append(j)
                        below[j].append(i)
                for dx, side in ((-2, left), (2, right)):
                    j = index.get(Position(x + dx, y + dy, z))
                    if j is not None:
                        side[i].append(j)
        set_ = object.__setattr__
        set_(self, "above", tuple(_bits(a) for a in above))
        set_(self, "below", tuple(_bits(b) for b in below))
        set_(self, "left", tuple(_bits(n) for n in left))
        set_(self, "right", tuple(_bits(n) for n in right))
        set_(self, "full", (1 << len(positions)) - 1)
        closure = [0] * len(positions)
        # Positions are sorted by layer, so going from the top down sees every
        # tile above before the tiles under it.
        for i in range(len(positions) - 1, -1, -1):
            mask = self.above[i]
            for j in iter_bits(self.above[i]):
                mask |= closure[j]
            closure[i] = mask
        set_(self, "above_closure", tuple(closure))

    def __len__(self) -> int:
        return len(self.positions)

    def is_free(self, i: int, occupied: int) -> bool:
        """Whether the tile at ``i`` may be taken when ``occupied`` tiles are on the board."""
        return not (occupied & self.above[i]) and (
            not (occupied & self.left[i]) or not (occupied & self.right[i])
        )

    def free_mask(self, occupied: int) -> int:
        """Bit mask of the free tiles among ``occupied``."""
        return self.free_among(occupied, occupied)

    def free_among(self, candidates: int, occupied: int) -> int:
        """Bit mask of the tiles in ``candidates`` that are free when ``occupied`` lie on the board."""
        above, left, right = self.above, self.left, self.right
        free = 0
        rest = candidates
        while rest:
            low = rest & -rest
            i = low.bit_length() - 1
            rest ^= low
            if not (occupied & above[i]) and (not (occupied & left[i]) or not (occupied & right[i])):
                free |= low
        return free

    def index_of(self, position: Position) -> int:
        try:
            return self.positions.index(position)
        except ValueError:
            raise MalformedError(f"{position} is not a position of layout {self.id}") from None

    @property
    def layer_sizes(self) -> tuple[int, ...]:
        top = max(p.z for p in self.positions)
        return tuple(sum(1 for p in self.positions if p.z == z) for z in range(top + 1))

    @property
    def width(self) -> int:
        """Width of the layout's footprint in half-tile units."""
        return max(p.x for p in self.positions) + 2

    @property
    def height(self) -> int:
        return max(p.y for p in self.positions) + 2

    # -- text form -----------------------------------------------------------------

    @classmethod
    def parse(cls, text: str, source: str = "<layout>") -> Layout:
        """Read a layout from its text form; :class:`LayoutError` on any problem."""
        return _parse(text, source)

    def to_text(self) -> str:
        """The canonical text form (round-trips through :meth:`parse`)."""
        lines = [f"id {self.id}", f"name {self.name}"]
        if self.about:
            lines.append(f"about {self.about}")
        layer = -1
        row_y = -1
        xs: list[int] = []

        def flush() -> None:
            if xs:
                lines.append(f"row {row_y}: {_format_runs(xs)}")
                xs.clear()

        for x, y, z in self.positions:
            if z != layer or y != row_y:
                flush()
            if z != layer:
                lines.append(f"layer {z}")
                layer = z
            row_y = y
            xs.append(x)
        flush()
        return "\n".join(lines) + "\n"


def _canonical_key(p: Position) -> tuple[int, int, int]:
    return (p.z, p.y, p.x)


def _format_runs(xs: list[int]) -> str:
    parts: list[str] = []
    start = prev = xs[0]
    for x in [*xs[1:], None]:
        if x is not None and x == prev + 2:
            prev = x
            continue
        if prev == start:
            parts.append(str(start))
        elif prev == start + 2:
            parts.extend([str(start), str(prev)])
        else:
            parts.append(f"{start}-{prev}")
        if x is not None:
            start = prev = x
    return " ".join(parts)


def _parse_int(word: str, source: str, line: int, what: str) -> int:
    if not (word.isascii() and word.isdigit()):
        raise LayoutError(source, line, f"{what} must be a whole number from 0, not {word!r}")
    value = int(word)
    if value > MAX_COORDINATE:
        raise LayoutError(source, line, f"{what} {value} is larger than {MAX_COORDINATE}")
    return value


def _parse(text: str, source: str) -> Layout:
    headers: dict[str, str] = {}
    layer: int | None = None
    seen_layers: set[int] = set()
    where: dict[Position, int] = {}
    # Editors on some systems start UTF-8 files with a byte-order mark.
    for number, raw in enumerate(text.removeprefix("\ufeff").splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        keyword, _, rest = line.partition(" ")
        rest = rest.strip()
        if keyword in ("id", "name", "about"):
            if keyword in headers:
                raise LayoutError(source, number, f"'{keyword}' is given twice")
            if layer is not None:
                raise LayoutError(source, number, f"'{keyword}' must come before the first layer")
            if not rest:
                raise LayoutError(source, number, f"'{keyword}' needs a value")
            if keyword == "id":
                try:
                    check_layout_id(rest)
                except MalformedError as error:
                    raise LayoutError(source, number, str(error)) from None
            headers[keyword] = rest
        elif keyword == "layer":
            layer = _parse_int(rest, source, number, "the layer")
            if layer in seen_layers:
                raise LayoutError(source, number, f"layer {layer} is given twice")
            seen_layers.add(layer)
        elif keyword == "row":
            if layer is None:
                raise LayoutError(source, number, "a row must follow a 'layer' line")
            y_word, colon, xs_text = rest.partition(":")
            if not colon:
                raise LayoutError(source, number, "expected 'row Y: X X-X ...'")
            y = _parse_int(y_word.strip(), source, number, "the row")
            words = xs_text.replace(",", " ").split()
            if not words:
                raise LayoutError(source, number, "the row lists no tiles")
            for word in words:
                match = _RANGE_RE.fullmatch(word)
                if match is None:
                    raise LayoutError(source, number, f"{word!r} is neither a number nor a range a-b")
                start = _parse_int(match.group(1), source, number, "x")
                end = start if match.group(2) is None else _parse_int(match.group(2), source, number, "x")
                if end < start or (end - start) % 2:
                    raise LayoutError(
                        source, number, f"range {word} must go up in steps of 2 (a tile is 2 units wide)"
                    )
                for x in range(start, end + 1, 2):
                    position = Position(x, y, layer)
                    if position in where:
                        raise LayoutError(
                            source,
                            number,
                            f"tile ({x}, {y}, {layer}) already listed on line {where[position]}",
                        )
                    where[position] = number
        else:
            raise LayoutError(
                source, number, f"unknown keyword {keyword!r} (expected id, name, about, layer or row)"
            )

    for required in ("id", "name"):
        if required not in headers:
            raise LayoutError(source, 0, f"the '{required}' line is missing")
    count = len(where)
    if count < 2 or count > MAX_TILES or count % 2:
        raise LayoutError(
            source, 0, f"a layout needs an even number of tiles from 2 to {MAX_TILES}, not {count}"
        )
    _check_geometry(where, source)
    positions = tuple(sorted(where, key=_canonical_key))
    return Layout(headers["id"], headers["name"], positions, headers.get("about", ""))


def _check_geometry(where: dict[Position, int], source: str) -> None:
    for p, line in where.items():
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                other = Position(p.x + dx, p.y + dy, p.z)
                if (dx or dy) and other in where:
                    raise LayoutError(
                        source,
                        max(line, where[other]),
                        f"tiles {tuple(p)} and {tuple(other)} overlap on layer {p.z}",
                    )
        if p.z > 0 and not any(
            Position(p.x + dx, p.y + dy, p.z - 1) in where for dx in (-1, 0, 1) for dy in (-1, 0, 1)
        ):
            raise LayoutError(
                source, line, f"tile {tuple(p)} floats: nothing of layer {p.z - 1} lies under it"
            )


# -- the layouts shipped with the engine ------------------------------------------------


@cache
def all_layouts() -> Mapping[str, Layout]:
    """Every layout shipped in ``layouts/``, by id, in id order (read-only: it is shared)."""
    found: dict[str, Layout] = {}
    folder = resources.files(__package__).joinpath("layouts")
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if not entry.name.endswith(".txt"):
            continue
        source = f"layouts/{entry.name}"
        layout = Layout.parse(entry.read_text(encoding="utf-8"), source)
        if entry.name != f"{layout.id}.txt":
            raise LayoutError(source, 0, f"a layout with id {layout.id} must be stored as {layout.id}.txt")
        found[layout.id] = layout
    return MappingProxyType(found)


def get_layout(layout_id: object) -> Layout:
    """The shipped layout with this id; :class:`MalformedError` if there is none."""
    layout = all_layouts().get(check_layout_id(layout_id))
    if layout is None:
        raise MalformedError(f"there is no layout {layout_id!r}; known: {', '.join(all_layouts())}")
    return layout


@cache
def layout_graph(layout_id: str) -> dict[str, list[list[int]]]:
    """:meth:`Layout.graph` of a shipped layout, worked out once and shared: never mutate it."""
    return get_layout(layout_id).graph()
