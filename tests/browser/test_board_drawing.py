"""How the board's renderer draws (game/mahjong/static/mahjong/js/render.js): the shortcuts that
keep a full redraw cheap on a software canvas change nothing a player can see.

Each test draws a whole Turtle board with the page's own renderer on a canvas of its own, at
device pixel ratio 2, and reads the canvas back.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.helpers import PlayPage

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# A renderer on a canvas of its own, showing every position of the first layout with faces taken
# in turn from the style's sheet, each blocked tile veiled; `pixels()` draws and reads it back.
SETUP = """
async () => {
  const { BoardRenderer, loadSprite } = await import("/static/mahjong/js/render.js");
  const { layoutFromGraph, isFree } = await import("/static/mahjong/js/rules.js");
  const config = JSON.parse(document.getElementById("play-config").textContent);
  const shown = (await (await fetch(config.api + "layouts/")).json()).find((layout) => layout.id === "L00");
  const box = document.createElement("div");
  box.style.width = "1000px";
  const canvas = document.createElement("canvas");
  box.append(canvas);
  document.body.append(box);
  const renderer = new BoardRenderer(canvas, { maxHeight: () => 700 });
  const layout = layoutFromGraph(shown.positions, shown.graph);
  renderer.setLayout(layout);
  const style = config.styles[0];
  renderer.setSprite(await loadSprite(style.key, style.sheet, style.image));
  const names = Object.keys((await (await fetch(style.sheet)).json()).faces).sort();
  const tiles = shown.positions.map((position, i) => names[(i * 7) % names.length]);
  renderer.update({
    tiles, free: tiles.map((face, i) => isFree(layout, tiles, i)),
    selected: null, hint: null, focus: null, paused: false,
  });
  const ctx = canvas.getContext("2d");
  const pixels = () => {
    renderer.draw();
    return ctx.getImageData(0, 0, canvas.width, canvas.height).data;
  };
  window.boardTest = { renderer, ctx, pixels, tiles };
  return window.devicePixelRatio;
}
"""


def set_up(new_play_page: Any) -> PlayPage:
    play: PlayPage = new_play_page(viewport={"width": 1100, "height": 800}, device_scale_factor=2)
    play.open()
    assert play.page.evaluate(SETUP) == 2
    return play


def test_the_faces_cut_out_of_the_sheet_draw_the_same_board_to_the_pixel(new_play_page: Any) -> None:
    play = set_up(new_play_page)
    result = play.page.evaluate(
        """async () => {
          const { cutFaces } = await import("/static/mahjong/js/tile_bitmaps.js");
          const { renderer, pixels } = window.boardTest;
          renderer.atlases.clear(); // a new atlas, whatever a frame since has done
          const atlas = renderer.brush().atlas;
          const fromSheet = pixels();
          const cutAtOnce = atlas.cut;
          // The atlas cuts its faces out when the page is idle; this idle callback comes after its.
          await new Promise((done) => requestIdleCallback(done));
          const fromFaces = pixels();
          let differing = 0;
          for (let k = 0; k < fromSheet.length; k++) if (fromSheet[k] !== fromFaces[k]) differing++;
          return { cutAtOnce, cutWhenIdle: atlas.cut, painted: fromSheet.some((v) => v !== 0), differing };
        }"""
    )
    assert result == {"cutAtOnce": False, "cutWhenIdle": True, "painted": True, "differing": 0}


def test_a_face_under_a_tile_right_on_top_of_it_is_not_drawn_and_nothing_shows_it(
    new_play_page: Any,
) -> None:
    play = set_up(new_play_page)
    result = play.page.evaluate(
        """() => {
          const { renderer, ctx, pixels, tiles } = window.boardTest;
          let copies = 0;
          const drawImage = ctx.drawImage.bind(ctx);
          ctx.drawImage = (...args) => { copies++; return drawImage(...args); };
          const counted = () => { copies = 0; const seen = pixels(); return { seen, copies }; };
          const culled = counted();
          const onTop = renderer.onTop;
          const covered = onTop.filter((above) => above >= 0 && tiles[above] !== null).length;
          renderer.onTop = onTop.map(() => -1);
          const all = counted();
          renderer.onTop = onTop;
          let differing = 0, largest = 0;
          for (let k = 0; k < all.seen.length; k++) {
            const gap = Math.abs(all.seen[k] - culled.seen[k]);
            if (gap) differing++;
            largest = Math.max(largest, gap);
          }
          return { covered, saved: all.copies - culled.copies, share: differing / all.seen.length, largest };
        }"""
    )
    # Turtle: 36 + 16 + 4 tiles stand right on a tile below (the top one sits across four).
    assert (result["covered"], result["saved"]) == (56, 56)
    # Only the antialiased rims where the two tiles' outlines meet may differ, and only faintly.
    assert result["share"] < 0.005, result
    assert result["largest"] <= 48, result
