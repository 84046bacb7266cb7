"""load_sample_content and the content editor group."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.contrib.auth.models import Group, Permission, User
from django.core.management import call_command
from django.test import Client

from rules.content import FAQ_ENTRIES, PAGES
from rules.models import FaqEntry, Page

LANGUAGES = [code for code, _name in settings.LANGUAGES]
TRANSLATED_FIELDS = ["title", "slug", "summary", "body"]


@pytest.mark.django_db
def test_loading_the_sample_content_twice_leaves_the_same_pages_and_questions() -> None:
    call_command("load_sample_content", verbosity=0)
    first = {page.key: page.pk for page in Page.objects.all()}
    entries = {entry.key: entry.pk for entry in FaqEntry.objects.all()}
    call_command("load_sample_content", verbosity=0)
    assert {page.key: page.pk for page in Page.objects.all()} == first
    assert {entry.key: entry.pk for entry in FaqEntry.objects.all()} == entries
    assert set(first) == {page.key for page in PAGES}
    assert set(entries) == {entry.key for entry in FAQ_ENTRIES}


@pytest.mark.django_db
def test_a_fresh_database_already_has_every_page_and_question_from_the_data_migration() -> None:
    assert set(Page.objects.published().values_list("key", flat=True)) == {
        "home",
        "how-to-play",
        "strategy",
        "history",
        "rummy-rules",
        "rummy-strategy",
        "faq",
        "about",
    }
    assert FaqEntry.objects.published().count() == len(FAQ_ENTRIES) >= 6


@pytest.mark.django_db
def test_loading_the_sample_content_again_restores_edited_texts(sample_pages: None) -> None:
    Page.objects.filter(key="about").update(title_it="Modificato", published=False)
    call_command("load_sample_content", verbosity=0)
    about = Page.objects.get(key="about")
    assert about.title_it == "Chi siamo"  # type: ignore[attr-defined]  # a modeltranslation column
    assert about.published is True


@pytest.mark.django_db
@pytest.mark.parametrize("key", [page.key for page in PAGES])
def test_every_language_of_a_sample_page_is_filled_and_differs_from_english(
    sample_pages: None, key: str
) -> None:
    page = Page.objects.get(key=key)
    for field in TRANSLATED_FIELDS:
        english = getattr(page, f"{field}_en")
        assert english, f"{field}_en is empty"
        for language in LANGUAGES[1:]:
            value = getattr(page, f"{field}_{language}")
            assert value, f"{field}_{language} is empty"
            assert value != english, f"{field}_{language} is the English text"


@pytest.mark.django_db
def test_the_about_page_has_a_localised_slug_in_every_language(sample_pages: None) -> None:
    about = Page.objects.get(key="about")
    assert {code: getattr(about, f"slug_{code}") for code in LANGUAGES} == {
        "en": "about",
        "it": "chi-siamo",
        "pl": "o-nas",
        "ru": "o-nas",
        "fr": "a-propos",
    }


@pytest.mark.django_db
def test_published_returns_only_published_pages(sample_pages: None) -> None:
    Page.objects.filter(key="about").update(published=False)
    assert [page.key for page in Page.objects.published()] == [
        "home",
        "how-to-play",
        "strategy",
        "history",
        "rummy-rules",
        "rummy-strategy",
        "faq",
    ]


@pytest.mark.django_db
def test_with_slug_finds_a_page_by_its_slug_in_the_given_language(sample_pages: None) -> None:
    assert Page.objects.with_slug("a-propos", "fr").get().key == "about"
    assert not Page.objects.with_slug("a-propos", "it").exists()


@pytest.mark.django_db
def test_the_content_editor_group_has_exactly_the_rules_permissions() -> None:
    group = Group.objects.get(name="content editor")
    granted = set(group.permissions.all())
    assert granted == set(Permission.objects.filter(content_type__app_label="rules"))
    assert {permission.codename for permission in granted} == {
        f"{action}_{model}"
        for action in ("add", "change", "delete", "view")
        for model in ("page", "faqentry")
    }


@pytest.mark.django_db
def test_a_content_editor_can_edit_pages_in_the_admin_with_tabbed_translations(client: Client) -> None:
    editor = User.objects.create_user("editor", password="unused-in-this-test", is_staff=True)
    editor.groups.add(Group.objects.get(name="content editor"))
    client.force_login(editor)
    assert client.get("/admin/rules/page/").status_code == 200
    html = client.get("/admin/rules/page/add/").content.decode()
    assert "rules/admin_language_tabs.js" in html
    for language in LANGUAGES:
        assert f'name="title_{language}"' in html
        assert f'name="slug_{language}"' in html
        assert f"#id_slug_{language}" in html  # prepopulated from title_{language}
    # A staff user outside the group sees no pages.
    outsider = User.objects.create_user("outsider", password="unused-in-this-test", is_staff=True)
    client.force_login(outsider)
    assert client.get("/admin/rules/page/").status_code == 403


@pytest.mark.django_db
def test_the_models_have_no_changes_missing_from_the_migrations() -> None:
    call_command("makemigrations", "--check", "--dry-run", verbosity=0)
