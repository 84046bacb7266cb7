"""The JS client posts JSON with fetch: that must work with CSRF protection on, even when logged in.

The API authenticates nobody, so DRF never asks for a CSRF token and the
session cookie of a logged-in editor changes nothing (see ``ApiView``).
"""

from __future__ import annotations

import time

import pytest
from django.contrib.auth.models import User
from django.test import Client

from game.mahjong import tokens
from game.mahjong.engine import GameCode, deal
from game.mahjong.models import Score

from .conftest import play


@pytest.fixture
def editor_client(db: None) -> Client:
    editor = User.objects.create_user("editor", password="a long password for tests", is_staff=True)
    client = Client(enforce_csrf_checks=True)
    client.force_login(editor)
    return client


@pytest.mark.django_db
def test_a_logged_in_editor_can_post_a_deal_and_a_score_without_a_csrf_token(
    editor_client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    issued = time.time() - 3600
    with monkeypatch.context() as patch:
        patch.setattr(tokens, "clock", lambda: issued)
        response = editor_client.post("/api/deals/", {"layout": "L00"}, content_type="application/json")
    assert response.status_code == 201, response.content
    dealt = response.json()
    plan = deal(GameCode.parse(dealt["code"]), 1).plan  # the answer has none
    body = {"token": dealt["token"], "name": "Editor", "log": play(plan)}
    response = editor_client.post("/api/scores/", body, content_type="application/json")
    assert response.status_code == 201, response.content
    assert Score.objects.get().name == "Editor"


@pytest.mark.django_db
def test_the_api_does_not_act_as_the_logged_in_user(editor_client: Client) -> None:
    # The session cookie is ignored: nothing the API does depends on who is logged in.
    response = editor_client.post(
        "/api/solve/", {"layout": "L00", "tiles": [None] * 144}, content_type="application/json"
    )
    assert response.status_code == 200


@pytest.mark.django_db
def test_csrf_protection_is_still_on_for_the_sites_own_forms(editor_client: Client) -> None:
    response = editor_client.post("/admin/logout/")
    assert response.status_code == 403
