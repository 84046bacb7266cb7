"""The engine games the Node tests of state.js replay are still what the engine plays."""

from __future__ import annotations

import json

from .js_fixture import FIXTURE, build


def test_the_js_fixture_is_up_to_date() -> None:
    on_disk = json.loads(FIXTURE.read_text(encoding="utf-8"))
    assert on_disk == build(), "rewrite it: python -m tests.client.js_fixture"


def test_the_scripts_cover_every_kind_of_event() -> None:
    data = build()
    types = {event["type"] for game in ("classic", "arcade") for event in data[game]["events"]}
    assert types == {"match", "undo", "hint", "shuffle", "pause", "resume", "next_level"}
    assert data["classic"]["steps"][-1]["expect"]["status"] == "cleared"
    assert data["arcade"]["steps"][-1]["expect"]["level"] == 2
