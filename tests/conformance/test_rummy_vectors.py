"""The Rummy conformance vectors replayed through the Python engine, and a check that they are fresh.

The same files are replayed through the browser's sets.js by
``tests/client/js/rummy_conformance.test.mjs``; together the two runs show that
both implementations of the sets and the turn check agree on every vector.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from game.rummy.engine import MalformedError, Reason, check_turn, is_set, readings, set_value
from game.rummy.engine.tiles import parse_tile_codes

from .make_rummy_vectors import (
    REGENERATE,
    SETS_FILE,
    TURNS_FILE,
    VECTORS,
    build,
    missing_coverage,
    reading_json,
    reason_counts,
)


def _load(name: str, key: str) -> list[dict[str, Any]]:
    path = VECTORS / name
    if not path.exists():
        return []
    vectors: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))[key]
    return vectors


SETS = _load(SETS_FILE, "sets")
TURNS = _load(TURNS_FILE, "turns")


def test_the_vector_files_are_up_to_date() -> None:
    """Regenerating the vectors in memory gives exactly the committed files."""
    problems = []
    for name, text in sorted(build().items()):
        path = VECTORS / name
        if not path.exists():
            problems.append(f"{name} is missing")
            continue
        old = path.read_text(encoding="utf-8")
        if old != text:
            old_lines, new_lines = old.splitlines(), text.splitlines()
            line = next(
                (n for n, (a, b) in enumerate(zip(old_lines, new_lines, strict=False), 1) if a != b),
                min(len(old_lines), len(new_lines)) + 1,
            )
            problems.append(f"{name} is stale (first difference on line {line})")
    if problems:
        pytest.fail(f"{'; '.join(problems)}: the engine or the generator changed; {REGENERATE}", False)


def test_the_vectors_reach_every_reason_and_kind_of_set() -> None:
    assert SETS and TURNS, REGENERATE
    assert missing_coverage(SETS, TURNS) == []
    counts = reason_counts(TURNS)
    assert set(counts) == {"legal", "malformed"} | {reason.value for reason in Reason}
    assert min(counts.values()) >= 4, counts
    assert len({tuple(vector["tiles"]) for vector in SETS}) == len(SETS), "a list of tiles twice"
    assert len({vector["name"] for vector in TURNS}) == len(TURNS), "a turn name twice"


def test_the_sets() -> None:
    assert SETS, REGENERATE
    failures = []
    for vector in SETS:
        codes = parse_tile_codes(vector["tiles"])
        engine = {
            "is_set": is_set(codes),
            "readings": [reading_json(reading) for reading in readings(codes)],
            "value": set_value(codes),
        }
        expected = {key: vector[key] for key in engine}
        if engine != expected:
            failures.append(f"  {' '.join(vector['tiles'])}: vector {expected}, engine {engine}")
    if failures:
        pytest.fail("the engine no longer does what the set vectors say:\n" + "\n".join(failures), False)


def test_the_turns() -> None:
    assert TURNS, REGENERATE
    failures = []
    for vector in TURNS:
        try:
            engine: dict[str, Any] = {
                "verdict": check_turn(*(vector[k] for k in ("table", "rack", "after", "opened"))).to_json()
            }
        except MalformedError:
            engine = {"error": "malformed"}
        expected = {key: vector[key] for key in ("verdict", "error") if key in vector}
        if engine != expected:
            failures.append(f"  {vector['name']}: vector {expected}, engine {engine}")
    if failures:
        pytest.fail("the engine no longer does what the turn vectors say:\n" + "\n".join(failures), False)
