"""The online rooms' pages: the lobby, a room's table, and a friendly page for a room that is gone."""

from __future__ import annotations

import datetime as dt
import json
import re

import pytest
from django.test import Client
from django.utils import timezone

from game.rummy import service
from game.rummy.models import Match
from tests.paths import rummy_path, rummy_room_path

LANGUAGES = ["en", "it", "pl", "ru", "fr"]
LOBBY_TITLES = {
    "en": "Play a friend online",
    "it": "Gioca con un amico online",
    "pl": "Zagraj ze znajomym online",
    "ru": "Играть с другом онлайн",  # noqa: RUF001 (Cyrillic letters that look Latin)
    "fr": "Jouer avec un ami en ligne",
}

pytestmark = pytest.mark.django_db


def config(html: str, name: str) -> dict[str, object]:
    found = re.search(rf'<script id="{name}" type="application/json">(.*?)</script>', html, re.S)
    assert found, f"the page carries its client's config ({name})"
    loaded: dict[str, object] = json.loads(found.group(1))
    return loaded


def expire(room: Match) -> None:
    Match.objects.filter(pk=room.pk).update(updated=timezone.now() - dt.timedelta(days=8))


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_lobby_answers_at_its_translated_address_in_every_language(client: Client, language: str) -> None:
    response = client.get(rummy_path(language, "online"))
    assert response.status_code == 200
    html = response.content.decode()
    assert f'<html lang="{language}"' in html and f">{LOBBY_TITLES[language]}</h1>" in html
    assert 'id="rummy-lobby-create"' in html
    settings = config(html, "rummy-lobby-config")
    assert settings["roomsUrl"] == "/api/rummy/rooms/" and settings["language"] == language
    assert settings["lobbyUrl"] == rummy_path(language, "online")
    slot = settings["inviteSlot"]
    assert isinstance(slot, str) and settings["roomUrlTemplate"] == rummy_room_path(language, slot)
    for code in LANGUAGES:
        assert f'hreflang="{code}" href="http://testserver{rummy_path(code, "online")}"' in html


def test_the_lobby_is_offered_on_the_home_page_and_in_the_sitemap(client: Client) -> None:
    assert f'href="{rummy_path("it", "online")}"' in client.get("/it/").content.decode()
    sitemap = client.get("/sitemap.xml").content.decode()
    assert f"http://testserver{rummy_path('fr', 'online')}" in sitemap


@pytest.mark.parametrize("language", ["en", "pl"])
def test_a_live_room_shows_its_table_in_online_mode(client: Client, language: str) -> None:
    room, _host = service.create_room()
    invite = str(room.invite)
    response = client.get(rummy_room_path(language, invite))
    assert response.status_code == 200
    html = response.content.decode()
    settings = config(html, "rummy-config")
    assert settings["mode"] == "online" and settings["invite"] == invite
    assert settings["socketPath"] == "/ws/rummy/rooms/" and settings["roomsUrl"] == "/api/rummy/rooms/"
    assert settings["lobbyUrl"] == rummy_path(language, "online")
    assert 'id="rummy-room"' in html and '<meta name="robots" content="noindex">' in html
    # The page holds no seat: the match's address and credentials come to the client that holds them.
    assert room.public_id not in html and "credential" not in html
    for code in LANGUAGES:
        assert f'hreflang="{code}" href="http://testserver{rummy_room_path(code, invite)}"' in html


def test_a_room_whose_guest_came_still_shows_its_table(client: Client) -> None:
    room, _host = service.create_room()
    service.join_room(str(room.invite))
    assert client.get(rummy_room_path("ru", str(room.invite))).status_code == 200


@pytest.mark.parametrize(
    ("language", "title", "text"),
    [
        ("en", "No such room", "There is no room at this address"),
        ("fr", "Cette salle n’existe pas", "Il n’y a aucune salle à cette adresse"),  # noqa: RUF001
    ],
)
def test_an_unknown_invitation_gets_a_friendly_404(
    client: Client, language: str, title: str, text: str
) -> None:
    response = client.get(rummy_room_path(language, "A" * 16))
    assert response.status_code == 404
    html = response.content.decode()
    assert f"<h1>{title}</h1>" in html and text in html
    assert f'href="{rummy_path(language, "online")}"' in html, "a way to a new room"
    assert 'data-invite="AAAAAAAAAAAAAAAA"' in html and 'data-reason="not_found"' in html


@pytest.mark.parametrize(
    ("language", "title", "text"),
    [
        ("en", "This room has closed", "Nobody played in this room for a week"),
        ("it", "Questa stanza è stata chiusa", "Nessuno ha giocato in questa stanza per una settimana"),
    ],
)
def test_an_expired_room_gets_a_friendly_410(client: Client, language: str, title: str, text: str) -> None:
    room, _host = service.create_room()
    expire(room)
    response = client.get(rummy_room_path(language, str(room.invite)))
    assert response.status_code == 410
    html = response.content.decode()
    assert f"<h1>{title}</h1>" in html and text in html
    assert f'href="{rummy_path(language, "online")}"' in html
    assert '<meta name="robots" content="noindex">' in html


def test_an_address_that_cannot_be_an_invitation_is_the_sites_404(client: Client) -> None:
    response = client.get(rummy_path("en", "online") + "short/")
    assert response.status_code == 404
    assert "No such room" not in response.content.decode()


def test_the_other_tables_menus_lead_to_the_lobby(client: Client) -> None:
    for page in ("play", "local"):
        html = client.get(rummy_path("pl", page)).content.decode()
        assert f'href="{rummy_path("pl", "online")}"' in html
