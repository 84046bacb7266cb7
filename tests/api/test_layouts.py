"""GET /api/layouts/: every shipped layout with its positions."""

from __future__ import annotations

import pytest
from django.test import Client

from game.mahjong.engine import all_layouts

pytestmark = pytest.mark.django_db


def test_every_layout_is_listed_with_its_positions_in_half_tile_units(client: Client) -> None:
    response = client.get("/api/layouts/")
    assert response.status_code == 200
    body = response.json()
    assert [item["id"] for item in body] == list(all_layouts())
    for item in body:
        layout = all_layouts()[item["id"]]
        assert item == {
            "id": layout.id,
            "name": layout.name,
            "size": len(layout),
            "positions": [[p.x, p.y, p.z] for p in layout.positions],
        }


def test_the_turtle_comes_first_with_144_tiles(client: Client) -> None:
    turtle = client.get("/api/layouts/").json()[0]
    assert (turtle["id"], turtle["name"], turtle["size"]) == ("L00", "Turtle", 144)
    assert len(turtle["positions"]) == 144


def test_the_layouts_cannot_be_posted_to(client: Client) -> None:
    response = client.post("/api/layouts/", {}, content_type="application/json")
    assert response.status_code == 405
    assert response.json() == {
        "error": "method POST is not allowed here; use GET, HEAD",
        "code": "method_not_allowed",
    }
