"""Seeded random positions for the Rummy tests and benchmark: a valid table and a rack.

:func:`random_position` lays random runs and groups from one box until the
table holds about the number of tiles asked for, jokers standing in some
places, and then deals the rack from what is left, with the jokers asked for.
Everything comes from :class:`~game.common.rng.SplitMix64`, so a seed gives
the same position forever.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.common.rng import SplitMix64
from game.rummy.engine.sets import is_set
from game.rummy.engine.tiles import CODES, JOKER, TEXTS, full_box


@dataclass(frozen=True)
class Position:
    table: list[list[str]]
    rack: list[str]

    @property
    def table_codes(self) -> list[list[int]]:
        return [[TEXTS.index(t) for t in tiles] for tiles in self.table]

    def counts(self) -> tuple[list[int], list[int]]:
        """Counts by tile code of the table and of the rack."""
        table = [0] * CODES
        for tiles in self.table:
            for text in tiles:
                table[TEXTS.index(text)] += 1
        rack = [0] * CODES
        for text in self.rack:
            rack[TEXTS.index(text)] += 1
        return table, rack


def _random_set(rng: SplitMix64) -> list[int]:
    if rng.below(3) == 0:
        colours = [0, 1, 2, 3]
        rng.shuffle(colours)
        number = 1 + rng.below(13)
        return [c * 13 + number - 1 for c in colours[: 3 + rng.below(2)]]
    length = 3 + min(rng.below(5), rng.below(8))
    colour = rng.below(4)
    start = 1 + rng.below(14 - length)
    return [colour * 13 + n - 1 for n in range(start, start + length)]


def random_position(
    seed: str, table_tiles: int, rack_tiles: int, rack_jokers: int, table_jokers: int
) -> Position:
    """A valid table of about ``table_tiles`` tiles (``table_jokers`` of them jokers) and a rack."""
    rng = SplitMix64.from_text(f"rummy-position|{seed}")
    left = [0] * CODES
    for tile in full_box():
        left[tile.code] += 1
    jokers_to_place = table_jokers
    table: list[list[int]] = []
    laid = 0
    attempts = 0
    while laid < table_tiles and attempts < 5000:
        attempts += 1
        wanted = _random_set(rng)
        tiles = []
        jokers = 0
        for code in wanted:
            use_joker = jokers_to_place - jokers > 0 and (left[code] == 0 or rng.below(6) == 0)
            if use_joker:
                tiles.append(JOKER)
                jokers += 1
            elif left[code]:
                tiles.append(code)
            else:
                break
        if len(tiles) < len(wanted) or not is_set(tiles):
            continue
        for code in tiles:
            left[code] -= 1
        jokers_to_place -= jokers
        table.append(tiles)
        laid += len(tiles)
    spare = [code for code in range(JOKER) for _ in range(left[code])]
    rng.shuffle(spare)
    rack = sorted(spare[:rack_tiles]) + [JOKER] * min(rack_jokers, left[JOKER] - jokers_to_place)
    return Position([[TEXTS[c] for c in tiles] for tiles in table], [TEXTS[c] for c in rack])


def big_joker_tables(count: int, prefix: str = "big") -> list[Position]:
    """Large late-game tables (60-90 tiles) with one or two jokers on the rack."""
    positions = []
    for i in range(count):
        rng = SplitMix64.from_text(f"{prefix}|{i}")
        rack_jokers = 1 + rng.below(2)
        positions.append(
            random_position(
                f"{prefix}|{i}",
                table_tiles=60 + rng.below(31),
                rack_tiles=4 + rng.below(14),
                rack_jokers=rack_jokers,
                table_jokers=rng.below(3 - rack_jokers),
            )
        )
    return positions
