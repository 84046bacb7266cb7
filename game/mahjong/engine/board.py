"""A board in play: which face lies on which position, and what is free."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Final, cast

from .dealing import Pair
from .errors import IllegalMoveError, MalformedError, UndoChainError
from .layout import Layout, iter_bits
from .tiles import COPIES, FACE_INDEX, FLOWER_CLASS, MATCH_CLASS_OF, SEASON_CLASS, Face, face_index

_CLASS_NAMES: Final = {FLOWER_CLASS: "flowers (F1-F4)", SEASON_CLASS: "seasons (S1-S4)"}


def check_tiles(layout: Layout, tiles: Sequence[object], *, must_pair: bool) -> list[Face | None]:
    """A board of ``layout`` (one face or None per position), or :class:`MalformedError` naming the problem.

    The faces must be known labels that could all come from one set; with
    ``must_pair`` every match class must also occur an even number of times (a
    board that real play can reach always has that).
    """
    if len(tiles) != len(layout):
        raise MalformedError(
            f"layout {layout.id} has {len(layout)} positions: give one face or null for each, "
            f"not {len(tiles)} items"
        )
    counted: Counter[object] | None
    try:
        counted = Counter(tiles)
    except TypeError:  # an unhashable item (a list, say): named below
        counted = None
    if counted is not None and (counted.keys() - {None}) <= FACE_INDEX.keys():
        del counted[None]
        counts: Counter[str] = cast(Counter[str], counted)
    else:
        # The rare case, item by item, to name the first bad item (the common one is counted in C).
        counts = Counter()
        for index, label in enumerate(tiles):
            if label is None:
                continue
            if not isinstance(label, str) or label not in FACE_INDEX:
                raise MalformedError(f"item {index}: unknown tile label {label!r}")
            counts[label] += 1
    for label, count in counts.items():
        copies = COPIES[FACE_INDEX[label]]
        if count > copies:
            raise MalformedError(
                f"{label} occurs {count} times, but a set has {copies}: too often for tiles from one set"
            )
    if must_pair:
        classes: Counter[int] = Counter()
        for label, count in counts.items():
            classes[MATCH_CLASS_OF[FACE_INDEX[label]]] += count
        for label in counts:
            match_class = MATCH_CLASS_OF[FACE_INDEX[label]]
            if classes[match_class] % 2:
                what = _CLASS_NAMES.get(match_class, f"{label} tiles")
                raise MalformedError(f"the {what} cannot all be paired: there is an odd number of them")
    # Every item is now None or a known label: a Face as it is.
    return cast(list[Face | None], list(tiles))


class Board:
    """Faces on a layout's positions (``None`` where the tile was taken).

    The occupied positions are also kept as a bit mask, so the free test and
    the search for available pairs run on integers.
    """

    __slots__ = ("_classes", "free", "layout", "occupied", "tiles")

    def __init__(self, layout: Layout, tiles: Iterable[Face | None]) -> None:
        self.layout = layout
        self.tiles: list[Face | None] = list(tiles)
        if len(self.tiles) != len(layout):
            raise MalformedError(f"layout {layout.id} has {len(layout)} positions, not {len(self.tiles)}")
        self._classes = [-1 if f is None else MATCH_CLASS_OF[face_index(f)] for f in self.tiles]
        self.occupied = sum(1 << i for i, face in enumerate(self.tiles) if face is not None)
        self.free = layout.free_mask(self.occupied)
        """Mask of the free tiles, kept up to date by every change."""

    def _refresh(self, changed: int) -> None:
        """Recompute freedom near the positions in ``changed`` (the only ones that can differ)."""
        layout = self.layout
        near = changed
        for i in iter_bits(changed):
            near |= layout.below[i] | layout.above[i] | layout.left[i] | layout.right[i]
        self.free = (self.free & ~near) | layout.free_among(near & self.occupied, self.occupied)

    def copy(self) -> Board:
        return Board(self.layout, self.tiles)

    def __len__(self) -> int:
        """How many tiles are still on the board."""
        return self.occupied.bit_count()

    @property
    def is_empty(self) -> bool:
        return not self.occupied

    def has_tile(self, i: int) -> bool:
        return bool((self.occupied >> i) & 1)

    def is_free(self, i: int) -> bool:
        return bool((self.free >> i) & 1)

    def free_tiles(self) -> list[int]:
        return list(iter_bits(self.free))

    def matches(self, a: int, b: int) -> bool:
        return self._classes[a] >= 0 and self._classes[a] == self._classes[b]

    def available_pairs(self) -> list[Pair]:
        """Every pair that could be removed now, in index order."""
        by_class: dict[int, list[int]] = {}
        for i in self.free_tiles():
            by_class.setdefault(self._classes[i], []).append(i)
        pairs = [
            (group[x], group[y])
            for group in by_class.values()
            for x in range(len(group))
            for y in range(x + 1, len(group))
        ]
        pairs.sort()
        return pairs

    def has_moves(self) -> bool:
        seen = 0
        classes = self._classes
        for i in iter_bits(self.free):
            bit = 1 << classes[i]
            if seen & bit:
                return True
            seen |= bit
        return False

    def check_index(self, i: object) -> int:
        if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < len(self.tiles):
            raise MalformedError(f"{i!r} is not a position index from 0 to {len(self.tiles) - 1}")
        return i

    def check_pair(self, a: int, b: int) -> None:
        """Raise :class:`IllegalMoveError` unless ``a`` and ``b`` may be removed now."""
        if a == b:
            raise IllegalMoveError(f"a pair needs two different tiles, got {a} twice")
        for i in (a, b):
            if not self.has_tile(i):
                raise IllegalMoveError(f"there is no tile on position {i} any more")
        for i in (a, b):
            if not self.is_free(i):
                raise IllegalMoveError(f"the tile on position {i} ({self.tiles[i]}) is not free")
        if not self.matches(a, b):
            raise IllegalMoveError(f"{self.tiles[a]} and {self.tiles[b]} do not match")

    def remove(self, a: int, b: int) -> tuple[Face, Face]:
        """Take a legal pair off the board; returns the two faces for undo."""
        self.check_pair(a, b)
        fa, fb = self.tiles[a], self.tiles[b]
        assert fa is not None and fb is not None
        self.tiles[a] = self.tiles[b] = None
        self._classes[a] = self._classes[b] = -1
        self.occupied &= ~((1 << a) | (1 << b))
        self._refresh((1 << a) | (1 << b))
        return fa, fb

    def put_back(self, a: int, b: int, fa: Face, fb: Face) -> None:
        for i, face in ((a, fa), (b, fb)):
            self.tiles[i] = face
            self._classes[i] = MATCH_CLASS_OF[face_index(face)]
            self.occupied |= 1 << i
        self._refresh((1 << a) | (1 << b))

    def replace_tiles(self, tiles: Sequence[Face | None]) -> None:
        """Put a shuffled arrangement in place (same positions occupied)."""
        new = Board(self.layout, tiles)
        if new.occupied != self.occupied:
            raise MalformedError("a shuffle must keep the same positions occupied")
        self.tiles, self._classes = new.tiles, new._classes


Removal = tuple[int, int, Face, Face]
"""A pair a player took: its two positions and the faces that lay there."""


def undo_chain(board: Board, removals: Sequence[tuple[int, int, str, str]]) -> list[Removal]:
    """``removals`` (the pairs a player could undo, oldest first) if they are a legal way to ``board``.

    The board they lead back to must hold tiles of one set, and taking the
    pairs again from there, in order, must be legal and give ``board`` back: so
    forged faces (a fifth 7C, a pair that does not match, a tile put back where
    one lies, or under one put back later) are refused (:class:`UndoChainError`)
    before any solving.
    """
    undone = list(board.tiles)
    for index in range(len(removals) - 1, -1, -1):
        a, b, face_a, face_b = removals[index]
        for key, i, face in (("a", a, face_a), ("b", b, face_b)):
            if i >= len(undone):
                raise UndoChainError(f"no position {i}", index, key)
            if undone[i] is not None:
                raise UndoChainError(f"position {i} is not empty before this removal is undone", index, key)
            undone[i] = Face(face)
    try:
        check_tiles(board.layout, undone, must_pair=False)
    except MalformedError as error:
        raise UndoChainError(f"the board they lead back to: {error}") from None
    again = Board(board.layout, undone)
    taken: list[Removal] = []
    for index, (a, b, _, _) in enumerate(removals):
        try:
            face_a, face_b = again.remove(a, b)
        except IllegalMoveError as error:
            raise UndoChainError(f"not a legal move: {error}", index) from None
        taken.append((a, b, face_a, face_b))
    return taken
