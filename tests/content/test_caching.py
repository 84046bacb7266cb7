"""Public pages are cached per address and language, and edits show at once."""

from __future__ import annotations

import uuid

import pytest
from django.contrib.auth.models import User
from django.core.cache import caches
from django.test import Client, RequestFactory
from django.utils import translation
from pytest_django import DjangoAssertNumQueries, Settings

from rules.caching import KEY_PREFIX, PAGE_CACHE, content_version, page_key
from rules.models import FaqEntry, Page

from .conftest import page_url


@pytest.mark.django_db
def test_a_page_is_served_from_the_cache_the_second_time(
    client: Client, content: None, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    first = client.get(page_url("how-to-play", "it"))
    assert first.status_code == 200
    # One query: the content version, by its primary key, so that an edit anywhere shows here too.
    with django_assert_num_queries(1) as queries:
        second = client.get(page_url("how-to-play", "it"))
    assert "rules_contentversion" in queries.captured_queries[0]["sql"]
    assert second.content == first.content
    assert "max-age=" in second["Cache-Control"]
    assert "public" in second["Cache-Control"]


@pytest.mark.django_db
def test_the_cached_pages_never_vary_on_cookies_so_one_copy_serves_everyone(
    client: Client, content: None
) -> None:
    response = client.get(page_url("strategy", "fr"))
    assert "Cookie" not in response.get("Vary", "")
    assert "Set-Cookie" not in response


@pytest.mark.django_db
def test_the_browsers_language_or_cookie_never_brings_another_language_out_of_the_cache(
    client: Client, content: None
) -> None:
    # Warm the cache with visitors whose browsers prefer another language.
    english = client.get("/en/", headers={"accept-language": "ru"}).content.decode()
    client.cookies["django_language"] = "en"
    russian = client.get("/ru/", headers={"accept-language": "en"}).content.decode()
    client.cookies.clear()
    assert '<html lang="en"' in english
    assert "<h1>Welcome to Miaojong</h1>" in english
    assert '<html lang="ru"' in russian
    assert "<h1>Добро пожаловать в Miaojong</h1>" in russian
    # Now the cached copies, asked for the other way round.
    for headers, url, title in [
        ({"accept-language": "ru"}, "/en/", "<h1>Welcome to Miaojong</h1>"),
        ({"accept-language": "en"}, "/ru/", "<h1>Добро пожаловать в Miaojong</h1>"),
        ({"accept-language": "fr"}, "/pl/", "<h1>Witamy w Miaojong</h1>"),
    ]:
        response = client.get(url, headers=headers)
        assert title in response.content.decode()
        assert response["Content-Language"] == url.strip("/")
        assert "Accept-Language" not in response.get("Vary", "")


@pytest.mark.django_db
def test_saving_a_page_drops_every_cached_page_that_shows_its_title(client: Client, content: None) -> None:
    assert "Strategia" in client.get("/it/").content.decode()
    assert client.get(page_url("history", "it")).status_code == 200
    page = Page.objects.get(key="strategy")
    page.title_it = "Consigli di strategia"  # type: ignore[attr-defined]  # a modeltranslation column
    page.save()
    assert "Consigli di strategia" in client.get("/it/").content.decode()
    assert "Consigli di strategia" in client.get(page_url("history", "it")).content.decode()


@pytest.mark.django_db
def test_deleting_a_question_drops_the_cached_faq_page(client: Client, content: None) -> None:
    url = page_url("faq", "pl")
    assert 'id="phones"' in client.get(url).content.decode()
    FaqEntry.objects.get(key="phones").delete()
    assert 'id="phones"' not in client.get(url).content.decode()


@pytest.mark.django_db
def test_a_404_is_not_cached(client: Client, content: None) -> None:
    Page.objects.create(key="soon", title_en="Soon", slug_en="soon", published=False)
    assert client.get("/en/soon/").status_code == 404
    # update() sends no signal, so only an uncached 404 lets the page appear.
    Page.objects.filter(key="soon").update(published=True)
    assert client.get("/en/soon/").status_code == 200


def page_entries() -> list[str]:
    """The keys of the cached pages (the page cache is always this process's LocMem)."""
    store: dict[str, object] = caches[PAGE_CACHE]._cache  # type: ignore[attr-defined]  # LocMemCache's own
    return [key for key in store if KEY_PREFIX in key]


def expected_key(url: str, language: str, query: str = "") -> str:
    """The key a page at ``url`` (no query string) gets under the current content version."""
    with translation.override(language):
        key = page_key(RequestFactory().get(url), content_version(), query)
    return caches[PAGE_CACHE].make_key(key)  # as stored, with the cache's own prefix


def solve(client: Client) -> int:
    empty_board = {"layout": "L00", "tiles": [None] * 144}  # solved at once
    return client.post("/api/solve/", empty_board, content_type="application/json").status_code


@pytest.mark.django_db
def test_a_flood_of_unknown_query_strings_leaves_one_cached_copy_and_the_rate_limit_counting(
    client: Client, content: None, settings: Settings
) -> None:
    # A default cache far smaller than the real one, so that 500 page entries would push the
    # solve count out if pages still shared it (58 solves in 29 s against 20 a minute did).
    settings.CACHES = {
        **settings.CACHES,
        "default": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": f"flood-{uuid.uuid4().hex}",
            "OPTIONS": {"MAX_ENTRIES": 100},
        },
    }
    assert settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]["solve"] == "20/min"
    assert [solve(client) for _ in range(20)] == [200] * 20
    url = page_url("about", "en")
    bodies = {client.get(f"{url}?x={number}&utm_source=s{number}").content for number in range(500)}
    assert len(bodies) == 1
    assert page_entries() == [expected_key(url, "en")]
    assert len(caches["default"]._cache) == 1  # type: ignore[attr-defined]  # the solve count alone
    assert solve(client) == 429


@pytest.mark.django_db
def test_the_sitemap_is_keyed_on_its_page_number_alone(client: Client, content: None) -> None:
    for query in ("", "?p=1", "?p=01", "?p=1&x=2", "?x=3"):
        assert client.get(f"/sitemap.xml{query}").status_code == 200, query
    assert client.get("/sitemap.xml?p=2").status_code == 404  # one page of addresses: not cached
    assert page_entries() == [expected_key("/sitemap.xml", "en", "1")]


@pytest.mark.django_db
def test_a_visitors_preview_parameter_never_hides_an_editors_preview(client: Client, content: None) -> None:
    entry = FaqEntry.objects.get(key="phones")
    entry.published = False
    entry.save()
    url = f"{page_url('faq', 'en')}?preview=1"
    assert 'id="phones"' not in client.get(url).content.decode()  # a visitor: the public page, cached
    assert len(page_entries()) == 1
    client.force_login(User.objects.create_superuser("boss", password="unused-in-this-test"))
    preview = client.get(url)
    assert 'id="phones"' in preview.content.decode()
    assert "no-store" in preview["Cache-Control"]
    assert len(page_entries()) == 1  # the preview was not stored
