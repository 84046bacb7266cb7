"""Mahjong Solitaire engine: pure Python, no Django, no I/O beyond its own data files.

The pieces, from the ground up: :mod:`.tiles` (the 144-tile set and the match
rule), :mod:`.layout` (positions and the free rule), :mod:`.codes`
(reproducible game codes, drawn with :mod:`game.common.rng`), :mod:`.dealing`
(solvable deals and shuffles), :mod:`.board` and :mod:`.play` (a game in
progress, scoring, the undo chain), :mod:`.events` (move logs, in JSON and in
text) and :func:`replay`; :mod:`.solver` and :mod:`.leftover` (winnability,
plans, dead ends), :mod:`.diagram` (the notation of tile diagrams); and the
rules of play as people play it, which the referee (``game.mahjong.scoring``)
applies: :mod:`.timing` (what a person's eyes and hands allow) and
:mod:`.likeness` (how alike two games of a deal are).
"""

from .board import Board, check_tiles
from .codes import GameCode
from .dealing import Deal, DealError, Pair, Shuffle, deal, plan_json, shuffle_tiles, verify_plan
from .errors import (
    IllegalLogError,
    IllegalMoveError,
    LayoutError,
    MahjongError,
    MalformedError,
    MalformedLogError,
)
from .events import Event, EventType, log_to_json, log_to_text, parse_log, parse_log_text
from .layout import Layout, Position, all_layouts, get_layout
from .play import Game, Mode, Result, Status, TapResult, board_points, replay, speed_bonus
from .tiles import FACES, FULL_SET, Face, parse_face, tiles_match

__all__ = [
    "FACES",
    "FULL_SET",
    "Board",
    "Deal",
    "DealError",
    "Event",
    "EventType",
    "Face",
    "Game",
    "GameCode",
    "IllegalLogError",
    "IllegalMoveError",
    "Layout",
    "LayoutError",
    "MahjongError",
    "MalformedError",
    "MalformedLogError",
    "Mode",
    "Pair",
    "Position",
    "Result",
    "Shuffle",
    "Status",
    "TapResult",
    "all_layouts",
    "board_points",
    "check_tiles",
    "deal",
    "get_layout",
    "log_to_json",
    "log_to_text",
    "parse_face",
    "parse_log",
    "parse_log_text",
    "plan_json",
    "replay",
    "shuffle_tiles",
    "speed_bonus",
    "tiles_match",
    "verify_plan",
]
