"""The Rummy admin: operators look at matches and their logs; nobody edits them there."""

from __future__ import annotations

import pytest
from django.test import Client

from game.rummy.engine import Action, Level
from game.rummy.models import Match, Mode
from game.rummy.service import act, create_match, open_seat

pytestmark = pytest.mark.django_db


# admin_client is pytest-django's: a client logged in as a superuser.


def test_a_match_shows_its_hands_logs_but_no_credential(admin_client: Client) -> None:
    match, credentials = create_match(Mode.COMPUTER, Level.EASY)
    act(open_seat(match.public_id, credentials[0].key), 1, 0, Action.draw())
    listing = admin_client.get("/admin/rummy/match/")
    assert listing.status_code == 200 and match.public_id.encode() in listing.content
    page = admin_client.get(f"/admin/rummy/match/{match.pk}/change/")
    assert page.status_code == 200
    assert b"0 draw" in page.content and match.hands.get().code.encode() in page.content
    assert match.seat0_digest.encode() not in page.content


def test_nothing_can_be_added_or_changed(admin_client: Client) -> None:
    match, _ = create_match(Mode.LOCAL, None)
    assert admin_client.get("/admin/rummy/match/add/").status_code == 403
    response = admin_client.post(f"/admin/rummy/match/{match.pk}/change/", {"level": "hard"})
    assert response.status_code == 403
    assert Match.objects.get(pk=match.pk).level == ""
