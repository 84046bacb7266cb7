"""Every response carries the Content-Security-Policy and the protective headers, in debug too."""

from __future__ import annotations

import time
from email.utils import parsedate_to_datetime

import pytest
from django.conf import settings
from django.core.cache import caches
from django.test import Client

from rules.caching import BROWSER_SECONDS
from site_core.middleware import policy_header

POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
    "font-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'"
)

PATHS = [
    "/en/",  # a page
    "/en/mahjong/play/",
    "/",  # the language redirect
    "/mahjong/play/",  # a page's address without its language: redirected too
    "/en",  # the added slash
    "/en/play/",  # an old address, moved permanently
    "/favicon.ico",
    "/sitemap.xml",
    "/robots.txt",
    "/api/layouts/",
    "/api/docs/",
    "/api/docs/?script",  # Swagger UI's start-up script, served as a file
    "/admin/login/",
    "/static/rules/site.css",  # answered by WhiteNoise
    "/en/no-such-page/",  # a 404
    "/healthz",
]


def test_the_policy_in_settings_is_the_documented_one() -> None:
    assert policy_header(settings.CONTENT_SECURITY_POLICY) == POLICY


@pytest.mark.django_db
@pytest.mark.parametrize("path", PATHS)
def test_every_response_carries_the_policy_and_the_protective_headers(
    client: Client, sample_pages: None, path: str
) -> None:
    response = client.get(path)
    assert response.status_code in (200, 301, 302, 404), path
    assert response.headers["Content-Security-Policy"] == POLICY
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["Referrer-Policy"] == "strict-origin-when-cross-origin"
    # Redirects too: browsers without frame-ancestors rely on this one.
    assert response.headers["X-Frame-Options"] == "DENY"


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/en/", "/it/chi-siamo/", "/sitemap.xml"])
def test_a_cached_page_never_says_it_expires_later_than_its_max_age(
    client: Client, sample_pages: None, path: str
) -> None:
    caches["pages"].clear()
    for _served in ("rendered", "from the cache"):
        response = client.get(path)
        assert response.status_code == 200
        assert f"max-age={BROWSER_SECONDS}" in response["Cache-Control"]
        if response.has_header("Expires"):  # Expires is optional; when sent it must agree
            expires = parsedate_to_datetime(response["Expires"]).timestamp()
            assert abs(expires - (time.time() + BROWSER_SECONDS)) <= 5, response["Expires"]
    caches["pages"].clear()


@pytest.mark.django_db
def test_the_api_docs_page_has_no_inline_script_or_style(client: Client) -> None:
    html = client.get("/api/docs/").content.decode()
    assert "<style" not in html
    assert "<script>" not in html
    assert 'src="/api/docs/?script="' in html
    # Swagger UI comes from our own static files, not a CDN.
    assert "/static/drf_spectacular_sidecar/swagger-ui-dist/swagger-ui-bundle.js" in html
    assert "cdn." not in html


def test_the_docs_start_up_script_is_javascript(client: Client) -> None:
    response = client.get("/api/docs/?script=")
    assert response.status_code == 200
    assert response.headers["Content-Type"].startswith("application/javascript")
    assert "SwaggerUIBundle" in response.content.decode()
