"""sitemap.xml and robots.txt, for search engines."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from .conftest import LANGUAGES, PAGES, page_url

NS = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9", "x": "http://www.w3.org/1999/xhtml"}


def sitemap_entries(client: Client) -> dict[str, dict[str, str]]:
    """Each listed address with its alternates (hreflang to address)."""
    response = client.get("/sitemap.xml")
    assert response.status_code == 200
    root = ET.fromstring(response.content)
    entries = {}
    for url in root.findall("s:url", NS):
        location = url.findtext("s:loc", namespaces=NS)
        assert location is not None
        links = {link.attrib["hreflang"]: link.attrib["href"] for link in url.findall("x:link", NS)}
        entries[location] = links
    return entries


@pytest.mark.django_db
def test_the_sitemap_lists_every_page_in_every_language_with_its_alternates(
    client: Client, content: None
) -> None:
    entries = sitemap_entries(client)
    for page in PAGES:
        expected = {code: f"http://testserver{page_url(page.key, code)}" for code in LANGUAGES}
        for code in LANGUAGES:
            assert entries[expected[code]] == {**expected, "x-default": expected["en"]}


@pytest.mark.django_db
def test_the_sitemap_lists_the_tiles_page_in_every_language(client: Client, content: None) -> None:
    entries = sitemap_entries(client)
    for code in LANGUAGES:
        with translation.override(code):
            assert f"http://testserver{reverse('mahjong:tiles')}" in entries


@pytest.mark.django_db
def test_the_sitemap_leaves_out_unpublished_pages(client: Client, content: None) -> None:
    from rules.models import Page

    Page.objects.filter(key="history").update(published=False)
    entries = sitemap_entries(client)
    assert not any("/history/" in url or "/storia/" in url for url in entries)


@pytest.mark.django_db
def test_robots_txt_points_to_the_sitemap_and_keeps_crawlers_out_of_the_admin_and_the_api(
    client: Client,
) -> None:
    response = client.get("/robots.txt")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/plain")
    lines = response.content.decode().splitlines()
    assert "User-agent: *" in lines
    assert "Disallow: /admin/" in lines
    assert "Disallow: /api/" in lines
    assert "Sitemap: http://testserver/sitemap.xml" in lines
    assert not any(re.fullmatch(r"Disallow: /\s*", line) for line in lines)
