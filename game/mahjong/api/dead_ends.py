"""The search for a lost game's dead end, under the machine's bound on second-long work.

An accepted arcade game with tiles left pays for a search of up to a second
(:data:`~game.mahjong.replays.DEAD_END_BUDGET`): like a solve, it runs in the
pool's processes and only while it holds one of the machine's slots
(``game/core/heavy.py``): through the API, the one its check holds. A caller
holding none, when every slot is taken, gets the game without its dead end (null,
as when the search's budget runs out: its replay page then shows no mark).
"""

from __future__ import annotations

from game.core import heavy
from game.mahjong.engine import Game
from game.mahjong.replays import find_dead_end


def find_dead_end_if_free(game: Game) -> int | None:
    """:func:`~game.mahjong.replays.find_dead_end` in the pool if a slot is free, else None at once."""
    if game.board.is_empty:
        return None  # no search to run
    with heavy.hold() as held:
        if not held:
            return None
        return heavy.run_in_pool(find_dead_end, game)
