"""The game's pages moved under /<lang>/mahjong/ with translated slugs: every old address
answers 301 to the new one in its language, keeping the arguments and the query string."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.paths import mahjong_path

LANGUAGES = ["en", "it", "pl", "ru", "fr"]

OLD_TO_NEW = [
    ("play/", ("play",)),
    ("play/MJ1-L03-ABCDEFG/", ("play", "MJ1-L03-ABCDEFG")),
    ("tiles/", ("tiles",)),
    ("scores/", ("scores",)),
    ("scores/daily/", ("scores", "daily")),
    ("scores/42/", ("scores", "42")),
]


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("old", "parts"), OLD_TO_NEW, ids=[old for old, _ in OLD_TO_NEW])
def test_an_old_address_moves_permanently_to_the_translated_one(
    client: Client, language: str, old: str, parts: tuple[str, ...]
) -> None:
    response = client.get(f"/{language}/{old}")
    assert response.status_code == 301
    assert response["Location"] == mahjong_path(language, *parts)


@pytest.mark.django_db
def test_the_query_string_moves_along(client: Client) -> None:
    response = client.get("/it/scores/?layout=L01&mode=arcade&period=week")
    assert response.status_code == 301
    assert response["Location"] == "/it/mahjong/classifiche/?layout=L01&mode=arcade&period=week"


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_new_addresses_answer_and_the_game_prefix_leads_to_play(client: Client, language: str) -> None:
    for parts in (("play",), ("tiles",), ("scores",), ("scores", "daily")):
        assert client.get(mahjong_path(language, *parts)).status_code == 200, parts
    response = client.get(mahjong_path(language))
    assert response.status_code == 302
    assert response["Location"] == mahjong_path(language, "play")


@pytest.mark.django_db
def test_a_page_address_of_another_language_is_not_found(client: Client) -> None:
    assert client.get("/it/mahjong/play/").status_code == 404
    assert client.get("/en/mahjong/gioca/").status_code == 404
