"""The Score admin: filters for moderation, and the approve / hide actions."""

from __future__ import annotations

import pytest
from django.contrib import admin
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


# -- the review queue ------------------------------------------------------------------------------


def held(**fields: object) -> Score:
    """An entry as the server holds one: flagged, with its reasons and statistics."""
    reasons = [
        {"code": "regular_cadence", "cv": 0.004, "limit": 0.1},
        {"code": "pace", "ms_per_pair": 201, "limit": 350},
        {"code": "far_ahead", "figure": 14_400, "best": 61_000, "factor": 2},
        {"code": "quick_resumes", "count": 9, "limit": 5},
    ]
    timing = {
        "matches": 72,
        "intervals": 71,
        "interval_min_ms": 200,
        "interval_p10_ms": 200,
        "interval_median_ms": 201,
        "interval_cv": 0.004,
        "pauses": 9,
        "matches_after_resume": 9,
        "bursts": 0,
        "active_ms": 15_000,
    }
    return make_score(flagged=True, review_reasons=reasons, timing=timing, **fields)


def test_the_queue_lists_the_entries_awaiting_review_only(admin_client: Client) -> None:
    held(name="Waiting")
    held(name="Let through", approved=True)
    held(name="Thrown out", rejected=True, hidden=True)
    make_score(name="Plausible")
    html = admin_client.get("/admin/game/score/?review=awaiting").content.decode()
    assert "Waiting" in html
    assert not any(name in html for name in ("Let through", "Thrown out", "Plausible"))
    assert "Awaiting review" in admin_client.get("/admin/game/score/").content.decode(), "the filter"


def test_a_held_entry_shows_why_its_statistics_and_its_replay(admin_client: Client) -> None:
    entry = held(name="Metronome")
    html = admin_client.get(f"/admin/game/score/{entry.pk}/change/").content.decode()
    assert "Too regular for a person: the intervals between matches vary by 0.004 of their mean" in html
    assert "Faster than a person plausibly plays: 201 ms a pair over the whole game" in html
    assert "Far ahead of the board: 0:14.4 against a best of 1:01.0" in html
    assert "9 matches came within a second of a resume" in html
    assert "<tr><th>Interval, median</th><td>201 ms</td></tr>" in html
    assert "<tr><th>Pauses</th><td>9</td></tr>" in html
    assert f'href="/en/mahjong/scores/{entry.pk}/"' in html
    assert admin_client.get(f"/en/mahjong/scores/{entry.pk}/").status_code == 200, "staff may watch it"


def test_the_review_is_shown_in_the_moderators_language(admin_client: Client) -> None:
    entry = held()
    html = admin_client.get(
        f"/admin/game/score/{entry.pk}/change/", headers={"accept-language": "fr"}
    ).content.decode()
    assert "Trop régulier pour une personne" in html
    assert (
        "En attente d\u2019examen"
        in admin_client.get("/admin/game/score/", headers={"accept-language": "fr"}).content.decode()
    )


def test_rejecting_keeps_an_entry_off_the_boards_even_if_approved_or_shown_later(
    admin_client: Client,
) -> None:
    entry = held()
    admin_client.post("/admin/game/score/", {"action": "reject", "_selected_action": [entry.pk]})
    entry.refresh_from_db()
    assert (entry.rejected, entry.hidden) == (True, True)
    for action in ("approve", "unhide"):
        admin_client.post("/admin/game/score/", {"action": action, "_selected_action": [entry.pk]})
    entry.refresh_from_db()
    assert (entry.rejected, entry.approved, entry.hidden) == (True, False, True)
    assert not Score.objects.public().exists()


def test_approving_a_held_entry_ranks_it(admin_client: Client) -> None:
    entry = held()
    admin_client.post("/admin/game/score/", {"action": "approve", "_selected_action": [entry.pk]})
    assert Score.objects.rank_of(Score.objects.get(pk=entry.pk)) == 1


def test_a_rejection_cannot_be_undone_from_the_entry_page(admin_client: Client) -> None:
    response = admin_client.get(f"/admin/game/score/{held(rejected=True).pk}/change/")
    assert b'name="rejected"' not in response.content and b'name="approved"' in response.content


def test_the_queue_lists_why_each_entry_was_held_with_its_replay(admin_client: Client) -> None:
    entry = make_score(
        name="Copycat",
        flagged=True,
        review_reasons=[{"code": "pace", "ms_per_pair": 380, "limit": 688}, {"code": "at_once", "with": [1]}],
    )
    html = admin_client.get("/admin/game/score/?review=awaiting").content.decode()
    assert '<td class="field-held_for">pace, games at once</td>' in html
    assert f'href="/en/mahjong/scores/{entry.pk}/"' in html


def test_the_reasons_of_issue_26_are_shown_in_words_with_links_to_the_other_entries(
    admin_client: Client,
) -> None:
    original = make_score(name="Original")
    other = make_score(name="Other")
    entry = make_score(
        name="Held",
        flagged=True,
        review_reasons=[
            {"code": "pace", "ms_per_pair": 380, "limit": 688},
            {"code": "far_ahead", "figure": 27_000, "reference": 99_400, "factor": 1.5},
            {"code": "near_copy", "of": original.pk, "likeness": 0.986, "limit": 0.9},
            {"code": "at_once", "with": [original.pk, other.pk], "overlap_ms": 21_500},
        ],
    )
    html = admin_client.get(f"/admin/game/score/{entry.pk}/change/").content.decode()
    assert (
        "Faster than a person plausibly plays: 380 ms a pair over the whole game (held under 688 ms)" in html
    )
    assert "Would take first place far ahead of the layout: 0:27.0 against 1:39.4, the best" in html
    link = f'<a href="/admin/game/score/{original.pk}/change/">#{original.pk}</a>'
    assert f"Nearly the same game as entry {link} of the same deal: 99 % of the tiles" in html
    other_link = f'<a href="/admin/game/score/{other.pk}/change/">#{other.pk}</a>'
    assert f"Played at the same time as {link}, {other_link}, sent from the same address: 21,500 ms" in html
    assert "(held from 90 % on)" in html
    assert "Played from" in html and "Played until" in html, "when each game was played, to compare"


def test_a_reason_of_unknown_shape_is_escaped() -> None:
    entry = make_score(flagged=True, review_reasons=[{"code": "<script>"}])
    assert "<script>" not in ScoreAdmin.reasons(ScoreAdmin(Score, admin.site), entry)


def test_the_reasons_of_issue_26_are_shown_in_the_moderators_language(admin_client: Client) -> None:
    entry = make_score(flagged=True, review_reasons=[{"code": "at_once", "with": [], "overlap_ms": 9_000}])
    pages = {
        language: admin_client.get(
            f"/admin/game/score/{entry.pk}/change/", headers={"accept-language": language}
        ).content.decode()
        for language in ("it", "fr", "pl", "ru")
    }
    assert "Nessuno gioca due partite allo stesso tempo." in pages["it"]
    assert "Personne ne joue deux parties à la fois." in pages["fr"]
    assert "Nikt nie gra dwóch partii naraz." in pages["pl"]
    assert "Никто не играет две партии сразу." in pages["ru"]
