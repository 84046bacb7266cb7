"""Tile diagrams for the rules pages: a small text notation, checked like a layout.

The notation (one line per row of tiles)::

    0 0,0: 1B 2B 3B 4B
    1 3,0: R

``<layer> <x>,<y>: <faces...>`` places the faces left to right from the
half-tile position (x, y) of that layer, one tile (2 units) apart.  Units are
those of the engine's layouts (:mod:`.layout`): a tile covers 2 x 2 units,
so the red dragon above, at x = 3 on layer 1, lies half over the second and
half over the third tile.  ``.`` leaves a spot empty, ``#`` starts a
comment, blank lines are ignored.  Faces are the canonical labels of
:data:`.tiles.FACES`.

:func:`parse_diagram` checks what a layout file is checked for (no two tiles
of one layer overlapping, nothing floating above nothing) plus a size limit,
and works out which tiles are free with the engine's own free rule: the
diagram's positions become a :class:`.layout.Layout` (with the placeholder
id ``L99``, since diagrams are not in the layout registry) and its
``free_mask`` decides.  Every problem raises :class:`DiagramError` naming
the line (1 is the first line of the notation).  This module is plain
Python and language-free: messages are English for the staff; pages
translate around them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from .errors import MalformedError
from .layout import Layout, Position
from .tiles import FACE_INDEX, FACES, Face

MAX_TILES: Final = 40
MAX_LAYER: Final = 9
MAX_COORDINATE: Final = 60
DIAGRAM_LAYOUT_ID: Final = "L99"
"""Placeholder layout id of every diagram (diagrams are never registered layouts)."""

EMPTY: Final = "."

_ROW_RE: Final = re.compile(r"(\S+)\s+([^\s,:]+)\s*,\s*([^\s,:]+)\s*:(.*)")
_NUMBER_RE: Final = re.compile(r"[0-9]+")
_UPPER_LABELS: Final = {face.upper(): face for face in FACES}


class DiagramError(MalformedError):
    """A diagram that cannot be drawn; ``line`` is 1-based (0: the diagram as a whole)."""

    def __init__(self, line: int, problem: str) -> None:
        self.line = line
        self.problem = problem
        super().__init__(f"line {line}: {problem}" if line else problem)


@dataclass(frozen=True)
class DiagramTile:
    """One tile of a diagram: its face, where it lies, and whether it is free."""

    face: Face
    position: Position
    free: bool
    line: int


@dataclass(frozen=True)
class Diagram:
    """A checked diagram; ``tiles`` are in drawing order (layer, row, column)."""

    tiles: tuple[DiagramTile, ...]
    layout: Layout

    @property
    def layers(self) -> int:
        return max(t.position.z for t in self.tiles) + 1

    @property
    def width(self) -> int:
        """Width of the footprint in half-tile units (from x = 0)."""
        return max(t.position.x for t in self.tiles) + 2

    @property
    def height(self) -> int:
        return max(t.position.y for t in self.tiles) + 2

    @property
    def free_tiles(self) -> tuple[DiagramTile, ...]:
        return tuple(t for t in self.tiles if t.free)

    @property
    def blocked_tiles(self) -> tuple[DiagramTile, ...]:
        return tuple(t for t in self.tiles if not t.free)


@dataclass(frozen=True)
class _Placed:
    face: Face
    position: Position
    line: int


def _number(word: str, line: int, what: str, limit: int) -> int:
    if not _NUMBER_RE.fullmatch(word):
        raise DiagramError(line, f"{what} must be a whole number from 0, not {word!r}")
    value = int(word)
    if value > limit:
        raise DiagramError(line, f"{what} {value} is larger than {limit}")
    return value


def _face(word: str, line: int) -> Face:
    if word in FACE_INDEX:
        return Face(word)
    hint = _UPPER_LABELS.get(word.upper())
    if hint is not None:
        raise DiagramError(line, f"unknown tile label {word!r}: did you mean {hint!r}?")
    raise DiagramError(
        line, f"unknown tile label {word!r} (labels are 1B-9B, 1C-9C, 1D-9D, N S E W, R G Wh, F1-F4, S1-S4)"
    )


def _parse_line(text: str, line: int) -> list[_Placed]:
    if text.lower().startswith("caption:"):
        raise DiagramError(
            line, "a caption is not part of the notation: write it in the text around the diagram"
        )
    match = _ROW_RE.fullmatch(text)
    if match is None:
        raise DiagramError(line, "expected '<layer> <x>,<y>: <tiles>', for example '0 0,0: 1B 2B 3B'")
    layer_word, x_word, y_word, rest = match.groups()
    z = _number(layer_word, line, "the layer", MAX_LAYER)
    x = _number(x_word, line, "x", MAX_COORDINATE)
    y = _number(y_word, line, "y", MAX_COORDINATE)
    words = rest.split()
    if not words:
        raise DiagramError(line, "no tiles after the colon (use '.' for an empty spot)")
    placed = []
    for i, word in enumerate(words):
        if word == EMPTY:
            continue
        face = _face(word, line)
        tile_x = x + 2 * i
        if tile_x > MAX_COORDINATE:
            raise DiagramError(line, f"the row runs past x = {MAX_COORDINATE}")
        placed.append(_Placed(face, Position(tile_x, y, z), line))
    return placed


def _where(p: _Placed) -> str:
    return f"{p.face} at {p.position.x},{p.position.y} on layer {p.position.z}"


def _check_geometry(placed: list[_Placed]) -> None:
    by_position: dict[Position, _Placed] = {}
    for p in placed:
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                other = by_position.get(Position(p.position.x + dx, p.position.y + dy, p.position.z))
                if other is not None:
                    where = f"line {other.line}" if other.line != p.line else "the same line"
                    raise DiagramError(p.line, f"{_where(p)} overlaps {_where(other)} ({where})")
        by_position[p.position] = p
    for p in placed:
        x, y, z = p.position
        if z > 0 and not any(
            Position(x + dx, y + dy, z - 1) in by_position for dx in (-1, 0, 1) for dy in (-1, 0, 1)
        ):
            raise DiagramError(p.line, f"{_where(p)} floats: nothing of layer {z - 1} lies under it")


def _lines(text: str) -> list[tuple[int, str]]:
    lines = []
    for number, raw in enumerate(text.removeprefix("\ufeff").splitlines(), start=1):
        content = raw.split("#", 1)[0].strip()
        if content:
            lines.append((number, content))
    return lines


def diagram_problems(text: str) -> list[DiagramError]:
    """Every problem of a diagram's notation (all faulty lines, then the first geometry problem)."""
    problems: list[DiagramError] = []
    placed: list[_Placed] = []
    for number, content in _lines(text):
        try:
            placed.extend(_parse_line(content, number))
        except DiagramError as error:
            problems.append(error)
    if problems:
        return problems
    if not placed:
        return [DiagramError(0, "the diagram shows no tiles")]
    if len(placed) > MAX_TILES:
        return [DiagramError(placed[MAX_TILES].line, f"too many tiles: {len(placed)}, at most {MAX_TILES}")]
    try:
        _check_geometry(placed)
    except DiagramError as error:
        return [error]
    return []


def parse_diagram(text: str) -> Diagram:
    """Read and check a diagram; :class:`DiagramError` (naming the line) on the first problem."""
    problems = diagram_problems(text)
    if problems:
        raise problems[0]
    placed = [p for number, content in _lines(text) for p in _parse_line(content, number)]
    placed.sort(key=lambda p: (p.position.z, p.position.y, p.position.x))
    layout = Layout(DIAGRAM_LAYOUT_ID, "diagram", tuple(p.position for p in placed))
    free = layout.free_mask(layout.full)
    tiles = tuple(DiagramTile(p.face, p.position, bool(free >> i & 1), p.line) for i, p in enumerate(placed))
    return Diagram(tiles, layout)
