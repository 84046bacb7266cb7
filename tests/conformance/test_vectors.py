"""The conformance vectors replayed through the Python engine, and a check that they are fresh.

The same files are replayed through the browser's rules.js and state.js by
``tests/client/js/conformance.test.mjs``; together the two runs show that both
implementations of the rules agree on every vector.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from game.mahjong.engine import (
    Board,
    EventType,
    Game,
    Status,
    check_tiles,
    deal,
    get_layout,
    log_to_text,
    parse_log_text,
    replay,
)
from game.mahjong.engine import play as play_module

from .make_vectors import (
    PER_STEP,
    REGENERATE,
    VECTORS,
    Json,
    build,
    carry,
    deal_json,
    expect,
    face_classes,
    final_json,
    graph_json,
    missing_coverage,
    observe,
    own_files,
    perform,
    plan_json,
    positions_json,
    scoring_json,
    shuffle_request,
)


def _load(name: str) -> dict[str, Any]:
    path = VECTORS / name
    if not path.exists():
        return {}
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


FREE = _load("free.json")
PLAY = _load("play.json")


def _differences(where: str, engine: dict[str, Json], vector: dict[str, Json]) -> None:
    """Fail naming every key on which what the engine does now differs from the vector."""
    lines = [
        f"  {key}: vector {json.dumps(vector.get(key))}, engine {json.dumps(engine.get(key))}"
        for key in sorted(set(engine) | set(vector))
        if engine.get(key) != vector.get(key)
    ]
    if lines:
        pytest.fail(f"{where}: the engine no longer does what the vector says\n" + "\n".join(lines), False)


def test_the_vector_files_are_up_to_date() -> None:
    """Regenerating the vectors in memory gives exactly the committed files."""
    files = build()
    on_disk = {path.name: path.read_text(encoding="utf-8") for path in own_files()}
    problems: list[str] = []
    for name, text in sorted(files.items()):
        old = on_disk.get(name)
        if old is None:
            problems.append(f"{name} is missing")
        elif old != text:
            old_lines, new_lines = old.splitlines(), text.splitlines()
            line = next(
                (n for n, (a, b) in enumerate(zip(old_lines, new_lines, strict=False), 1) if a != b),
                min(len(old_lines), len(new_lines)) + 1,
            )
            problems.append(f"{name} is stale (first difference on line {line})")
    problems += [f"{name} is not written by the generator" for name in sorted(set(on_disk) - set(files))]
    if problems:
        pytest.fail(f"{'; '.join(problems)}: the engine changed; {REGENERATE}", False)


def test_the_vectors_carry_the_engines_graphs_and_scoring() -> None:
    assert FREE and PLAY, REGENERATE
    assert sorted(FREE["graphs"]) == sorted(FREE["layouts"])
    assert sorted(PLAY["graphs"]) == sorted(PLAY["layouts"])
    for layout_id, graph in FREE["graphs"].items():
        layout = get_layout(layout_id)
        for name in ("above", "left", "right"):
            masks = [sum(1 << j for j in indices) for indices in graph[name]]
            assert masks == list(getattr(layout, name)), f"{layout_id} {name}: {REGENERATE}"
            assert all(indices == sorted(indices) for indices in graph[name])
    assert PLAY["scoring"] == scoring_json()
    assert PLAY["scoring"]["hint_cost"] == play_module.HINT_COST


def test_the_play_vectors_reach_every_status_event_and_kind_of_step() -> None:
    assert PLAY, REGENERATE
    assert missing_coverage(PLAY) == []
    assert _all_values(PLAY, "status") == {status.value for status in Status}
    types = {
        event["type"]
        for sc in PLAY["scenarios"]
        for step in sc["steps"]
        for event in step["expect"]["events"]
    }
    assert types == {event_type.value for event_type in EventType}


def _all_values(play: dict[str, Json], key: str) -> set[Json]:
    """Every value the figure ``key`` takes in the play vectors."""
    values = set()
    for sc in play["scenarios"]:
        state = sc["start"]
        values.add(state[key])
        for step in sc["steps"]:
            state = carry(state, step["expect"])
            values.add(state[key])
    return values


def test_the_faces_match_by_class() -> None:
    assert FREE, REGENERATE
    assert FREE["faces"] == face_classes()


@pytest.mark.parametrize("game", FREE.get("games", []), ids=lambda game: game["name"])
def test_the_free_rule(game: dict[str, Json]) -> None:
    layout = get_layout(game["layout"])
    assert FREE["layouts"][layout.id] == positions_json(layout), f"layout {layout.id} changed: {REGENERATE}"
    assert FREE["graphs"][layout.id] == graph_json(layout), (
        f"layout {layout.id}'s graph changed: {REGENERATE}"
    )
    assert list(deal(game["code"]).tiles) == game["tiles"], (
        f"{game['code']} deals otherwise now: {REGENERATE}"
    )
    board = Board(layout, check_tiles(layout, game["tiles"], must_pair=True))
    for k, step in enumerate(game["steps"]):
        for a, b in step["remove"]:
            board.remove(a, b)
        pairs = [[a, b] for a, b in board.available_pairs()]
        engine = {"free": board.free_tiles(), "pairs": pairs, "has_moves": board.has_moves()}
        vector = {"free": step["free"], "pairs": step["pairs"], "has_moves": bool(step["pairs"])}
        _differences(
            f"{game['name']} ({game['code']}), step {k} after removing {step['remove']}", engine, vector
        )


@pytest.mark.parametrize("scenario", PLAY.get("scenarios", []), ids=lambda scenario: scenario["name"])
def test_the_play_scenario(scenario: dict[str, Json]) -> None:
    name = scenario["name"]
    game = Game(scenario["code"], scenario["mode"])
    layout = game.deal.layout
    assert PLAY["layouts"][layout.id] == positions_json(layout), f"layout {layout.id} changed: {REGENERATE}"
    assert PLAY["graphs"][layout.id] == graph_json(layout), (
        f"layout {layout.id}'s graph changed: {REGENERATE}"
    )
    _differences(f"{name}: the deal", {"layout": layout.id, **deal_json(game.deal)}, scenario["deal"])
    state: dict[str, Json] = scenario["start"]
    _differences(
        f"{name}: the start", {k: v for k, v in observe(game, 0).items() if k not in PER_STEP}, state
    )
    for k, step in enumerate(scenario["steps"]):
        action = step["action"]
        where = f"{name}: step {k} ({action} at t={step['t']})"
        if action == "shuffle":
            _differences(f"{where}: the shuffle request", shuffle_request(game), step["request"])
        if action == "next_level":
            _differences(f"{where}: the next deal", deal_json(deal(game.code, game.level + 1)), step["deal"])
        before = len(game.events)
        returned, error = perform(game, step)
        if action == "shuffle":
            result = None if error else {"tiles": list(game.board.tiles), "plan": plan_json(game.plan)}
            assert result == step["result"], f"{where}: the shuffle's answer differs: {REGENERATE}"
        state = carry(state, step["expect"])
        _differences(where, expect(game, action, returned, error, before), {**state, **step["expect"]})
    events = [event.to_json() for event in game.events]
    assert events == [event for step in scenario["steps"] for event in step["expect"]["events"]]
    # The text form the client sends: the engine writes exactly the vector's, and reads it back.
    assert log_to_text(game.events) == scenario["log_text"], f"{name}: the log's text differs: {REGENERATE}"
    assert parse_log_text(scenario["log_text"]) == game.events
    # What the server makes of the log the steps wrote: the figures the game ended with.
    _differences(
        f"{name}: the replayed log", final_json(str(game.code), game.mode.value, events), scenario["final"]
    )
    replayed = replay(str(game.code), game.mode, events)
    figures = {"status": replayed.status.value, "score": replayed.score, "level": replayed.level}
    _differences(f"{name}: the replayed log against the last step", figures, {k: state[k] for k in figures})
