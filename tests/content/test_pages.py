"""Every page in every language, as a visitor (or a search engine) sees it."""

from __future__ import annotations

import html as html_lib
import itertools
import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from rules.models import FaqEntry, Page

from .conftest import FAQ_ENTRIES, LANGUAGES, PAGES, alternates, page_url, switcher

EVERY_PAGE = [(page.key, language) for page in PAGES for language in LANGUAGES]


def text_of(fragment: str) -> str:
    return html_lib.unescape(fragment)


@pytest.mark.django_db
@pytest.mark.parametrize(("key", "language"), EVERY_PAGE)
def test_every_page_answers_in_its_language_with_its_title_and_every_alternate(
    client: Client, content: None, key: str, language: str
) -> None:
    page = next(page for page in PAGES if page.key == key)
    response = client.get(page_url(key, language))
    html = text_of(response.content.decode())
    assert response.status_code == 200
    assert f'<html lang="{language}"' in html
    assert f"<h1>{page.texts[language]['title']}</h1>" in html
    assert re.search(rf"<title>{re.escape(page.texts[language]['title'])}( · Miaojong)?</title>", html)
    expected = {code: f"http://testserver{page_url(key, code)}" for code in LANGUAGES}
    assert alternates(html) == {**expected, "x-default": expected["en"]}
    assert f'<link rel="canonical" href="{expected[language]}">' in html


@pytest.mark.django_db
@pytest.mark.parametrize(("key", "language"), EVERY_PAGE)
def test_the_language_switcher_of_every_page_links_to_the_same_page(
    client: Client, content: None, key: str, language: str
) -> None:
    html = client.get(page_url(key, language)).content.decode()
    assert switcher(html) == {code: page_url(key, code) for code in LANGUAGES}
    assert f'hreflang="{language}" lang="{language}" aria-current="true"' in html


@pytest.mark.django_db
@pytest.mark.parametrize(("key", "language"), EVERY_PAGE)
def test_every_page_describes_itself_to_search_engines_and_social_sites_from_its_summary(
    client: Client, content: None, key: str, language: str
) -> None:
    page = next(page for page in PAGES if page.key == key).texts[language]
    html = text_of(client.get(page_url(key, language)).content.decode())
    assert f'<meta name="description" content="{page["summary"]}">' in html
    assert f'<meta property="og:description" content="{page["summary"]}">' in html
    assert f'<meta property="og:title" content="{page["title"]}">' in html
    assert f'<meta property="og:url" content="http://testserver{page_url(key, language)}">' in html
    assert html.count('<meta property="og:locale:alternate"') == len(LANGUAGES) - 1


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_page_has_landmarks_a_skip_link_and_one_main_heading(
    client: Client, content: None, language: str
) -> None:
    for page in PAGES:
        html = client.get(page_url(page.key, language)).content.decode()
        assert html.count("<h1>") == 1
        assert '<a class="skip-link" href="#main">' in html
        assert '<main id="main"' in html
        assert "<header" in html
        assert "<footer" in html
        levels = [int(level) for level in re.findall(r"<h([1-6])\b", html)]
        assert all(b - a <= 1 for a, b in itertools.pairwise(levels)), "a heading level is skipped"


# The translated 404 page itself is checked in tests/test_site_pages.py.


@pytest.mark.django_db
def test_a_slug_from_another_language_is_not_found_in_this_one(client: Client, content: None) -> None:
    assert client.get("/ru/regole/").status_code == 404
    assert client.get("/it/pravila/").status_code == 404


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_faq_page_lists_the_questions_in_their_order(
    client: Client, content: None, language: str
) -> None:
    html = text_of(client.get(page_url("faq", language)).content.decode())
    expected = [entry.texts[language]["question"] for entry in sorted(FAQ_ENTRIES, key=lambda e: e.order)]
    shown = re.findall(r'<h2 id="[\w-]+-question">([^<]+)</h2>', html)
    assert shown == expected


@pytest.mark.django_db
def test_changing_the_order_of_a_question_moves_it_on_the_page(client: Client, content: None) -> None:
    url = page_url("faq", "it")
    assert client.get(url).status_code == 200  # now cached
    last = FaqEntry.objects.get(key="fair-leaderboard")
    last.order = 1
    last.save()
    html = text_of(client.get(url).content.decode())
    shown = re.findall(r'<h2 id="([\w-]+)-question">', html)
    assert shown[0] == "fair-leaderboard"


@pytest.mark.django_db
def test_an_unpublished_question_is_not_shown(client: Client, content: None) -> None:
    FaqEntry.objects.filter(key="phones").update(published=False)
    html = client.get(page_url("faq", "en")).content.decode()
    assert 'id="phones"' not in html
    assert 'id="free"' in html


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_long_pages_have_a_table_of_contents_linking_to_their_headings(
    client: Client, content: None, language: str
) -> None:
    html = client.get(page_url("how-to-play", language)).content.decode()
    contents = html.split('<nav class="toc"', 1)[1].split("</nav>", 1)[0]
    anchors = re.findall(r'<a href="#([^"]+)">', contents)
    assert len(anchors) >= 8
    for anchor in anchors:
        assert f'<h2 id="{anchor}">' in html


@pytest.mark.django_db
def test_the_rules_pages_link_to_the_previous_and_next_page(client: Client, content: None) -> None:
    html = client.get(page_url("strategy", "pl")).content.decode()
    assert f'href="{page_url("how-to-play", "pl")}" rel="prev"' in html
    assert f'href="{page_url("history", "pl")}" rel="next"' in html
    first = client.get(page_url("how-to-play", "pl")).content.decode()
    assert 'rel="prev"' not in first


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_home_page_has_a_big_play_button_and_the_daily_challenge(
    client: Client, content: None, language: str
) -> None:
    html = client.get(f"/{language}/").content.decode()
    with translation.override(language):
        play = reverse("mahjong:play")
    assert f'<a class="button button-play" href="{play}">' in html
    assert f'href="{play}?daily=classic"' in html
    assert 'class="card daily"' in html
    for key in ("how-to-play", "strategy", "history", "faq"):
        assert f'href="{page_url(key, language)}"' in html


@pytest.mark.django_db
def test_the_main_menu_links_every_rules_page_and_the_footer_links_the_about_page(
    client: Client, content: None
) -> None:
    html = client.get("/fr/").content.decode()
    menu = html.split('class="main-nav"', 1)[1].split("</nav>", 1)[0]
    footer = html.split('class="site-footer"', 1)[1]
    for key in ("how-to-play", "strategy", "history", "faq"):
        assert f'href="{page_url(key, "fr")}"' in menu
    assert page_url("about", "fr") not in menu
    assert f'href="{page_url("about", "fr")}"' in footer


@pytest.mark.django_db
def test_the_menu_links_the_tiles_page(client: Client, content: None) -> None:
    with translation.override("ru"):
        tiles = reverse("mahjong:tiles")
    html = client.get("/ru/").content.decode()
    assert f'<li><a href="{tiles}">' in html.split('class="main-nav"', 1)[1].split("</nav>", 1)[0]


@pytest.mark.django_db
def test_the_switcher_on_the_tiles_page_keeps_the_visitor_on_the_tiles_page(
    client: Client, content: None
) -> None:
    urls = {}
    for code in LANGUAGES:
        with translation.override(code):
            urls[code] = reverse("mahjong:tiles")
    response = client.get(urls["it"])
    assert response.status_code == 200
    html = response.content.decode()
    assert switcher(html) == urls
    assert alternates(html)["x-default"] == f"http://testserver{urls['en']}"


@pytest.mark.django_db
def test_pages_that_were_never_published_are_not_offered_anywhere(client: Client, content: None) -> None:
    Page.objects.filter(key="history").update(published=False)
    assert client.get(page_url("history", "en")).status_code == 404
    assert page_url("history", "en") not in client.get(page_url("strategy", "en")).content.decode()
