"""Fuzzing the API with schemathesis against its own OpenAPI schema (/api/schema/).

Every operation of the schema gets generated requests, valid and invalid
(schemathesis' coverage and fuzzing phases, both its positive and negative
modes), sent in process through the WSGI application.  Each answer must be no
5xx, carry a documented status code and content type, match the documented
body schema, and refuse what the schema says is invalid.

``MIAOJONG_FUZZ_EXAMPLES`` sets Hypothesis' ``max_examples`` per operation:
300 when ``CI=true``, 40 otherwise (a quick local run).

Throttling stays on with the generous rates of ``conftest._fresh_throttles``
(a count of its own per test): a fuzz run exercises the throttle code without
being cut short by it.  429 is a real answer of every endpoint all the same,
so the schema documents it everywhere (``test_schema`` checks that).
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pytest
import schemathesis
from django.core import signals
from django.db import close_old_connections
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis.checks import not_a_server_error
from schemathesis.core.jsonschema.types import JsonValue
from schemathesis.core.result import Ok
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from game.mahjong.engine import all_layouts, deal
from site_core.wsgi import application

if TYPE_CHECKING:  # schemathesis defines this alias for type checkers only
    from schemathesis.specs.openapi.schemas import OpenApiCase


def _examples() -> int:
    default = "300" if os.environ.get("CI", "").lower() == "true" else "40"
    return int(os.environ.get("MIAOJONG_FUZZ_EXAMPLES", default))


MAX_EXAMPLES = _examples()
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    negative_data_rejection,
]
FUZZ_SETTINGS = settings(
    max_examples=MAX_EXAMPLES,
    deadline=None,  # a solve may take its full second of budget
    suppress_health_check=list(HealthCheck),
)

# Loaded once, at collection, through the application itself: the schema tested is the one served.
schema = schemathesis.openapi.from_wsgi("/api/schema/?format=json", application)

requests_sent: Counter[str] = Counter()


def validated(case: OpenApiCase) -> Any:
    """The answer to ``case``, checked against the schema.

    Schemathesis's WSGI client asks for gzip but reads the bytes as they come:
    the answers are checked as sent to a client that takes them plain
    (tests/test_compression.py checks what a client that takes gzip gets).
    """
    return case.call_and_validate(checks=CHECKS, headers={"Accept-Encoding": "identity"})


@pytest.fixture
def _keep_the_test_transaction() -> Iterator[None]:
    """Keep the test's database connection across requests, as Django's own test client does.

    The WSGI handler closes "old" connections at the start and end of each
    request; inside a test's transaction that would throw the transaction away.
    """
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    try:
        yield
    finally:
        signals.request_started.connect(close_old_connections)
        signals.request_finished.connect(close_old_connections)


@pytest.fixture(scope="module", autouse=True)
def _report_figures() -> Iterator[None]:
    yield
    if requests_sent:
        figures = ", ".join(f"{label}: {count}" for label, count in sorted(requests_sent.items()))
        print(f"\nfuzz requests per operation (max_examples={MAX_EXAMPLES}): {figures}")


@pytest.mark.django_db
@pytest.mark.usefixtures("_keep_the_test_transaction")
@schema.parametrize()
@FUZZ_SETTINGS
def test_every_answer_conforms_to_the_schema(case: OpenApiCase) -> None:
    requests_sent[case.operation.label] += 1
    validated(case)


def test_the_schema_covers_every_endpoint() -> None:
    """A new endpoint left out of the schema would escape the fuzzing above."""
    labels = set()
    for result in schema.get_all_operations():
        assert isinstance(result, Ok), result.err()
        labels.add(result.ok().label)
    assert labels >= {
        "GET /api/",
        "GET /api/layouts/",
        "POST /api/deals/",
        "GET /api/deals/{code}/",
        "POST /api/deals/{code}/shuffle/",
        "POST /api/solve/",
        "POST /api/scores/",
        "GET /api/scores/{id}/",
        "GET /api/leaderboards/",
    }


# -- what the schema does not describe: its own endpoints and paths that are no endpoint -------------

QUERY_TEXT = st.text(st.characters(codec="utf-8"), max_size=40)


ACCEPT = st.sampled_from(["*/*", "application/json", "application/xml", "text/html", "image/png", ""])


@pytest.mark.django_db
@given(params=st.dictionaries(QUERY_TEXT, QUERY_TEXT, max_size=4), accept=ACCEPT)
@settings(FUZZ_SETTINGS, max_examples=max(10, MAX_EXAMPLES // 3))  # each builds the whole schema twice
def test_endpoints_without_parameters_take_any_query(
    client: Client, params: dict[str, str], accept: str
) -> None:
    """The schema has nothing to vary for these, so the queries and Accept headers are ours."""
    headers = {"accept": accept} if accept else {}
    for path in ("/api/", "/api/layouts/", "/api/schema/"):
        response = client.get(path, params, headers=headers)
        requests_sent[f"GET {path} (any query)"] += 1
        # 404: an unknown ?format=; 406: an Accept header naming nothing we serve.
        assert response.status_code in (200, 404, 406), (path, params, accept)
        if response.status_code != 200:
            assert response["Content-Type"] == "application/json"
            assert response.json().keys() == {"error", "code"}
    # The docs are a page for people: a bad ?format= gets the site's not-found page.
    docs = client.get("/api/docs/", params, headers=headers)
    requests_sent["GET /api/docs/ (any query)"] += 1
    assert docs.status_code in (200, 404, 406), (params, accept)


@pytest.mark.django_db
@given(
    method=st.sampled_from(["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]),
    tail=st.text(st.characters(codec="utf-8", exclude_characters="?#"), max_size=60),
)
@FUZZ_SETTINGS
def test_any_path_under_api_is_answered_in_json(client: Client, method: str, tail: str) -> None:
    response: Any = client.generic(method, "/api/" + tail, b"{}", content_type="application/json")
    requests_sent["any /api/..."] += 1
    assert response.status_code < 500, tail
    if method != "HEAD" and response.status_code >= 300:
        assert response["Content-Type"].startswith("application/json"), (tail, response.status_code)
        assert response.json().keys() == {"error", "code"}


# -- past the validation: real boards for the solver and the shuffle ---------------------------------------
# Generated bodies almost never hold a board that passes check_tiles, so these
# build one from a deal and a part of its plan, and validate the answers the same way.


@st.composite
def boards_in_play(draw: st.DrawFn) -> tuple[str, list[JsonValue]]:
    """A game code and its tiles (None where taken) after some moves of its plan, as JSON."""
    layout_id = draw(st.sampled_from(sorted(all_layouts())))
    seed = draw(st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZ", min_size=7, max_size=7))
    dealt = deal(f"MJ1-{layout_id}-{seed}")
    tiles: list[JsonValue] = list(dealt.tiles)
    for a, b in dealt.plan[: draw(st.integers(min_value=0, max_value=len(dealt.plan)))]:
        tiles[a] = tiles[b] = None
    return str(dealt.code), tiles


@pytest.mark.django_db
@pytest.mark.usefixtures("_keep_the_test_transaction")
@given(board=boards_in_play(), shuffle=st.integers(min_value=0, max_value=10_000))
@settings(FUZZ_SETTINGS, max_examples=max(10, MAX_EXAMPLES // 3))
def test_real_boards_are_solved_and_shuffled_as_documented(
    board: tuple[str, list[JsonValue]], shuffle: int
) -> None:
    code, tiles = board
    solve = schema["/api/solve/"]["POST"].Case(body={"layout": code.split("-")[1], "tiles": tiles})
    assert validated(solve).status_code == 200
    requests_sent["POST /api/solve/ (real boards)"] += 1
    shuffled = schema["/api/deals/{code}/shuffle/"]["POST"].Case(
        path_parameters={"code": code}, body={"level": 1, "shuffle": shuffle, "tiles": tiles}
    )
    assert validated(shuffled).status_code == 200
    requests_sent["POST /api/deals/{code}/shuffle/ (real boards)"] += 1


# -- what the fuzzing found, kept as examples --------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("path", "message"),
    [
        ("/api/deals/MJ1-L00-ABCDEFG/?mode=", "mode: must not be empty (leave the parameter out instead)"),
        ("/api/deals/MJ1-L00-ABCDEFG/?level=", "level: must not be empty"),
        ("/api/leaderboards/?layout=L00&period=", "period: must not be empty"),
        ("/api/leaderboards/?daily=&layout=L00", "daily: must not be empty"),
    ],
)
def test_an_empty_query_parameter_is_refused_not_taken_for_the_default(
    client: Client, path: str, message: str
) -> None:
    response = client.get(path)
    assert response.status_code == 400
    assert response.json()["error"].startswith(message)


@pytest.mark.django_db
def test_a_path_with_an_encoded_newline_is_still_a_json_404(client: Client) -> None:
    response = client.get("/api/scores/1%0A/")
    assert response.status_code == 404
    assert response.json()["error"].startswith("there is no API endpoint at /api/scores/1\n/")


@pytest.mark.django_db
def test_a_schema_error_is_json_not_yaml(client: Client) -> None:
    response = client.get("/api/schema/?format=xml")
    assert (response.status_code, response["Content-Type"]) == (404, "application/json")
    assert response.json() == {
        "error": "format: there is no format 'xml' here (leave ?format= out)",
        "code": "not_found",
    }


@pytest.mark.django_db
@pytest.mark.parametrize(
    "path", ["/api/deals/", "/api/solve/", "/api/scores/", "/api/deals/MJ1-L00-ABCDEFG/shuffle/"]
)
def test_a_body_of_null_is_refused_naming_the_body(client: Client, path: str) -> None:
    response = client.post(path, "null", content_type="application/json")
    assert response.status_code == 400
    assert response.json() == {"error": "body: must be a JSON object, not null", "code": "invalid"}
