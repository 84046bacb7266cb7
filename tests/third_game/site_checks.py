"""The site with a third game installed (tests/third_game/settings.py), checked as a whole.

Run by tests/test_third_game.py in a process of its own; not collected by the main run (the
name does not start with ``test_``).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.core.cache import cache
from django.core.management import call_command
from django.test import Client

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_counts() -> None:
    cache.clear()


def post(client: Client, path: str, body: Any) -> Any:
    return client.post(path, json.dumps(body), content_type="application/json")


def test_the_system_checks_pass() -> None:
    call_command("check", fail_level="WARNING")


def test_the_import_contracts_hold_the_new_engine_pure_and_the_new_game_apart(
    capsys: pytest.CaptureFixture[str],
) -> None:
    call_command("lint_imports", "--show")
    contracts = capsys.readouterr().out
    pure = contracts.split("[importlinter:contract:engines-are-pure]")[1].split("[")[0]
    apart = contracts.split("[importlinter:contract:games-are-independent]")[1].split("[")[0]
    assert "triplets.engine" in pure
    assert "triplets" in apart and "game.mahjong" in apart
    call_command("lint_imports")
    assert "0 broken" in capsys.readouterr().out


def test_the_page_is_served_and_the_home_page_shows_the_card_and_its_stylesheet(client: Client) -> None:
    page = client.get("/en/triplets/")
    assert page.status_code == 200
    assert "Lay three tiles of one number, all red or all blue." in page.content.decode()
    home = client.get("/en/").content.decode()
    assert 'class="card game-card game-card--triplets"' in home
    assert "Three tiles of one number and one colour make a triplet." in home
    assert 'href="/en/triplets/">Play</a>' in home
    assert "/static/triplets/card.css" in home
    assert client.get("/static/triplets/card.css").status_code == 200


def test_the_navigation_names_the_game_on_every_page(client: Client) -> None:
    for path in ("/en/", "/en/triplets/", "/en/mahjong/play/"):
        assert '<a href="/en/triplets/"' in client.get(path).content.decode(), path


def test_the_sitemap_lists_the_page_in_each_language(client: Client) -> None:
    sitemap = client.get("/sitemap.xml").content.decode()
    for language in ("en", "it", "pl", "ru", "fr"):
        assert f"/{language}/triplets/</loc>" in sitemap


def test_the_api_answers_and_refuses_in_the_one_error_shape(client: Client) -> None:
    answer = post(client, "/api/triplets/check/", {"colour": "red", "numbers": [7, 7, 7]})
    assert answer.status_code == 200 and answer.json() == {"colour": "red", "points": 21}
    refused = post(client, "/api/triplets/check/", {"colour": "red", "numbers": [7, 7, 8]})
    assert refused.status_code == 422
    assert refused.json() == {"error": "numbers: three of one number make a triplet", "code": "not_a_triplet"}
    invalid = post(client, "/api/triplets/check/", {"colour": "green", "numbers": [7, 7, 7]})
    assert invalid.status_code == 400 and invalid.json()["code"] == "invalid"
    assert invalid.json()["error"].startswith("colour: ")


def test_the_game_s_own_rate_limit_scope_holds(client: Client) -> None:
    body = {"colour": "blue", "numbers": [1, 1, 1]}
    assert [post(client, "/api/triplets/check/", body).status_code for _ in range(3)] == [200] * 3
    throttled = post(client, "/api/triplets/check/", body)
    assert throttled.status_code == 429 and throttled.json()["code"] == "throttled"
    assert "Retry-After" in throttled.headers


def test_the_api_root_and_the_schema_describe_the_endpoint(client: Client) -> None:
    endpoints = client.get("/api/").json()["endpoints"]
    assert endpoints["triplets_check"] == "/api/triplets/check/"
    schema = client.get("/api/schema/?format=json").json()
    assert "/api/triplets/check/" in schema["paths"]
    assert "TripletColourEnum" in schema["components"]["schemas"]
    assert "- Triplets (its paths under /api/triplets/)" in schema["info"]["description"]


def test_the_game_s_own_pages_are_loaded_and_its_card_links_its_rules(client: Client) -> None:
    call_command("load_sample_content", verbosity=0)
    for language, slug in (("en", "triplets-rules"), ("it", "regole-triplets"), ("ru", "pravila-triplets")):
        assert client.get(f"/{language}/{slug}/").status_code == 200, language
    page = client.get("/en/triplets-rules/").content.decode()
    assert "worth the sum of its tiles" in page
    home = client.get("/en/").content.decode()
    card = home.split('game-card--triplets"')[1].split("</li>")[0]
    assert 'href="/en/triplets-rules/">Read the rules</a>' in card
    assert "/fr/regles-triplets/</loc>" in client.get("/sitemap.xml").content.decode()
