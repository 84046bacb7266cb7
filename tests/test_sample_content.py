"""load_sample_content and the content editor group."""

from __future__ import annotations

from io import StringIO

import pytest
from django.conf import settings
from django.contrib.auth.models import Group, Permission, User
from django.core.management import call_command
from django.test import Client

from rules.content import FAQ_ENTRIES, PAGES, PageSource
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


def load_sample_content() -> str:
    """Run the command as make run does; return what it printed."""
    output = StringIO()
    call_command("load_sample_content", stdout=output, no_color=True)
    return output.getvalue()


def about_source() -> PageSource:
    return next(page for page in PAGES if page.key == "about")


@pytest.mark.django_db
def test_edits_made_through_the_orm_survive_loading_the_sample_content_again(sample_pages: None) -> None:
    about = Page.objects.get(key="about")
    about.title_it = "Chi siamo, davvero"  # type: ignore[attr-defined]  # a modeltranslation column
    about.published, about.in_menu, about.order = False, True, 3
    about.save()
    question = FaqEntry.objects.get(key="free")
    question.answer_fr = "Oui, entièrement."  # type: ignore[attr-defined]  # a modeltranslation column
    question.save()
    output = load_sample_content()
    about.refresh_from_db()
    question.refresh_from_db()
    assert about.title_it == "Chi siamo, davvero"  # type: ignore[attr-defined]  # a modeltranslation column
    assert (about.published, about.in_menu, about.order) == (False, True, 3)
    assert question.answer_fr == "Oui, entièrement."  # type: ignore[attr-defined]  # a modeltranslation column
    assert "Left alone order, published, in_menu, title_it of page 'about': changed by an editor." in output
    assert "Left alone answer_fr of FAQ entry 'free': changed by an editor." in output
    assert "0 added" in output and "2 with an editor's changes left alone" in output


@pytest.mark.django_db
def test_an_edit_made_in_the_admin_survives_loading_the_sample_content_again(
    client: Client, sample_pages: None
) -> None:
    client.force_login(User.objects.create_superuser("boss", password="unused-in-this-test"))
    about = Page.objects.get(key="about")
    form = {"key": about.key, "order": about.order, "published": "on", "_save": "Save"}
    for field in TRANSLATED_FIELDS:
        for language in LANGUAGES:
            form[f"{field}_{language}"] = getattr(about, f"{field}_{language}")
    form["body_pl"] = "Nowy tekst redaktora."
    response = client.post(f"/admin/rules/page/{about.pk}/change/", form)
    assert response.status_code == 302, response.content.decode()[:2000]
    output = load_sample_content()
    about.refresh_from_db()
    assert about.body_pl == "Nowy tekst redaktora."  # type: ignore[attr-defined]  # a modeltranslation column
    # The editor took the page out of the menu (the box was left unticked): kept as well.
    assert about.in_menu is False
    assert "Left alone body_pl of page 'about': changed by an editor." in output


@pytest.mark.django_db
def test_a_deleted_page_and_a_deleted_question_come_back_whole(sample_pages: None) -> None:
    Page.objects.filter(key="about").delete()
    FaqEntry.objects.filter(key="free").delete()
    output = load_sample_content()
    about = Page.objects.get(key="about")
    for language in LANGUAGES:
        for field in TRANSLATED_FIELDS:
            assert getattr(about, f"{field}_{language}") == about_source().texts[language][field]
    assert about.published is True and about.in_menu is about_source().in_menu
    assert FaqEntry.objects.filter(key="free", published=True).exists()
    assert "Added page 'about'." in output and "Added FAQ entry 'free'." in output
    assert "2 added" in output


@pytest.mark.django_db
def test_the_missing_translations_of_a_page_are_filled_and_its_own_texts_kept(sample_pages: None) -> None:
    # As an editor makes it: English only, in their own words.
    Page.objects.filter(key="about").delete()
    Page.objects.create(
        key="about", title_en="Who we are", slug_en="about", body_en="Our story.", published=True
    )
    output = load_sample_content()
    about = Page.objects.get(key="about")
    assert (about.title_en, about.body_en) == ("Who we are", "Our story.")  # type: ignore[attr-defined]  # modeltranslation columns
    assert about.summary_en == about_source().texts["en"]["summary"]  # type: ignore[attr-defined]  # a modeltranslation column
    for language in LANGUAGES[1:]:
        for field in TRANSLATED_FIELDS:
            assert getattr(about, f"{field}_{language}") == about_source().texts[language][field]
    assert "Filled the missing title_it, title_pl, title_ru, title_fr, slug_it," in output
    assert "summary_en, summary_it," in output
    # Its order and menu place are the editor's too (the model's defaults, not the file's).
    assert "Left alone order, in_menu, title_en, body_en of page 'about': changed by an editor." in output


@pytest.mark.django_db
def test_a_translation_an_editor_emptied_after_it_was_loaded_stays_empty(sample_pages: None) -> None:
    about = Page.objects.get(key="about")
    about.summary_ru = ""  # type: ignore[attr-defined]  # a modeltranslation column
    about.save()
    assert "Left alone summary_ru of page 'about'" in load_sample_content()
    about.refresh_from_db()
    assert about.summary_ru == ""  # type: ignore[attr-defined]  # a modeltranslation column


@pytest.mark.django_db
def test_a_missing_page_whose_address_an_editor_gave_to_another_is_reported_not_added(
    sample_pages: None,
) -> None:
    Page.objects.filter(key="about").delete()
    Page.objects.create(key="team", title_en="Team", slug_en="team", slug_it="chi-siamo", published=True)
    output = load_sample_content()
    assert not Page.objects.filter(key="about").exists()
    assert Page.objects.get(key="team").slug_it == "chi-siamo"  # type: ignore[attr-defined]  # a modeltranslation column
    assert "Did not add page 'about': another page already has its slug_it." in output


@pytest.mark.django_db
def test_loading_changes_nothing_when_the_database_is_as_in_the_files(sample_pages: None) -> None:
    before = {page.key: page.updated for page in Page.objects.all()}
    output = load_sample_content()
    assert {page.key: page.updated for page in Page.objects.all()} == before
    total = len(PAGES) + len(FAQ_ENTRIES)
    assert output.strip().endswith(
        f"{total} sample pages and FAQ entries: 0 added, 0 completed or brought up to date, "
        f"0 with an editor's changes left alone, {total} already as in the files."
    )


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
