"""Pages, API answers and the script catalogue leave gzipped for a client that accepts it
(Lighthouse counted the play page's 54 KB of HTML sent as they were); others get them plain."""

from __future__ import annotations

import gzip
import json

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

PATHS = ["/en/", "/en/mahjong/play/", "/en/jsi18n/", "/api/layouts/"]


@pytest.mark.parametrize("path", PATHS)
def test_it_compresses_for_a_client_that_accepts_gzip(client: Client, path: str) -> None:
    plain = client.get(path)
    packed = client.get(path, headers={"accept-encoding": "gzip, deflate, br"})
    assert packed.status_code == plain.status_code == 200
    assert packed["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in packed["Vary"]
    assert len(packed.content) < len(plain.content) / 2
    if path.startswith("/api/"):
        assert json.loads(gzip.decompress(packed.content)) == json.loads(plain.content)


def test_it_sends_plain_text_to_a_client_that_does_not_say_so(client: Client) -> None:
    response = client.get("/en/mahjong/play/")
    assert not response.has_header("Content-Encoding")
    assert b"<canvas" in response.content
