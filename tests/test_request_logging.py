"""The request log: one line per request, with the client address as our proxies saw it, and
nothing a client sends can break a line or forge another."""

from __future__ import annotations

import logging
import re
import uuid
from collections.abc import Callable

import pytest
from django.test import Client
from pytest_django import Settings

RequestLines = Callable[[], list[dict[str, str]]]
"""The ``request_lines`` fixture: reads the request log's lines so far."""

LINE = re.compile(r"^(?P<method>[A-Z]+) (?P<path>\S+) (?P<status>\d{3}) (?P<ms>\d+\.\d)ms (?P<ip>\S+)$")


@pytest.fixture
def request_lines(caplog: pytest.LogCaptureFixture) -> RequestLines:
    """The request log's lines, read as dicts."""
    caplog.set_level(logging.INFO, logger="miaojong.requests")

    def lines() -> list[dict[str, str]]:
        found = []
        for record in caplog.records:
            if record.name == "miaojong.requests":
                match = LINE.match(record.getMessage())
                assert match, record.getMessage()
                found.append(match.groupdict())
        return found

    return lines


def with_proxies(settings: Settings, count: int, trusted: tuple[str, ...] = ("10.0.0.0/8",)) -> None:
    """``count`` proxies of ours in front, connecting from the ``trusted`` networks."""
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "NUM_PROXIES": count}
    settings.TRUSTED_PROXIES = list(trusted)


@pytest.mark.django_db
def test_each_request_makes_one_line_with_method_path_status_duration_and_address(
    client: Client, request_lines: RequestLines
) -> None:
    client.get("/api/layouts/", REMOTE_ADDR="198.51.100.7")
    client.post(
        "/api/deals/", {"layout": "nope"}, content_type="application/json", REMOTE_ADDR="198.51.100.7"
    )
    client.get("/en/no-such-page/", REMOTE_ADDR="198.51.100.7")
    lines = request_lines()
    assert [(line["method"], line["path"], line["status"], line["ip"]) for line in lines] == [
        ("GET", "/api/layouts/", "200", "198.51.100.7"),
        ("POST", "/api/deals/", "400", "198.51.100.7"),
        ("GET", "/en/no-such-page/", "404", "198.51.100.7"),
    ]
    assert all(float(line["ms"]) >= 0 for line in lines)


@pytest.mark.django_db
def test_the_query_string_is_left_out(client: Client, request_lines: RequestLines) -> None:
    client.get("/api/leaderboards/?layout=L00&mode=classic&secret=x")
    assert request_lines()[0]["path"] == "/api/leaderboards/"


@pytest.mark.django_db
def test_without_proxies_a_forwarded_for_header_is_ignored(
    client: Client, settings: Settings, request_lines: RequestLines
) -> None:
    with_proxies(settings, 0)
    client.get("/healthz", REMOTE_ADDR="198.51.100.7", HTTP_X_FORWARDED_FOR="203.0.113.66")
    assert request_lines()[0]["ip"] == "198.51.100.7"


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("proxies", "forwarded_for", "client_ip"),
    [
        # Our one proxy appended the address it saw; the client wrote the rest.
        (1, "203.0.113.66, 192.0.2.10", "192.0.2.10"),
        (1, "192.0.2.10", "192.0.2.10"),
        # Two proxies: the CDN appended the client, our balancer appended the CDN.
        (2, "203.0.113.66, 192.0.2.10, 10.0.0.5", "192.0.2.10"),
        (2, "1.1.1.1, 2.2.2.2, 3.3.3.3, 192.0.2.10, 10.0.0.5", "192.0.2.10"),
        # Fewer hops than proxies (a request from inside): the leftmost there is.
        (2, "10.0.0.5", "10.0.0.5"),
    ],
)
def test_behind_proxies_the_address_comes_from_the_trusted_end_of_the_header(
    client: Client,
    settings: Settings,
    request_lines: RequestLines,
    proxies: int,
    forwarded_for: str,
    client_ip: str,
) -> None:
    with_proxies(settings, proxies)
    client.get("/healthz", REMOTE_ADDR="10.0.0.1", HTTP_X_FORWARDED_FOR=forwarded_for)
    assert request_lines()[0]["ip"] == client_ip


@pytest.mark.django_db
def test_a_spoofed_header_cannot_escape_the_rate_limit(client: Client, settings: Settings) -> None:
    """The log and the throttles agree: changing the spoofed part gets no new allowance."""
    with_proxies(settings, 1)
    # Counts of this test's own (the in-process cache outlives a test).
    settings.CACHES = {
        name: {**config, "KEY_PREFIX": f"spoof-{uuid.uuid4().hex}"}
        for name, config in settings.CACHES.items()
    }
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "reads": "2/min"},
    }
    statuses = [
        client.get(
            "/api/layouts/", REMOTE_ADDR="10.0.0.1", HTTP_X_FORWARDED_FOR=f"203.0.113.{n}, 192.0.2.10"
        ).status_code
        for n in range(3)
    ]
    assert statuses == [200, 200, 429]


@pytest.mark.django_db
def test_a_client_reaching_the_server_directly_is_logged_by_its_own_address(
    client: Client, settings: Settings, request_lines: RequestLines
) -> None:
    """Behind a proxy, the header is believed only on the proxy's own connections."""
    with_proxies(settings, 1, trusted=("10.0.0.1",))
    client.get("/healthz", REMOTE_ADDR="198.51.100.7", HTTP_X_FORWARDED_FOR="203.0.113.66")
    client.get("/healthz", REMOTE_ADDR="10.0.0.1", HTTP_X_FORWARDED_FOR="203.0.113.66")
    assert [line["ip"] for line in request_lines()] == ["198.51.100.7", "203.0.113.66"]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("path", "logged"),
    [
        # %0a would end the line and start a forged one in the client's words.
        (
            "/en/x%0aINFO%20miaojong.requests:%20GET%20/admin/%20200",
            "/en/x\\x0aINFO\\x20miaojong.requests:\\x20GET\\x20/admin/\\x20200",
        ),
        ("/en/a%0d%0ab", "/en/a\\x0d\\x0ab"),
        ("/en/tab%09here", "/en/tab\\x09here"),
        # A space would shift the fields after the path; a backslash is doubled, so escapes stay unambiguous.
        ("/en/two%20words", "/en/two\\x20words"),
        ("/en/back%5Cx0a", "/en/back\\\\x0a"),
        # Unicode's own line breaks and direction overrides too.
        ("/en/%E2%80%A8%E2%80%AE", "/en/\\u2028\\u202e"),
        # Letters of any script stay readable.
        ("/ru/%D0%BF%D1%80%D0%B0%D0%B2%D0%B8%D0%BB%D0%B0/", "/ru/правила/"),
    ],
)
def test_control_characters_in_the_path_are_escaped_so_a_line_stays_one_line(
    client: Client, request_lines: RequestLines, caplog: pytest.LogCaptureFixture, path: str, logged: str
) -> None:
    client.get(path, REMOTE_ADDR="198.51.100.7")
    messages = [record.getMessage() for record in caplog.records if record.name == "miaojong.requests"]
    assert len(messages) == 1
    assert "\n" not in messages[0] and "\r" not in messages[0]
    (line,) = request_lines()  # still the five fields, in order
    assert line["path"] == logged
    assert (line["method"], line["ip"]) == ("GET", "198.51.100.7")


@pytest.mark.django_db
def test_control_characters_in_a_forwarded_address_are_escaped_too(
    client: Client, settings: Settings, request_lines: RequestLines
) -> None:
    with_proxies(settings, 1)
    client.get("/healthz", REMOTE_ADDR="10.0.0.1", HTTP_X_FORWARDED_FOR="1.2.3.4\tforged")
    assert request_lines()[0]["ip"] == "1.2.3.4\\x09forged"


def test_nothing_is_logged_when_the_logger_is_off(client: Client, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING, logger="miaojong.requests")
    client.get("/api/layouts/")
    assert not [record for record in caplog.records if record.name == "miaojong.requests"]
