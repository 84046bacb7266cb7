"""GET /api/layouts/: every shipped layout with its positions and its graph."""

from __future__ import annotations

import pytest
from django.test import Client

from game.mahjong.engine import Layout, all_layouts

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
            "graph": engine_graph(layout),
        }


def engine_graph(layout: Layout) -> dict[str, list[list[int]]]:
    """The engine's relations (bit masks per position) as lists of indices, ascending."""
    return {
        name: [[j for j in range(len(layout)) if mask >> j & 1] for mask in getattr(layout, name)]
        for name in ("above", "left", "right")
    }


def test_every_layouts_graph_is_the_engines_free_rule(client: Client) -> None:
    body = client.get("/api/layouts/").json()
    assert len(body) == len(all_layouts())
    for item in body:
        layout = all_layouts()[item["id"]]
        graph = item["graph"]
        assert set(graph) == {"above", "left", "right"}
        assert graph == engine_graph(layout), layout.id
        for name in ("above", "left", "right"):
            masks = [sum(1 << j for j in indices) for indices in graph[name]]
            assert masks == list(getattr(layout, name)), (layout.id, name)
            assert all(indices == sorted(set(indices)) for indices in graph[name])
        # The graph decides freedom exactly as the engine does, on a full board.
        full = layout.full
        free = {
            i
            for i in range(len(layout))
            if not graph["above"][i] and (not graph["left"][i] or not graph["right"][i])
        }
        assert free == {i for i in range(len(layout)) if layout.is_free(i, full)}, layout.id


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
