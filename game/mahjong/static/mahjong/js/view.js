// @ts-check
// Geometry of the board on screen, pure (no DOM): where every tile is drawn for a view
// {scale, x, y} (scale: tile width in CSS px; x, y: where the board's origin lands), how to
// fit, zoom, pinch and pan that view without losing the board, double-tap detection and the
// forgiving hit test that touch needs. render.js and input.js do the DOM side.

export const FACE_RATIO = 80 / 60; // tile face height / width
export const DEPTH = 0.12; // layer offset and tile edge, as a fraction of the tile width
export const PAD = 6; // CSS px of felt around the whole board
export const MAX_TILE = 120; // no point in zooming further (the artwork is 60 x 80)
export const FIT_MAX_TILE = 96; // a small layout on a big screen is not blown up beyond this
export const CLOSEUP_TILE = 52; // close-up tile width: above the 44 px comfortable touch target
export const DOUBLE_TAP_MS = 320;
export const DOUBLE_TAP_PX = 24;

/**
 * @typedef {{w: number, h: number, ox: number, oy: number}} Extent a board's size in tile widths
 * @typedef {{scale: number, x: number, y: number}} View tile width and board origin, in CSS px
 * @typedef {{min: number, max: number}} Limits of the scale
 * @typedef {{x: number, y: number}} Point
 * @typedef {{x: number, y: number, w: number, h: number}} Rect
 * @typedef {{x: number, y: number, t: number, target: number}} TapRecord a tap, for double taps
 */

/**
 * A layout's extent in tile widths: `w`, `h` of the whole board with its depth offsets, and
 * `ox`, `oy`, where position [0, 0, 0]'s face starts (the higher layers shift up-left).
 * @param {import("./rules.js").Position[]} positions
 * @returns {Extent}
 */
export function boardExtent(positions) {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity, maxZ = 0;
  for (const [x, y, z] of positions) {
    minX = Math.min(minX, x); maxX = Math.max(maxX, x);
    minY = Math.min(minY, y); maxY = Math.max(maxY, y);
    maxZ = Math.max(maxZ, z);
  }
  if (!positions.length) return { w: 1, h: FACE_RATIO, ox: 0, oy: 0 };
  return {
    w: (maxX - minX + 2) / 2 + (maxZ + 1) * DEPTH,
    h: ((maxY - minY + 2) / 2) * FACE_RATIO + (maxZ + 1) * DEPTH,
    ox: maxZ * DEPTH - minX / 2,
    oy: maxZ * DEPTH - (minY / 2) * FACE_RATIO,
  };
}

/**
 * The tile width at which the whole board fits a viewport of width vw and height vh.
 * @param {Extent} extent
 * @param {number} vw
 * @param {number} vh
 */
export function fitScale(extent, vw, vh) {
  const scale = Math.min((vw - 2 * PAD) / extent.w, (vh - 2 * PAD) / extent.h, FIT_MAX_TILE);
  return Math.max(4, scale);
}

/**
 * The close-up tile width for a given fitted one: comfortable for a finger, never smaller than the fit.
 * @param {number} fit
 */
export function closeupScale(fit) {
  return Math.min(MAX_TILE, Math.max(CLOSEUP_TILE, fit * 1.5));
}

/**
 * Zoom limits: from the whole board to at least the close-up.
 * @param {number} fit
 * @returns {Limits}
 */
export function scaleLimits(fit) {
  return { min: fit, max: Math.max(MAX_TILE, closeupScale(fit)) };
}

/**
 * The canvas's size in CSS px for a board in a container `width` wide, at most `height`
 * tall. Not `zoomable` (the replay), exactly the fitted board; `zoomable` (the play page, a
 * game screen), all the room there is: the whole board fits it, and the close-up zooms and
 * pans within it.
 * @param {Extent} extent
 * @param {number} width
 * @param {number} height
 * @param {boolean} zoomable
 */
export function canvasSize(extent, width, height, zoomable) {
  if (!zoomable) {
    const scale = fitScale(extent, width, height);
    return { w: Math.ceil(extent.w * scale + 2 * PAD), h: Math.ceil(extent.h * scale + 2 * PAD) };
  }
  return { w: width, h: Math.floor(height) };
}

/**
 * The view once the canvas is w x h with the fitted tile width `fit`: the whole board, or,
 * when `old` (the previous {w, h, fit, view}) was zoomed in, the same zoom around the same
 * board point at the centre.
 * @param {{w: number, h: number, fit: number, view: View} | null} old
 * @param {number} w
 * @param {number} h
 * @param {number} fit
 * @returns {View}
 */
export function refitView(old, w, h, fit) {
  if (!old || old.view.scale <= old.fit * 1.001) return { scale: fit, x: 0, y: 0 };
  const zoom = old.view.scale / old.fit;
  const cx = (old.w / 2 - old.view.x) / old.view.scale;
  const cy = (old.h / 2 - old.view.y) / old.view.scale;
  const scale = fit * zoom;
  return { scale, x: w / 2 - cx * scale, y: h / 2 - cy * scale };
}

/**
 * Keep the board on screen: where it is smaller than the viewport it is centred across and
 * kept at the top (right under the controls, the spare felt below it); where it is larger,
 * no felt may show beyond its padding. Scale is clamped to the limits first.
 * @param {View} view
 * @param {Extent} extent
 * @param {number} vw
 * @param {number} vh
 * @param {Limits} limits
 * @returns {View}
 */
export function clampView(view, extent, vw, vh, limits) {
  const scale = Math.min(limits.max, Math.max(limits.min, view.scale));
  /** @param {number} offset @param {number} size @param {number} viewport @param {boolean} centred */
  const axis = (offset, size, viewport, centred) => {
    const content = size * scale + 2 * PAD;
    if (content <= viewport) return (centred ? (viewport - content) / 2 : 0) + PAD;
    return Math.min(PAD, Math.max(viewport - content + PAD, offset));
  };
  return { scale, x: axis(view.x, extent.w, vw, true), y: axis(view.y, extent.h, vh, false) };
}

/**
 * Change the scale keeping the board point under (px, py) where it is on screen.
 * @param {View} view
 * @param {number} scale
 * @param {number} px
 * @param {number} py
 * @returns {View}
 */
export function zoomAt(view, scale, px, py) {
  const k = scale / view.scale;
  return { scale, x: px - (px - view.x) * k, y: py - (py - view.y) * k };
}

/**
 * Move the view by (dx, dy) CSS px.
 * @param {View} view
 * @param {number} dx
 * @param {number} dy
 * @returns {View}
 */
export function panBy(view, dx, dy) {
  return { scale: view.scale, x: view.x + dx, y: view.y + dy };
}

/**
 * Two fingers moved from a0, b0 (when the view was `start`) to a1, b1: the board scales by the
 * change of their distance and follows their midpoint, as if held by both fingers.
 * @param {View} start
 * @param {Point} a0
 * @param {Point} b0
 * @param {Point} a1
 * @param {Point} b1
 */
export function pinchView(start, a0, b0, a1, b1) {
  const d0 = Math.max(1, Math.hypot(b0.x - a0.x, b0.y - a0.y));
  const d1 = Math.max(1, Math.hypot(b1.x - a1.x, b1.y - a1.y));
  const m0 = { x: (a0.x + b0.x) / 2, y: (a0.y + b0.y) / 2 };
  const m1 = { x: (a1.x + b1.x) / 2, y: (a1.y + b1.y) / 2 };
  const zoomed = zoomAt(start, start.scale * (d1 / d0), m0.x, m0.y);
  return panBy(zoomed, m1.x - m0.x, m1.y - m0.y);
}

/**
 * Whether tap `b` ({x, y, t, target}) completes a double tap begun by tap `a` (or null).
 * @param {TapRecord | null} a
 * @param {TapRecord | null} b
 */
export function isDoubleTap(a, b) {
  if (!a || !b) return false;
  const dt = b.t - a.t;
  return dt >= 0 && dt <= DOUBLE_TAP_MS && Math.hypot(b.x - a.x, b.y - a.y) <= DOUBLE_TAP_PX &&
    a.target === b.target;
}

/**
 * Position [x, y, z]'s face rectangle in CSS px of the canvas under a view.
 * @param {Extent} extent
 * @param {View} view
 * @param {import("./rules.js").Position} position
 * @returns {Rect}
 */
export function tileRect(extent, view, [x, y, z]) {
  const s = view.scale;
  const d = s * DEPTH;
  return {
    x: view.x + (extent.ox + x / 2) * s - z * d,
    y: view.y + (extent.oy + (y / 2) * FACE_RATIO) * s - z * d,
    w: s,
    h: s * FACE_RATIO,
  };
}

/** @param {Rect} r @param {number} px @param {number} py */
function distanceToRect(r, px, py) {
  const dx = Math.max(r.x - px, 0, px - (r.x + r.w));
  const dy = Math.max(r.y - py, 0, py - (r.y + r.h));
  return Math.hypot(dx, dy);
}

/**
 * The tile a tap at (px, py) means, or -1. `order` lists the indices that are on the board
 * from the bottom of the drawing to its top; `rect(i)` gives a face rectangle, `isFree(i)`
 * whether it can be taken. Within `tolerance` px of a face a tap still counts; a free tile
 * wins over a blocked one (a finger is wide), then a tile under the point over a near one,
 * then the topmost.
 * @param {number[]} order
 * @param {(i: number) => Rect} rect
 * @param {(i: number) => boolean} isFree
 * @param {number} px
 * @param {number} py
 */
export function pickTile(order, rect, isFree, px, py, tolerance = 0) {
  let best = -1;
  /** @type {number[] | null} */
  let bestKey = null;
  for (let k = order.length - 1; k >= 0; k--) {
    const i = order[k];
    const distance = distanceToRect(rect(i), px, py);
    if (distance > tolerance) continue;
    const key = [isFree(i) ? 0 : 1, distance > 0 ? 1 : 0, distance];
    if (bestKey === null || key[0] < bestKey[0] || (key[0] === bestKey[0] &&
        (key[1] < bestKey[1] || (key[1] === bestKey[1] && key[2] < bestKey[2])))) {
      best = i;
      bestKey = key;
    }
  }
  return best;
}
