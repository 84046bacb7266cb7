"""The content site as a visitor sees it, in every language."""

from __future__ import annotations

import ast
import gettext
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.core.cache import caches
from django.db import connection
from django.template.loader import render_to_string
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import translation

from rules.markdown import render_html as render_paragraphs
from rules.models import Page

LANGUAGES = ["en", "it", "pl", "ru", "fr"]
LOCALE = Path(__file__).resolve().parent.parent / "locale"

# Interface strings from the templates, as each language should show them.
AT_A_GLANCE = {
    "en": "At a glance",
    "it": "In breve",
    "pl": "W skrócie",
    "ru": "Коротко",
    "fr": "En bref",
}
# A plural (blocktranslate count): 144 takes the "few" form in Polish and Russian.
TILE_COUNT = {
    "en": "The classic layout has 144 tiles.",
    "it": "Lo schema classico ha 144 tessere.",
    "pl": "Klasyczny układ ma 144 kamienie.",
    "ru": "В классической раскладке 144 фишки.",
    "fr": "La disposition classique compte 144 tuiles.",
}
HOME_TITLE = {
    "en": "Welcome to Miaojong",
    "it": "Benvenuti su Miaojong",
    "pl": "Witamy w Miaojong",
    "ru": "Добро пожаловать в Miaojong",
    "fr": "Bienvenue sur Miaojong",
}
ABOUT_SLUG = {"en": "about", "it": "chi-siamo", "pl": "o-nas", "ru": "o-nas", "fr": "a-propos"}
ABOUT_TITLE = {
    "en": "About Miaojong",
    "it": "Chi siamo",
    "pl": "O nas",
    "ru": "О нас",
    "fr": "À propos de Miaojong",
}
NOT_FOUND = {
    "en": "Page not found",
    "it": "Pagina non trovata",
    "pl": "Nie znaleziono strony",
    "ru": "Страница не найдена",
    "fr": "Page introuvable",
}


@pytest.fixture(autouse=True)
def empty_page_cache() -> Iterator[None]:
    """Pages are cached; some tests change the database behind the signals' back."""
    caches["pages"].clear()
    yield
    caches["pages"].clear()


def alternates(html: str) -> dict[str, str]:
    return dict(re.findall(r'<link rel="alternate" hreflang="([\w-]+)" href="([^"]+)">', html))


def canonical(html: str) -> str:
    found: list[str] = re.findall(r'<link rel="canonical" href="([^"]+)">', html)
    assert len(found) == 1
    return found[0]


@pytest.mark.django_db
def test_the_root_redirects_to_the_default_language_prefix(client: Client) -> None:
    response = client.get("/")
    assert response.status_code == 302
    assert response["Location"] == "/en/"


@pytest.mark.django_db
def test_the_root_redirects_to_the_language_the_browser_asks_for(client: Client) -> None:
    response = client.get("/", headers={"accept-language": "ru-RU,ru;q=0.9,en;q=0.5"})
    assert response.status_code == 302
    assert response["Location"] == "/ru/"


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_home_page_renders_in_every_language(client: Client, sample_pages: None, language: str) -> None:
    response = client.get(f"/{language}/")
    html = response.content.decode()
    assert response.status_code == 200
    assert f'<html lang="{language}"' in html
    assert f"<h1>{HOME_TITLE[language]}</h1>" in html
    assert AT_A_GLANCE[language] in html
    assert TILE_COUNT[language] in html
    if language != "en":
        assert AT_A_GLANCE["en"] not in html
        assert TILE_COUNT["en"] not in html
    assert canonical(html) == f"http://testserver/{language}/"
    assert alternates(html) == {
        **{code: f"http://testserver/{code}/" for code in LANGUAGES},
        "x-default": "http://testserver/en/",
    }


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_about_page_renders_in_every_language_with_its_own_slug(
    client: Client, sample_pages: None, language: str
) -> None:
    response = client.get(f"/{language}/{ABOUT_SLUG[language]}/")
    html = response.content.decode()
    assert response.status_code == 200
    assert f'<html lang="{language}"' in html
    assert f"<h1>{ABOUT_TITLE[language]}</h1>" in html
    assert html.count("<p>") >= 3
    assert canonical(html) == f"http://testserver/{language}/{ABOUT_SLUG[language]}/"
    assert alternates(html) == {
        **{code: f"http://testserver/{code}/{ABOUT_SLUG[code]}/" for code in LANGUAGES},
        "x-default": "http://testserver/en/about/",
    }


@pytest.mark.django_db
def test_the_language_switcher_links_to_the_same_page_in_each_language(
    client: Client, sample_pages: None
) -> None:
    html = client.get("/pl/o-nas/").content.decode()
    assert '<a href="/it/chi-siamo/" hreflang="it" lang="it">Italiano</a>' in html
    assert '<a href="/fr/a-propos/" hreflang="fr" lang="fr">Français</a>' in html
    assert '<a href="/pl/o-nas/" hreflang="pl" lang="pl" aria-current="true">Polski</a>' in html


@pytest.mark.django_db
def test_the_navigation_links_to_the_about_page_in_the_active_language(
    client: Client, sample_pages: None
) -> None:
    html = client.get("/fr/").content.decode()
    assert '<a href="/fr/a-propos/">À propos de Miaojong</a>' in html


@pytest.mark.django_db
def test_the_home_page_slug_redirects_to_the_language_home(client: Client, sample_pages: None) -> None:
    response = client.get("/it/benvenuti/")
    assert response.status_code == 301
    assert response["Location"] == "/it/"


@pytest.mark.django_db
def test_the_home_page_has_a_friendly_default_before_content_is_loaded(client: Client) -> None:
    Page.objects.all().delete()  # the data migration loads the content
    response = client.get("/it/")
    html = response.content.decode()
    assert response.status_code == 200
    assert "<h1>Benvenuti su Miaojong</h1>" in html
    assert "Le pagine di questo sito non sono ancora state caricate." in html


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_an_unknown_slug_gives_a_friendly_404_in_the_visitors_language(client: Client, language: str) -> None:
    response = client.get(f"/{language}/no-such-page/")
    html = response.content.decode()
    assert response.status_code == 404
    assert f'<html lang="{language}"' in html
    assert f"<h1>{NOT_FOUND[language]}</h1>" in html
    assert '<meta name="robots" content="noindex">' in html
    assert f'href="/{language}/"' in html


@pytest.mark.django_db
def test_a_page_is_not_found_by_the_slug_of_another_language(client: Client, sample_pages: None) -> None:
    assert client.get("/it/about/").status_code == 404


@pytest.mark.django_db
def test_an_unpublished_page_is_not_shown(client: Client, sample_pages: None) -> None:
    Page.objects.filter(key="about").update(published=False)
    assert client.get("/en/about/").status_code == 404
    assert 'href="/en/about/"' not in client.get("/en/").content.decode()


@pytest.mark.django_db
def test_a_page_without_a_translation_falls_back_to_english(client: Client) -> None:
    Page.objects.create(
        key="draft", title_en="Only English", slug_en="only-english", body_en="Hi.", published=True
    )
    response = client.get("/ru/only-english/")
    assert response.status_code == 200
    assert "<h1>Only English</h1>" in response.content.decode()


@pytest.mark.django_db
def test_page_bodies_are_escaped_and_split_into_paragraphs(client: Client) -> None:
    Page.objects.create(
        key="escaping",
        title_en="Escaping",
        slug_en="escaping",
        body_en="<script>alert(1)</script> first\nline\n\n\nSecond & last",
        published=True,
    )
    html = client.get("/en/escaping/").content.decode()
    assert "<script>alert(1)</script>" not in html
    assert "<p>&lt;script&gt;alert(1)&lt;/script&gt; first line</p>" in html
    assert "<p>Second &amp; last</p>" in html


def test_render_paragraphs_ignores_blank_lines_and_windows_line_ends() -> None:
    assert render_paragraphs("\r\n  One\r\n\r\n \r\nTwo  \r\n") == "<p>One</p>\n<p>Two</p>"
    assert render_paragraphs("") == ""


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_500_page_is_translated_and_needs_no_request(language: str) -> None:
    expected = {
        "en": "Something went wrong",
        "it": "Qualcosa è andato storto",
        "pl": "Coś poszło nie tak",
        "ru": "Что-то пошло не так",
        "fr": "Une erreur s’est produite",
    }
    with translation.override(language):
        html = render_to_string("500.html")
    assert f'<html lang="{language}">' in html
    assert f"<h1>{expected[language]}</h1>" in html


def parse_po(text: str) -> list[dict[str, list[str]]]:
    """A minimal .po reader: each entry's keywords mapped to their strings."""
    entries = []
    for block in text.split("\n\n"):
        entry: dict[str, list[str]] = {}
        keyword = None
        for line in block.splitlines():
            if line.startswith("#"):
                entry.setdefault("flags", []).append(line)
            elif line.startswith('"') and keyword:
                entry[keyword][-1] += ast.literal_eval(line)
            elif line.strip():
                keyword, _space, quoted = line.partition(" ")
                keyword = keyword.split("[")[0]
                entry.setdefault(keyword, []).append(ast.literal_eval(quoted))
        if "msgid" in entry:
            entries.append(entry)
    return entries


# As in Django's own catalogues (Polish and Russian add a form for fractions),
# so that Django merges them with ours instead of keeping separate catalogues.
PLURAL_FORMS = {"it": 2, "pl": 4, "ru": 4, "fr": 2}


CATALOGUES = {
    "site": (LOCALE, "django"),
    "mahjong app": (LOCALE.parent / "game" / "mahjong" / "locale", "django"),
    "mahjong client": (LOCALE.parent / "game" / "mahjong" / "locale", "djangojs"),
    "core client": (LOCALE.parent / "game" / "core" / "locale", "djangojs"),
    "core app": (LOCALE.parent / "game" / "core" / "locale", "django"),
    "rummy app": (LOCALE.parent / "game" / "rummy" / "locale", "django"),
    "rummy client": (LOCALE.parent / "game" / "rummy" / "locale", "djangojs"),
}
# A catalogue cut short by a bad merge would still pass the checks below: each has at least this many.
# The shared core holds only what every game says: its too-many-pages page, the house's error texts.
MINIMUM_ENTRIES = {"core app": 2, "core client": 15}


@pytest.mark.parametrize("catalogue", CATALOGUES)
@pytest.mark.parametrize("language", ["it", "pl", "ru", "fr"])
def test_every_interface_string_is_translated_and_compiled(language: str, catalogue: str) -> None:
    root, domain = CATALOGUES[catalogue]
    folder = root / language / "LC_MESSAGES"
    header, *entries = parse_po((folder / f"{domain}.po").read_text(encoding="utf-8"))
    assert f"nplurals={PLURAL_FORMS[language]};" in header["msgstr"][0]
    assert not any("fuzzy" in flag for flag in header.get("flags", [])), "fuzzy header is ignored"
    assert len(entries) >= MINIMUM_ENTRIES.get(catalogue, 20)
    with (folder / f"{domain}.mo").open("rb") as mo:
        compiled = gettext.GNUTranslations(mo)._catalog  # type: ignore[attr-defined]
    for entry in entries:
        msgid = entry["msgid"][0]
        assert not any("fuzzy" in flag for flag in entry.get("flags", [])), msgid
        assert len(entry["msgstr"]) == (PLURAL_FORMS[language] if "msgid_plural" in entry else 1)
        assert all(entry["msgstr"]), f"untranslated: {msgid!r}"
        if "msgctxt" in entry:
            msgid = f"{entry['msgctxt'][0]}\x04{msgid}"
        key = (msgid, 0) if "msgid_plural" in entry else msgid
        assert compiled.get(key) == entry["msgstr"][0], f"{msgid!r}: .mo is out of date"


def test_the_stylesheet_is_served_without_collectstatic(client: Client) -> None:
    response = client.get("/static/rules/site.css")
    assert response.status_code == 200
    # The stubs type every test-client response as a non-streaming one; static files stream.
    assert b"--jade" in b"".join(response.streaming_content)  # type: ignore[attr-defined]


@pytest.mark.parametrize(("path", "copies"), [("/en/", 2), ("/pl/mahjong/graj/", 1)])
def test_every_copy_of_the_menu_lists_the_same_entries_read_once(
    client: Client, sample_pages: None, path: str, copies: int
) -> None:
    caches["pages"].clear()
    with CaptureQueriesContext(connection) as queries:
        response = client.get(path)
    assert response.status_code == 200
    html = response.content.decode()
    menus = re.findall(r'<nav class="main-nav".*?</nav>', html, re.S)
    entries = [re.findall(r'<a href="([^"]+)"', menu) for menu in menus]
    assert len(menus) == copies and all(found == entries[0] for found in entries)
    assert any("/rummy/" in href for href in entries[0]) and len(entries[0]) > 3
    menu_reads = [q for q in queries.captured_queries if 'AND "rules_page"."in_menu"' in q["sql"]]
    assert len(menu_reads) == 1
