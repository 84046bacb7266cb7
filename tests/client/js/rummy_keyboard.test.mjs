// node --test tests/client/js/ : the arrow keys between the tiles of the Rummy table
// (game/rummy/static/rummy/js/keyboard.js nextTile), on tiles' boxes.
import assert from "node:assert/strict";
import { test } from "node:test";

import "./static_files.mjs";

const { SHORTCUTS, nextTile } = await import("../../../game/rummy/static/rummy/js/keyboard.js");

// Two rows of the table (three tiles, then two far right) and the rack (four tiles).
const box = (x, y) => ({ x, y, width: 40, height: 56 });
const boxes = [box(0, 0), box(42, 0), box(84, 0), box(300, 70), box(342, 70), box(0, 200), box(42, 200), box(84, 200), box(126, 200)];

test("left and right walk the tiles in order, and stop at the ends", () => {
  assert.equal(nextTile(boxes, 0, "ArrowLeft"), 0);
  assert.equal(nextTile(boxes, 2, "ArrowRight"), 3);
  assert.equal(nextTile(boxes, 8, "ArrowRight"), 8);
  assert.equal(nextTile(boxes, 4, "Home"), 0);
  assert.equal(nextTile(boxes, 4, "End"), 8);
  assert.equal(nextTile(boxes, 4, "x"), 4);
});

test("up and down go to the nearest tile across in the next row", () => {
  assert.equal(nextTile(boxes, 1, "ArrowDown"), 3, "the row below is the second table row, its nearest tile");
  assert.equal(nextTile(boxes, 4, "ArrowDown"), 8);
  assert.equal(nextTile(boxes, 3, "ArrowDown"), 8, "then the rack");
  assert.equal(nextTile(boxes, 6, "ArrowUp"), 3);
  assert.equal(nextTile(boxes, 3, "ArrowUp"), 2);
  assert.equal(nextTile(boxes, 0, "ArrowUp"), 0, "nothing above");
  assert.equal(nextTile(boxes, 7, "ArrowDown"), 7, "nothing below");
});

test("the shortcuts are the toolbar's letters", () => {
  assert.deepEqual(SHORTCUTS, { g: "group", u: "undo", r: "reset", c: "confirm", d: "draw", p: "pass", "+": "add", a: "add" });
});
