"""Checking a confirmed turn: the table before, the rack, the table after.

A turn in which a player puts tiles down is confirmed with the whole table as
it should be afterwards (``after``).  :func:`check_turn` answers either *legal*
with the tiles that came from the rack, or the first reason, in this order,
that makes it illegal:

1. ``invalid_set``: a set of ``after`` is no set (``set_index`` names the first);
2. ``tile_left_table``: a tile of the table is missing from ``after`` (table
   tiles never go back to a rack);
3. ``not_from_rack``: ``after`` holds a tile that is neither on the table nor
   on the rack (or more copies of it than the two hold together);
4. ``nothing_played``: no tile came from the rack;
5. ``opening_changed_table``: in the player's opening turn the table's sets
   must stay exactly as they were, in the same order.  The new sets may come
   anywhere: the old sets must all be there, unchanged, as a sub-sequence of
   ``after`` (so appending at the end, the usual case, is fine, and so is
   putting a new set first);
6. ``opening_too_low``: the new sets of an opening are worth less than 30,
   a joker counting as the number it stands for and a set that reads both ways
   at its higher reading.

"At least one tile from the rack" is checked by counting tiles, never points,
so a turn that adds only a joker is legal.  Malformed input (a wrong type, an
unknown tile, more copies of a face across table and rack than the box holds)
raises :class:`MalformedError` instead: it is not a verdict on a turn.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Final

from .errors import IllegalTurnError, MalformedError
from .sets import is_set, set_value
from .tiles import CODES, TILES, Rack, check_box, counts_of, parse_table_codes, parse_tile_codes

OPENING_MINIMUM: Final = 30


class Reason(StrEnum):
    """Why a confirmed turn is illegal, in the order they are checked."""

    INVALID_SET = "invalid_set"
    TILE_LEFT_TABLE = "tile_left_table"
    NOT_FROM_RACK = "not_from_rack"
    NOTHING_PLAYED = "nothing_played"
    OPENING_CHANGED_TABLE = "opening_changed_table"
    OPENING_TOO_LOW = "opening_too_low"


_MESSAGES: Final = {
    Reason.INVALID_SET: "set {index} is neither a run nor a group",
    Reason.TILE_LEFT_TABLE: "a tile of the table is missing: table tiles never go back to a rack",
    Reason.NOT_FROM_RACK: "a tile is neither on the table nor on your rack",
    Reason.NOTHING_PLAYED: "no tile came from your rack",
    Reason.OPENING_CHANGED_TABLE: "in your opening turn the sets on the table must stay as they are",
    Reason.OPENING_TOO_LOW: "an opening must be worth at least 30, this one is worth {value}",
}


@dataclass(frozen=True, slots=True)
class Verdict:
    """The outcome of :func:`check_turn`: legal (``reason`` None) or the first reason."""

    reason: Reason | None
    set_index: int | None = None
    """For ``invalid_set``: the index in ``after`` of the first bad set."""
    played: Rack = ()
    """When legal: the tiles that came from the rack, in canonical order."""
    opening_value: int | None = None
    """In an opening turn that got as far as counting: what the new sets are worth."""

    @property
    def legal(self) -> bool:
        return self.reason is None

    @property
    def message(self) -> str:
        if self.reason is None:
            return "legal"
        return _MESSAGES[self.reason].format(index=self.set_index, value=self.opening_value)

    def to_json(self) -> dict[str, Any]:
        """``{"legal": true, "played": [...]}`` or ``{"legal": false, "reason": ..., ...}``."""
        data: dict[str, Any] = {"legal": self.legal}
        if self.reason is None:
            data["played"] = [str(tile) for tile in self.played]
        else:
            data["reason"] = self.reason.value
            if self.set_index is not None:
                data["set_index"] = self.set_index
        if self.opening_value is not None:
            data["opening_value"] = self.opening_value
        return data

    def raise_if_illegal(self) -> None:
        if self.reason is not None:
            raise IllegalTurnError(self.reason.value, self.message, self.set_index)


def _is_subsequence(old: Sequence[Sequence[int]], new: Sequence[Sequence[int]]) -> list[bool] | None:
    """Which sets of ``new`` are the old ones (leftmost matching), or None if ``old`` is not inside."""
    taken = [False] * len(new)
    j = 0
    for tiles in old:
        while j < len(new) and list(new[j]) != list(tiles):
            j += 1
        if j == len(new):
            return None
        taken[j] = True
        j += 1
    return taken


def check_codes(
    table: Sequence[Sequence[int]], rack: Sequence[int], after: Sequence[Sequence[int]], opened: bool
) -> Verdict:
    """:func:`check_turn` on tile codes that are already known to be within the box."""
    for index, tiles in enumerate(after):
        if not is_set(tiles):
            return Verdict(Reason.INVALID_SET, set_index=index)
    before = [0] * CODES
    for tiles in table:
        for code in tiles:
            before[code] += 1
    now = [0] * CODES
    for tiles in after:
        for code in tiles:
            now[code] += 1
    if any(now[code] < before[code] for code in range(CODES)):
        return Verdict(Reason.TILE_LEFT_TABLE)
    on_rack = counts_of(rack)
    if any(now[code] - before[code] > on_rack[code] for code in range(CODES)):
        return Verdict(Reason.NOT_FROM_RACK)
    played = tuple(TILES[code] for code in range(CODES) for _ in range(now[code] - before[code]))
    if not played:
        return Verdict(Reason.NOTHING_PLAYED)
    if opened:
        return Verdict(None, played=played)
    kept = _is_subsequence(table, after)
    if kept is None:
        return Verdict(Reason.OPENING_CHANGED_TABLE)
    value = 0
    for tiles, old in zip(after, kept, strict=True):
        if not old:
            set_points = set_value(tiles)
            assert set_points is not None  # every set was checked above
            value += set_points
    if value < OPENING_MINIMUM:
        return Verdict(Reason.OPENING_TOO_LOW, opening_value=value)
    return Verdict(None, played=played, opening_value=value)


def check_turn(table: object, rack: object, after: object, opened: object) -> Verdict:
    """Check a confirmed turn given as plain JSON-ish values.

    ``table`` and ``after`` are lists of sets (lists of tile texts such as
    ``"R7"`` or ``"J"``), ``rack`` a list of tile texts, ``opened`` whether the
    player had opened before this turn.  Raises :class:`MalformedError` for
    wrong types, unknown tiles or more copies of a face on table and rack
    together than the box holds; every other problem is a :class:`Verdict`.
    """
    if not isinstance(opened, bool):
        raise MalformedError(f"opened must be true or false, not {opened!r}")
    table_codes = parse_table_codes(table)
    rack_codes = parse_tile_codes(rack)
    after_codes = parse_table_codes(after, "after")
    counts = counts_of(code for tiles in table_codes for code in tiles)
    for code in rack_codes:
        counts[code] += 1
    check_box(counts, "the table and the rack")
    return check_codes(table_codes, rack_codes, after_codes, opened)
