// The board on a canvas: tile artwork from a sprite sheet, stacked layers with a depth
// offset and tile edges, blocked tiles veiled, selection, hint and keyboard focus marked.
// Crisp on high-DPI screens (the sprite is rasterised at device pixels), refitted when the
// window, the orientation or the pixel ratio changes, redrawn only when something changed.

import {
  DEPTH, PAD, boardExtent, clampView, closeupScale, fitScale, panBy, pickTile, scaleLimits, tileRect, zoomAt,
} from "./view.js";

const FACE_W = 60; // the artwork's face width in the sprite sheet
const REMOVE_MS = 240;
const ATLAS_SETTLE_MS = 150; // while a pinch goes on, the tiles are drawn from the last atlas
const ATLAS_MAX_PIXELS = 16e6; // mobile browsers refuse bigger canvases

// The highlights drawn over a tile's face, one after the other; sizes are fractions of the tile width.
const MARKS = [
  ["blocked", { fill: "rgba(28, 36, 44, 0.32)" }],
  ["hinted", { fill: "rgba(40, 140, 255, 0.22)", stroke: "#1f7ae0", width: 0.06, minWidth: 2 }],
  ["selected", { fill: "rgba(255, 196, 0, 0.30)", stroke: "#d88c00", width: 0.07, minWidth: 2.5 }],
  ["focused", { stroke: "#0b3d91", width: 0.05, minWidth: 2, dash: [0.1, 0.06], grow: 2 }],
];
const BLOCKED_MARK = Object.fromEntries(MARKS).blocked;

/** Load a style's sprite sheet: its JSON index and its SVG image. */
export async function loadSprite(style, jsonUrl, imageUrl) {
  const response = await fetch(jsonUrl);
  if (!response.ok) throw new Error(`sprite index ${jsonUrl}: HTTP ${response.status}`);
  const sheet = await response.json();
  const image = new Image();
  image.decoding = "async";
  image.src = imageUrl;
  await image.decode();
  return { style, sheet, image };
}

function roundRect(ctx, x, y, w, h, r) {
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, r);
}

/** One highlight over a face (see MARKS): a translucent fill and/or an outline. */
function overlay(ctx, x, y, w, h, r, mark) {
  const grow = mark.grow || 0;
  roundRect(ctx, x - grow, y - grow, w + 2 * grow, h + 2 * grow, r + grow);
  if (mark.fill) {
    ctx.fillStyle = mark.fill;
    ctx.fill();
  }
  if (mark.stroke) {
    if (mark.dash) ctx.setLineDash(mark.dash.map((k) => Math.max(2, w * k)));
    ctx.strokeStyle = mark.stroke;
    ctx.lineWidth = Math.max(mark.minWidth, w * mark.width);
    ctx.stroke();
    if (mark.dash) ctx.setLineDash([]);
  }
}

export class BoardRenderer {
  /**
   * `maxHeight()`: the most CSS px the canvas may take. Not `zoomable` (the replay), the canvas
   * is exactly the fitted board. `zoomable` (the play page), it is a viewport as wide as its
   * container, tall enough for the close-up, over a board that zooms and pans (setView).
   */
  constructor(canvas, { pausedLabel = "", maxHeight = () => window.innerHeight * 0.8, zoomable = false } = {}) {
    this.canvas = canvas;
    this.ctx = canvas.getContext("2d");
    this.pausedLabel = pausedLabel;
    this.maxHeight = maxHeight;
    this.zoomable = zoomable;
    this.positions = [];
    this.order = [];
    this.extent = null;
    this.view = { tiles: [], free: [], selected: null, hint: null, focus: null, paused: false };
    this.sprite = null;
    this.atlas = null;
    this.atlasTimer = 0;
    this.ghosts = [];
    this.frame = 0;
    this.dpr = window.devicePixelRatio || 1;
    this.geometry = null;
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
      this.atlas = null;
      this.fit();
      this.watchPixelRatio();
    }, { once: true });
  }

  setLayout(positions) {
    this.positions = positions;
    this.extent = boardExtent(positions);
    this.order = positions
      .map((p, i) => i)
      .sort((i, j) => {
        const [xi, yi, zi] = positions[i];
        const [xj, yj, zj] = positions[j];
        return zi - zj || xi + yi - (xj + yj) || yi - yj || i - j;
      });
    this.geometry = null; // a new board starts as the whole board
    this.fit();
  }

  setSprite(sprite) {
    this.sprite = sprite;
    this.atlas = null;
    this.invalidate();
  }

  /** What to show: {tiles, free (booleans), selected, hint [a, b] | null, focus, paused}. */
  update(view) {
    this.view = { ...this.view, ...view };
    this.invalidate();
  }

  /** Let removed tiles fade away briefly: [[index, face], ...]. */
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
    let w, h;
    if (this.zoomable) {
      // Tall enough for the whole board at the container's width and for its close-up, within the limit.
      const fitByWidth = fitScale(extent, width, Infinity);
      const board = (scale) => extent.h * scale + 2 * PAD;
      w = width;
      h = Math.floor(Math.max(200, Math.min(height, Math.max(board(fitByWidth), board(closeupScale(fitByWidth))))));
    } else {
      const scale = fitScale(extent, width, height);
      w = Math.ceil(extent.w * scale + 2 * PAD);
      h = Math.ceil(extent.h * scale + 2 * PAD);
    }
    const old = this.geometry;
    const fit = fitScale(extent, w, h);
    const limits = this.zoomable ? scaleLimits(fit) : { min: fit, max: fit };
    let view = { scale: fit, x: 0, y: 0 };
    if (old && old.view.scale > old.fit * 1.001) {
      // Zoomed in: the same zoom, around the same board point.
      const zoom = old.view.scale / old.fit;
      const cx = (old.w / 2 - old.view.x) / old.view.scale;
      const cy = (old.h / 2 - old.view.y) / old.view.scale;
      const scale = fit * zoom;
      view = { scale, x: w / 2 - cx * scale, y: h / 2 - cy * scale };
    }
    this.geometry = { w, h, fit, limits, view: clampView(view, extent, w, h, limits) };
    const dpr = window.devicePixelRatio || 1;
    if (dpr !== this.dpr) this.atlas = null;
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

  /** Show the board under a view, kept within the zoom limits and on screen. */
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

  /** Double tap: the close-up around a client point, or back to the whole board. */
  toggleView(clientX, clientY) {
    const g = this.geometry;
    if (!g || !this.zoomable) return;
    if (this.viewName() === "closeup") {
      this.setView({ scale: g.fit, x: 0, y: 0 });
      return;
    }
    const p = clientX === undefined ? { x: g.w / 2, y: g.h / 2 } : this.toCanvas(clientX, clientY);
    const near = zoomAt(g.view, closeupScale(g.fit), p.x, p.y);
    // The tapped point moves to the middle, where the close-up has room around it.
    this.setView(panBy(near, g.w / 2 - p.x, g.h / 2 - p.y));
  }

  /** Pan just enough for position i to be on screen (the keyboard focus in the close-up). */
  reveal(i) {
    const g = this.geometry;
    if (!g) return;
    const r = this.rect(i);
    const margin = PAD + g.view.scale * DEPTH * 2;
    const dx = Math.max(0, margin - r.x) - Math.max(0, r.x + r.w + margin - g.w);
    const dy = Math.max(0, margin - r.y) - Math.max(0, r.y + r.h + margin - g.h);
    if (dx || dy) this.setView(panBy(g.view, dx, dy));
  }

  /** Client coordinates to CSS px of the canvas. */
  toCanvas(clientX, clientY) {
    const box = this.canvas.getBoundingClientRect();
    return { x: clientX - box.left, y: clientY - box.top };
  }

  // -- geometry --------------------------------------------------------------------------

  /** The sprite sheet rasterised at the size the tiles are drawn, in device pixels. */
  atlasFor() {
    const { sprite, geometry } = this;
    if (!sprite || !geometry) return null;
    const sheet = sprite.sheet;
    const wanted = Math.min((geometry.view.scale * this.dpr) / FACE_W,
      Math.sqrt(ATLAS_MAX_PIXELS / (sheet.width * sheet.height)));
    if (this.atlas && Math.abs(this.atlas.scale - wanted) < 1e-6) return this.atlas;
    if (this.atlas) {
      // Zooming: draw from the atlas there is, and rasterise anew once the scale settles.
      clearTimeout(this.atlasTimer);
      this.atlasTimer = setTimeout(() => {
        this.atlas = null;
        this.invalidate();
      }, ATLAS_SETTLE_MS);
      return this.atlas;
    }
    const canvas = document.createElement("canvas");
    canvas.width = Math.ceil(sheet.width * wanted);
    canvas.height = Math.ceil(sheet.height * wanted);
    canvas.getContext("2d").drawImage(sprite.image, 0, 0, sheet.width * wanted, sheet.height * wanted);
    // The same faces already veiled: a blocked tile (most of a board) is then one copy, not two draws.
    const veiled = document.createElement("canvas");
    veiled.width = canvas.width;
    veiled.height = canvas.height;
    const c = veiled.getContext("2d");
    c.drawImage(canvas, 0, 0);
    for (const rect of Object.values(sheet.faces)) {
      const w = rect.w * wanted;
      overlay(c, rect.x * wanted, rect.y * wanted, w, rect.h * wanted, w * 0.12, BLOCKED_MARK);
    }
    this.atlas = { canvas, veiled, scale: wanted };
    return this.atlas;
  }

  /** The face rectangle of position i, in CSS pixels of the canvas. */
  rect(i) {
    return tileRect(this.extent, this.geometry.view, this.positions[i]);
  }

  center(i) {
    const r = this.rect(i);
    return { x: r.x + r.w / 2, y: r.y + r.h / 2 };
  }

  /** The centre of position i's face in client (viewport) CSS pixels (outside the canvas if panned away). */
  clientCenter(i) {
    if (!this.geometry) return null;
    const box = this.canvas.getBoundingClientRect();
    const c = this.center(i);
    return { x: box.left + c.x, y: box.top + c.y };
  }

  /**
   * The tile a tap at client coordinates means, or -1: the topmost face under the point; within
   * `tolerance` CSS px of faces (a finger), a free tile first (see view.js pickTile).
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
    const atlas = this.atlasFor();
    const hint = new Set(view.hint || []);
    for (const i of this.order) {
      const face = view.tiles[i];
      if (face === null || face === undefined) continue;
      this.drawTile(ctx, atlas, i, face, {
        blocked: !view.free[i],
        selected: view.selected === i,
        hinted: hint.has(i),
        focused: view.focus === i,
      });
    }
    this.drawGhosts(ctx, atlas);
    if (atlas && view.tiles.length) this.markFirstBoard();
  }

  /** For the browser benchmark and the end-to-end tests: the first board is on screen. */
  markFirstBoard() {
    if (this.firstBoardMarked) return;
    this.firstBoardMarked = true;
    performance.mark("miaojong:first-board");
  }

  /**
   * The parts every tile of the current size shares (edge with or without shadow, the blocked
   * veil), rasterised once at device pixels. Drawing them as images instead of filling rounded
   * paths for each of 144 tiles is what keeps a full redraw within a few milliseconds when the
   * canvas is rasterised in software.
   */
  stampsFor(w, h, r, e) {
    const key = `${w.toFixed(3)}:${h.toFixed(3)}:${this.dpr}`;
    if (this.stamps?.key === key) return this.stamps;
    const dpr = this.dpr;
    const margin = Math.ceil(e * 1.8) + 2; // room for the edge and the shadow, right and below
    const make = (paint) => {
      const canvas = document.createElement("canvas");
      canvas.width = Math.ceil((w + margin) * dpr);
      canvas.height = Math.ceil((h + margin) * dpr);
      const c = canvas.getContext("2d");
      c.scale(dpr, dpr);
      paint(c);
      return canvas;
    };
    const edge = (c) => {
      // The tile's edge: two steps down and to the right, darker further down.
      c.fillStyle = "#8f7d5c";
      roundRect(c, e, e, w, h, r);
      c.fill();
      c.fillStyle = "#cbbb95";
      roundRect(c, e * 0.5, e * 0.5, w, h, r);
      c.fill();
    };
    const shadowed = (c) => {
      // A soft shadow on the layer below makes the stacks read as stacks.
      c.fillStyle = "rgba(0, 0, 0, 0.22)";
      roundRect(c, e * 1.8, e * 1.8, w, h, r);
      c.fill();
      edge(c);
    };
    const veil = (c) => overlay(c, 0, 0, w, h, r, BLOCKED_MARK);
    this.stamps = { key, w: w + margin, h: h + margin, edge: make(edge), shadowed: make(shadowed), veil: make(veil) };
    return this.stamps;
  }

  drawTile(ctx, atlas, i, face, marks, alpha = 1, grow = 0) {
    let { x, y, w, h } = this.rect(i);
    x -= grow; y -= grow; w += 2 * grow; h += 2 * grow;
    const r = w * 0.12;
    const e = this.geometry.view.scale * DEPTH;
    ctx.globalAlpha = alpha;
    // Growing tiles (a removed pair fading out) are not the shared size: they fill their own paths.
    const stamps = grow ? null : this.stampsFor(w, h, r, e);
    const raised = this.positions[i][2] > 0;
    if (stamps) {
      // Unscaled at whole device pixels: a plain copy, the cheapest draw a software canvas has.
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.drawImage(raised ? stamps.shadowed : stamps.edge, Math.round(x * this.dpr), Math.round(y * this.dpr));
      ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    } else {
      if (raised) {
        ctx.fillStyle = "rgba(0, 0, 0, 0.22)";
        roundRect(ctx, x + e * 1.8, y + e * 1.8, w, h, r);
        ctx.fill();
      }
      ctx.fillStyle = "#8f7d5c";
      roundRect(ctx, x + e, y + e, w, h, r);
      ctx.fill();
      ctx.fillStyle = "#cbbb95";
      roundRect(ctx, x + e * 0.5, y + e * 0.5, w, h, r);
      ctx.fill();
    }
    const rect = atlas && this.sprite.sheet.faces[face];
    let veiled = false;
    if (rect) {
      const s = atlas.scale;
      if (stamps && Math.abs(rect.w * s - w * this.dpr) < 0.5) {
        // The atlas is at this very scale (not a pinch in progress): copy whole device pixels.
        const sw = Math.round(rect.w * s);
        const sh = Math.round(rect.h * s);
        veiled = Boolean(marks.blocked);
        ctx.setTransform(1, 0, 0, 1, 0, 0);
        ctx.drawImage(veiled ? atlas.veiled : atlas.canvas, Math.round(rect.x * s), Math.round(rect.y * s), sw, sh,
          Math.round(x * this.dpr), Math.round(y * this.dpr), sw, sh);
        ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
      } else {
        ctx.drawImage(atlas.canvas, rect.x * s, rect.y * s, rect.w * s, rect.h * s, x, y, w, h);
      }
    } else {
      ctx.fillStyle = "#fbf6e8";
      roundRect(ctx, x, y, w, h, r);
      ctx.fill();
      ctx.fillStyle = "#333";
      ctx.font = `600 ${w * 0.35}px system-ui, sans-serif`;
      ctx.textAlign = "center";
      ctx.textBaseline = "middle";
      ctx.fillText(face, x + w / 2, y + h / 2);
    }
    for (const [name, mark] of MARKS) {
      if (!marks[name] || (name === "blocked" && veiled)) continue;
      if (name === "blocked" && stamps) {
        ctx.setTransform(1, 0, 0, 1, 0, 0);
        ctx.drawImage(stamps.veil, Math.round(x * this.dpr), Math.round(y * this.dpr));
        ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
      } else overlay(ctx, x, y, w, h, r, mark);
    }
    ctx.globalAlpha = 1;
  }

  drawGhosts(ctx, atlas) {
    const now = performance.now();
    this.ghosts = this.ghosts.filter((ghost) => now - ghost.start < REMOVE_MS);
    for (const ghost of this.ghosts) {
      const p = (now - ghost.start) / REMOVE_MS;
      this.drawTile(ctx, atlas, ghost.i, ghost.face, {}, 1 - p, p * this.geometry.view.scale * 0.15);
    }
    if (this.ghosts.length) this.invalidate();
  }

  destroy() {
    window.removeEventListener("resize", this.onResize);
    window.removeEventListener("orientationchange", this.onResize);
    this.observer?.disconnect();
    clearTimeout(this.atlasTimer);
    if (this.frame) cancelAnimationFrame(this.frame);
  }
}
