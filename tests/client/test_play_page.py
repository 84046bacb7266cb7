"""The play page: served in every language, with a config the browser client can trust."""

from __future__ import annotations

import json
import posixpath
import re
from pathlib import Path
from typing import Any

import pytest
from django.contrib.staticfiles import finders
from django.test import Client
from django.urls import reverse
from django.utils import translation

from game.mahjong.engine import play as play_rules
from game.mahjong.engine.play import scoring_rules
from tests.paths import mahjong_path

LANGUAGES = ["en", "it", "pl", "ru", "fr"]
PLAY_TITLE = {
    "en": "Play Mahjong Solitaire",
    "it": "Gioca a Mahjong Solitario",
    "pl": "Zagraj w pasjansa Mahjong",
    "ru": "Играть в пасьянс «Маджонг»",
    "fr": "Jouer au Mahjong solitaire",
}
GAME_DIR = Path(__file__).resolve().parents[2] / "game"
# The client's modules, by their static path: the game's own and the house's shared ones.
JS_DIRS = {"mahjong/js": GAME_DIR / "mahjong/static/mahjong/js", "core/js": GAME_DIR / "core/static/core/js"}
JS_FILES = {
    f"{prefix}/{path.name}": path
    for prefix, folder in JS_DIRS.items()
    for path in sorted(folder.glob("*.js"))
}
JS_IMPORT = re.compile(r'^\s*(?:import|export)\b[^;]*?\bfrom\s+"([^"]+)"|^import\s+"([^"]+)"', re.M)
MAX_MODULE_LINES = 400
LAYOUT_IDS = [f"L{k:02d}" for k in range(12)]


def config_of(html: str) -> dict[str, Any]:
    match = re.search(r'<script id="play-config" type="application/json">(.*?)</script>', html, re.S)
    assert match, "no play-config script"
    data = json.loads(match.group(1))
    assert isinstance(data, dict)
    return data


def static_path(url: str) -> str:
    assert url.startswith("/static/"), url
    found = finders.find(url.removeprefix("/static/"))
    assert found, f"{url} is not a static file"
    return str(found)


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_play_page_in_every_language(client: Client, language: str) -> None:
    with translation.override(language):
        url = reverse("mahjong:play")
    assert url == mahjong_path(language, "play")
    response = client.get(url)
    assert response.status_code == 200
    html = response.content.decode()
    assert f'<html lang="{language}"' in html
    assert PLAY_TITLE[language] in html
    assert '<canvas id="play-canvas"' in html
    assert 'aria-live="polite"' in html
    assert 'type="module" src="/static/mahjong/js/main.js"' in html
    catalogue = f'<script src="/{language}/jsi18n/" defer></script>'
    assert catalogue in html
    assert html.index(catalogue) < html.index('type="module"'), "the catalogue comes before the modules"
    config = config_of(html)
    assert config["language"] == language
    assert config["code"] is None
    assert "texts" not in config, "the script's texts come from the JavaScript catalogue"
    assert config["scoresUrl"] == mahjong_path(language, "scores")
    assert config["dailyScoresUrl"] == mahjong_path(language, "scores", "daily")
    if language != "en":
        assert config["faceNames"]["5B"] != "5 of bamboo"


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_javascript_catalogue_is_served_in_every_language(client: Client, language: str) -> None:
    response = client.get(f"/{language}/jsi18n/")
    assert response.status_code == 200
    assert "javascript" in response["Content-Type"]
    body = response.content.decode()
    assert "django.ngettext" in body and "django.interpolate" in body


def test_every_script_text_can_be_found_by_makemessages() -> None:
    """gettext() and friends must get string literals, or makemessages cannot collect them."""
    calls = 0
    for name, path in JS_FILES.items():
        if name == "core/js/i18n.js":
            continue  # it defines them
        source = path.read_text(encoding="utf-8")
        for match in re.finditer(r"\b(n?gettext|pgettext)\(\s*(.)", source):
            calls += 1
            assert match.group(2) == '"', f"{path.name}: {source[match.start() : match.start() + 60]!r}"
    assert calls > 50


@pytest.mark.django_db
def test_the_layout_picker_shows_every_layout_with_a_preview(client: Client) -> None:
    html = client.get("/en/mahjong/play/").content.decode()
    for layout_id in LAYOUT_IDS:
        assert f'id="play-layout-{layout_id}" value="{layout_id}"' in html
    assert html.count('class="play-layout-preview"') == len(LAYOUT_IDS)
    assert "<path" in html
    assert re.search(r'viewBox="0 0 [0-9.]+ [0-9.]+"', html)
    assert ">Turtle</span>" in html and ">Butterfly</span>" in html
    config = config_of(html)
    assert config["layouts"]["L00"] == "Turtle"
    assert sorted(config["layouts"]) == LAYOUT_IDS


def test_layout_previews_cover_every_tile() -> None:
    from game.mahjong.engine import all_layouts
    from game.mahjong.names import LAYOUT_NAMES
    from game.mahjong.views import layout_preview

    assert sorted(LAYOUT_NAMES) == sorted(all_layouts())
    for layout in all_layouts().values():
        preview = layout_preview(layout)
        tiles = sum(layer["d"].count("M") for layer in preview["layers"])
        assert tiles == len(layout.positions)
        assert [layer["z"] for layer in preview["layers"]] == sorted({z for _, _, z in layout.positions})
        left, top, width, height = map(float, preview["view_box"].split())
        assert (left, top) == (0, 0) and 0 < width < 60 and 0 < height < 60


SCORING_CONSTANTS = tuple(name.upper() for name in scoring_rules())
"""The engine's scoring constants by their names in play.py, which no client file may define."""


@pytest.mark.django_db
def test_the_config_carries_the_engines_scoring_constants(client: Client) -> None:
    config = config_of(client.get("/en/mahjong/play/").content.decode())
    assert config["scoring"] == scoring_rules()
    assert config["scoring"]["hint_cost"] == play_rules.HINT_COST
    # The board comes from the API's deals, each with its layout's graph: the page has no positions.
    assert "positions" not in json.dumps(config)


def test_the_client_keeps_no_copy_of_the_rules() -> None:
    """The scoring constants and the free rule's relations come from the server, not from the JS."""
    scripts = {name: path.read_text(encoding="utf-8") for name, path in JS_FILES.items()}
    for name, text in scripts.items():
        for constant in SCORING_CONSTANTS:
            assert not re.search(rf"\b{constant}\s*=", text), (name, constant)
        assert "buildLayout" not in text, name
        assert "z + 1" not in text, f"{name} works out which tiles lie on which"


@pytest.mark.django_db
def test_the_config_points_to_existing_files(client: Client) -> None:
    config = config_of(client.get("/en/mahjong/play/").content.decode())
    assert config["api"] == "/api/"
    assert config["playUrl"] == "/en/mahjong/play/"
    assert [style["key"] for style in config["styles"]] == ["kittens", "classic", "numbers"]
    for style in config["styles"]:
        with open(static_path(style["sheet"]), encoding="utf-8") as sheet:
            index = json.load(sheet)
        # The sheet with the page language's corner marks, and the one without (tiles/*.svg).
        assert style["image"].endswith(index["images"]["en"])
        assert style["plainImage"].endswith(index["images"].get("plain", index["images"]["en"]))
        static_path(style["image"])
        static_path(style["plainImage"])
        # The same sheets as bitmaps (tiles/*.webp), which the board draws from.
        assert style["raster"].endswith(index["rasters"]["en"])
        assert style["plainRaster"].endswith(index["rasters"].get("plain", index["rasters"]["en"]))
        static_path(style["raster"])
        static_path(style["plainRaster"])
        assert set(index["faces"]) == set(config["faceNames"])
    assert len(config["faceNames"]) == 42
    for name in JS_FILES:
        static_path(f"/static/{name}")
    static_path("/static/mahjong/play.css")


def test_every_module_import_is_a_static_file() -> None:
    """Imports are URLs under /static/ (../../core/js/api.js from mahjong/js/): each must be a static file."""
    imports = 0
    for name, path in JS_FILES.items():
        for match in JS_IMPORT.finditer(path.read_text(encoding="utf-8")):
            target = match.group(1) or match.group(2)
            assert target.startswith(("./", "../")) and target.endswith(".js"), f"{name}: {target}"
            url = posixpath.normpath(posixpath.join("/static", posixpath.dirname(name), target))
            static_path(url)
            imports += 1
    assert imports > 40
    assert "core/js/api.js" in JS_FILES and "mahjong/js/main.js" in JS_FILES


@pytest.mark.parametrize("name", sorted(JS_FILES))
def test_modules_are_type_checked_and_small(name: str) -> None:
    source = JS_FILES[name].read_text(encoding="utf-8")
    assert source.startswith("// @ts-check\n"), f"{name}: tsc checks only the modules that ask for it"
    lines = source.count("\n")
    assert lines <= MAX_MODULE_LINES, f"{name} has {lines} lines: split it by concern"


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "it"])
def test_the_config_names_the_modes_and_layouts_in_the_page_language(client: Client, language: str) -> None:
    """The client has no copy of these names: they come from here, translated."""
    config = config_of(client.get(mahjong_path(language, "play")).content.decode())
    expected = {
        "en": {"classic": "Classic", "arcade": "Arcade", "daily": "Daily challenge"},
        "it": {"classic": "Classica", "arcade": "Arcade", "daily": "Sfida del giorno"},
    }
    assert config["modes"] == expected[language]
    assert config["layouts"]["L07"] == {"en": "Butterfly", "it": "Farfalla"}[language]
    for name, path in JS_FILES.items():
        source = path.read_text(encoding="utf-8")
        assert 'pgettext("game mode"' not in source, f"{name} has its own copy of the mode names"
        assert 'pgettext("layout"' not in source, f"{name} has its own copy of the layout names"


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["it", "fr", "pl", "ru"])
def test_previews_keep_a_decimal_point_with_a_decimal_comma_language(client: Client, language: str) -> None:
    html = client.get(mahjong_path(language, "play")).content.decode()
    boxes = re.findall(r'<svg class="play-layout-preview" viewBox="([^"]*)"', html)
    assert len(boxes) == len(LAYOUT_IDS)
    assert all(re.fullmatch(r"0 0 [0-9.]+ [0-9.]+", box) for box in boxes), boxes


@pytest.mark.django_db
def test_the_api_base_answers(client: Client) -> None:
    config = config_of(client.get("/en/mahjong/play/").content.decode())
    assert client.get(config["api"] + "layouts/").status_code == 200


@pytest.mark.django_db
def test_a_shared_code_is_passed_on(client: Client) -> None:
    with translation.override("it"):
        url = reverse("mahjong:play_code", args=["MJ1-L03-ABCDEFG"])
    assert url == "/it/mahjong/gioca/MJ1-L03-ABCDEFG/"
    response = client.get(url + "?mode=arcade")
    assert response.status_code == 200
    config = config_of(response.content.decode())
    assert config["code"] == "MJ1-L03-ABCDEFG"
    assert config["mode"] == "arcade"


@pytest.mark.django_db
def test_daily_and_odd_query_values(client: Client) -> None:
    config = config_of(client.get("/en/mahjong/play/?daily=classic&mode=chess").content.decode())
    assert config["daily"] == "classic"
    assert config["mode"] is None
    assert config_of(client.get("/en/mahjong/play/?daily=<b>").content.decode())["daily"] is None


@pytest.mark.django_db
@pytest.mark.parametrize("code", ["nonsense", "MJ1-L00-abcdefg", "MJ1-L99-ABCDEFG", "MJ2-L00-ABCDEFG"])
def test_a_malformed_code_is_a_friendly_404(client: Client, code: str) -> None:
    response = client.get(f"/fr/mahjong/jouer/{code}/")
    assert response.status_code == 404
    html = response.content.decode()
    assert '<html lang="fr"' in html
    assert "Page introuvable" in html or "404" in html
    assert "play-config" not in html


@pytest.mark.django_db
def test_the_home_page_links_to_the_game(client: Client) -> None:
    html = client.get("/en/").content.decode()
    assert 'href="/en/mahjong/play/"' in html
