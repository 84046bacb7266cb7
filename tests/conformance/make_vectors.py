"""Write the conformance vectors of Mahjong Solitaire's rules: ``tests/conformance/vectors/*.json``.

The rules live twice: in the Python engine (``game/mahjong/engine/``, the
referee) and in the browser (``rules.js`` and ``state.js``, the predictor that
makes play instant).  Like the perft files of chess programs, these vectors
pin down what the referee does on concrete inputs, in plain JSON, so both
implementations can be replayed against them:

* ``free.json``: for every layout, seeded deals and seeded sequences of legal
  removals, with the free tiles and the available pairs after each removal;
  and the match classes of the 42 faces.
* ``play.json``: scripted games in both modes (taps, matches, hints, undo,
  shuffles, pauses, levels, game over, illegal actions), with everything the
  player can see after every step.  The vectors carry the layouts, the deals,
  and the shuffles and next levels the server would answer, so the JS (which
  cannot deal) needs nothing else.

Run by hand after a change to the rules, then commit the files::

    .venv/bin/python tests/conformance/make_vectors.py

``tests/conformance/test_vectors.py`` replays the vectors through the engine and
fails when they are stale; ``tests/client/js/conformance.test.mjs`` replays them
through the JS.  Everything random comes from :class:`SplitMix64`, so the files
come out byte for byte the same every time.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Final
from unittest import mock

from game.common.rng import SplitMix64
from game.mahjong.engine import (
    FACES,
    Board,
    Deal,
    EventType,
    Game,
    IllegalMoveError,
    Layout,
    MalformedError,
    Mode,
    Status,
    TapResult,
    all_layouts,
    deal,
    get_layout,
    log_to_text,
    replay,
    speed_bonus,
)
from game.mahjong.engine import play as play_module
from game.mahjong.engine.play import ARCADE_SHUFFLES, LEVEL_POINTS_CAP, scoring_rules
from game.mahjong.engine.tiles import match_class

Json = Any
"""A JSON value (dicts, lists, str, int, bool, None)."""

VECTORS: Final = Path(__file__).resolve().parent / "vectors"
FORMAT: Final = 2
"""2: the layouts' graphs (and, in play.json, the scoring constants) are in the files."""
WIDTH: Final = 110
"""Lines of the written files are packed up to this width (long lists of tiles excepted)."""
REGENERATE: Final = (
    "run `.venv/bin/python tests/conformance/make_vectors.py` and commit tests/conformance/vectors/"
)

STOPWATCH_PROBE_MS: Final = 1_000
"""After each step the stopwatch is read this long after the last event, so a paused clock shows."""

TILES_AFTER: Final = frozenset({"undo", "shuffle", "next_level"})
"""Actions after which the expected state lists every tile (a match is told by its event)."""

PER_STEP: Final = frozenset({"error", "returned", "events", "tiles"})
"""Keys of a step's expect that are about the step itself; the other keys (the figures) are
written only when they change, and carry over from step to step otherwise."""

ACTIONS: Final = ("tap", "match", "hint", "undo", "shuffle", "pause", "resume", "next_level")

JS_KNOWN_FAILURES: Final[dict[str, str]] = {}
"""Vector name -> why state.js / rules.js disagree with the engine there (runs as test.todo in node)."""

FREE_EVERY: Final = {"random": 3, "plan": 5}
"""free.json: the free rule is written down after this many removals (and at the end)."""

PLAY_LAYOUT: Final = "L09"
"""The smallest layout (56 tiles): most play scenarios use it, to keep the file small."""

STACKED_TRIES: Final = 20
"""Random plays tried per deal and pair of stacked tiles, to take every other tile."""
STACKED_LAYOUT: Final = "L00"
"""A layout with many tiles lying on one tile only that lies on the table (the Turtle)."""


# -- deterministic JSON ------------------------------------------------------------------------


def _inline(value: Json) -> str:
    return json.dumps(value, sort_keys=True, separators=(", ", ": "))


def _is_scalar(value: Json) -> bool:
    return not isinstance(value, dict | list)


def _is_flat(value: Json) -> bool:
    """A scalar or a list of scalars (a tile list, a pair, a position)."""
    return _is_scalar(value) or (isinstance(value, list) and all(_is_scalar(v) for v in value))


def _render(value: Json, indent: int, column: int) -> str:
    """``value`` starting at ``column``; its inner lines indented by two more than ``indent``."""
    text = _inline(value)
    if _is_scalar(value) or column + len(text) <= WIDTH or not value:
        return text
    pad = " " * (indent + 2)
    close = " " * indent
    if isinstance(value, list) and all(_is_flat(v) for v in value):
        # Tile lists, pair lists, positions: packed into lines like words of a paragraph.
        lines: list[str] = []
        line = ""
        for item in map(_inline, value):
            if line and len(pad) + len(line) + 2 + len(item) + 1 > WIDTH:
                lines.append(line + ",")
                line = item
            else:
                line = f"{line}, {item}" if line else item
        lines.append(line)
        return "[\n" + "\n".join(pad + piece for piece in lines) + "\n" + close + "]"
    if isinstance(value, list):
        items = [pad + _render(v, indent + 2, indent + 2) for v in value]
        return "[\n" + ",\n".join(items) + "\n" + close + "]"
    # Objects: short entries packed into lines too, long or multi-line ones on lines of their own.
    lines = []
    line = ""
    for key in sorted(value):
        label = json.dumps(key) + ": "
        entry = label + _render(value[key], indent + 2, indent + 2 + len(label))
        if "\n" in entry or len(pad) + len(entry) + 1 > WIDTH:
            if line:
                lines.append(line + ",")
                line = ""
            lines.append(entry + ",")
        elif line and len(pad) + len(line) + 2 + len(entry) + 1 > WIDTH:
            lines.append(line + ",")
            line = entry
        else:
            line = f"{line}, {entry}" if line else entry
    if line:
        lines.append(line)
    else:
        lines[-1] = lines[-1].removesuffix(",")
    return "{\n" + "\n".join(pad + piece for piece in lines) + "\n" + close + "}"


def render(value: Json) -> str:
    """The written form: sorted keys, indented, short values on one line; parses back to ``value``."""
    text = _render(value, 0, 0) + "\n"
    assert json.loads(text) == value
    return text


# -- small conversions -----------------------------------------------------------------------


def make_code(purpose: str, layout_id: str, n: int = 0) -> str:
    """The ``n``-th game code for ``purpose`` on a layout, from SplitMix64."""
    rng = SplitMix64.from_text(f"conformance|{purpose}|{layout_id}|{n}")
    return f"MJ1-{layout_id}-" + "".join(chr(ord("A") + rng.below(26)) for _ in range(7))


def pair_json(pair: Sequence[int] | None) -> list[int] | None:
    return None if pair is None else [pair[0], pair[1]]


def plan_json(plan: Sequence[Sequence[int]] | None) -> list[list[int]] | None:
    return None if plan is None else [[a, b] for a, b in plan]


def positions_json(layout: Layout) -> list[list[int]]:
    return [[x, y, z] for x, y, z in layout.positions]


def graph_json(layout: Layout) -> dict[str, Json]:
    """The layout's relations as the API sends them with its positions."""
    return dict(layout.graph())


def scoring_json() -> dict[str, Json]:
    """The engine's scoring constants by lower-case name, as the pages' configs carry them."""
    return dict(scoring_rules())


def deal_json(dealt: Deal) -> dict[str, Json]:
    """What GET /api/deals/<code>/?level=k answers, less what the vectors hold once (positions)."""
    return {"level": dealt.level, "tiles": list(dealt.tiles), "plan": plan_json(dealt.plan)}


def shuffle_request(game: Game) -> dict[str, Json]:
    """The body of POST /api/deals/<code>/shuffle/ for the next shuffle."""
    return {"level": game.level, "shuffle": game.shuffles, "tiles": list(game.board.tiles)}


def face_classes() -> list[list[str]]:
    """The 42 faces grouped by match class, in the order of FACES."""
    groups: dict[int, list[str]] = {}
    for face in FACES:
        groups.setdefault(match_class(face), []).append(face)
    return list(groups.values())


# -- free.json -------------------------------------------------------------------------------


def free_checkpoint(board: Board, removed: list[list[int]]) -> dict[str, Json]:
    """What the free rule says about ``board`` (after the pairs in ``removed`` went)."""
    return {
        "remove": removed,
        "free": board.free_tiles(),
        "pairs": [[a, b] for a, b in board.available_pairs()],
    }


def free_game(layout: Layout, kind: str) -> dict[str, Json]:
    """One deal of ``layout`` and a sequence of legal removals with the free rule after each.

    ``random`` takes seeded random available pairs until none is left (so it
    usually ends stuck); ``plan`` follows the deal's plan down to an empty board.
    """
    code = make_code(f"free-{kind}", layout.id)
    dealt = deal(code)
    board = Board(layout, dealt.tiles)
    rng = SplitMix64.from_text(f"conformance|free|{kind}|{code}")
    steps = [free_checkpoint(board, [])]
    plan = list(dealt.plan)
    every = FREE_EVERY[kind]
    removed: list[list[int]] = []
    while True:
        if kind == "random":
            pairs = board.available_pairs()
            pair = pairs[rng.below(len(pairs))] if pairs else None
        else:
            pair = plan.pop(0) if plan else None
        if pair is not None:
            board.remove(*pair)
            removed.append(list(pair))
            # The board keeps its free mask up to date incrementally; it must agree with a fresh one.
            assert board.free == layout.free_mask(board.occupied)
        if removed and (pair is None or len(removed) == every):
            steps.append(free_checkpoint(board, removed))
            removed = []
        if pair is None:
            break
    name = f"{layout.id} {layout.name} {kind}"
    game: dict[str, Json] = {"name": name, "layout": layout.id, "code": code, "tiles": list(dealt.tiles)}
    game["steps"] = steps
    if name in JS_KNOWN_FAILURES:
        game["js_todo"] = JS_KNOWN_FAILURES[name]
    return game


def build_free() -> dict[str, Json]:
    layouts = sorted(all_layouts().values(), key=lambda layout: layout.id)
    return {
        "about": (
            "The free rule and the available pairs, as the engine computes them. For each game: a "
            "dealt board (tiles[i] lies on layouts[layout][i]), then steps; each step removes its "
            "pairs (none for the first) and lists the free positions (ascending) and the pairs of "
            "free matching tiles (sorted by a, then b). faces: the match classes. graphs: each "
            "layout's relations as the engine has them (above, left, right: per position, the "
            "indices, ascending), what the API sends with the positions. Written by "
            "tests/conformance/make_vectors.py."
        ),
        "format": FORMAT,
        "faces": face_classes(),
        "layouts": {layout.id: positions_json(layout) for layout in layouts},
        "graphs": {layout.id: graph_json(layout) for layout in layouts},
        "games": [free_game(layout, kind) for layout in layouts for kind in ("random", "plan")],
    }


# -- play.json: running one step, observing the state -----------------------------------------


class _WouldShuffle(Exception):
    """Raised in place of computing a shuffle, when only whether one is allowed matters."""


def _refuse_to_shuffle(*args: object) -> Any:
    raise _WouldShuffle


def _clone(game: Game) -> Game:
    """A copy to try actions on: its own board and containers (their items are immutable)."""
    clone = copy.copy(game)
    for name, value in vars(game).items():
        if isinstance(value, list | dict | set):
            setattr(clone, name, copy.copy(value))
    clone.board = game.board.copy()
    return clone


def now_of(game: Game) -> int:
    """The time of the last event (what the game refuses to go back before)."""
    return game.result().duration_ms


def allowed(game: Game) -> list[str]:
    """Which of hint, pause, shuffle and undo would be accepted now, found by trying them on a copy."""
    t = now_of(game)
    out: dict[str, bool] = {}
    trials: dict[str, Callable[[Game], object]] = {
        "hint": lambda g: g.hint(t),
        "pause": lambda g: g.pause(t),
        "shuffle": lambda g: g.shuffle(t),
        "undo": lambda g: g.undo(t),
    }
    # A shuffle is a search; its checks come first, so stopping at the search tells enough.
    with mock.patch.object(play_module, "shuffle_tiles", _refuse_to_shuffle):
        for name, trial in trials.items():
            try:
                trial(_clone(game))
            except _WouldShuffle:
                out[name] = True
            except IllegalMoveError:
                out[name] = False
            else:
                out[name] = True
    return [name for name, ok in out.items() if ok]


def observe(game: Game, events_before: int) -> dict[str, Json]:
    """Everything a player can see of ``game``, and the events logged since ``events_before``."""
    at = now_of(game) + STOPWATCH_PROBE_MS
    return {
        "status": game.status.value,
        "score": game.score,
        "level": game.level,
        "moves": game.moves,
        "hints": game.hints,
        "shuffles": game.shuffles,
        "shuffles_left": game.shuffles_left,
        "tiles_left": len(game.board),
        "selected": game.selected,
        "paused": game.paused,
        "can_undo": game.can_undo,
        "time_ms": game.time_ms,
        "now": now_of(game),
        "stopwatch": {"at": at, "ms": game.stopwatch(at)},
        "hint_pair": pair_json(game.hint_pair()),
        "allowed": allowed(game),
        "events": [event.to_json() for event in game.events[events_before:]],
    }


def perform(game: Game, step: dict[str, Json]) -> tuple[Json, dict[str, str] | None]:
    """Run one step on the engine: (what the action returned, the error it raised or None)."""
    action, t = step["action"], step["t"]
    returned: Json = None
    try:
        if action == "tap":
            returned = game.tap(step["i"], t).value
        elif action == "match":
            returned = game.match(step["a"], step["b"], t)
        elif action == "hint":
            returned = pair_json(game.hint(t))
        elif action == "undo":
            game.undo(t)
        elif action == "shuffle":
            game.shuffle(t)
        elif action == "pause":
            game.pause(t)
        elif action == "resume":
            game.resume(t)
        elif action == "next_level":
            game.next_level(t)
        else:
            raise ValueError(f"unknown action {action!r}")
    except IllegalMoveError as error:
        return None, {"kind": "illegal", "message": str(error)}
    except MalformedError as error:
        return None, {"kind": "malformed", "message": str(error)}
    return returned, None


def expect(game: Game, action: str, returned: Json, error: dict[str, str] | None, before: int) -> Json:
    """The expected state after a step."""
    out = observe(game, before)
    out["returned"] = returned
    out["error"] = error
    if action in TILES_AFTER:
        out["tiles"] = list(game.board.tiles)
    return out


def changes(state: dict[str, Json], full: dict[str, Json]) -> dict[str, Json]:
    """A step's ``expect``: what is about the step itself, and the figures that changed from ``state``."""
    return {key: value for key, value in full.items() if key in PER_STEP or state.get(key) != value}


def carry(state: dict[str, Json], expected: dict[str, Json]) -> dict[str, Json]:
    """The figures after a step: those before it, updated with the step's changes."""
    return {**state, **{key: value for key, value in expected.items() if key not in PER_STEP}}


def final_json(code: str, mode: str, events: list[Json]) -> dict[str, Json]:
    """What the server makes of the whole log (replay), as a submitted game's figures."""
    result = replay(code, mode, events)
    return {
        "status": result.status.value,
        "level": result.level,
        "score": result.score,
        "moves": result.moves,
        "hints": result.hints,
        "shuffles": result.shuffles,
        "time_ms": result.time_ms,
        "duration_ms": result.duration_ms,
    }


# -- play.json: scenarios --------------------------------------------------------------------


class Scenario:
    """Records a scripted game: each step with what the engine made of it."""

    def __init__(self, name: str, about: str, code: str, mode: Mode) -> None:
        self.name = name
        self.about = about
        self.game = Game(code, mode)
        self.rng = SplitMix64.from_text(f"conformance|play|{name}|{code}")
        self.t = 0
        self.steps: list[dict[str, Json]] = []
        self.start = {k: v for k, v in observe(self.game, 0).items() if k not in PER_STEP}
        self.state = self.start

    def do(self, action: str, *, dt: int = 700, t: Json = None, **args: int) -> Json:
        """One step ``dt`` ms after the previous one (or at ``t``); returns what the action returned."""
        game = self.game
        if t is None:
            t = self.t + dt
        if isinstance(t, int) and t > self.t:
            self.t = t
        step: dict[str, Json] = {"action": action, "t": t, **args}
        if action == "shuffle":
            step["request"] = shuffle_request(game)
        if action == "next_level":
            step["deal"] = deal_json(deal(game.code, game.level + 1))
        before = len(game.events)
        returned, error = perform(game, step)
        if action == "shuffle":
            step["result"] = (
                None if error else {"tiles": list(game.board.tiles), "plan": plan_json(game.plan)}
            )
        step["expect"] = changes(self.state, expect(game, action, returned, error, before))
        self.state = carry(self.state, step["expect"])
        self.steps.append(step)
        return returned

    def tap(self, i: int, dt: int = 700) -> Json:
        return self.do("tap", dt=dt, i=i)

    def match(self, a: int, b: int, dt: int = 700) -> Json:
        return self.do("match", dt=dt, a=a, b=b)

    def refused(self, action: str, *, t: Json = None, **args: int) -> None:
        """A step the engine must refuse."""
        self.do(action, t=t, **args)
        assert self.steps[-1]["expect"]["error"] is not None, f"{self.name}: {action} {args} was accepted"

    def random_pause(self) -> int:
        return 300 + self.rng.below(12_000)

    def play_randomly(self, taps: bool = False) -> None:
        """Seeded random available pairs (now and then by two taps) until the board is not in play."""
        while self.game.status is Status.PLAYING:
            pairs = self.game.board.available_pairs()
            a, b = pairs[self.rng.below(len(pairs))]
            if taps and self.rng.below(3) == 0:
                self.tap(a, dt=self.random_pause())
                self.tap(b)
            else:
                self.match(a, b, dt=self.random_pause())

    def play_into_dead_end(self, limit: int = 1_500) -> None:
        """Pairs down to a dead end (tiles left, no pair), found by a seeded depth-first search.

        Falls back to random play when the search finds none within ``limit`` boards.
        """
        seen: set[int] = set()

        def search(board: Board) -> list[tuple[int, int]] | None:
            pairs = board.available_pairs()
            if not pairs:
                return None if board.is_empty else []
            if board.occupied in seen or len(seen) >= limit:
                return None
            seen.add(board.occupied)
            self.rng.shuffle(pairs)
            children = []
            for a, b in pairs:
                after = board.copy()
                after.remove(a, b)
                if not after.is_empty and not after.has_moves():
                    return [(a, b)]  # the nearest dead end first, to keep tiles for the next ones
                children.append(((a, b), after))
            for pair, after in children:
                rest = search(after)
                if rest is not None:
                    return [pair, *rest]
            return None

        path = search(self.game.board.copy())
        for a, b in path or []:
            self.match(a, b, dt=self.random_pause())
        self.play_randomly()

    def follow_hints(self, dt: Callable[[], int]) -> None:
        """The hinted pair (the plan's next one) until the board is not in play."""
        while self.game.status is Status.PLAYING:
            pair = self.game.hint_pair()
            assert pair is not None
            self.match(*pair, dt=dt())

    def to_json(self) -> dict[str, Json]:
        game = self.game
        events = [event.to_json() for event in game.events]
        out: dict[str, Json] = {
            "name": self.name,
            "about": self.about,
            "mode": game.mode.value,
            "code": str(game.code),
            "deal": {"layout": game.code.layout_id, **deal_json(deal(game.code, 1))},
            "start": self.start,
            "steps": self.steps,
            "final": final_json(str(game.code), game.mode.value, events),
            "log_text": log_to_text(game.events),
        }
        if self.name in JS_KNOWN_FAILURES:
            out["js_todo"] = JS_KNOWN_FAILURES[self.name]
        return out


def status(game: Game) -> Status:
    """The game's status (a call, so that type checkers do not take it for unchanged by the steps)."""
    return game.status


def _blocked_tile(board: Board) -> int:
    return next(i for i in range(len(board.tiles)) if board.has_tile(i) and not board.is_free(i))


def _free_not_matching(board: Board, a: int) -> int:
    return next(i for i in board.free_tiles() if not board.matches(a, i))


def _blocked_match(board: Board) -> tuple[int, int] | None:
    """A free tile and a blocked tile with the same face, if there are any."""
    for free in board.free_tiles():
        for i in range(len(board.tiles)):
            if board.has_tile(i) and not board.is_free(i) and board.matches(free, i):
                return free, i
    return None


def classic_rules() -> Scenario:
    sc = Scenario(
        "classic rules",
        "Selection by taps, every kind of illegal action, hints, undo, pauses, classic shuffles "
        "(not limited) and a won game, then what a won game refuses.",
        make_code("classic-rules", PLAY_LAYOUT),
        Mode.CLASSIC,
    )
    game, board = sc.game, sc.game.board
    size = len(board.tiles)
    blocked = _blocked_tile(board)
    a, b = game.plan[0] if game.plan else (0, 0)
    other = _free_not_matching(board, a)
    sc.tap(blocked)
    sc.tap(a)
    sc.tap(a)
    sc.tap(a)
    sc.tap(other)  # a free tile that does not match takes the selection
    sc.tap(blocked)  # cancels it
    found = _blocked_match(board)
    assert found is not None
    sc.tap(found[0])
    sc.tap(found[1])  # blocked, though it matches: nothing is removed
    sc.tap(a)
    sc.tap(b)  # the pair goes
    sc.tap(a)  # an empty spot
    sc.refused("tap", i=size)
    sc.refused("tap", i=-1)
    free = board.free_tiles()
    sc.refused("match", a=a, b=free[0])  # a is gone
    sc.refused("match", a=blocked, b=free[0])
    sc.refused("match", a=free[0], b=free[0])
    sc.refused("match", a=free[0], b=_free_not_matching(board, free[0]))
    sc.refused("match", a=free[0], b=size)
    hinted = sc.do("hint", dt=3_000)
    assert hinted is not None
    sc.refused("match", a=hinted[0], b=hinted[1], t=sc.t - 1)  # time goes back
    sc.refused("hint", t=-5)
    sc.refused("hint", t=sc.t + 0.5)
    sc.match(hinted[0], hinted[1], dt=2_000)
    sc.do("hint")
    sc.do("undo", dt=1_500)
    sc.do("undo")
    sc.refused("undo")  # nothing left to undo
    pair = game.hint_pair()
    assert pair is not None
    sc.tap(pair[0])
    sc.do("pause", dt=1_000)  # drops the selection
    sc.refused("pause")  # paused already
    for action, args in (("tap", {"i": pair[0]}), ("match", {"a": pair[0], "b": pair[1]})):
        sc.refused(action, **args)
    for action in ("hint", "undo", "shuffle", "next_level"):
        sc.refused(action)
    sc.do("resume", dt=60_000)
    sc.refused("resume")
    sc.refused("next_level")  # classic games have one level
    sc.match(*pair, dt=900)
    sc.do("shuffle", dt=2_000)
    sc.refused("undo")  # a shuffle clears the history
    sc.do("shuffle")
    sc.do("shuffle")
    sc.do("shuffle")  # a fourth: classic shuffles are not limited
    sc.follow_hints(lambda: 400 + sc.rng.below(3_000))
    assert game.status is Status.CLEARED
    sc.tap(a, dt=1_000)
    for action in ("match", "undo", "hint", "shuffle", "pause", "resume", "next_level"):
        sc.refused(action, **({"a": a, "b": b} if action == "match" else {}))
    return sc


def _first_stuck(name: str, mode: Mode, build: Callable[[Scenario], bool]) -> Scenario:
    """The first seeded code for which ``build`` gets what it needs (a deterministic search)."""
    for n in range(200):
        sc = Scenario(name, "", make_code(name.replace(" ", "-"), PLAY_LAYOUT, n), mode)
        if build(sc):
            return sc
    raise AssertionError(f"{name}: no code in 200 gave the game wanted")


def classic_stuck() -> Scenario:
    def build(sc: Scenario) -> bool:
        game = sc.game
        sc.play_randomly(taps=True)
        if game.status is not Status.NO_MOVES:
            return False
        last = game.removals[-1][:2]
        sc.tap(game.board.free_tiles()[0])  # no pair in play: blocked
        sc.refused("match", a=game.board.free_tiles()[0], b=game.board.free_tiles()[1])
        sc.do("hint")  # counted, but shows nothing
        sc.do("pause")
        sc.do("resume", dt=5_000)
        sc.do("undo")
        sc.match(*last)
        sc.do("shuffle", dt=4_000)
        sc.play_randomly()
        if status(game) is Status.NO_MOVES:
            sc.do("shuffle")
            sc.follow_hints(lambda: 800)
        return status(game) is Status.CLEARED

    sc = _first_stuck("classic stuck", Mode.CLASSIC, build)
    sc.about = (
        "Random play into a dead end (no_moves): taps are blocked, hints show nothing, undo and "
        "shuffles lead on."
    )
    return sc


def arcade_scoring() -> Scenario:
    sc = Scenario(
        "arcade scoring",
        "Pair points and the speed bonus at its edges (2 s, 10 s, and paused time counted: a pause "
        "does not stop the bonus clock), hints at 0 costing nothing, undo taking back exactly a pair's "
        "points and setting the bonus clock back, board points, a pause on a cleared board, the next "
        "level, and shuffles counted for the whole game.",
        make_code("arcade-scoring", PLAY_LAYOUT),
        Mode.ARCADE,
    )
    game = sc.game

    def next_pair() -> tuple[int, int]:
        pair = game.hint_pair()
        assert pair is not None
        return pair

    sc.do("hint", t=0)
    sc.do("hint", dt=10)  # the score stays at 0, and nothing is owed
    for dt in (1_000, 2_000, 2_001, 4_000, 9_920, 9_999, 10_000, 25_000):
        sc.match(*next_pair(), dt=dt)
    # The bot's trick: pause at once, think while the board is hidden, resume and match at once.
    sc.do("pause", dt=1)
    sc.do("resume", dt=30_000)
    sc.match(*next_pair(), dt=5)  # 6 ms of play, but 30 s since the last pair: no bonus
    sc.do("pause", dt=300)
    sc.do("resume", dt=2_500)
    sc.match(*next_pair(), dt=200)  # 3 s since the last pair, 2.5 s of them paused: 100 + 87
    sc.do("undo", dt=6_000)
    sc.match(*next_pair(), dt=3_000)  # an undone pair is not a move: 11.2 s since the one before
    a, b = next_pair()
    sc.tap(b, dt=1_000)
    sc.tap(a, dt=2_500)
    sc.follow_hints(lambda: 500 + sc.rng.below(12_000))
    assert game.status is Status.CLEARED
    sc.tap(a)
    for action in ("undo", "hint", "shuffle"):
        sc.refused(action)
    sc.do("pause", dt=1_000)  # an arcade game may pause between levels
    sc.refused("next_level")
    sc.do("resume", dt=20_000)
    sc.do("next_level", dt=1_000)
    sc.refused("next_level")  # not cleared
    sc.match(*next_pair(), dt=1_900)
    sc.do("hint", dt=3_000)
    sc.match(*next_pair(), dt=4_000)
    sc.do("shuffle", dt=1_000)
    sc.refused("undo")
    sc.match(*next_pair(), dt=12_000)
    return sc


def arcade_hint_at_zero() -> Scenario:
    sc = Scenario(
        "arcade hint at zero",
        "The score never goes below 0, and neither does what a hint costs: a hint takes 50 points "
        "or the rest of the score when less (37 of 37), a hint at 0 is free, and the next pair "
        "counts in full, nothing being owed. But a hint paid stays paid: when an undo takes back "
        "the points that paid for hints, the score shows 0 and the next points make up for them.",
        make_code("arcade-hint-at-zero", PLAY_LAYOUT),
        Mode.ARCADE,
    )
    game = sc.game

    def next_pair() -> tuple[int, int]:
        pair = game.hint_pair()
        assert pair is not None
        return pair

    sc.do("hint", t=0)  # free: the score is 0
    assert game.score == 0
    sc.match(*next_pair(), dt=3_000)  # 100 + 87 for speed
    assert game.score == 187
    for _ in range(3):
        sc.do("hint", dt=100)
    assert game.score == 37
    sc.do("hint", dt=100)  # 37, all that is left
    sc.do("hint", dt=100)  # free
    assert game.score == 0
    points = sc.match(*next_pair(), dt=20_000)  # no bonus
    assert game.score == points == 100, "the hints at 0 were charged later"
    sc.do("hint", dt=100)
    sc.do("hint", dt=100)  # 100 paid for two hints
    sc.do("undo", dt=100)  # takes back the 100 points that paid for them
    assert game.score == 0
    sc.do("hint", dt=100)  # at 0: free
    points = sc.match(*next_pair(), dt=20_000)
    assert (points, game.score) == (100, 0), "the undo refunded the hints paid from the pair"
    sc.match(*next_pair(), dt=1_000)
    assert game.score == 200
    return sc


def _next_pair(game: Game) -> tuple[int, int]:
    pair = game.hint_pair()
    assert pair is not None
    return pair


# The undo scenarios are played at a person's pace (matches at least 300 ms apart, none within
# 300 ms of a new board), so that the API takes their logs too: tests/api/test_arcade_undo.py
# sends them and checks that the server scores each as the client showed it, step by step.


def arcade_undo_slow_pair() -> Scenario:
    sc = Scenario(
        "arcade undo slow pair",
        "Issue 26's first attack: wait 10.5 s, take a pair (no bonus), undo, take it again at once, "
        "three times. An undone pair is not a move: the pair taken again counts from the move "
        "before it, so the three rounds score 300 (not 600), as three slow pairs do. Then a "
        "pair taken at once after an undo that is another pair: the same clock.",
        make_code("arcade-undo-slow-pair", PLAY_LAYOUT),
        Mode.ARCADE,
    )
    game = sc.game
    for _ in range(3):
        pair = _next_pair(game)
        assert sc.match(*pair, dt=10_500) == 100
        sc.do("undo", dt=300)
        assert sc.match(*pair, dt=300) == 100
    assert game.score == 300
    sc.match(*_next_pair(game), dt=1_500)  # 200
    sc.do("undo", dt=4_200)
    pairs = [pair for pair in game.board.available_pairs() if pair != _next_pair(game)]
    assert sc.match(*pairs[0], dt=300) == 100 + 50, "6 s after the pair before the one undone"
    return sc


def arcade_undo_hint_paid() -> Scenario:
    sc = Scenario(
        "arcade undo hint paid",
        "Issue 26's second attack: a pair (200), a hint (50), undo, the pair again (200), the "
        "hinted pair (200): 350, as the same game without the undo, not 400. The hint was paid "
        "from the points the undo took back: it stays paid, the score shows 0 meanwhile.",
        make_code("arcade-undo-hint-paid", PLAY_LAYOUT),
        Mode.ARCADE,
    )
    game = sc.game
    pair = _next_pair(game)
    sc.match(*pair, dt=500)
    sc.do("hint", dt=300)
    assert game.score == 150
    sc.do("undo", dt=300)
    assert game.score == 0
    assert sc.match(*pair, dt=300) == 200
    assert game.score == 150
    sc.match(*_next_pair(game), dt=600)
    assert game.score == 350
    return sc


def arcade_undo_chain() -> Scenario:
    sc = Scenario(
        "arcade undo chain",
        "Undos in a row set the bonus clock back pair by pair: to the pair before, then to the "
        "deal; after a shuffle, back to the shuffle (nothing before it can be undone); on the "
        "next level, back to the start of the level.",
        make_code("arcade-undo-chain", PLAY_LAYOUT),
        Mode.ARCADE,
    )
    game = sc.game
    for dt in (5_000, 4_000, 1_000):
        sc.match(*_next_pair(game), dt=dt)
    sc.do("undo", dt=2_000)
    assert sc.match(*_next_pair(game), dt=300) == 100 + speed_bonus(sc.t - 9_000), "from the second"
    for _ in range(3):
        sc.do("undo", dt=300)
    sc.refused("undo")
    assert sc.match(*_next_pair(game), dt=300) == 100, "from the deal"
    sc.do("shuffle", dt=1_000)
    shuffled = sc.t
    for dt in (1_000, 8_000):
        sc.match(*_next_pair(game), dt=dt)
    sc.do("undo", dt=300)
    sc.do("undo", dt=300)
    sc.refused("undo")  # the pair before the shuffle stays taken
    assert sc.match(*_next_pair(game), dt=300) == 100 + speed_bonus(sc.t - shuffled)
    sc.follow_hints(lambda: 500 + sc.rng.below(1_500))
    assert game.status is Status.CLEARED
    sc.do("next_level", dt=2_000)
    level = sc.t
    sc.match(*_next_pair(game), dt=1_500)
    sc.do("undo", dt=9_000)
    assert sc.match(*_next_pair(game), dt=300) == 100 + speed_bonus(sc.t - level)
    return sc


def arcade_undo_below_zero() -> Scenario:
    sc = Scenario(
        "arcade undo below zero",
        "Hints paid with all of a pair's points, then the pair undone: the score shows 0, a hint "
        "at 0 is free, and the points earned next make up for the hints paid before the score "
        "rises from 0 again.",
        make_code("arcade-undo-below-zero", PLAY_LAYOUT),
        Mode.ARCADE,
    )
    game = sc.game
    sc.match(*_next_pair(game), dt=1_000)  # 200
    for _ in range(4):
        sc.do("hint", dt=300)
    assert game.score == 0
    sc.do("undo", dt=300)
    sc.do("hint", dt=300)  # free
    assert sc.match(*_next_pair(game), dt=25_000) == 100
    assert game.score == 0, "100 of the 200 of hints made up"
    assert sc.match(*_next_pair(game), dt=1_000) == 200
    assert game.score == 100
    sc.do("hint", dt=300)
    assert game.score == 50
    assert game.hints == 6
    return sc


def arcade_game_over() -> Scenario:
    def build(sc: Scenario) -> bool:
        game = sc.game
        sc.play_randomly(taps=True)
        if game.status is not Status.NO_MOVES:
            return False
        last = game.removals[-1][:2]
        sc.do("hint")  # costs 50 even here
        sc.do("undo")
        sc.match(*last)
        sc.do("shuffle", dt=2_000)  # out of the dead end
        for _ in range(2):
            pair = game.hint_pair()
            assert pair is not None
            sc.match(*pair, dt=sc.random_pause())
        sc.do("shuffle", dt=1_000)  # shuffles may be used in play too
        sc.do("shuffle", dt=1_000)
        sc.refused("shuffle")  # all three are used, though the game goes on
        sc.play_into_dead_end()
        if status(game) is not Status.GAME_OVER:
            return False
        size = len(game.board.tiles)
        free = game.board.free_tiles()
        sc.refused("tap", i=free[0])
        sc.refused("tap", i=size)
        sc.refused("match", a=free[0], b=free[1])
        for action in ("hint", "undo", "shuffle", "pause", "resume", "next_level"):
            sc.refused(action)
        return True

    sc = _first_stuck("arcade game over", Mode.ARCADE, build)
    sc.about = (
        "Dead ends in arcade: a hint still costs, undo, three shuffles for the whole game (a fourth is "
        "refused), then no pair and no shuffle left: game over, after which everything is refused."
    )
    return sc


def arcade_level_cap() -> Scenario:
    sc = Scenario(
        "arcade level cap",
        f"Eleven boards cleared one after the other: board points grow by 500 a level up to level "
        f"{LEVEL_POINTS_CAP}, and stay there at level {LEVEL_POINTS_CAP + 1}.",
        make_code("arcade-level-cap", PLAY_LAYOUT),
        Mode.ARCADE,
    )
    game = sc.game
    while True:
        sc.follow_hints(lambda: 600 + sc.rng.below(4_000))
        assert game.status is Status.CLEARED
        if game.level > LEVEL_POINTS_CAP:
            break
        sc.do("next_level", dt=3_000)
    sc.do("next_level", dt=3_000)
    pair = game.hint_pair()
    assert pair is not None
    sc.match(*pair, dt=1_000)
    return sc


def _clear_all_but(board: Board, keep: tuple[int, int], rng: SplitMix64) -> list[tuple[int, int]] | None:
    """Seeded random pairs that take every tile but the two in ``keep``, or None if that play fails."""
    board = board.copy()
    path: list[tuple[int, int]] = []
    while len(board) > 2:
        pairs = [pair for pair in board.available_pairs() if not set(pair) & set(keep)]
        if not pairs:
            return None
        pair = pairs[rng.below(len(pairs))]
        board.remove(*pair)
        path.append(pair)
    return path


def arcade_unsolvable_shuffle() -> Scenario:
    """Two matching tiles left, one on the other: no arrangement of them can be solved."""
    layout = get_layout(STACKED_LAYOUT)
    stacks = [
        (i, j)
        for i, position in enumerate(layout.positions)
        for j in range(len(layout))
        if position.z == 0 and layout.below[j] == 1 << i
    ]
    for n in range(100):
        code = make_code("stacked", layout.id, n)
        board = Board(layout, deal(code).tiles)
        for i, j in stacks:
            if not board.matches(i, j):
                continue
            rng = SplitMix64.from_text(f"conformance|stacked|{code}|{i}|{j}")
            for _ in range(STACKED_TRIES):
                path = _clear_all_but(board, (i, j), rng)
                if path is not None:
                    return _stacked_scenario(code, path)
    raise AssertionError("no deal leaves two matching tiles stacked")


def _stacked_scenario(code: str, path: list[tuple[int, int]]) -> Scenario:
    sc = Scenario(
        "arcade unsolvable shuffle",
        "Two matching tiles left, one lying on the other: a dead end that no shuffle can solve. The "
        "server's shuffles come without a plan and leave the board stuck; the third ends the game.",
        code,
        Mode.ARCADE,
    )
    for a, b in path:
        sc.match(a, b, dt=sc.random_pause())
    assert sc.game.status is Status.NO_MOVES
    sc.do("hint")
    for _ in range(ARCADE_SHUFFLES):
        sc.do("shuffle", dt=3_000)
        assert sc.steps[-1]["result"]["plan"] is None
    assert status(sc.game) is Status.GAME_OVER
    sc.refused("shuffle")
    sc.refused("undo")
    return sc


def classic_big_board() -> Scenario:
    sc = Scenario(
        "classic turtle",
        "A few moves on the 144-tile Turtle: taps, hint, undo and a shuffle of a large board.",
        make_code("classic-turtle", "L00"),
        Mode.CLASSIC,
    )
    for _ in range(6):
        pairs = sc.game.board.available_pairs()
        a, b = pairs[sc.rng.below(len(pairs))]
        sc.tap(a)
        sc.tap(b, dt=1_200)
    sc.do("hint")
    sc.do("undo")
    sc.do("shuffle")
    sc.do("hint")
    pair = sc.game.hint_pair()
    assert pair is not None
    sc.match(*pair)
    return sc


SCENARIOS: Final = (
    classic_rules,
    classic_stuck,
    classic_big_board,
    arcade_scoring,
    arcade_hint_at_zero,
    arcade_undo_slow_pair,
    arcade_undo_hint_paid,
    arcade_undo_chain,
    arcade_undo_below_zero,
    arcade_game_over,
    arcade_level_cap,
    arcade_unsolvable_shuffle,
)


def build_play() -> dict[str, Json]:
    scenarios = [make().to_json() for make in SCENARIOS]
    layout_ids = sorted({sc["deal"]["layout"] for sc in scenarios})
    return {
        "about": (
            "Scripted games and what the engine makes of every step. Each scenario gives the mode, the "
            "code, the level-1 deal (tiles[i] lies on layouts[layout][i]; plan clears it) and the state "
            "at the start; each step an action at t ms with its arguments (tap: i; match: a, b; shuffle: "
            "request, the body the client sends, and result, what the server answers, null when the "
            "engine refuses; next_level: deal, what the server answers for the next level) and expect: "
            "the error (null, or kind illegal/malformed with the engine's message), what the action "
            "returned (tap: its result; match: the points; hint: the pair or null), the events logged "
            "by the step, the figures, hint_pair (the pair a hint would show now), allowed (whether "
            "hint, pause, shuffle and undo would be accepted now), the stopwatch read at a given time "
            "and, after undo, shuffle and next_level, every tile. The figures (all but error, "
            "returned, events and tiles) are written only when they change: each step's carry over "
            "from the step before (the first from start). final: what the server makes of the whole "
            "log; log_text: the log in the engine's text form, as the client sends it. graphs: each "
            "layout's relations, as in free.json; scoring: the engine's scoring constants, as the "
            "pages' configs carry them. Written by tests/conformance/make_vectors.py."
        ),
        "format": FORMAT,
        "scoring": scoring_json(),
        "layouts": {layout_id: positions_json(get_layout(layout_id)) for layout_id in layout_ids},
        "graphs": {layout_id: graph_json(get_layout(layout_id)) for layout_id in layout_ids},
        "scenarios": scenarios,
    }


# -- coverage --------------------------------------------------------------------------------


def missing_coverage(play: dict[str, Json]) -> list[str]:
    """What the play vectors fail to reach: every status, event type, tap result and more."""
    seen: set[str] = set()
    for sc in play["scenarios"]:
        seen.add(f"status {sc['start']['status']}")
        seen.add(f"mode {sc['mode']}")
        state = sc["start"]
        for step in sc["steps"]:
            state = carry(state, step["expect"])
            e = {**state, **step["expect"]}
            action = step["action"]
            seen.add(f"status {e['status']}")
            seen.update(f"event {event['type']}" for event in e["events"])
            if e["error"] is None:
                seen.add(f"accepted {action}")
                if action == "tap":
                    seen.add(f"tap {e['returned']}")
                if action == "hint":
                    seen.add("hint showing a pair" if e["returned"] else "hint showing nothing")
                if (
                    action == "match"
                    and e["status"] == Status.CLEARED.value
                    and e["level"] > LEVEL_POINTS_CAP
                ):
                    seen.add("a board cleared above the level cap")
                if action == "shuffle" and step["result"]["plan"] is None:
                    seen.add("a shuffle without a plan")
                if action == "shuffle" and e["status"] == Status.GAME_OVER.value:
                    seen.add("game over by a shuffle")
            else:
                seen.add(f"refused {action}")
                seen.add(f"error {e['error']['kind']}")
            if e["paused"] and action == "pause" and e["error"] is not None:
                seen.add("pause while paused")
            if e["shuffles_left"] == 0:
                seen.add("no shuffles left")
    wanted = {f"status {s.value}" for s in Status}
    wanted |= {f"event {e.value}" for e in EventType}
    wanted |= {f"tap {r.value}" for r in TapResult}
    wanted |= {f"mode {m.value}" for m in Mode}
    wanted |= {f"{verdict} {action}" for verdict in ("accepted", "refused") for action in ACTIONS}
    wanted |= {"error illegal", "error malformed", "hint showing a pair", "hint showing nothing"}
    wanted |= {"a board cleared above the level cap", "pause while paused", "no shuffles left"}
    wanted |= {"a shuffle without a plan", "game over by a shuffle"}
    return sorted(wanted - seen)


# -- the files -------------------------------------------------------------------------------


def build() -> dict[str, str]:
    """File name -> text of every vector file."""
    play = build_play()
    missing = missing_coverage(play)
    if missing:
        raise AssertionError(f"the play vectors do not reach: {', '.join(missing)}")
    return {"free.json": render(build_free()), "play.json": render(play)}


OTHER_GAMES_PREFIX = "rummy_"
"""Tile Rummy's vectors share the folder; make_rummy_vectors.py writes those."""


def own_files() -> list[Path]:
    """The vector files on disk that this generator writes (or wrote once)."""
    return [path for path in VECTORS.glob("*.json") if not path.name.startswith(OTHER_GAMES_PREFIX)]


def main() -> None:
    VECTORS.mkdir(exist_ok=True)
    files = build()
    for old in own_files():
        if old.name not in files:
            old.unlink()
    for name, text in files.items():
        path = VECTORS / name
        path.write_text(text, encoding="utf-8")
        print(f"{path}: {len(text):,} bytes")


if __name__ == "__main__":
    main()
