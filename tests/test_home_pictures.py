"""The home page shows each game as its own engine draws it: a Mahjong deal, Rummy sets."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from django.test import Client

from game.mahjong.diagrams import HOME_PICTURE_CODE
from game.mahjong.engine import GameCode, deal

pytestmark = pytest.mark.django_db

SVG = "{http://www.w3.org/2000/svg}"


def test_the_mahjong_card_shows_the_deal_the_engine_deals_as_a_cached_image(client: Client) -> None:
    html = client.get("/en/").content.decode()
    image = re.search(r'<div class="game-card-picture"><img src="([^"]+)" alt="([^"]+)"', html)
    assert image, "the Mahjong card has its picture"
    url, alt = image.groups()
    assert alt == "A deal of the Crossroads layout: 56 tiles, 17 of them free to take."
    answer = client.get(url)
    assert answer.status_code == 200 and answer["Content-Type"] == "image/svg+xml"
    assert "public" in answer["Cache-Control"] and "max-age=86400" in answer["Cache-Control"]
    root = ET.fromstring(answer.content)
    groups = [g for g in root.iter(f"{SVG}g") if g.get("class") in ("free", "blocked")]
    dealt = deal(GameCode.parse(HOME_PICTURE_CODE), 1)
    assert len(groups) == len(dealt.tiles) == 56
    assert sum(g.get("class") == "free" for g in groups) == 17
    drawn = sorted(
        use.get("href", "").removeprefix("#mc-f-")
        for group in groups
        for use in group.iter(f"{SVG}use")
        if use.get("href", "").startswith("#mc-f-")
    )
    assert drawn == sorted(dealt.tiles), "every tile of the deal, in the classic style"


def test_the_rummy_card_shows_sets_and_both_cards_are_there_in_every_language(client: Client) -> None:
    for language in ("en", "it", "pl", "ru", "fr"):
        html = client.get(f"/{language}/").content.decode()
        assert html.count('<div class="game-card-picture">') == 2, language
        assert '<figure class="rummy-diagram">' in html
        assert "rummy/tiles.css" in html, "the sets are styled"
    polish = client.get("/pl/").content.decode()
    assert 'alt="Rozdanie w układzie Rozdroże: 56 kamieni, z czego 17 wolnych do zdjęcia."' in polish
