"""GET /api/scores/<id>/: an entry with its code, mode and log, so anyone can replay it."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from game.mahjong.engine import replay

from .conftest import assert_replays_to_its_figures, deal_long_ago, make_score, play, submit_ok

pytestmark = pytest.mark.django_db


def test_an_entry_is_shown_with_everything_needed_to_replay_it(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    dealt = deal_long_ago(client, monkeypatch, code="MJ1-L06-ABCDEFG", mode="arcade")
    log = [*play(dealt["plan"][:4]), {"t": 30_000, "type": "hint"}]
    created = submit_ok(client, dealt["token"], log, name="Ada")
    response = client.get(f"/api/scores/{created['id']}/")
    assert response.status_code == 200
    entry = response.json()
    assert set(entry) == {
        "id", "rank", "name", "code", "layout", "mode", "daily", "random_deal", "level", "time_ms",
        "ranked_ms", "score", "moves", "hints", "shuffles", "created", "log",
    }  # fmt: skip
    assert (entry["random_deal"], entry["ranked_ms"]) == (False, None), "a chosen code, an arcade game"
    assert (entry["id"], entry["rank"], entry["name"]) == (created["id"], 1, "Ada")
    assert (entry["code"], entry["layout"], entry["mode"], entry["daily"]) == (
        "MJ1-L06-ABCDEFG",
        "L06",
        "arcade",
        None,
    )
    assert entry["log"] == log
    result = replay(entry["code"], entry["mode"], entry["log"])
    assert (entry["score"], entry["moves"], entry["hints"]) == (result.score, 4, 1)


def test_every_kind_of_accepted_entry_replays_to_its_stored_figures(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    ids = []
    bodies: list[dict[str, Any]] = [
        {"layout": "L00"},
        {"layout": "L08", "mode": "arcade"},
        {"daily": "classic"},
    ]
    for body in bodies:
        dealt = deal_long_ago(client, monkeypatch, **body)
        ids.append(submit_ok(client, dealt["token"], play(dealt["plan"]))["id"])
    for score_id in ids:
        assert_replays_to_its_figures(client, score_id)


@pytest.mark.parametrize(
    "fields",
    [
        {"flagged": True},
        {"flagged": True, "rejected": True, "hidden": True},
        {"flagged": True, "approved": True, "rejected": True},
        {"hidden": True},
    ],
    ids=["held for review", "rejected", "approved then rejected", "hidden"],
)
def test_an_entry_off_the_boards_is_not_found_as_if_it_did_not_exist(
    client: Client, fields: dict[str, bool]
) -> None:
    entry = make_score(**fields)
    response = client.get(f"/api/scores/{entry.pk}/")
    assert response.status_code == 404
    assert response.json() == {"error": f"there is no score {entry.pk}", "code": "not_found"}


def test_an_approved_entry_is_shown_with_its_rank(client: Client) -> None:
    entry = make_score(flagged=True, approved=True)
    response = client.get(f"/api/scores/{entry.pk}/")
    assert (response.status_code, response.json()["rank"]) == (200, 1)


def test_an_unknown_entry_is_not_found(client: Client) -> None:
    response = client.get("/api/scores/987654/")
    assert response.status_code == 404
    assert response.json() == {"error": "there is no score 987654", "code": "not_found"}
