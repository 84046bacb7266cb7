"""The OpenAPI schema at /api/schema/ documents every endpoint; /api/docs/ shows it."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.core.management import call_command
from django.test import Client

pytestmark = pytest.mark.django_db

ENDPOINTS = {
    "/api/layouts/": {"get"},
    "/api/deals/": {"post"},
    "/api/deals/{code}/": {"get"},
    "/api/deals/{code}/shuffle/": {"post"},
    "/api/solve/": {"post"},
    "/api/scores/": {"post"},
    "/api/scores/{id}/": {"get"},
    "/api/leaderboards/": {"get"},
}


def test_the_schema_documents_every_endpoint_and_its_errors(client: Client) -> None:
    response = client.get("/api/schema/?format=json")
    assert response.status_code == 200
    schema = response.json()
    assert schema["info"]["title"] == "Miaojong API"
    for path, methods in ENDPOINTS.items():
        assert set(schema["paths"][path]) >= methods, path
        for method in methods:
            responses = schema["paths"][path][method]["responses"]
            assert any(code.startswith("2") for code in responses), (path, method)
            assert "429" in responses, (path, method)
    assert set(schema["components"]["schemas"]["Error"]["properties"]) == {"error", "code"}
    assert set(schema["components"]["schemas"]["ScoreRequest"]["properties"]) == {"token", "name", "log"}


def test_the_schema_documents_the_layouts_graph(client: Client) -> None:
    schemas = client.get("/api/schema/?format=json").json()["components"]["schemas"]
    graph = schemas["Graph"]
    assert set(graph["properties"]) == {"above", "left", "right"}
    assert set(graph["required"]) == {"above", "left", "right"}
    for relation in graph["properties"].values():
        assert relation["type"] == "array"
        assert relation["items"] == {"type": "array", "items": {"type": "integer", "minimum": 0}}
        assert relation["description"]
    for name in ("Layout", "Deal", "DealWithToken"):
        assert "graph" in schemas[name]["required"], name
        assert (
            "allOf" in schemas[name]["properties"]["graph"] or "$ref" in schemas[name]["properties"]["graph"]
        )


def test_the_schema_is_valid_openapi_without_warnings(tmp_path: Path) -> None:
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(tmp_path / "schema.yaml"))
    assert "/api/scores/" in (tmp_path / "schema.yaml").read_text()


def test_the_browsable_docs_are_served(client: Client) -> None:
    response = client.get("/api/docs/")
    assert response.status_code == 200
    assert b"swagger" in response.content.lower()
    # The schema's address is in the start-up script, served as a file for the CSP.
    assert b"/api/schema/" in client.get("/api/docs/?script=").content
