// @ts-check
// Drawing one tile on the board's canvas: its edge, its face from the atlas (or its label
// while no artwork is loaded) and its highlights. Tiles of the shared size are copied from
// the stamps and the atlas at whole device pixels, the cheapest draw a software canvas has;
// a tile growing as it fades out is painted with paths at its own size.

import { BLANK_FACE, MARKS, overlay, paintEdge, roundRect } from "./tile_bitmaps.js";

/**
 * What a frame draws with.
 * @typedef {object} Brush
 * @property {number} dpr the device pixel ratio
 * @property {import("./tile_bitmaps.js").Atlas | null} atlas null until the artwork is there
 * @property {boolean} facesPending without an atlas, the faces are left blank (the artwork is on
 *   its way), not labelled (no artwork will come)
 * @property {(w: number, h: number, r: number, e: number) => import("./tile_bitmaps.js").Stamps} stamps
 */

/**
 * One tile to draw.
 * @typedef {object} TileDrawing
 * @property {import("./view.js").Rect} rect its face, in CSS px of the canvas
 * @property {number} depth the edge's depth offset, in CSS px
 * @property {number} layer its layer, 0 at the bottom (higher ones have darker edges and longer shadows)
 * @property {string} face
 * @property {Partial<Record<import("./tile_bitmaps.js").MarkName, boolean>>} marks
 * @property {number} [alpha]
 * @property {boolean} [ownSize] not the shared size: no stamps
 * @property {boolean} [underneath] a tile lies right on top of it, whose edge hides this one's face:
 *   only its own edge shows, on the right and below
 */

/**
 * Copy a bitmap at whole device pixels (unscaled), then go back to CSS px.
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} dpr
 * @param {() => void} draw
 */
function atDevicePixels(ctx, dpr, draw) {
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  draw();
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
}

/**
 * @param {CanvasRenderingContext2D} ctx
 * @param {Brush} brush
 * @param {TileDrawing} tile
 */
export function paintTile(ctx, brush, tile) {
  const { dpr, atlas } = brush;
  const { x, y, w, h } = tile.rect;
  const { face, marks } = tile;
  const r = w * 0.12;
  const e = tile.depth;
  ctx.globalAlpha = tile.alpha ?? 1;
  const stamps = tile.ownSize ? null : brush.stamps(w, h, r, e);
  const dx = Math.round(x * dpr);
  const dy = Math.round(y * dpr);
  // The board before its artwork: one copy a tile (edge and blank face) and no veil, a cheap frame.
  const blank = Boolean(stamps && !atlas && brush.facesPending);
  if (stamps && blank) {
    atDevicePixels(ctx, dpr, () => ctx.drawImage(stamps.blank(tile.layer), dx, dy));
  } else if (stamps) {
    atDevicePixels(ctx, dpr, () => ctx.drawImage(stamps.edge(tile.layer), dx, dy));
  } else {
    paintEdge(ctx, x, y, w, h, r, e, tile.layer);
  }
  if (tile.underneath && stamps) {
    ctx.globalAlpha = 1;
    return;
  }
  const picture = atlas?.faces.get(face);
  let veiled = blank; // a blank face is not veiled: it has nothing to tell apart yet
  if (picture) {
    veiled = Boolean(marks.blocked);
    const drawn = veiled ? picture.veiled : picture.plain;
    const { x: sx, y: sy, w: sw, h: sh } = picture;
    if (stamps && Math.abs(picture.width - w * dpr) < 0.5) {
      // The atlas is at this very scale (not a pinch in progress): copy whole device pixels.
      atDevicePixels(ctx, dpr, () => {
        if (atlas?.cut) ctx.drawImage(drawn, dx, dy);
        else ctx.drawImage(drawn, sx, sy, sw, sh, dx, dy, sw, sh);
      });
    } else {
      ctx.drawImage(drawn, sx, sy, sw, sh, x, y, w, h);
    }
  } else if (!blank) {
    ctx.fillStyle = BLANK_FACE;
    roundRect(ctx, x, y, w, h, r);
    ctx.fill();
    if (!brush.facesPending) {
      ctx.fillStyle = "#333";
      ctx.font = `600 ${w * 0.35}px system-ui, sans-serif`;
      ctx.textAlign = "center";
      ctx.textBaseline = "middle";
      ctx.fillText(face, x + w / 2, y + h / 2);
    }
  }
  for (const [name, mark] of MARKS) {
    if (!marks[name] || (name === "blocked" && veiled)) continue;
    if (name === "blocked" && stamps) atDevicePixels(ctx, dpr, () => ctx.drawImage(stamps.veil, dx, dy));
    else overlay(ctx, x, y, w, h, r, mark);
  }
  ctx.globalAlpha = 1;
}
