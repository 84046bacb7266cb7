"""The generated tile artwork: valid SVG, complete, no text elements, small, in sync."""

from __future__ import annotations

import gzip
import io
import json
import re
import xml.etree.ElementTree as ET

import pytest
from PIL import Image

from game.mahjong.artwork.build import (
    CELL_H,
    CELL_W,
    COLUMNS,
    PLAIN,
    RASTER_SCALE,
    STATIC_DIR,
    STYLES,
    committed_files,
    differences,
    face_svg,
    face_symbols,
    generate,
    sheet_image,
    sheet_raster_image,
    sheet_variants,
    sprite_sheet,
)
from game.mahjong.artwork.common import HEIGHT, WIDTH
from game.mahjong.artwork.marks import LANGUAGES
from game.mahjong.engine.tiles import FACES

SVG = "{http://www.w3.org/2000/svg}"
SPRITE_BUDGET = 150 * 1024
SHEETS = [(style, variant) for style in STYLES for variant in sheet_variants(style)]
"""Every sprite sheet: each style in each language, and without corner marks where it has them."""


@pytest.fixture(scope="module")
def files() -> dict[str, bytes]:
    return generate()


def parse(data: bytes) -> ET.Element:
    return ET.fromstring(data)


def test_42_faces_and_three_styles() -> None:
    assert len(FACES) == 42
    assert list(STYLES) == ["classic", "numbers", "kittens"]


def test_every_face_in_every_style(files: dict[str, bytes]) -> None:
    for style in STYLES:
        for face in FACES:
            assert f"{style}/{face}.svg" in files
        for language in LANGUAGES:
            assert f"{style}-{language}-sprite.svg" in files
            assert f"{style}-{language}-sprite.webp" in files
        assert f"{style}-sprite.json" in files
    assert ("classic", PLAIN) in SHEETS and ("kittens", PLAIN) in SHEETS
    assert ("numbers", PLAIN) not in SHEETS, "the numbers style has no corner marks to leave out"
    assert "faces.css" in files  # every sheet's faces as backgrounds, for the tiles page
    assert len(files) == 3 * (42 + 1) + 2 * len(SHEETS) + 1 == 3 * 43 + 2 * 17 + 1


def test_every_file_is_valid_svg(files: dict[str, bytes]) -> None:
    for name, data in files.items():
        if name.endswith(".svg"):
            root = parse(data)
            assert root.tag == f"{SVG}svg", name


def test_no_text_elements_anywhere(files: dict[str, bytes]) -> None:
    for name, data in files.items():
        if not name.endswith(".svg"):
            continue
        root = parse(data)
        tags = {element.tag.removeprefix(SVG) for element in root.iter()}
        assert not tags & {"text", "tspan", "textPath", "foreignObject"}, name
        assert b"<text" not in data, name


def test_no_scripts_styles_or_external_references(files: dict[str, bytes]) -> None:
    for name, data in files.items():
        if name.endswith(".svg"):
            assert b"<script" not in data and b"<style" not in data, name
            assert b"http" not in data.replace(b"http://www.w3.org/2000/svg", b""), name


def test_every_reference_resolves_within_its_file(files: dict[str, bytes]) -> None:
    for name, data in files.items():
        if not name.endswith(".svg"):
            continue
        text = data.decode()
        ids = re.findall(r'\sid="([^"]+)"', text)
        assert len(ids) == len(set(ids)), f"duplicate ids in {name}"
        for ref in re.findall(r'href="#([^"]+)"', text):
            assert ref in ids, f"{name}: #{ref} is not defined"
        assert "@@" not in text, name


def test_face_files_have_the_face_size(files: dict[str, bytes]) -> None:
    for style in STYLES:
        root = parse(files[f"{style}/5B.svg"])
        assert root.get("viewBox") == f"0 0 {WIDTH} {HEIGHT}"
        assert WIDTH * 4 == HEIGHT * 3  # a 3:4 face


def test_faces_differ_within_each_style(files: dict[str, bytes]) -> None:
    for style in STYLES:
        drawings = {face: files[f"{style}/{face}.svg"].split(b"</title>", 1)[1] for face in FACES}
        assert len(set(drawings.values())) == 42, style


@pytest.mark.parametrize(("style", "variant"), SHEETS)
def test_sprite_sheet_budget(files: dict[str, bytes], style: str, variant: str) -> None:
    size = len(gzip.compress(files[sheet_image(style, variant)], compresslevel=9))
    assert size <= SPRITE_BUDGET, f"{style} {variant} sprite is {size} bytes gzipped"


@pytest.mark.parametrize(("style", "variant"), SHEETS)
def test_sprite_manifest_matches_the_sheet(files: dict[str, bytes], style: str, variant: str) -> None:
    manifest = json.loads(files[f"{style}-sprite.json"])
    assert manifest["images"][variant] == sheet_image(style, variant)
    sheet = parse(files[sheet_image(style, variant)])
    assert manifest["columns"] == COLUMNS
    assert list(manifest["faces"]) == list(FACES)
    assert (int(sheet.get("width", 0)), int(sheet.get("height", 0))) == (
        manifest["width"],
        manifest["height"],
    )
    for i, face in enumerate(FACES):
        box = manifest["faces"][face]
        row, column = divmod(i, COLUMNS)
        assert box == {"x": column * CELL_W + 2, "y": row * CELL_H + 2, "w": WIDTH, "h": HEIGHT}
        assert box["x"] + box["w"] <= manifest["width"] and box["y"] + box["h"] <= manifest["height"]
    views = {v.get("id"): v.get("viewBox") for v in sheet.iter(f"{SVG}view")}
    prefix = manifest["view_id_prefix"]
    assert views[f"{prefix}Wh"] == "{x} {y} {w} {h}".format(**manifest["faces"]["Wh"])


@pytest.mark.parametrize(("style", "variant"), SHEETS)
def test_each_sheet_has_a_bitmap(files: dict[str, bytes], style: str, variant: str) -> None:
    manifest = json.loads(files[f"{style}-sprite.json"])
    assert manifest["rasters"][variant] == sheet_raster_image(style, variant)
    assert manifest["raster_scale"] == RASTER_SCALE
    with Image.open(io.BytesIO(files[sheet_raster_image(style, variant)])) as image:
        assert image.format == "WEBP"
        assert image.size == (
            round(manifest["width"] * RASTER_SCALE),
            round(manifest["height"] * RASTER_SCALE),
        )
        # Drawn, not blank: opaque on a face (1B's left edge), transparent in the gutter.
        alpha = image.getchannel("A")
        box = manifest["faces"]["1B"]
        assert (
            alpha.getpixel((round((box["x"] + 3) * RASTER_SCALE), round((box["y"] + 40) * RASTER_SCALE)))
            == 255
        )
        assert alpha.getpixel((0, 0)) == 0


def test_sprite_shares_definitions() -> None:
    svg, _ = sprite_sheet("kittens")
    assert svg.count('<symbol id="mk-head"') == 1
    assert svg.count('href="#mk-head"') > 42


def test_committed_files_equal_the_generator_output() -> None:
    problems = differences()
    assert not problems, (
        "the tile artwork in game/mahjong/static/mahjong/tiles/ is out of date or edited by hand; "
        "run `python -m game.mahjong.artwork`:\n" + "\n".join(problems)
    )
    assert set(committed_files(STATIC_DIR)) == set(generate())


def test_generation_is_deterministic() -> None:
    assert generate() == generate()


def test_inline_symbols_are_prefixed_by_style() -> None:
    classic = face_symbols(["5B", "R"], "classic")
    kittens = face_symbols(["5B"], "kittens")
    assert 'id="mc-f-5B"' in classic and 'id="mc-f-R"' in classic
    assert 'id="mk-f-5B"' in kittens
    assert not set(re.findall(r'id="([^"]+)"', classic)) & set(re.findall(r'id="([^"]+)"', kittens))


def test_unknown_face_or_style() -> None:
    with pytest.raises(ValueError):
        face_svg("10B", "classic")
    with pytest.raises(ValueError):
        face_svg("5B", "pixel")


def test_face_title_is_the_english_name() -> None:
    root = ET.fromstring(face_svg("F2", "kittens"))
    assert root.find(f"{SVG}title") is not None
    assert root.findtext(f"{SVG}title") == "orchid"
