"""Standalone face files, sprite sheets and their manifests, and writing them to disk."""

from __future__ import annotations

import io
import json
from functools import cache
from pathlib import Path
from typing import Any, Final

from ..engine.tiles import FACE_NAMES, FACES, parse_face
from . import classic, kittens, numbers
from .common import HEIGHT, WIDTH
from .marks import DEFAULT_LANGUAGE, LANGUAGES
from .style import Labels, Style
from .svg import Canvas, finish_ids

STYLES: Final[dict[str, Style]] = {s.name: s for s in (classic.STYLE, numbers.STYLE, kittens.STYLE)}
"""The three styles by name, in the order they are shown."""

DEFAULT_STYLE: Final = "classic"
"""The style of the diagrams in the pages: real tiles, as a player sees them on a table (the
numbers style is a reading aid for the board, and would show a reader no real tile)."""

COLUMNS: Final = 7
GUTTER: Final = 2
CELL_W: Final = WIDTH + 2 * GUTTER
CELL_H: Final = HEIGHT + 2 * GUTTER

STATIC_DIR: Final = Path(__file__).resolve().parent.parent / "static" / "mahjong" / "tiles"
"""Where the generated files live (``game/mahjong/static/mahjong/tiles/``)."""

SVG_NS: Final = "http://www.w3.org/2000/svg"


def get_style(name: str) -> Style:
    try:
        return STYLES[name]
    except KeyError:
        raise ValueError(f"unknown tile style {name!r}; known: {', '.join(STYLES)}") from None


PLAIN: Final = "plain"
"""The sheet name part of a style's faces without corner marks (``classic-plain-sprite.svg``)."""


def draw(face: str, style: str, labels: Labels | None = None) -> Canvas:
    if face not in FACE_NAMES:
        raise ValueError(f"unknown tile label {face!r}")
    return get_style(style).draw(face, labels or Labels())


def sheet_variants(style: str) -> dict[str, Labels]:
    """The sprite sheets of a style, by name: one per language, and one without corner
    marks in the English labels (for a style whose faces carry corner marks)."""
    variants = {language: Labels.of(language) for language in LANGUAGES}
    if get_style(style).corner_marks:
        variants[PLAIN] = Labels.of(DEFAULT_LANGUAGE, corner=False)
    return variants


def sheet_image(style: str, variant: str) -> str:
    """The file name of one sprite sheet (``classic-pl-sprite.svg``)."""
    return f"{style}-{variant}-sprite.svg"


RASTER_SCALE: Final = 1.5
"""Pixels per sheet unit of the bitmap sheets (a face 90 x 120 px): enough for the board's tiles
on most screens (a phone's 25-CSS-px tile at 3 device pixels each needs 1.25), which the play
page then draws by downscaling. The browser decodes a bitmap off the main thread, whereas an SVG
sheet is styled, laid out and painted on it: some 200 ms of a phone's main thread for a sheet
(Lighthouse counted up to 780 ms blocked on the play page). Bigger tiles (a close-up on a
high-density screen) are drawn from the SVG sheet, fetched when first needed."""


def sheet_raster_image(style: str, variant: str) -> str:
    """The file name of one bitmap sprite sheet (``classic-pl-sprite.webp``)."""
    return f"{style}-{variant}-sprite.webp"


@cache
def rasterise(svg: str, zoom: float) -> bytes:
    """``svg`` drawn at ``zoom``, as lossless WebP (half the bytes of the same PNG). resvg and
    Pillow are pinned: the same bytes on every machine."""
    # Only the generator and its tests need them, not the site.
    import resvg_py
    from PIL import Image

    png = bytes(resvg_py.svg_to_bytes(svg_string=svg, zoom=zoom, skip_system_fonts=True))
    webp = io.BytesIO()
    with Image.open(io.BytesIO(png)) as image:
        image.save(webp, format="WEBP", lossless=True, method=6)
    return webp.getvalue()


def face_svg(face: str, style: str, labels: Labels | None = None) -> str:
    """A standalone SVG document for one face (60 x 80), with its English name as title
    (and the English corner marks unless ``labels`` says otherwise)."""
    s = get_style(style)
    canvas = draw(face, style, labels)
    body = (
        f'<svg xmlns="{SVG_NS}" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" height="{HEIGHT}">'
        f"<title>{FACE_NAMES[parse_face(face)]}</title>{s.library.defs(canvas.used)}{canvas.markup()}</svg>\n"
    )
    return finish_ids(body, s.prefix)


def face_symbols(faces: list[str], style: str, language: str = DEFAULT_LANGUAGE, corner: bool = True) -> str:
    """``<defs>`` with one ``<symbol id="{prefix}f-{face}">`` per face plus what they use.

    For inline use (diagrams): place a face with ``<use href="#{prefix}f-5B">``; the
    faces carry the corner marks of ``language`` (none when ``corner`` is false).
    """
    labels = Labels.of(language, corner)
    s = get_style(style)
    used: set[str] = set()
    symbols = []
    for face in dict.fromkeys(faces):
        canvas = draw(face, style, labels)
        used |= canvas.used
        symbols.append(f'<symbol id="@@f-{face}" viewBox="0 0 {WIDTH} {HEIGHT}">{canvas.markup()}</symbol>')
    shared = s.library.defs(used)
    inner = shared[len("<defs>") : -len("</defs>")] if shared else ""
    return finish_ids(f"<defs>{inner}{''.join(symbols)}</defs>", s.prefix)


def sprite_position(face: str) -> tuple[int, int]:
    """Top-left corner of a face in the sprite sheet (``FACES`` order, ``COLUMNS`` per row)."""
    i = FACES.index(parse_face(face))
    row, column = divmod(i, COLUMNS)
    return column * CELL_W + GUTTER, row * CELL_H + GUTTER


def sprite_size() -> tuple[int, int]:
    rows = -(-len(FACES) // COLUMNS)
    return COLUMNS * CELL_W, rows * CELL_H


def sprite_sheet(style: str, variant: str = DEFAULT_LANGUAGE) -> tuple[str, dict[str, Any]]:
    """One sprite sheet SVG of a style (a language's, or :data:`PLAIN`) and the style's
    manifest (face -> x, y, w, h; the same for every sheet of the style)."""
    s = get_style(style)
    labels = sheet_variants(style)[variant]
    width, height = sprite_size()
    used: set[str] = set()
    parts = []
    views = []
    manifest_faces: dict[str, dict[str, int]] = {}
    for face in FACES:
        canvas = draw(face, style, labels)
        used |= canvas.used
        x, y = sprite_position(face)
        parts.append(f'<g transform="translate({x} {y})">{canvas.markup()}</g>')
        views.append(f'<view id="@@{face}" viewBox="{x} {y} {WIDTH} {HEIGHT}"/>')
        manifest_faces[face] = {"x": x, "y": y, "w": WIDTH, "h": HEIGHT}
    svg = (
        f'<svg xmlns="{SVG_NS}" viewBox="0 0 {width} {height}" width="{width}" height="{height}">'
        f"<title>Miaojong tiles: {style}, {variant}</title>{s.library.defs(used)}{''.join(views)}\n"
        + "\n".join(parts)
        + "\n</svg>\n"
    )
    manifest = {
        "style": style,
        "images": {name: sheet_image(style, name) for name in sheet_variants(style)},
        "rasters": {name: sheet_raster_image(style, name) for name in sheet_variants(style)},
        "raster_scale": RASTER_SCALE,
        "width": width,
        "height": height,
        "columns": COLUMNS,
        "order": "FACES",
        "view_id_prefix": s.prefix,
        "faces": manifest_faces,
    }
    return finish_ids(svg, s.prefix), manifest


BITMAP_DENSITY: Final = 2
"""The screen density up to which the bitmap sheets are sharp enough as CSS backgrounds: a
face of the bitmap is 90 px wide, the tiles page shows faces 44 to 48 CSS px wide."""

FACES_STYLESHEET: Final = "faces.css"
"""The sprite sheets' faces as CSS backgrounds (:func:`faces_stylesheet`)."""


def faces_stylesheet() -> str:
    """CSS that shows one face of a language's sprite sheet as an element's background.

    ``<span class="tile-sprite sprite-kittens face-5B">`` inside an element with
    ``data-marks="pl"`` shows the kittens' 5B with Polish corner marks, ``--face-w`` wide (the
    face's own 60 units by default). A page of many faces (the tiles page's 126) then holds one
    SVG document per sheet: as ``<img src="sheet.svg#view">`` each face was a document of its
    own, laid out and painted anew, and the phone's main thread was blocked for a second.

    Where the screen's density is at most :data:`BITMAP_DENSITY`, the face is the bitmap sheet's
    (decoded off the main thread, where the three SVG sheets still blocked a phone's for some
    300 ms); denser screens get the SVG sheet, which stays sharp at any size.
    """
    width, height = sprite_size()
    unit = f"var(--face-w, {WIDTH}px) / {WIDTH}"
    lines = [
        "/* Generated by python -m game.mahjong.artwork (game/mahjong/artwork/build.py): do not edit. */",
        ".tile-sprite {",
        "  display: block;",
        f"  width: var(--face-w, {WIDTH}px);",
        f"  height: calc({HEIGHT} * {unit});",
        "  background-repeat: no-repeat;",
        f"  background-size: calc({width} * {unit}) calc({height} * {unit});",
        f"  background-position: calc(var(--x) * -1 * {unit}) calc(var(--y) * -1 * {unit});",
        "}",
    ]
    for face in FACES:
        x, y = sprite_position(face)
        lines.append(f".face-{face} {{ --x: {x}; --y: {y}; }}")
    for name in STYLES:
        for language in LANGUAGES:
            image, bitmap = sheet_image(name, language), sheet_raster_image(name, language)
            either = f'url("{bitmap}") {BITMAP_DENSITY}x, url("{image}") {BITMAP_DENSITY + 1}x'
            lines.append(
                f'[data-marks="{language}"] .sprite-{name} {{ background-image: url("{image}"); '
                f"background-image: image-set({either}); }}"
            )
    return "\n".join(lines) + "\n"


def generate() -> dict[str, bytes]:
    """Every generated file, by path relative to :data:`STATIC_DIR`."""
    files: dict[str, bytes] = {}
    for name in STYLES:
        for face in FACES:
            files[f"{name}/{face}.svg"] = face_svg(face, name).encode()
        for variant in sheet_variants(name):
            svg, manifest = sprite_sheet(name, variant)
            files[sheet_image(name, variant)] = svg.encode()
            files[sheet_raster_image(name, variant)] = rasterise(svg, RASTER_SCALE)
        files[f"{name}-sprite.json"] = (json.dumps(manifest, indent=1) + "\n").encode()
    files[FACES_STYLESHEET] = faces_stylesheet().encode()
    return files


def committed_files(root: Path = STATIC_DIR) -> dict[str, bytes]:
    """The files now in ``root``, by relative path."""
    if not root.is_dir():
        return {}
    paths = sorted(path for path in root.rglob("*") if path.is_file())
    return {path.relative_to(root).as_posix(): path.read_bytes() for path in paths}


def differences(root: Path = STATIC_DIR) -> list[str]:
    """What differs between ``root`` and the generator's output (empty when in sync)."""
    expected = generate()
    actual = committed_files(root)
    problems = [f"missing: {p}" for p in sorted(expected.keys() - actual.keys())]
    problems += [f"not generated (remove it): {p}" for p in sorted(actual.keys() - expected.keys())]
    problems += [f"differs: {p}" for p in sorted(expected.keys() & actual.keys()) if expected[p] != actual[p]]
    return problems


def write(root: Path = STATIC_DIR) -> int:
    """Write every generated file into ``root``, removing stale ones; returns the number written."""
    files = generate()
    for stale in committed_files(root).keys() - files.keys():
        (root / stale).unlink()
    for relative, data in files.items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.exists() or path.read_bytes() != data:
            path.write_bytes(data)
    return len(files)
