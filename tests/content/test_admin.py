"""Editing the content in the admin, as a content editor does it."""

from __future__ import annotations

from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth.models import Group, User
from django.test import Client

from rules.models import FaqEntry, Page

from .conftest import page_url

LANGUAGES = [code for code, _name in settings.LANGUAGES]
PASSWORD = "a-long-editor-password-for-tests"


@pytest.fixture
def editor(db: None) -> User:
    user = User.objects.create_user("editor", password=PASSWORD, is_staff=True)
    user.groups.add(Group.objects.get(name="content editor"))
    return user


def log_in_through_the_admin_form(client: Client, user: User) -> None:
    response = client.post(
        "/admin/login/?next=/admin/",
        {"username": user.username, "password": PASSWORD, "next": "/admin/"},
    )
    assert response.status_code == 302, "the login form refused the editor"
    assert response["Location"] == "/admin/"


def change_form_data(page: Page, **changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"key": page.key, "order": page.order}
    for field in ("title", "slug", "summary", "body"):
        for code in LANGUAGES:
            data[f"{field}_{code}"] = getattr(page, f"{field}_{code}") or ""
    if page.published:
        data["published"] = "on"
    if page.in_menu:
        data["in_menu"] = "on"
    data.update(changes)
    data["_save"] = "Save"
    return data


@pytest.mark.django_db
def test_a_title_changed_by_a_content_editor_in_the_admin_shows_on_the_public_page(
    client: Client, content: None, editor: User
) -> None:
    url = page_url("how-to-play", "pl")
    assert "<h1>Jak grać</h1>" in client.get(url).content.decode()  # cached now
    log_in_through_the_admin_form(client, editor)
    page = Page.objects.get(key="how-to-play")
    form = client.get(f"/admin/rules/page/{page.pk}/change/")
    assert form.status_code == 200
    response = client.post(
        f"/admin/rules/page/{page.pk}/change/", change_form_data(page, title_pl="Zasady gry w skrócie")
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    client.logout()
    html = client.get(url).content.decode()
    assert "<h1>Zasady gry w skrócie</h1>" in html
    assert "<h1>Jak grać</h1>" not in client.get(page_url("how-to-play", "pl")).content.decode()
    # The other languages are untouched.
    assert "<h1>Как играть</h1>" in client.get(page_url("how-to-play", "ru")).content.decode()


@pytest.mark.django_db
def test_the_page_form_shows_every_language_side_by_side_with_the_notation_help(
    client: Client, content: None, editor: User
) -> None:
    log_in_through_the_admin_form(client, editor)
    page = Page.objects.get(key="strategy")
    html = client.get(f"/admin/rules/page/{page.pk}/change/").content.decode()
    assert "rules/admin_language_tabs.js" in html
    for code in LANGUAGES:
        assert f'name="body_{code}"' in html
        assert f'href="{page_url("strategy", code)}?preview=1"' in html
    assert "```tiles" in html  # the help explains the diagram notation
    assert "1B-9B" in html


@pytest.mark.django_db
def test_a_content_editor_can_edit_the_questions_in_every_language(
    client: Client, content: None, editor: User
) -> None:
    log_in_through_the_admin_form(client, editor)
    assert client.get("/admin/rules/faqentry/").status_code == 200
    entry = FaqEntry.objects.get(key="free")
    html = client.get(f"/admin/rules/faqentry/{entry.pk}/change/").content.decode()
    for code in LANGUAGES:
        assert f'name="question_{code}"' in html
        assert f'name="answer_{code}"' in html


@pytest.mark.django_db
def test_staff_outside_the_group_cannot_see_the_questions(client: Client, content: None) -> None:
    outsider = User.objects.create_user("outsider", password=PASSWORD, is_staff=True)
    log_in_through_the_admin_form(client, outsider)
    assert client.get("/admin/rules/faqentry/").status_code == 403


@pytest.mark.django_db
def test_an_editor_can_preview_an_unpublished_page_that_visitors_cannot_see(
    client: Client, content: None, editor: User
) -> None:
    Page.objects.filter(key="history").update(published=False)
    url = page_url("history", "fr")
    assert client.get(f"{url}?preview=1").status_code == 404
    log_in_through_the_admin_form(client, editor)
    response = client.get(f"{url}?preview=1")
    assert response.status_code == 200
    assert "no-store" in response["Cache-Control"]
    assert '<meta name="robots" content="noindex">' in response.content.decode()
    client.logout()
    assert client.get(f"{url}?preview=1").status_code == 404
    assert client.get(url).status_code == 404


@pytest.mark.django_db
def test_the_diagram_check_lists_each_languages_problems_and_previews_show_them(
    client: Client, content: None, editor: User
) -> None:
    page = Page.objects.get(key="strategy")
    page.body_fr = f"{page.body_fr}\n\n```tiles\n0 0,0: 1B 2B\n0 2,0: 9X\n```"  # type: ignore[attr-defined]  # a modeltranslation column
    page.save()
    log_in_through_the_admin_form(client, editor)
    html = client.get(f"/admin/rules/page/{page.pk}/change/").content.decode()
    check = (
        html.split("field-diagram_check", 1)[1].split('<div class="readonly">', 1)[1].split("</div>", 1)[0]
    )
    assert check.startswith("<ul><li>fr: Tile diagram 4, line 2 (line ") and "9X" in check
    assert check.count("<li>") == 1
    assert "<li>en:" not in check
    preview = client.get(f"{page_url('strategy', 'fr')}?preview=1").content.decode()
    assert "tile-diagram-error" in preview and "9X" in preview
    client.logout()
    public = client.get(page_url("strategy", "fr")).content.decode()
    assert "tile-diagram-error" not in public and "9X" not in public
    assert public.count('<figure class="tile-diagram">') == preview.count('<figure class="tile-diagram">') > 0


@pytest.mark.django_db
def test_the_diagram_check_finds_nothing_wrong_in_the_sample_texts(
    client: Client, content: None, editor: User
) -> None:
    log_in_through_the_admin_form(client, editor)
    for page in Page.objects.all():
        html = client.get(f"/admin/rules/page/{page.pk}/change/").content.decode()
        assert "No problems found in the diagrams." in html, page.key
