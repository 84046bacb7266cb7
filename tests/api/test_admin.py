"""The Score admin: filters for moderation, and the approve / hide actions."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from game.mahjong.admin import ScoreAdmin
from game.mahjong.models import Score

from .conftest import make_score

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_client(db: None) -> Client:
    client = Client()
    client.force_login(User.objects.create_superuser("boss", password="a long password for tests"))
    return client


def test_the_list_can_be_filtered_by_flag_approval_visibility_mode_and_layout() -> None:
    assert {"flagged", "approved", "hidden", "mode", "layout"} <= set(ScoreAdmin.list_filter)


def test_the_changelist_shows_flagged_entries(admin_client: Client) -> None:
    make_score(name="Suspicious", flagged=True)
    response = admin_client.get("/admin/game/score/?flagged__exact=1")
    assert response.status_code == 200
    assert b"Suspicious" in response.content


def test_approving_puts_flagged_entries_on_the_board(admin_client: Client) -> None:
    entry = make_score(flagged=True)
    response = admin_client.post(
        "/admin/game/score/", {"action": "approve", "_selected_action": [entry.pk]}, follow=True
    )
    assert response.status_code == 200
    entry.refresh_from_db()
    assert entry.approved
    assert list(Score.objects.public()) == [entry]


def test_hiding_takes_entries_off_the_board(admin_client: Client) -> None:
    entry = make_score()
    admin_client.post("/admin/game/score/", {"action": "hide", "_selected_action": [entry.pk]})
    entry.refresh_from_db()
    assert entry.hidden
    assert not Score.objects.public().exists()
    admin_client.post("/admin/game/score/", {"action": "unhide", "_selected_action": [entry.pk]})
    entry.refresh_from_db()
    assert not entry.hidden


def test_an_entry_page_opens_with_its_figures_read_only(admin_client: Client) -> None:
    entry = make_score(name="Ada")
    response = admin_client.get(f"/admin/game/score/{entry.pk}/change/")
    assert response.status_code == 200
    assert b'name="time_ms"' not in response.content
    assert b'name="approved"' in response.content
