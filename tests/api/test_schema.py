"""The OpenAPI schema at /api/schema/ documents every endpoint; /api/docs/ shows it."""

from __future__ import annotations

import os
import subprocess
import sys
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


COLD_REQUESTS = """
import threading
import django
django.setup()
from django.test import Client
ready = threading.Barrier({count})
statuses = []
def one():
    client = Client(raise_request_exception=False, HTTP_HOST="127.0.0.1")
    ready.wait()
    statuses.append(client.get("/api/schema/?format=json").status_code)
threads = [threading.Thread(target=one) for _ in range({count})]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
print(sorted(statuses))
"""


@pytest.mark.parametrize("attempt", range(3))
def test_concurrent_first_requests_to_a_cold_process_all_get_the_schema(attempt: int) -> None:
    """drf-spectacular loads its extensions on its first run: several first requests at once (each
    has its own thread under ASGI) raced there, and some got a 500. A fresh process each time."""
    count = 20
    result = subprocess.run(
        [sys.executable, "-c", COLD_REQUESTS.format(count=count)],
        cwd=Path(__file__).resolve().parents[2],
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "site_core.settings", "DJANGO_DEBUG": "1"},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.split("\n")[-2] == str([200] * count), result.stdout[-2000:]
