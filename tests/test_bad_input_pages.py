"""Visitor pages under bad input: unknown languages, slugs and game codes, absurd query strings.

People (and robots) type, truncate and mangle addresses.  Whatever they send,
a page answers with itself, a redirect, or a friendly 404 or 400 page in the
visitor's language: never a 500.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client

from game.mahjong import tokens
from game.mahjong.api import submissions
from game.mahjong.engine import deal
from tests.paths import moved

LANGUAGES = ["en", "it", "pl", "ru", "fr"]
NOT_FOUND = {
    "en": "Page not found",
    "it": "Pagina non trovata",
    "pl": "Nie znaleziono strony",
    "ru": "Страница не найдена",
    "fr": "Page introuvable",
}
BAD_REQUEST = {
    "en": "Bad request",
}

# Every page a visitor may land on, without its language prefix ({pk}: a stored score),
# the game's pages written as their English addresses before the game had a prefix (see moved()).
VISITOR_PAGES = [
    "",
    "about/",
    "tiles/",
    "play/",
    "play/MJ1-L00-ABCDEFG/",
    "scores/",
    "scores/daily/",
    "scores/{pk}/",
]

ABSURD_QUERIES = {
    "huge value": "mode=" + "x" * 100_000,
    "huge number": "page=" + "9" * 5_000 + "&level=" + "9" * 5_000 + "&limit=-" + "9" * 300,
    "repeated parameters": "mode=classic&mode=arcade&mode=&layout=L00&layout=L99&layout=",
    "NUL bytes": "mode=%00&layout=L00%00&daily=%00&period=%00&code=%00",
    "invalid percent-encoding": "mode=%ZZ&layout=%&period=%E2%82&%=%%",
    "invalid UTF-8": "mode=%FF%FE&%C3%28=%A0%A1",
    "unknown values": "mode=zen&layout=L99&period=forever&daily=classic&style=neon&level=0",
    "impossible dates": "daily=2026-13-45&date=99999-01-01&day=0000-00-00&since=-1",
    "preview without an account": "preview=1",
    "markup": "mode=<script>alert(1)</script>&layout=%22%3E%3Cimg%20src=x%3E",
    "empty names and values": "=&&=x&mode",
}


@pytest.fixture
def score_id(db: None) -> int:
    """A stored, replayable entry (a whole Turtle game), so the replay page has something to show.

    Played at an uneven pace: an even one is a program's, held for review and not shown.
    """
    code = "MJ1-L00-ABCDEFG"
    plan = deal(code).plan
    token = tokens.issue(code, "classic", now=tokens.clock() - 3600)
    log = [
        {"t": 1000 * (k + 1) + 300 * (k % 3), "type": "match", "a": a, "b": b}
        for k, (a, b) in enumerate(plan)
    ]
    verified = submissions.verify(token, "Anna", log, now_ms=int(tokens.clock() * 1000))
    return submissions.store(verified).pk


def assert_friendly(response: Any, status: int, language: str) -> str:
    """The site's own error page, in ``language``; returns its HTML."""
    assert response.status_code == status, (response.status_code, response.content[:300])
    html: str = response.content.decode()
    assert f'<html lang="{language}"' in html
    titles = NOT_FOUND if status == 404 else BAD_REQUEST
    if language in titles:
        assert f"<h1>{titles[language]}</h1>" in html
    assert '<meta name="robots" content="noindex">' in html
    return html


# -- unknown languages ------------------------------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize(
    "path", ["/xx/", "/de/play/", "/zz/tiles/", "/en-gb/", "/EN/", "/e/", "/english/scores/"]
)
def test_an_unknown_language_prefix_is_a_friendly_404(client: Client, path: str) -> None:
    assert_friendly(client.get(path, follow=True), 404, "en")


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_404_of_an_unknown_prefix_speaks_the_visitors_language(client: Client, language: str) -> None:
    response = client.get("/de/play/", headers={"accept-language": language}, follow=True)
    assert_friendly(response, 404, language)


# -- unknown slugs and codes ------------------------------------------------------------------------------

UNKNOWN_ADDRESSES = [
    "no-such-page/",
    "about/extra/",
    "s" * 5_000 + "/",
    "%C3%BCnicode-%E2%9C%93/",
    "%00/",
    "%FF%FE/",
    "play/NOT-A-CODE/",
    "play/MJ1-L99-AAAAAAA/",
    "play/MJ2-L00-ABCDEFG/",
    "play/mj1-l00-abcdefg/",
    "play/MJ1-L00-ABCDEF/",
    "play/MJ1-L00-ABCDEFGH/",
    "play/MJ1-L00-ABCDEF1/",
    "play/" + "MJ1-L00-" + "A" * 10_000 + "/",
    "play/%D0%9CJ1-L00-ABCDEFG/",  # with a Cyrillic capital EM for the M
    "play/MJ1-L00-ABCDEFG%00/",
    "play/MJ1-L00-ABCDEFG/extra/",
    "tiles/nothing/",
    "scores/0/",
    "scores/999999999/",
    "scores/" + "9" * 30 + "/",
    "scores/-1/",
    "scores/abc/",
    "scores/daily/nothing/",
]


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("address", UNKNOWN_ADDRESSES, ids=lambda a: a[:40])
def test_an_unknown_address_is_a_friendly_404_in_the_language_of_its_prefix(
    client: Client, language: str, address: str
) -> None:
    assert_friendly(client.get(f"/{language}/{moved(language, address)}"), 404, language)


# -- absurd query strings ---------------------------------------------------------------------------------


@pytest.mark.parametrize("visitor_page", VISITOR_PAGES)
@pytest.mark.parametrize("query", ABSURD_QUERIES.values(), ids=ABSURD_QUERIES.keys())
def test_an_absurd_query_string_never_breaks_a_page(
    client: Client, sample_pages: None, score_id: int, visitor_page: str, query: str
) -> None:
    language = "pl"
    response = client.get(f"/{language}/{moved(language, visitor_page.format(pk=score_id))}?{query}")
    assert response.status_code in (200, 301, 302, 400, 404), response.status_code
    if response.status_code in (400, 404):
        assert_friendly(response, response.status_code, language)
    elif response.status_code == 200:
        assert f'<html lang="{language}"' in response.content.decode()


@pytest.mark.parametrize("visitor_page", VISITOR_PAGES)
def test_thousands_of_parameters_are_ignored_or_a_friendly_400(
    client: Client, sample_pages: None, score_id: int, visitor_page: str
) -> None:
    """Django refuses to parse more than 1,000 parameters: a page that reads them answers 400."""
    query = "&".join(f"p{k}=1" for k in range(2_000))
    response = client.get(f"/fr/{moved('fr', visitor_page.format(pk=score_id))}?{query}")
    if response.status_code != 200:
        assert_friendly(response, 400, "fr")


# -- the API under bad paths ------------------------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize(
    "path",
    [
        "/api/deals/NOT-A-CODE/",
        "/api/deals/MJ1-L99-AAAAAAA/",
        "/api/deals/" + "A" * 10_000 + "/",
        "/api/deals/MJ1-L00-ABCDEFG%00/",
        "/api/deals/%FF%FE/",
        "/api/scores/99999999999999999999999/",
        "/api/scores/-1/",
        "/api/en/",
        "/api/%0A/",
        "/api/deals/MJ1-L00-ABCDEFG/shuffle/extra/",
    ],
    ids=lambda p: p[:40],
)
def test_a_bad_api_path_is_a_json_404(client: Client, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert set(response.json()) == {"error", "code"}


@pytest.mark.django_db
def test_an_api_code_that_is_no_game_code_says_why(client: Client) -> None:
    message = client.get("/api/deals/MJ1-L99-AAAAAAA/").json()["error"]
    assert re.search(r"code: .*L99", message), message


# -- an unknown Host --------------------------------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("path", "language"), [("/en/", "en"), ("/fr/about/", "fr"), ("/api/layouts/", "en"), ("/healthz", "en")]
)
def test_an_unknown_host_is_a_friendly_400(client: Client, settings: Any, path: str, language: str) -> None:
    """The 400 page must not build absolute addresses from the host it refuses (that raised
    again: a 500 for every such request). Its one log line: tests/test_served_app.py."""
    settings.DEBUG = False
    client.raise_request_exception = False
    response = client.get(path, headers={"host": "evil.example:9999"})
    html = assert_friendly(response, 400, language)
    assert "evil.example" not in html
    assert 'hreflang="fr" href="/fr/"' in html
