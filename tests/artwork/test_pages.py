"""Diagrams in page texts and templates, the template tags and the tiles page."""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator

import pytest
from django.template import Context, Template
from django.test import Client
from django.urls import reverse
from django.utils import translation

from game.mahjong.artwork.build import STYLES, faces_stylesheet, sprite_sheet
from game.mahjong.diagrams import DIAGRAM_HELP, diagram_errors
from game.mahjong.names import face_name
from rules.markdown import render_html as render_paragraphs
from tests.paths import mahjong_path

LANGUAGES = ["en", "it", "pl", "ru", "fr"]

GOOD = "Before.\n\n```tiles\n0 0,0: 1B 2B 3B 4B\n1 3,0: R\n```\n\nAfter <b>this</b>."
BROKEN = "Before.\n\n```tiles\n0 0,0: 1B 2B\n0 2,0: 9X\n```\n\nAfter."

# Names on the tiles page, as each language should show them.
NAMES = {
    "en": ["5 of bamboo", "Orchid", "Winter", "East wind", "White dragon", "Kittens"],
    "it": ["5 di bambù", "Orchidea", "Inverno", "Vento dell\u2019est", "Drago bianco", "Gattini"],
    "pl": ["Bambus 5", "Orchidea", "Zima", "Wiatr wschodni", "Biały smok", "Kotki"],
    "ru": ["Бамбук 5", "Орхидея", "Зима", "Восточный ветер", "Белый дракон", "Котята"],
    "fr": ["5 de bambou", "Orchidée", "Hiver", "Vent d\u2019est", "Dragon blanc", "Chatons"],
}


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    """Each test starts in English (a request through LocaleMiddleware leaves its language active)."""
    with translation.override("en"):
        yield


def test_a_fenced_block_becomes_an_inline_svg() -> None:
    html = str(render_paragraphs(GOOD))
    assert html.startswith("<p>Before.</p>")
    assert '<figure class="tile-diagram"><svg' in html
    assert 'role="img"' in html
    assert html.endswith("<p>After &lt;b&gt;this&lt;/b&gt;.</p>")
    assert "```" not in html


def test_text_without_diagrams_renders_as_before() -> None:
    html = str(render_paragraphs("One\nline.\n\n<i>Two</i>"))
    assert html == "<p>One line.</p>\n<p>&lt;i&gt;Two&lt;/i&gt;</p>"
    assert str(render_paragraphs("")) == ""


def test_a_broken_block_never_raises_and_is_left_out(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="game.mahjong.diagrams"):
        html = str(render_paragraphs(BROKEN))
    assert html == "<p>Before.</p>\n<p>After.</p>"
    assert "9X" in caplog.text and "line 2" in caplog.text


def test_a_broken_block_shows_a_notice_in_previews() -> None:
    html = str(render_paragraphs(BROKEN, show_errors=True))
    assert "tile-diagram-error" in html and "<svg" not in html
    assert "unknown tile label &#x27;9X&#x27;" in html or "unknown tile label '9X'" in html


def test_an_unclosed_fence_keeps_the_text() -> None:
    text = "Intro.\n\n```tiles\n0 0,0: 1B 2B"
    html = str(render_paragraphs(text))
    assert "Intro." in html and "0 0,0: 1B 2B" in html and "<svg" not in html
    assert diagram_errors(text) == ["Line 3: the ```tiles block is never closed with a line ```."]


def test_diagram_errors_name_diagram_and_lines() -> None:
    assert diagram_errors(GOOD) == []
    assert diagram_errors(BROKEN) == [
        "Tile diagram 1, line 2 (line 5 of the text): unknown tile label '9X' "
        "(labels are 1B-9B, 1C-9C, 1D-9D, N S E W, R G Wh, F1-F4, S1-S4)"
    ]
    two = GOOD + "\n\n```tiles\n\n1 0,0: R\n```"
    assert diagram_errors(two) == [
        "Tile diagram 2, line 2 (line 12 of the text): "
        "R at 0,0 on layer 1 floats: nothing of layer 0 lies under it"
    ]


def test_a_block_is_checked_exactly_when_the_renderer_draws_it() -> None:
    """The checker reads the blocks the renderer draws, tildes and longer fences too."""
    tildes = "Before.\n\n~~~~ tiles\n0 0,0: 1B 2B\n0 2,0: 9X\n~~~~\n"
    assert "tile-diagram-error" in str(render_paragraphs(tildes, show_errors=True))
    assert [message.split(":")[0] for message in diagram_errors(tildes)] == [
        "Tile diagram 1, line 2 (line 5 of the text)"
    ]
    as_code = "    ```tiles\n    0 0,0: 9X\n    ```\n"  # indented: code, never drawn
    assert "<svg" not in str(render_paragraphs(as_code)) and diagram_errors(as_code) == []


def test_help_text_is_translated() -> None:
    assert "```tiles" in str(DIAGRAM_HELP)
    with translation.override("it"):
        assert "strato" in str(DIAGRAM_HELP)


def test_diagram_title_is_translated() -> None:
    with translation.override("fr"):
        html = str(render_paragraphs("```tiles\n0 0,0: 1B 2B 3B\n```"))
    title = "Schéma de 3 tuiles. Libres\u00a0: 1 de bambou, 3 de bambou. Bloquées\u00a0: 2 de bambou."
    assert f"<title>{title}</title>" in html


def test_template_tags() -> None:
    template = Template(
        '{% load tiles %}{% tile_diagram "0 0,0: 1B 2B 3B" %}|{% tile_face "5B" style="kittens" %}'
        '|{% tile_face "Wh" style="classic" size=36 %}|{% tile_diagram "0 0,0: ZZ" %}|{% tile_face "ZZ" %}'
    )
    with translation.override("ru"):
        diagram, kitten, classic, broken, unknown = template.render(Context()).split("|")
    assert diagram.startswith('<figure class="tile-diagram"><svg')
    # In the page's language: the face's view in that language's sprite sheet.
    assert 'src="/static/mahjong/tiles/kittens-ru-sprite.svg#mk-5B"' in kitten and 'alt="Бамбук 5"' in kitten
    assert 'width="36" height="48"' in classic and 'alt="Белый дракон"' in classic
    assert "<svg" not in broken
    assert unknown == ""


def test_tile_diagram_tag_style() -> None:
    html = Template('{% load tiles %}{% tile_diagram "0 0,0: N" style="kittens" %}').render(Context())
    assert 'href="#mk-f-N"' in html


@pytest.mark.parametrize("language", LANGUAGES)
def test_face_names_are_translated(language: str) -> None:
    with translation.override(language):
        names = [face_name(f) for f in ("5B", "F2", "S4", "E", "Wh")]
    assert names == NAMES[language][:5]


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_tiles_page_in_every_language(client: Client, language: str) -> None:
    with translation.override(language):
        url = reverse("mahjong:tiles")
    assert url == mahjong_path(language, "tiles")
    response = client.get(url)
    assert response.status_code == 200
    html = response.content.decode()
    for name in NAMES[language]:
        assert name in html, name
    assert html.count('class="tile-card"') == 42
    assert html.count('role="img"') == 42 * 3
    for style in ("classic", "numbers", "kittens"):
        assert f'class="tile-sprite sprite-{style} face-F4" role="img"' in html
    # Each face is a background from the sheet with this language's corner marks (faces.css).
    assert f'<article class="tiles-page" data-marks="{language}">' in html
    assert '<link rel="stylesheet" href="/static/mahjong/tiles/faces.css">' in html
    assert f'<html lang="{language}"' in html


def test_the_faces_stylesheet_shows_each_face_where_the_sheets_draw_it() -> None:
    css = faces_stylesheet()
    found = re.findall(r"\.face-(\w+) \{ --x: (\d+); --y: (\d+); \}", css)
    positions = {face: (int(x), int(y)) for face, x, y in found}
    for style in STYLES:
        _svg, manifest = sprite_sheet(style)
        assert positions == {face: (place["x"], place["y"]) for face, place in manifest["faces"].items()}
        for language in LANGUAGES:
            # The bitmap sheet up to twice the CSS pixel, the SVG beyond (and where image-set is unknown).
            svg, bitmap = f'url("{style}-{language}-sprite.svg")', f'url("{style}-{language}-sprite.webp")'
            rule = (
                f'[data-marks="{language}"] .sprite-{style} {{ background-image: {svg}; '
                f"background-image: image-set({bitmap} 2x, {svg} 3x); }}"
            )
            assert rule in css


@pytest.mark.django_db
def test_tiles_page_static_files_are_served(client: Client) -> None:
    response = client.get("/static/mahjong/tiles/kittens/5B.svg")
    assert response.status_code == 200
    # The stubs type every test-client response as a non-streaming one; static files stream.
    assert b"<svg" in b"".join(response.streaming_content)  # type: ignore[attr-defined]
