// @ts-check
// The board on a canvas: stacked layers with a depth offset, blocked tiles veiled, selection,
// hint and keyboard focus marked (each tile drawn by tile_painter.js from tile_bitmaps.js's
// bitmaps). Crisp on high-DPI screens, refitted when the window, the orientation or the
// pixel ratio changes, redrawn only when something changed; it zooms and pans for the play
// page's gestures and tells which tile a tap means.

import { AtlasCache, makeStamps, stampsKey } from "./tile_bitmaps.js";
import { paintTile } from "./tile_painter.js";
import {
  DEPTH, PAD, boardExtent, canvasSize, clampView, closeupScale, fitScale, panBy, pickTile, refitView, scaleLimits, tileRect,
  zoomAt,
} from "./view.js";

export { loadSprite } from "./tile_bitmaps.js"; // the pages and the browser benchmark load sprites with the renderer

const REMOVE_MS = 240;

/**
 * @typedef {import("./view.js").View} View
 * @typedef {import("./tile_bitmaps.js").Sprite} Sprite
 * @typedef {import("./tile_bitmaps.js").Stamps} Stamps
 */

/**
 * What the board shows.
 * @typedef {object} BoardState
 * @property {import("./rules.js").Tiles} tiles
 * @property {boolean[]} free
 * @property {number | null} selected
 * @property {[number, number] | null} hint
 * @property {number | null} focus
 * @property {boolean} paused
 */

/**
 * The canvas's size in CSS px, the fitted tile width, the zoom limits and the current view.
 * @typedef {{w: number, h: number, fit: number, limits: import("./view.js").Limits, view: View}} Geometry
 */

export class BoardRenderer {
  /**
   * `maxHeight()`: the most CSS px the canvas may take. Not `zoomable` (the replay), the canvas
   * is exactly the fitted board. `zoomable` (the play page), it is a viewport as wide as its
   * container, tall enough for the close-up, over a board that zooms and pans (setView).
   * `facesPending`: until the artwork comes (setSprite) or will not (showLabels), the tiles are
   * drawn with blank faces; else, without artwork, with their labels.
   * @param {HTMLCanvasElement} canvas
   * @param {{pausedLabel?: string, maxHeight?: () => number, zoomable?: boolean, facesPending?: boolean}} [options]
   */
  constructor(canvas, { pausedLabel = "", maxHeight = () => window.innerHeight * 0.8, zoomable = false, facesPending = false } = {}) {
    this.canvas = canvas;
    const ctx = canvas.getContext("2d");
    if (!ctx) throw new Error("no 2D canvas");
    this.ctx = ctx;
    this.pausedLabel = pausedLabel;
    this.maxHeight = maxHeight;
    this.zoomable = zoomable;
    /** @type {import("./rules.js").Position[]} */
    this.positions = [];
    /** @type {number[]} the positions from the bottom of the drawing to its top */
    this.order = [];
    /** @type {number[]} for each position, the one right on top of it (at its place, a layer up), or -1 */
    this.onTop = [];
    this.extent = boardExtent([]);
    /** @type {BoardState} */
    this.view = { tiles: [], free: [], selected: null, hint: null, focus: null, paused: false };
    /** @type {Sprite | null} */
    this.sprite = null;
    this.facesPending = facesPending;
    this.atlases = new AtlasCache(() => this.invalidate());
    /** @type {Stamps | null} */
    this.stamps = null;
    this.unveiled = false; // the player's setting: blocked tiles drawn plain, not veiled
    /** @type {{i: number, face: string, start: number}[]} removed tiles fading away */
    this.ghosts = [];
    this.frame = 0;
    this.dpr = window.devicePixelRatio || 1;
    /** @type {Geometry | null} */
    this.geometry = null;
    this.firstBoardMarked = false;
    this.onResize = () => this.fit();
    window.addEventListener("resize", this.onResize);
    window.addEventListener("orientationchange", this.onResize);
    if (window.ResizeObserver && canvas.parentElement) {
      let lastWidth = -1;
      this.observer = new ResizeObserver((entries) => {
        const width = Math.round(entries[0].contentRect.width);
        if (width !== lastWidth) {
          lastWidth = width;
          requestAnimationFrame(this.onResize);
        }
      });
      this.observer.observe(canvas.parentElement);
    }
    this.watchPixelRatio();
  }

  watchPixelRatio() {
    const query = window.matchMedia?.(`(resolution: ${this.dpr}dppx)`);
    query?.addEventListener("change", () => {
      this.dpr = window.devicePixelRatio || 1;
      this.atlases.clear();
      this.fit();
      this.watchPixelRatio();
    }, { once: true });
  }

  /** @param {import("./rules.js").Layout} layout */
  setLayout({ positions, above }) {
    this.positions = positions;
    this.extent = boardExtent(positions);
    this.order = positions
      .map((p, i) => i)
      .sort((i, j) => {
        const [xi, yi, zi] = positions[i];
        const [xj, yj, zj] = positions[j];
        return zi - zj || xi + yi - (xj + yj) || yi - yj || i - j;
      });
    // Of the tiles the server says lie on a tile, the one at its very place, whose edge hides its face.
    const samePlace = (/** @type {number} */ i, /** @type {number} */ j) =>
      positions[i][0] === positions[j][0] && positions[i][1] === positions[j][1];
    this.onTop = positions.map((_, i) => above[i].find((j) => samePlace(i, j)) ?? -1);
    this.geometry = null; // a new board starts as the whole board
    this.fit();
  }

  /** @param {Sprite | null} sprite */
  setSprite(sprite) {
    this.sprite = sprite;
    this.facesPending = false;
    this.atlases.clear();
    this.invalidate();
  }

  /** No artwork will come (it failed to load): the tiles show their labels. */
  showLabels() {
    this.facesPending = false;
    this.invalidate();
  }

  /** Veil the blocked tiles (the default) or draw them plain. @param {boolean} unveiled */
  setUnveiled(unveiled) {
    this.unveiled = unveiled;
    this.invalidate();
  }

  /** What to show: {tiles, free (booleans), selected, hint [a, b] | null, focus, paused}. @param {Partial<BoardState>} view */
  update(view) {
    this.view = { ...this.view, ...view };
    this.invalidate();
  }

  /** Let removed tiles fade away briefly: [[index, face], ...]. @param {[number, string][]} removed */
  animateRemoval(removed) {
    const start = performance.now();
    for (const [i, face] of removed) this.ghosts.push({ i, face, start });
    this.invalidate();
  }

  invalidate() {
    if (!this.frame) this.frame = requestAnimationFrame(() => this.draw());
  }

  /** Size the canvas to its container and the allowed height; keep the zoom and the board point at the centre. */
  fit() {
    const container = this.canvas.parentElement;
    const extent = this.extent;
    if (!this.positions.length || !container) return;
    const style = getComputedStyle(container);
    const inner = container.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const width = Math.max(120, Math.floor(inner));
    const height = Math.max(200, this.maxHeight());
    const { w, h } = canvasSize(extent, width, height, this.zoomable);
    const fit = fitScale(extent, w, h);
    const limits = this.zoomable ? scaleLimits(fit) : { min: fit, max: fit };
    const view = refitView(this.geometry, w, h, fit);
    this.geometry = { w, h, fit, limits, view: clampView(view, extent, w, h, limits) };
    const dpr = window.devicePixelRatio || 1;
    if (dpr !== this.dpr) this.atlases.clear();
    this.dpr = dpr;
    this.canvas.style.width = `${w}px`;
    this.canvas.style.height = `${h}px`;
    const bw = Math.round(w * dpr);
    const bh = Math.round(h * dpr);
    if (this.canvas.width !== bw || this.canvas.height !== bh) {
      this.canvas.width = bw;
      this.canvas.height = bh;
    }
    this.invalidate();
  }

  // -- zoom and pan (the play page's gestures) -------------------------------------------

  /** The current view {scale, x, y}: tile width and board origin in CSS px of the canvas. */
  getView() {
    return this.geometry ? { ...this.geometry.view } : null;
  }

  /** Show the board under a view, kept within the zoom limits and on screen. @param {View} view */
  setView(view) {
    const g = this.geometry;
    if (!g) return;
    g.view = clampView(view, this.extent, g.w, g.h, g.limits);
    this.invalidate();
  }

  /** "board" when the whole board is shown, "closeup" when zoomed in. */
  viewName() {
    return this.zoom() > 1.001 ? "closeup" : "board";
  }

  /** The zoom factor from the whole board (1). */
  zoom() {
    const g = this.geometry;
    return g ? g.view.scale / g.fit : 1;
  }

  /**
   * Double tap: the close-up around a client point, or back to the whole board.
   * @param {number} [clientX]
   * @param {number} [clientY]
   */
  toggleView(clientX, clientY) {
    const g = this.geometry;
    if (!g || !this.zoomable) return;
    if (this.viewName() === "closeup") {
      this.setView({ scale: g.fit, x: 0, y: 0 });
      return;
    }
    const p = clientX === undefined || clientY === undefined ? { x: g.w / 2, y: g.h / 2 } : this.toCanvas(clientX, clientY);
    const near = zoomAt(g.view, closeupScale(g.fit), p.x, p.y);
    // The tapped point moves to the middle, where the close-up has room around it.
    this.setView(panBy(near, g.w / 2 - p.x, g.h / 2 - p.y));
  }

  /** Pan just enough for position i to be on screen (the keyboard focus in the close-up). @param {number} i */
  reveal(i) {
    const g = this.geometry;
    if (!g) return;
    const r = tileRect(this.extent, g.view, this.positions[i]);
    const margin = PAD + g.view.scale * DEPTH * 2;
    const dx = Math.max(0, margin - r.x) - Math.max(0, r.x + r.w + margin - g.w);
    const dy = Math.max(0, margin - r.y) - Math.max(0, r.y + r.h + margin - g.h);
    if (dx || dy) this.setView(panBy(g.view, dx, dy));
  }

  /** Client coordinates to CSS px of the canvas. @param {number} clientX @param {number} clientY */
  toCanvas(clientX, clientY) {
    const box = this.canvas.getBoundingClientRect();
    return { x: clientX - box.left, y: clientY - box.top };
  }

  // -- geometry --------------------------------------------------------------------------

  /**
   * The face rectangle of position i, in CSS pixels of the canvas (before the first fit, of
   * a board one pixel wide).
   * @param {number} i
   */
  rect(i) {
    return tileRect(this.extent, this.geometry?.view ?? { scale: 1, x: 0, y: 0 }, this.positions[i]);
  }

  /** @param {number} i */
  center(i) {
    const r = this.rect(i);
    return { x: r.x + r.w / 2, y: r.y + r.h / 2 };
  }

  /** The centre of position i's face in client (viewport) CSS pixels (outside the canvas if panned away). @param {number} i */
  clientCenter(i) {
    if (!this.geometry) return null;
    const box = this.canvas.getBoundingClientRect();
    const c = this.center(i);
    return { x: box.left + c.x, y: box.top + c.y };
  }

  /**
   * The tile a tap at client coordinates means, or -1: the topmost face under the point; within
   * `tolerance` CSS px of faces (a finger), a free tile first (see view.js pickTile).
   * @param {number} clientX
   * @param {number} clientY
   */
  hitTest(clientX, clientY, tolerance = 0) {
    if (!this.geometry || this.view.paused) return -1;
    const p = this.toCanvas(clientX, clientY);
    if (p.x < 0 || p.y < 0 || p.x > this.geometry.w || p.y > this.geometry.h) return -1;
    const { tiles, free } = this.view;
    const present = this.order.filter((i) => tiles[i] !== null && tiles[i] !== undefined);
    return pickTile(present, (i) => this.rect(i), (i) => Boolean(free[i]), p.x, p.y, tolerance);
  }

  // -- drawing ---------------------------------------------------------------------------

  draw() {
    this.frame = 0;
    const { ctx, geometry: g, view } = this;
    if (!g) return;
    ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    ctx.clearRect(0, 0, g.w, g.h);
    if (view.paused) {
      ctx.fillStyle = "rgba(255, 255, 255, 0.85)";
      ctx.font = `600 ${Math.max(16, Math.min(40, g.fit * 0.45))}px system-ui, sans-serif`;
      ctx.textAlign = "center";
      ctx.textBaseline = "middle";
      ctx.fillText(this.pausedLabel, g.w / 2, g.h / 2);
      this.markFirstBoard();
      return;
    }
    const brush = this.brush();
    const hint = new Set(view.hint || []);
    const present = (/** @type {number} */ i) => i >= 0 && view.tiles[i] !== null && view.tiles[i] !== undefined;
    for (const i of this.order) {
      if (!present(i)) continue;
      const marks = {
        blocked: !view.free[i] && !this.unveiled,
        selected: view.selected === i,
        hinted: hint.has(i),
        focused: view.focus === i,
      };
      const drawing = this.tileDrawing(g, i, /** @type {string} */ (view.tiles[i]), marks);
      // Its face is out of sight, unless a mark on it would be (a focus may rest on any tile).
      drawing.underneath = present(this.onTop[i]) && !marks.selected && !marks.hinted && !marks.focused;
      paintTile(ctx, brush, drawing);
    }
    this.drawGhosts(ctx, brush, g);
    if (brush.atlas && view.tiles.length) this.markFirstBoard();
  }

  /** For the browser benchmark and the end-to-end tests: the first board is on screen. */
  markFirstBoard() {
    if (this.firstBoardMarked) return;
    this.firstBoardMarked = true;
    performance.mark("miaojong:first-board");
  }

  /** @returns {import("./tile_painter.js").Brush} */
  brush() {
    const g = this.geometry;
    const atlas = this.sprite && g ? this.atlases.get(this.sprite, g.view.scale, this.dpr) : null;
    return {
      dpr: this.dpr,
      atlas,
      facesPending: this.facesPending,
      stamps: (w, h, r, e) => {
        if (this.stamps?.key !== stampsKey(w, h, this.dpr)) this.stamps = makeStamps(w, h, r, e, this.dpr);
        return this.stamps;
      },
    };
  }

  /**
   * @param {Geometry} g
   * @param {number} i
   * @param {string} face
   * @param {import("./tile_painter.js").TileDrawing["marks"]} marks
   * @param {number} alpha
   * @param {number} grow CSS px on every side (a removed tile fading out)
   * @returns {import("./tile_painter.js").TileDrawing}
   */
  tileDrawing(g, i, face, marks, alpha = 1, grow = 0) {
    const { x, y, w, h } = this.rect(i);
    return {
      rect: { x: x - grow, y: y - grow, w: w + 2 * grow, h: h + 2 * grow },
      depth: g.view.scale * DEPTH,
      layer: this.positions[i][2],
      face,
      marks,
      alpha,
      ownSize: grow !== 0,
    };
  }

  /**
   * @param {CanvasRenderingContext2D} ctx
   * @param {import("./tile_painter.js").Brush} brush
   * @param {Geometry} g
   */
  drawGhosts(ctx, brush, g) {
    const now = performance.now();
    this.ghosts = this.ghosts.filter((ghost) => now - ghost.start < REMOVE_MS);
    for (const ghost of this.ghosts) {
      const p = (now - ghost.start) / REMOVE_MS;
      paintTile(ctx, brush, this.tileDrawing(g, ghost.i, ghost.face, {}, 1 - p, p * g.view.scale * 0.15));
    }
    if (this.ghosts.length) this.invalidate();
  }

  destroy() {
    window.removeEventListener("resize", this.onResize);
    window.removeEventListener("orientationchange", this.onResize);
    this.observer?.disconnect();
    this.atlases.clear();
    if (this.frame) cancelAnimationFrame(this.frame);
  }
}
