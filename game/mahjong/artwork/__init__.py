"""Tile artwork: three styles of the 42 faces, generated as SVG by this package.

Face size
    Every face is drawn in a 60 x 80 box (``viewBox="0 0 60 80"``, aspect
    3:4): the tile *face* only, an ivory rounded rectangle (corner radius 7)
    with a fine edge line, so that it also stands alone on the tiles page.
    The client draws the tile body, edge and shadow around it.

Styles (one module each, see their docstrings)
    :mod:`.classic` (traditional designs with Chinese characters),
    :mod:`.numbers` (the canonical label, big, in its group colour; the
    default for rules diagrams) and :mod:`.kittens` (the signature style).
    The classic and kittens faces carry a small corner index (``5B``, ``E``,
    ``Wh``, ``F2`` in English; each language's codes, ``Za`` for the Polish west,
    come from the one table in :mod:`.marks`).  Colours: :mod:`.common`.

No text
    No ``<text>`` element anywhere: letters, digits and Chinese characters
    are paths taken from two open fonts (``glyphs.json``, made once by
    :mod:`.extract_glyphs`; fonts and licences in ``FONTS.md``).

Output (``game/mahjong/static/mahjong/tiles/``, committed; served by WhiteNoise with
hashed names and far-future caching in production)
    * ``<style>/<face>.svg``: one standalone file per face and style (English marks);
    * ``<style>-<language>-sprite.svg``: all 42 faces of a style with that language's
      marks, in :data:`FACES <game.mahjong.engine.tiles.FACES>` order, 7 per row, each
      in a 64 x 84 cell with the face at offset (2, 2); shared ``<symbol>``/``<path>``
      definitions once in ``<defs>``; a ``<view id="mk-5B">`` per face for
      ``sprite.svg#mk-5B`` fragment use; ``<style>-plain-sprite.svg`` the same
      without corner marks (classic and kittens: a player may turn them off).  A page
      loads one sheet: a sheet per language costs no time on the first board, where
      drawing the marks onto the atlas in the browser would need the browser's fonts;
    * ``<style>-sprite.json``: the manifest, ``faces: {"5B": {"x", "y", "w", "h"}}``
      (the same cells in every sheet of the style) and ``images`` (the sheets' files).

Regenerate everything with ``python -m game.mahjong.artwork`` (``--check`` only
compares); ``tests/artwork`` fails when the committed files differ from the
generator's output.  Diagrams for the rules pages: :mod:`.diagram_svg`.
"""

from .build import DEFAULT_STYLE, STYLES, face_svg, face_symbols, generate, sprite_sheet, write

__all__ = ["DEFAULT_STYLE", "STYLES", "face_svg", "face_symbols", "generate", "sprite_sheet", "write"]
