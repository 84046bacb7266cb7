// node --test tests/client/js/ : a rack arranged by hand keeps its order over the turns, a reload
// and new tiles (rack_order.js, over a stand-in localStorage), and a drag aims where the lifted
// tile is drawn (drag.js's pure parts).
import assert from "node:assert/strict";
import { test } from "node:test";

import "./static_files.mjs";

const items = new Map();
globalThis.window = {
  localStorage: {
    getItem: (k) => (items.has(k) ? items.get(k) : null),
    setItem: (k, v) => items.set(k, String(v)),
    removeItem: (k) => items.delete(k),
  },
};

const { keepRackOrder, keptRackOrder, orderedRack } = await import("../../../game/rummy/static/rummy/js/rack_order.js");
const { aimPoint, edgeScroll } = await import("../../../game/rummy/static/rummy/js/drag.js");

test("a new rack takes the kept order; tiles it does not name (the one drawn) go to the end", () => {
  assert.deepEqual(orderedRack(["R1", "B2", "J", "K3", "B2"], ["B2", "J", "R1", "B2"]), ["B2", "J", "R1", "B2", "K3"]);
  // Tiles played since are skipped; copies are matched one by one.
  assert.deepEqual(orderedRack(["O5", "R1"], ["R1", "R1", "K9", "O5"]), ["R1", "O5"]);
  assert.deepEqual(orderedRack(["O5", "R1"], []), ["O5", "R1"]);
});

test("the order is kept per mode and seat, for the match played; a sort forgets it; damage reads as none", () => {
  keepRackOrder("computer", "m1", 0, ["R1", "J"]);
  assert.deepEqual(keptRackOrder("computer", "m1", 0), ["R1", "J"]);
  assert.equal(keptRackOrder("computer", "m2", 0), null, "another match");
  assert.equal(keptRackOrder("local", "m1", 0), null, "another mode");
  assert.equal(keptRackOrder("computer", "m1", 1), null, "another seat");
  keepRackOrder("computer", "m1", 0, null);
  assert.equal(keptRackOrder("computer", "m1", 0), null);
  items.set("miaojong:rummy:rack-order:v1:computer:0", "{not json");
  assert.equal(keptRackOrder("computer", "m1", 0), null);
  items.set("miaojong:rummy:rack-order:v1:computer:0", JSON.stringify({ match: "m1", tiles: [1, 2] }));
  assert.equal(keptRackOrder("computer", "m1", 0), null);
});

test("a touch drag aims at the lifted tile as drawn, a mouse at the pointer; the table scrolls near its edges", () => {
  const lift = { dx: 20, dy: 84, width: 40, height: 56, touch: true };
  // The tile is drawn 84 px above the finger's point: its middle is 56 px above the finger.
  assert.deepEqual(aimPoint(200, 500, lift), { x: 200, y: 444 });
  assert.deepEqual(aimPoint(200, 500, { ...lift, touch: false }), { x: 200, y: 500 });
  const edges = { top: 100, bottom: 600 };
  assert.equal(edgeScroll(350, edges), 0);
  assert.ok(edgeScroll(105, edges) < 0 && edgeScroll(595, edges) > 0);
  assert.ok(Math.abs(edgeScroll(101, edges)) > Math.abs(edgeScroll(135, edges)), "faster nearer the edge");
  assert.equal(edgeScroll(10, edges), 0, "far outside the table: no scroll");
});
