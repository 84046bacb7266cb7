"""Public pages are cached per address and language, and edits show at once."""

from __future__ import annotations

import pytest
from django.test import Client
from pytest_django import DjangoAssertNumQueries

from rules.models import FaqEntry, Page

from .conftest import page_url


@pytest.mark.django_db
def test_a_page_is_served_from_the_cache_the_second_time(
    client: Client, content: None, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    first = client.get(page_url("how-to-play", "it"))
    assert first.status_code == 200
    with django_assert_num_queries(0):
        second = client.get(page_url("how-to-play", "it"))
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
