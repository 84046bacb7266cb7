// @ts-check
// The bitmaps tiles are drawn from: a style's sprite sheet, rasterised once at the size the
// tiles are drawn (the atlas, plain and already veiled), and the stamps every tile of one
// size shares (its edge and shadow on each layer, and the blocked veil). Drawing these as
// images instead of filling rounded paths for each of 144 tiles is what keeps a full redraw
// within a few milliseconds when the canvas is rasterised in software.

const FACE_W = 60; // the artwork's face width in the sprite sheet
const ATLAS_SETTLE_MS = 150; // while a pinch goes on, the tiles are drawn from the last atlas
const ATLAS_MAX_PIXELS = 16e6; // mobile browsers refuse bigger canvases

/**
 * A highlight over a face: a translucent fill and/or an outline (sizes are fractions of the
 * tile width; `grow` widens it by CSS px).
 * @typedef {{fill?: string, stroke?: string, width?: number, minWidth?: number, dash?: number[], grow?: number}} Mark
 */

/** @typedef {"blocked" | "hinted" | "selected" | "focused"} MarkName */

/** The highlights drawn over a tile's face, one after the other. @type {[MarkName, Mark][]} */
export const MARKS = [
  // Light: most of a board is blocked, and its faces must stay easy to read.
  ["blocked", { fill: "rgba(28, 36, 44, 0.2)" }],
  ["hinted", { fill: "rgba(40, 140, 255, 0.22)", stroke: "#1f7ae0", width: 0.06, minWidth: 2 }],
  ["selected", { fill: "rgba(255, 196, 0, 0.30)", stroke: "#d88c00", width: 0.07, minWidth: 2.5 }],
  ["focused", { stroke: "#0b3d91", width: 0.05, minWidth: 2, dash: [0.1, 0.06], grow: 2 }],
];
const BLOCKED_MARK = MARKS[0][1];
/** A face without its picture (no artwork yet, or none at all). */
export const BLANK_FACE = "#fbf6e8";

// The tile body seen below and to the right of the face: a light band next to the face, a
// darker one under it. Each layer up is darker and casts a longer, softer shadow, so that the
// stacks read as stacks at a glance (LAYER_LOOK[0] is the bottom layer, the last one is used
// for every layer above it).
/** @typedef {{low: string, high: string, line: string, shadow: number, blur: number, alpha: number}} LayerLook */
/** @type {readonly LayerLook[]} shadow and blur in depth offsets, alpha of the shadow */
export const LAYER_LOOK = Object.freeze([
  { low: "#9a8763", high: "#d3c49f", line: "rgba(70, 52, 28, 0.45)", shadow: 0, blur: 0, alpha: 0 },
  { low: "#85714c", high: "#c6b48a", line: "rgba(60, 42, 20, 0.55)", shadow: 1.4, blur: 0.8, alpha: 0.28 },
  { low: "#6f5c3a", high: "#b9a578", line: "rgba(50, 34, 14, 0.6)", shadow: 1.8, blur: 1.0, alpha: 0.34 },
  { low: "#5c4a2c", high: "#ab9768", line: "rgba(40, 26, 10, 0.65)", shadow: 2.2, blur: 1.2, alpha: 0.38 },
  { low: "#4d3d22", high: "#9e8a5c", line: "rgba(34, 22, 8, 0.7)", shadow: 2.5, blur: 1.4, alpha: 0.42 },
]);

/** @param {number} layer */
export function layerLook(layer) {
  return LAYER_LOOK[Math.max(0, Math.min(LAYER_LOOK.length - 1, layer))];
}

/**
 * Room a layer's stamp needs right of and below the face for the edge and the shadow (kept
 * to what it needs: every pixel of a stamp is copied for each tile of its layer).
 * @param {number} e @param {number} layer
 */
function stampMargin(e, layer) {
  const look = layerLook(layer);
  return Math.ceil(e * Math.max(1, 0.5 + look.shadow + look.blur)) + 2;
}

/**
 * A style's sprite sheet: its index, its bitmap (`raster`, drawn at `raster_scale` pixels per
 * sheet unit) and its SVG (`vector`), fetched only for tiles bigger than the bitmap's. The
 * bitmap is decoded off the main thread (createImageBitmap) and copied in a few milliseconds;
 * an SVG sheet is styled, laid out and painted on the main thread, which blocked a phone's for
 * some 800 ms as the play page loaded.
 * @typedef {{x: number, y: number, w: number, h: number}} FaceRect
 * @typedef {{width: number, height: number, image?: string, raster_scale?: number, faces: Record<string, FaceRect>}} SpriteSheet
 * @typedef {{style: string, sheet: SpriteSheet, raster: ImageBitmap | null, vector: HTMLImageElement | null,
 *   vectorUrl: string, vectorLoading?: Promise<HTMLImageElement>}} Sprite
 * @typedef {{plain: HTMLCanvasElement, veiled: HTMLCanvasElement, x: number, y: number, w: number, h: number,
 *   width: number}} FacePicture one face at whole device pixels: the box x, y, w, h of `plain` and `veiled` (the
 *   sheets, until it is cut out on canvases of its own), and its width before it was rounded
 * @typedef {{faces: Map<string, FacePicture>, scale: number, cut: boolean}} Atlas
 * @typedef {{key: string, edge: (layer: number) => HTMLCanvasElement, blank: (layer: number) => HTMLCanvasElement,
 *   veil: HTMLCanvasElement}} Stamps
 */

/** @param {string} url @param {string} what */
async function fetched(url, what) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${what} ${url}: HTTP ${response.status}`);
  return response;
}

/** An SVG image, decoded. @param {string} url */
async function decodedImage(url) {
  const image = new Image();
  image.decoding = "async";
  image.src = url;
  await image.decode();
  return image;
}

/**
 * Load a style's sprite sheet: its JSON index and its bitmap (both at once), or its SVG where
 * it has no bitmap (`rasterUrl` empty).
 * @param {string} style
 * @param {string} jsonUrl
 * @param {string} imageUrl the SVG sheet
 * @param {string} [rasterUrl] the bitmap sheet
 * @returns {Promise<Sprite>}
 */
export async function loadSprite(style, jsonUrl, imageUrl, rasterUrl = "") {
  const index = fetched(jsonUrl, "sprite index").then((response) => response.json());
  if (!rasterUrl) {
    const [sheet, vector] = await Promise.all([index, decodedImage(imageUrl)]);
    return { style, sheet, raster: null, vector, vectorUrl: imageUrl };
  }
  const bitmap = fetched(rasterUrl, "sprite").then((response) => response.blob()).then((blob) => createImageBitmap(blob));
  const [sheet, raster] = await Promise.all([index, bitmap]);
  return { style, sheet, raster, vector: null, vectorUrl: imageUrl };
}

/**
 * Whether tiles drawn at `scale` want the SVG sheet: bigger than the bitmap's.
 * @param {Sprite} sprite @param {number} scale
 */
function needsVector(sprite, scale) {
  return !sprite.vector && scale > (sprite.sheet.raster_scale ?? 0) + 1e-6;
}

/** The SVG sheet, fetched once. @param {Sprite} sprite */
function loadVector(sprite) {
  sprite.vectorLoading ??= decodedImage(sprite.vectorUrl).then((image) => {
    sprite.vector = image;
    return image;
  });
  return sprite.vectorLoading;
}

/**
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} x @param {number} y @param {number} w @param {number} h @param {number} r
 */
export function roundRect(ctx, x, y, w, h, r) {
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, r);
}

/**
 * One highlight over a face (see MARKS).
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} x @param {number} y @param {number} w @param {number} h @param {number} r
 * @param {Mark} mark
 */
export function overlay(ctx, x, y, w, h, r, mark) {
  const grow = mark.grow || 0;
  roundRect(ctx, x - grow, y - grow, w + 2 * grow, h + 2 * grow, r + grow);
  if (mark.fill) {
    ctx.fillStyle = mark.fill;
    ctx.fill();
  }
  if (mark.stroke) {
    const dash = mark.dash;
    if (dash) ctx.setLineDash(dash.map((k) => Math.max(2, w * k)));
    ctx.strokeStyle = mark.stroke;
    ctx.lineWidth = Math.max(mark.minWidth ?? 0, w * (mark.width ?? 0));
    ctx.stroke();
    if (dash) ctx.setLineDash([]);
  }
}

/** @param {number} width @param {number} height */
function blankCanvas(width, height) {
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext("2d");
  if (!context) throw new Error("no 2D canvas");
  return { canvas, context };
}

/**
 * The atlas scale for tiles `tileWidth` CSS px wide at pixel ratio `dpr`, within what a
 * browser lets a canvas be.
 * @param {SpriteSheet} sheet
 * @param {number} tileWidth
 * @param {number} dpr
 */
export function atlasScale(sheet, tileWidth, dpr) {
  return Math.min((tileWidth * dpr) / FACE_W, Math.sqrt(ATLAS_MAX_PIXELS / (sheet.width * sheet.height)));
}

/**
 * The sprite sheet rasterised at `scale` (device pixels per sheet unit), plain and veiled, each
 * face a box of the sheets until cutFaces(). For tiles bigger than the bitmap's, the SVG sheet is
 * fetched, and `sharper()` told when it is there (meanwhile, or if it never comes, the bitmap is
 * enlarged).
 * @param {Sprite} sprite
 * @param {number} scale
 * @param {() => void} [sharper]
 * @returns {Atlas}
 */
export function rasteriseAtlas(sprite, scale, sharper = () => undefined) {
  const sheet = sprite.sheet;
  if (needsVector(sprite, scale)) loadVector(sprite).then(sharper, () => undefined);
  const plain = blankCanvas(Math.ceil(sheet.width * scale), Math.ceil(sheet.height * scale));
  // The bitmap while it is big enough (downscaled smoothly), else the SVG.
  const bigEnough = scale <= (sprite.sheet.raster_scale ?? 0) + 1e-6;
  const source = sprite.raster && (bigEnough || !sprite.vector) ? sprite.raster : sprite.vector;
  if (!source) throw new Error(`no sprite image for ${sprite.style}`);
  plain.context.imageSmoothingQuality = "high";
  plain.context.drawImage(source, 0, 0, sheet.width * scale, sheet.height * scale);
  // The same faces already veiled: a blocked tile (most of a board) is then one copy, not two draws.
  const veiled = blankCanvas(plain.canvas.width, plain.canvas.height);
  veiled.context.drawImage(plain.canvas, 0, 0);
  for (const rect of Object.values(sheet.faces)) {
    const w = rect.w * scale;
    overlay(veiled.context, rect.x * scale, rect.y * scale, w, rect.h * scale, w * 0.12, BLOCKED_MARK);
  }
  /** @type {Map<string, FacePicture>} */
  const faces = new Map();
  for (const [face, rect] of Object.entries(sheet.faces)) {
    faces.set(face, {
      plain: plain.canvas,
      veiled: veiled.canvas,
      x: Math.round(rect.x * scale),
      y: Math.round(rect.y * scale),
      w: Math.round(rect.w * scale),
      h: Math.round(rect.h * scale),
      width: rect.w * scale,
    });
  }
  return { faces, scale, cut: false };
}

/**
 * Cut each face of the atlas out on canvases of its own (plain and veiled), and let the sheets
 * go: a software canvas copies a whole small canvas two to three times faster than the same
 * pixels boxed in a big one, which halves a full redraw. Some 20 ms for a whole sheet, so it
 * waits for a moment the page is idle, not the first board.
 * @param {Atlas} atlas
 */
export function cutFaces(atlas) {
  if (atlas.cut) return;
  /** @param {HTMLCanvasElement} from @param {FacePicture} box */
  const cut = (from, { x, y, w, h }) => {
    const piece = blankCanvas(w, h);
    piece.context.drawImage(from, x, y, w, h, 0, 0, w, h);
    return piece.canvas;
  };
  for (const [face, box] of atlas.faces) {
    atlas.faces.set(face, { ...box, plain: cut(box.plain, box), veiled: cut(box.veiled, box), x: 0, y: 0 });
  }
  atlas.cut = true;
}

/** `work()` once the page is idle (soon after, where the browser cannot tell). @param {() => void} work */
function whenIdle(work) {
  if (window.requestIdleCallback) window.requestIdleCallback(work, { timeout: 1000 });
  else setTimeout(work, 50);
}

/**
 * The atlas for tiles of the size they are drawn, kept while that size stays: during a pinch
 * the last one serves until the size settles; tiles bigger than the bitmap's get a sharper one
 * when the SVG sheet comes. `changed()` is told when the tiles are to be drawn anew.
 */
export class AtlasCache {
  /** @param {() => void} changed */
  constructor(changed) {
    this.changed = changed;
    /** @type {Atlas | null} */
    this.atlas = null;
    /** @type {Sprite | null} */
    this.sprite = null;
    this.timer = 0;
  }

  clear() {
    clearTimeout(this.timer);
    this.atlas = null;
  }

  /** @param {Sprite} sprite @param {number} tileWidth in CSS px @param {number} dpr */
  get(sprite, tileWidth, dpr) {
    const wanted = atlasScale(sprite.sheet, tileWidth, dpr);
    if (this.sprite !== sprite) this.clear();
    this.sprite = sprite;
    if (this.atlas && Math.abs(this.atlas.scale - wanted) < 1e-6) return this.atlas;
    if (this.atlas) {
      // Zooming: draw from the atlas there is, and rasterise anew once the scale settles.
      clearTimeout(this.timer);
      this.timer = setTimeout(() => {
        this.atlas = null;
        this.changed();
      }, ATLAS_SETTLE_MS);
      return this.atlas;
    }
    const atlas = rasteriseAtlas(sprite, wanted, () => {
      if (this.sprite !== sprite) return;
      this.clear(); // the SVG sheet came
      this.changed();
    });
    whenIdle(() => {
      if (this.atlas === atlas) cutFaces(atlas);
    });
    this.atlas = atlas;
    return atlas;
  }
}

/**
 * The tile edge on layer `layer`: two steps down and to the right, darker further down, and
 * above the bottom layer a shadow on the layer below that grows with the height.
 * @param {CanvasRenderingContext2D} c
 * @param {number} x @param {number} y @param {number} w @param {number} h @param {number} r
 * @param {number} e the depth offset
 * @param {number} layer 0 for the bottom layer
 */
export function paintEdge(c, x, y, w, h, r, e, layer) {
  const look = layerLook(layer);
  if (layer > 0) {
    c.save();
    c.shadowColor = `rgba(0, 0, 0, ${look.alpha})`;
    c.shadowBlur = e * look.blur;
    c.shadowOffsetX = c.shadowOffsetY = e * look.shadow;
    c.fillStyle = look.low;
    roundRect(c, x + e * 0.5, y + e * 0.5, w, h, r);
    c.fill();
    c.restore();
  }
  c.fillStyle = look.low;
  roundRect(c, x + e, y + e, w, h, r);
  c.fill();
  c.strokeStyle = look.line;
  c.lineWidth = Math.max(0.75, e * 0.18);
  c.stroke();
  c.fillStyle = look.high;
  roundRect(c, x + e * 0.5, y + e * 0.5, w, h, r);
  c.fill();
}

/**
 * The stamps for tiles of w x h CSS px (corner radius r, depth e) at pixel ratio dpr; each
 * layer's edge is made the first time a tile of that layer is drawn.
 * @param {number} w @param {number} h @param {number} r @param {number} e @param {number} dpr
 * @returns {Stamps}
 */
export function makeStamps(w, h, r, e, dpr) {
  /** @param {(c: CanvasRenderingContext2D) => void} paint @param {number} margin */
  const make = (paint, margin = 2) => {
    const { canvas, context } = blankCanvas(Math.ceil((w + margin) * dpr), Math.ceil((h + margin) * dpr));
    context.scale(dpr, dpr);
    paint(context);
    return canvas;
  };
  /** @type {HTMLCanvasElement[]} */
  const edges = [];
  /** @type {HTMLCanvasElement[]} */
  const blanks = [];
  /** @param {number} layer */
  const level = (layer) => Math.max(0, Math.min(LAYER_LOOK.length - 1, layer));
  return {
    key: stampsKey(w, h, dpr),
    edge: (layer) => {
      const z = level(layer);
      edges[z] ??= make((c) => paintEdge(c, 0, 0, w, h, r, e, z), stampMargin(e, z));
      return edges[z];
    },
    blank: (layer) => {
      const z = level(layer);
      blanks[z] ??= make((c) => {
        paintEdge(c, 0, 0, w, h, r, e, z);
        c.fillStyle = BLANK_FACE;
        roundRect(c, 0, 0, w, h, r);
        c.fill();
      }, stampMargin(e, z));
      return blanks[z];
    },
    veil: make((c) => overlay(c, 0, 0, w, h, r, BLOCKED_MARK)),
  };
}

/** Which stamps fit tiles of w x h at dpr. @param {number} w @param {number} h @param {number} dpr */
export function stampsKey(w, h, dpr) {
  return `${w.toFixed(3)}:${h.toFixed(3)}:${dpr}`;
}
