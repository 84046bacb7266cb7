// The board on a canvas: tile artwork from a sprite sheet, stacked layers with a depth
// offset and tile edges, blocked tiles veiled, selection, hint and keyboard focus marked.
// Crisp on high-DPI screens (the sprite is rasterised at device pixels), refitted when the
// window, the orientation or the pixel ratio changes, redrawn only when something changed.

const FACE_W = 60;
const FACE_H = 80;
const DEPTH = 0.12; // layer offset and tile edge, as a fraction of the tile width
const PAD = 6;
const REMOVE_MS = 240;

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

export class BoardRenderer {
  constructor(canvas, { pausedLabel = "", maxHeight = () => window.innerHeight * 0.8 } = {}) {
    this.canvas = canvas;
    this.ctx = canvas.getContext("2d");
    this.pausedLabel = pausedLabel;
    this.maxHeight = maxHeight;
    this.positions = [];
    this.order = [];
    this.view = { tiles: [], free: [], selected: null, hint: null, focus: null, paused: false };
    this.sprite = null;
    this.atlas = null;
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
    this.order = positions
      .map((p, i) => i)
      .sort((i, j) => {
        const [xi, yi, zi] = positions[i];
        const [xj, yj, zj] = positions[j];
        return zi - zj || xi + yi - (xj + yj) || yi - yj || i - j;
      });
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

  /** Size the canvas to fit its container's width and the allowed height. */
  fit() {
    const positions = this.positions;
    const container = this.canvas.parentElement;
    if (!positions.length || !container) return;
    let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity, maxZ = 0;
    for (const [x, y, z] of positions) {
      minX = Math.min(minX, x); maxX = Math.max(maxX, x);
      minY = Math.min(minY, y); maxY = Math.max(maxY, y);
      maxZ = Math.max(maxZ, z);
    }
    const style = getComputedStyle(container);
    const inner = container.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const width = Math.max(120, inner);
    const height = Math.max(200, this.maxHeight());
    const unitsW = (maxX - minX + 2) / 2 + (maxZ + 1) * DEPTH;
    const unitsH = ((maxY - minY + 2) / 2) * (FACE_H / FACE_W) + (maxZ + 1) * DEPTH;
    const tile = Math.max(10, Math.min(96, (width - 2 * PAD) / unitsW, (height - 2 * PAD) / unitsH));
    const w = Math.ceil(unitsW * tile + 2 * PAD);
    const h = Math.ceil(unitsH * tile + 2 * PAD);
    const d = tile * DEPTH;
    this.geometry = {
      tile, tileH: tile * (FACE_H / FACE_W), d, w, h,
      ox: PAD + maxZ * d - minX * (tile / 2),
      oy: PAD + maxZ * d - minY * (tile * (FACE_H / FACE_W) / 2),
    };
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
    if (this.atlas && this.atlas.tile !== tile) this.atlas = null;
    this.invalidate();
  }

  /** The sprite sheet rasterised at the size the tiles are drawn, in device pixels. */
  atlasFor() {
    const { sprite, geometry } = this;
    if (!sprite || !geometry) return null;
    if (this.atlas) return this.atlas;
    const scale = (geometry.tile * this.dpr) / FACE_W;
    const canvas = document.createElement("canvas");
    canvas.width = Math.ceil(sprite.sheet.width * scale);
    canvas.height = Math.ceil(sprite.sheet.height * scale);
    canvas.getContext("2d").drawImage(sprite.image, 0, 0, sprite.sheet.width * scale, sprite.sheet.height * scale);
    this.atlas = { canvas, scale, tile: geometry.tile };
    return this.atlas;
  }

  /** The face rectangle of position i, in CSS pixels of the canvas. */
  rect(i) {
    const g = this.geometry;
    const [x, y, z] = this.positions[i];
    return { x: g.ox + x * (g.tile / 2) - z * g.d, y: g.oy + y * (g.tileH / 2) - z * g.d, w: g.tile, h: g.tileH };
  }

  center(i) {
    const r = this.rect(i);
    return { x: r.x + r.w / 2, y: r.y + r.h / 2 };
  }

  /** The topmost tile under a point given in client coordinates, or -1. */
  hitTest(clientX, clientY) {
    if (!this.geometry || this.view.paused) return -1;
    const box = this.canvas.getBoundingClientRect();
    const px = clientX - box.left;
    const py = clientY - box.top;
    const tiles = this.view.tiles;
    for (let k = this.order.length - 1; k >= 0; k--) {
      const i = this.order[k];
      if (tiles[i] === null || tiles[i] === undefined) continue;
      const r = this.rect(i);
      if (px >= r.x && px < r.x + r.w && py >= r.y && py < r.y + r.h) return i;
    }
    return -1;
  }

  draw() {
    this.frame = 0;
    const { ctx, geometry: g, view } = this;
    if (!g) return;
    ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    ctx.clearRect(0, 0, g.w, g.h);
    if (view.paused) {
      ctx.fillStyle = "rgba(255, 255, 255, 0.85)";
      ctx.font = `600 ${Math.max(16, g.tile * 0.45)}px system-ui, sans-serif`;
      ctx.textAlign = "center";
      ctx.textBaseline = "middle";
      ctx.fillText(this.pausedLabel, g.w / 2, g.h / 2);
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
  }

  drawTile(ctx, atlas, i, face, marks, alpha = 1, grow = 0) {
    const g = this.geometry;
    let { x, y, w, h } = this.rect(i);
    x -= grow; y -= grow; w += 2 * grow; h += 2 * grow;
    const r = w * 0.12;
    const e = g.d;
    ctx.globalAlpha = alpha;
    if (this.positions[i][2] > 0) {
      // A soft shadow on the layer below makes the stacks read as stacks.
      ctx.fillStyle = "rgba(0, 0, 0, 0.22)";
      roundRect(ctx, x + e * 1.8, y + e * 1.8, w, h, r);
      ctx.fill();
    }
    // The tile's edge: two steps down and to the right, darker further down.
    ctx.fillStyle = "#8f7d5c";
    roundRect(ctx, x + e, y + e, w, h, r);
    ctx.fill();
    ctx.fillStyle = "#cbbb95";
    roundRect(ctx, x + e * 0.5, y + e * 0.5, w, h, r);
    ctx.fill();
    const rect = atlas && this.sprite.sheet.faces[face];
    if (rect) {
      const s = atlas.scale;
      ctx.drawImage(atlas.canvas, rect.x * s, rect.y * s, rect.w * s, rect.h * s, x, y, w, h);
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
    if (marks.blocked) {
      ctx.fillStyle = "rgba(28, 36, 44, 0.32)";
      roundRect(ctx, x, y, w, h, r);
      ctx.fill();
    }
    if (marks.hinted) {
      ctx.fillStyle = "rgba(40, 140, 255, 0.22)";
      roundRect(ctx, x, y, w, h, r);
      ctx.fill();
      ctx.strokeStyle = "#1f7ae0";
      ctx.lineWidth = Math.max(2, w * 0.06);
      ctx.stroke();
    }
    if (marks.selected) {
      ctx.fillStyle = "rgba(255, 196, 0, 0.30)";
      roundRect(ctx, x, y, w, h, r);
      ctx.fill();
      ctx.strokeStyle = "#d88c00";
      ctx.lineWidth = Math.max(2.5, w * 0.07);
      ctx.stroke();
    }
    if (marks.focused) {
      ctx.setLineDash([Math.max(3, w * 0.1), Math.max(2, w * 0.06)]);
      ctx.strokeStyle = "#0b3d91";
      ctx.lineWidth = Math.max(2, w * 0.05);
      roundRect(ctx, x - 2, y - 2, w + 4, h + 4, r + 2);
      ctx.stroke();
      ctx.setLineDash([]);
    }
    ctx.globalAlpha = 1;
  }

  drawGhosts(ctx, atlas) {
    const now = performance.now();
    this.ghosts = this.ghosts.filter((ghost) => now - ghost.start < REMOVE_MS);
    for (const ghost of this.ghosts) {
      const p = (now - ghost.start) / REMOVE_MS;
      this.drawTile(ctx, atlas, ghost.i, ghost.face, {}, 1 - p, p * this.geometry.tile * 0.15);
    }
    if (this.ghosts.length) this.invalidate();
  }

  destroy() {
    window.removeEventListener("resize", this.onResize);
    window.removeEventListener("orientationchange", this.onResize);
    this.observer?.disconnect();
    if (this.frame) cancelAnimationFrame(this.frame);
  }
}
