"""One error shape everywhere under /api/: {"error": "...", "code": "..."}, whatever went wrong and
whoever noticed; the code is stable, so clients can show their own translated text for it."""

from __future__ import annotations

import io
import json
import wsgiref.util
from typing import Any

import pytest
from channels.testing import HttpCommunicator
from django.test import Client

from game.core.api.errors import CODES, ApiError
from game.mahjong.api import views
from site_core.asgi import application as asgi_application
from site_core.wsgi import application as wsgi_application
from tests import failing_jobs
from tests.sockets import run

from .conftest import GENEROUS_RATES, deal_long_ago, play, post

pytestmark = pytest.mark.django_db


STATUS_CODES = {
    400: "invalid",
    404: "not_found",
    405: "method_not_allowed",
    411: "length_required",
    413: "too_large",
    415: "unsupported_media_type",
    429: "throttled",
    500: "internal_error",
    503: "busy",
}


def error_of(response: Any, status: int, code: str | None = None) -> str:
    """The message of an error answer, after checking its status, shape and code
    (by default the one every error of that status has)."""
    assert response.status_code == status, response.content
    assert response["Content-Type"].startswith("application/json")
    body = response.json()
    assert set(body) == {"error", "code"}
    assert body["code"] == (code or STATUS_CODES[status]), body
    assert body["code"] in CODES
    message: str = body["error"]
    return message


def limit(settings: Any, **rates: str) -> None:
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {**GENEROUS_RATES, **rates},
    }


@pytest.mark.parametrize("path", ["/api/nothing/", "/api/deals/MJ1-L00-ABCDEFG/nothing/", "/api/scores/x/"])
def test_a_path_under_api_that_is_no_endpoint_is_a_json_404(client: Client, path: str) -> None:
    message = error_of(client.get(path), 404)
    assert message == f"there is no API endpoint at {path} (see /api/docs/)"


def test_a_missing_slash_gets_a_hint(client: Client) -> None:
    message = error_of(client.get("/api/layouts"), 404)
    assert (
        message == "there is no API endpoint at /api/layouts; did you mean /api/layouts/ ? (see /api/docs/)"
    )


def test_a_post_to_no_endpoint_is_a_json_404_too(client: Client) -> None:
    error_of(post(client, "/api/score/", {}), 404)


def test_the_api_root_lists_the_endpoints(client: Client) -> None:
    response = client.get("/api/")
    assert response.status_code == 200
    assert response.json()["endpoints"]["scores"] == "/api/scores/"


def test_a_wrong_method_is_a_json_405(client: Client) -> None:
    assert error_of(client.get("/api/scores/"), 405) == "method GET is not allowed here; use POST"
    assert (
        error_of(client.delete("/api/scores/1/"), 405) == "method DELETE is not allowed here; use GET, HEAD"
    )


def test_a_body_that_is_not_json_is_a_json_400(client: Client) -> None:
    response = client.post("/api/solve/", b"\xff\xfe", content_type="application/json")
    assert error_of(response, 400, "malformed_json").startswith("body: JSON parse error")


def test_an_unsupported_media_type_is_a_json_415(client: Client) -> None:
    response = client.post("/api/deals/", "<deal/>", content_type="application/xml")
    assert error_of(response, 415).startswith("body: unsupported media type 'application/xml'")


def test_any_body_over_64_kb_is_a_json_413(client: Client) -> None:
    body = {"layout": "L00", "tiles": ["5B"] * 20_000}
    assert error_of(post(client, "/api/solve/", body), 413).startswith("body: the request has")


def test_a_body_of_exactly_64_kb_is_read(client: Client) -> None:
    padding = 64 * 1024 - len('{"layout": "L00", "mode": "classic", "x": ""}')
    body = f'{{"layout": "L00", "mode": "classic", "x": "{"p" * padding}"}}'
    assert len(body.encode()) == 64 * 1024
    response = client.post("/api/deals/", body, content_type="application/json")
    assert error_of(response, 400).startswith("body: unexpected field 'x'")


def test_too_many_requests_are_a_json_429_with_retry_after(client: Client, settings: Any) -> None:
    limit(settings, deals="2/min")
    for _ in range(2):
        assert post(client, "/api/deals/", {"layout": "L00"}).status_code == 201
    response = post(client, "/api/deals/", {"layout": "L00"})
    message = error_of(response, 429)
    assert message.startswith("too many requests from your address: try again in ")
    assert 1 <= int(response["Retry-After"]) <= 60


def test_each_scope_has_its_own_count(client: Client, settings: Any) -> None:
    limit(settings, deals="1/min", reads="1/min")
    assert post(client, "/api/deals/", {"layout": "L00"}).status_code == 201
    assert client.get("/api/layouts/").status_code == 200
    assert post(client, "/api/deals/", {"layout": "L00"}).status_code == 429
    assert client.get("/api/layouts/").status_code == 429


def test_score_submissions_are_limited_per_address(
    client: Client, settings: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    limit(settings, scores="1/min")
    first = deal_long_ago(client, monkeypatch, layout="L00", mode="arcade")
    second = deal_long_ago(client, monkeypatch, layout="L00", mode="arcade")
    log = play(first["plan"][:1])
    assert post(client, "/api/scores/", {"token": first["token"], "name": "A", "log": log}).status_code == 201
    response = post(client, "/api/scores/", {"token": second["token"], "name": "A", "log": log})
    error_of(response, 429)
    other = Client(REMOTE_ADDR="203.0.113.7")  # another player has a count of their own
    log = play(second["plan"][:1])
    assert post(other, "/api/scores/", {"token": second["token"], "name": "B", "log": log}).status_code == 201


def test_a_forged_forwarded_for_header_does_not_escape_the_limit(client: Client, settings: Any) -> None:
    limit(settings, deals="1/min")
    assert post(client, "/api/deals/", {"layout": "L00"}).status_code == 201
    spoofed = client.post(
        "/api/deals/", {"layout": "L00"}, content_type="application/json", HTTP_X_FORWARDED_FOR="198.51.100.9"
    )
    assert spoofed.status_code == 429


def test_an_unexpected_failure_is_a_json_500(
    client: Client, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(views, "solve_board", failing_jobs.raise_a_bug)
    response = post(client, "/api/solve/", {"layout": "L00", "tiles": [None] * 144})
    assert error_of(response, 500) == "internal server error"
    assert "unhandled error in the API" in caplog.text


def test_json_nested_thousands_deep_is_a_json_400(client: Client) -> None:
    response = client.post("/api/solve/", "[" * 20_000 + "]" * 20_000, content_type="application/json")
    message = error_of(response, 400, "malformed_json")
    assert message == "body: JSON parse error - nested too deeply (send one JSON object)"


def test_an_engine_refusal_that_slipped_past_validation_is_a_json_400(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(views, "solve_board", failing_jobs.refuse_as_the_engine)
    response = post(client, "/api/solve/", {"layout": "L00", "tiles": [None] * 144})
    assert error_of(response, 400) == "the engine says no"


def test_an_unknown_code_is_a_bug_caught_where_the_error_is_made() -> None:
    with pytest.raises(ValueError, match="unknown API error code"):
        ApiError("a message", code="no_such_code")


def test_a_bad_content_length_has_its_own_code(client: Client) -> None:
    response = client.post("/api/solve/", "{}", content_type="application/json", CONTENT_LENGTH="many")
    assert error_of(response, 400, "bad_content_length") == "body: the Content-Length header is not a number"


# -- what Django itself refuses, in the API's shape -----------------------------------------------


def many_parameters(count: int) -> str:
    return "&".join(f"p{n}=1" for n in range(count))


def test_more_than_a_thousand_query_parameters_are_a_json_400_not_a_500(
    client: Client, caplog: pytest.LogCaptureFixture
) -> None:
    response = client.get(f"/api/layouts/?{many_parameters(1001)}")
    assert error_of(response, 400, "too_many_fields") == "query: more than 1000 parameters; send fewer"
    assert "unhandled error in the API" not in caplog.text


def test_a_thousand_query_parameters_are_still_read(client: Client) -> None:
    assert client.get(f"/api/layouts/?{many_parameters(1000)}").status_code == 200


# -- a body without its length --------------------------------------------------------------------

SOLVE_BODY = json.dumps({"layout": "L00", "tiles": [None] * 144}).encode()
LENGTH_REQUIRED = "body: it was sent in chunks, without a Content-Length header; send it with its length"


def test_a_chunked_body_without_content_length_is_a_json_411_under_asgi() -> None:
    """Django and DRF would read a body without Content-Length as no body at all, and answer
    as if nothing had been sent; the API says what is missing instead."""
    headers = [
        (b"host", b"127.0.0.1"),
        (b"content-type", b"application/json"),
        (b"transfer-encoding", b"chunked"),
    ]
    request = HttpCommunicator(asgi_application, "POST", "/api/solve/", body=SOLVE_BODY, headers=headers)
    response = run(request.get_response(timeout=10))
    assert response["status"] == 411
    assert json.loads(response["body"]) == {"error": LENGTH_REQUIRED, "code": "length_required"}


def test_a_chunked_body_without_content_length_is_a_json_411_under_wsgi() -> None:
    environ: dict[str, Any] = {
        "REQUEST_METHOD": "POST",
        "PATH_INFO": "/api/solve/",
        "CONTENT_TYPE": "application/json",
        "HTTP_TRANSFER_ENCODING": "chunked",
        "wsgi.input": io.BytesIO(SOLVE_BODY),
    }
    wsgiref.util.setup_testing_defaults(environ)
    assert "CONTENT_LENGTH" not in environ
    answer: list[str] = []

    def start_response(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
        answer.append(status)
        return lambda data: None

    body = b"".join(wsgi_application(environ, start_response))
    assert answer == ["411 Length Required"]
    assert json.loads(body) == {"error": LENGTH_REQUIRED, "code": "length_required"}


def test_the_same_body_with_its_length_is_read(client: Client) -> None:
    response = client.post("/api/solve/", SOLVE_BODY, content_type="application/json")
    assert response.json() == {"winnable": True, "plan": []}
