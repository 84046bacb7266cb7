"""The play page: served in every language, with a config the browser client can trust."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.contrib.staticfiles import finders
from django.test import Client
from django.urls import reverse
from django.utils import translation

LANGUAGES = ["en", "it", "pl", "ru", "fr"]
PLAY_TITLE = {
    "en": "Play Mahjong Solitaire",
    "it": "Gioca a Mahjong Solitario",
    "pl": "Zagraj w pasjansa Mahjong",
    "ru": "Играть в пасьянс маджонг",
    "fr": "Jouer au Mahjong Solitaire",
}
JS_MODULES = ["main", "rules", "state", "render", "input", "api", "storage", "ui", "clock"]


def config_of(html: str) -> dict[str, Any]:
    match = re.search(r'<script id="play-config" type="application/json">(.*?)</script>', html, re.S)
    assert match, "no play-config script"
    data = json.loads(match.group(1))
    assert isinstance(data, dict)
    return data


def static_path(url: str) -> str:
    assert url.startswith("/static/"), url
    found = finders.find(url.removeprefix("/static/"))
    assert found, f"{url} is not a static file"
    return str(found)


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_play_page_in_every_language(client: Client, language: str) -> None:
    with translation.override(language):
        url = reverse("game:play")
    assert url == f"/{language}/play/"
    response = client.get(url)
    assert response.status_code == 200
    html = response.content.decode()
    assert f'<html lang="{language}"' in html
    assert PLAY_TITLE[language] in html
    assert '<canvas id="play-canvas"' in html
    assert 'aria-live="polite"' in html
    assert 'type="module" src="/static/game/js/main.js"' in html
    config = config_of(html)
    assert config["language"] == language
    assert config["code"] is None
    if language != "en":
        assert config["texts"]["moves"] != "Moves"
        assert config["faceNames"]["5B"] != "5 of bamboo"


@pytest.mark.django_db
def test_the_config_points_to_existing_files(client: Client) -> None:
    config = config_of(client.get("/en/play/").content.decode())
    assert config["api"] == "/api/"
    assert config["playUrl"] == "/en/play/"
    assert [style["key"] for style in config["styles"]] == ["kittens", "classic", "numbers"]
    for style in config["styles"]:
        with open(static_path(style["sheet"]), encoding="utf-8") as sheet:
            index = json.load(sheet)
        assert style["image"].endswith(index["image"])
        static_path(style["image"])
        assert set(index["faces"]) == set(config["faceNames"])
    assert len(config["faceNames"]) == 42
    assert all(isinstance(text, str) and text for text in config["texts"].values())
    for module in JS_MODULES:
        static_path(f"/static/game/js/{module}.js")
    static_path("/static/game/play.css")


@pytest.mark.django_db
def test_the_api_base_answers(client: Client) -> None:
    config = config_of(client.get("/en/play/").content.decode())
    assert client.get(config["api"] + "layouts/").status_code == 200


@pytest.mark.django_db
def test_a_shared_code_is_passed_on(client: Client) -> None:
    with translation.override("it"):
        url = reverse("game:play_code", args=["MJ1-L03-ABCDEFG"])
    assert url == "/it/play/MJ1-L03-ABCDEFG/"
    response = client.get(url + "?mode=arcade")
    assert response.status_code == 200
    config = config_of(response.content.decode())
    assert config["code"] == "MJ1-L03-ABCDEFG"
    assert config["mode"] == "arcade"


@pytest.mark.django_db
def test_daily_and_odd_query_values(client: Client) -> None:
    config = config_of(client.get("/en/play/?daily=classic&mode=chess").content.decode())
    assert config["daily"] == "classic"
    assert config["mode"] is None
    assert config_of(client.get("/en/play/?daily=<b>").content.decode())["daily"] is None


@pytest.mark.django_db
@pytest.mark.parametrize("code", ["nonsense", "MJ1-L00-abcdefg", "MJ1-L99-ABCDEFG", "MJ2-L00-ABCDEFG"])
def test_a_malformed_code_is_a_friendly_404(client: Client, code: str) -> None:
    response = client.get(f"/fr/play/{code}/")
    assert response.status_code == 404
    html = response.content.decode()
    assert '<html lang="fr"' in html
    assert "Page introuvable" in html or "404" in html
    assert "play-config" not in html


@pytest.mark.django_db
def test_the_home_page_links_to_the_game(client: Client) -> None:
    html = client.get("/en/").content.decode()
    assert 'href="/en/play/"' in html
