// node --test tests/client/js/ : the board's on-screen geometry and gesture maths (view.js).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import {
  CLOSEUP_TILE, DEPTH, PAD, boardExtent, clampView, closeupScale, fitScale, isDoubleTap,
  panBy, pickTile, pinchView, scaleLimits, tileRect, zoomAt,
} from "../../../game/mahjong/static/mahjong/js/view.js";

const games = JSON.parse(readFileSync(new URL("./engine-games.json", import.meta.url), "utf8"));
const turtle = games.classic.deal.positions; // the Turtle, 144 tiles on 5 layers
const close = (a, b, message) => assert.ok(Math.abs(a - b) < 1e-6, `${message}: ${a} != ${b}`);

test("the extent covers every face and its depth", () => {
  const e = boardExtent([[0, 0, 0], [2, 0, 0], [1, 0, 1]]);
  close(e.w, 2 + 2 * DEPTH, "two tiles wide plus two layers of depth");
  close(e.h, (80 / 60) + 2 * DEPTH, "one tile high");
  const view = { scale: 50, x: 0, y: 0 };
  close(tileRect(e, view, [1, 0, 1]).x, tileRect(e, view, [0, 0, 0]).x + 25 - 50 * DEPTH, "layer 1 shifts up-left");
  assert.deepEqual(boardExtent([]), { w: 1, h: 80 / 60, ox: 0, oy: 0 }, "no tiles: no division by zero");
});

test("on a 390-px-wide phone the whole board fits and the close-up is a comfortable touch target", () => {
  const e = boardExtent(turtle);
  const width = 390 - 2 * 8; // the board's padding
  const fit = fitScale(e, width, 520);
  const view = clampView({ scale: fit, x: 0, y: 0 }, e, width, 520, scaleLimits(fit));
  for (const p of turtle) {
    const r = tileRect(e, view, p);
    assert.ok(r.x >= 0 && r.y - DEPTH * fit >= 0, "inside the canvas, top-left");
    assert.ok(r.x + r.w + 2 * DEPTH * fit <= width && r.y + r.h <= 520, "inside the canvas, bottom-right");
  }
  assert.ok(fit < 44, "the whole Turtle is too small to tap comfortably on a phone");
  assert.ok(closeupScale(fit) >= 44, "so the close-up is at least 44 px wide");
  assert.equal(closeupScale(fit), CLOSEUP_TILE);
  assert.ok(closeupScale(90) > 90, "on a big screen the close-up still zooms in");
});

test("the view is kept on screen: centred or at the top when smaller, no empty felt when larger", () => {
  const e = { w: 10, h: 5, ox: 0, oy: 0 };
  const limits = { min: 20, max: 80 };
  const centred = clampView({ scale: 20, x: 500, y: -300 }, e, 400, 300, limits);
  assert.deepEqual(centred, { scale: 20, x: (400 - 200 - 2 * PAD) / 2 + PAD, y: PAD }, "centred across, at the top");
  const far = clampView({ scale: 60, x: 500, y: -900 }, e, 400, 300, limits);
  assert.equal(far.x, PAD, "the left edge cannot come off the left side");
  assert.equal(far.y, 300 - 300 - 2 * PAD + PAD, "the bottom edge cannot rise above the bottom");
  assert.equal(clampView({ scale: 500, x: 0, y: 0 }, e, 400, 300, limits).scale, 80, "zoom limit");
  assert.equal(clampView({ scale: 1, x: 0, y: 0 }, e, 400, 300, limits).scale, 20, "never smaller than the fit");
  const limitsOfFit = scaleLimits(30);
  assert.equal(limitsOfFit.min, 30);
  assert.ok(limitsOfFit.max >= closeupScale(30));
});

test("zooming keeps the point under the fingers in place", () => {
  const view = { scale: 20, x: 10, y: 30 };
  const zoomed = zoomAt(view, 40, 110, 130);
  // The board point under (110, 130): (110 - 10) / 20 = 5 tiles, (130 - 30) / 20 = 5 tiles.
  close((110 - zoomed.x) / zoomed.scale, 5, "x");
  close((130 - zoomed.y) / zoomed.scale, 5, "y");
  assert.deepEqual(panBy(view, 5, -7), { scale: 20, x: 15, y: 23 });
});

test("a pinch scales by the change of distance and follows the fingers' midpoint", () => {
  const start = { scale: 20, x: 0, y: 0 };
  const spread = pinchView(start, { x: 100, y: 100 }, { x: 200, y: 100 }, { x: 50, y: 100 }, { x: 250, y: 100 });
  close(spread.scale, 40, "twice as far apart, twice as big");
  close((150 - spread.x) / spread.scale, 150 / 20, "the midpoint stays over the same board point");
  const moved = pinchView(start, { x: 100, y: 100 }, { x: 200, y: 100 }, { x: 130, y: 140 }, { x: 230, y: 140 });
  close(moved.scale, 20, "same distance, same scale");
  assert.deepEqual([moved.x, moved.y], [30, 40], "both fingers moved: the board moves with them");
  const pinched = pinchView(start, { x: 0, y: 0 }, { x: 100, y: 0 }, { x: 25, y: 0 }, { x: 75, y: 0 });
  close(pinched.scale, 10, "closer together: smaller (clamped later by clampView)");
  const same = pinchView(start, { x: 5, y: 5 }, { x: 5, y: 5 }, { x: 5, y: 5 }, { x: 5, y: 5 });
  assert.ok(Number.isFinite(same.scale), "fingers on one spot do not divide by zero");
});

test("a double tap is two taps on the same target, quickly, at about the same place", () => {
  const first = { x: 100, y: 100, t: 1000, target: 7 };
  assert.ok(isDoubleTap(first, { x: 110, y: 95, t: 1250, target: 7 }));
  assert.ok(!isDoubleTap(first, { x: 110, y: 95, t: 1400, target: 7 }), "too slow");
  assert.ok(!isDoubleTap(first, { x: 160, y: 100, t: 1100, target: 7 }), "too far");
  assert.ok(!isDoubleTap(first, { x: 102, y: 100, t: 1100, target: 8 }), "the next tile: two taps of play");
  assert.ok(!isDoubleTap(null, first), "no tap before");
  assert.ok(isDoubleTap({ ...first, target: -1 }, { ...first, t: 1200, target: -1 }), "on the felt too");
});

test("a tap picks the topmost face, or near an edge the free tile the finger meant", () => {
  // 0 and 1 side by side on layer 0; 2 on layer 1, drawn over the right half of 0 and left half of 1.
  const rects = {
    0: { x: 0, y: 0, w: 40, h: 50 },
    1: { x: 40, y: 0, w: 40, h: 50 },
    2: { x: 17, y: -3, w: 40, h: 50 },
    3: { x: 100, y: 0, w: 40, h: 50 },
  };
  const order = [0, 1, 3, 2]; // bottom to top
  const rect = (i) => rects[i];
  const free = new Set([2, 3]);
  const isFree = (i) => free.has(i);
  assert.equal(pickTile(order, rect, isFree, 30, 20), 2, "the upper tile over the lower one");
  assert.equal(pickTile(order, rect, isFree, 5, 20), 0, "only the lower tile there: it, blocked or not");
  assert.equal(pickTile(order, rect, isFree, 90, 20), -1, "a gap, with no tolerance");
  assert.equal(pickTile(order, rect, isFree, 90, 20, 12), 3, "a finger in the gap: the free tile near it");
  assert.equal(pickTile(order, rect, isFree, 78, 20, 8), 1, "inside a blocked tile, no free tile in reach");
  assert.equal(pickTile(order, rect, isFree, 88, 20, 12), 3, "between a blocked and a free tile: the free one");
  assert.equal(pickTile([0, 1], rect, () => true, 40, 20, 8), 1, "exactly on a shared edge: the topmost");
  assert.equal(pickTile(order, rect, isFree, 500, 500, 10), -1);
});
