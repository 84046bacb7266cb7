"""The Tile Rummy pages: against the computer and pass and play, in every language."""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client

from tests.paths import rummy_path

LANGUAGES = ["en", "it", "pl", "ru", "fr"]

pytestmark = pytest.mark.django_db


def config(html: str) -> dict[str, object]:
    found = re.search(r'<script id="rummy-config" type="application/json">(.*?)</script>', html, re.S)
    assert found, "the page carries its client's config"
    loaded: dict[str, object] = json.loads(found.group(1))
    return loaded


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("page", "mode"), [("play", "computer"), ("local", "local")])
def test_each_page_answers_at_its_translated_address_with_its_mode(
    client: Client, language: str, page: str, mode: str
) -> None:
    response = client.get(rummy_path(language, page))
    assert response.status_code == 200
    html = response.content.decode()
    assert f'<html lang="{language}"' in html
    settings = config(html)
    assert settings["mode"] == mode and settings["language"] == language
    assert settings["matchesUrl"] == "/api/rummy/matches/"
    other = "local" if page == "play" else "play"
    assert settings["otherModeUrl"] == rummy_path(language, other)
    for code in LANGUAGES:
        assert f'hreflang="{code}" href="http://testserver{rummy_path(code, page)}"' in html


def test_the_levels_are_offered_in_order_with_translated_names(client: Client) -> None:
    levels = config(client.get(rummy_path("it", "play")).content.decode())["levels"]
    assert isinstance(levels, list)
    assert [level["key"] for level in levels] == ["easy", "medium", "hard"]
    assert [level["name"] for level in levels] == ["Facile", "Medio", "Difficile"]


def test_the_games_prefix_leads_to_the_game_against_the_computer(client: Client) -> None:
    response = client.get("/fr/rummy/")
    assert response.status_code == 302 and response["Location"] == rummy_path("fr", "play")


def test_no_rack_is_ever_in_the_page_itself(client: Client) -> None:
    # The page holds no game: the client fetches its own seat's view from the API.
    html = client.get(rummy_path("en", "play")).content.decode()
    assert "rack" not in json.dumps(config(html)) and "credential" not in html


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_navigation_and_the_home_page_lead_to_the_game(client: Client, language: str) -> None:
    html = client.get(f"/{language}/").content.decode()
    assert f'href="{rummy_path(language, "play")}"' in html
    assert f'href="{rummy_path(language, "local")}"' in html
