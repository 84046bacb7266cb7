// node --test tests/client/js/ : the pure helpers of input.js, clock.js and ui.js.
import assert from "node:assert/strict";
import { test } from "node:test";

import { formatTime } from "../../../game/static/game/js/clock.js";
import { KEYS, nextFocus } from "../../../game/static/game/js/input.js";
import { format } from "../../../game/static/game/js/ui.js";

// A 3 x 2 grid of tile centres: 0 1 2 on top, 3 4 5 below.
const grid = { 0: [0, 0], 1: [10, 0], 2: [20, 0], 3: [0, 10], 4: [10, 10], 5: [20, 10] };
const centers = (i) => ({ x: grid[i][0], y: grid[i][1] });

test("the arrows move the focus to the nearest free tile that way", () => {
  const all = [0, 1, 2, 3, 4, 5];
  assert.equal(nextFocus(centers, all, null, [1, 0]), 0, "no focus yet: the top-left tile");
  assert.equal(nextFocus(centers, all, 0, [1, 0]), 1);
  assert.equal(nextFocus(centers, all, 1, [0, 1]), 4);
  assert.equal(nextFocus(centers, all, 2, [1, 0]), null, "nothing further right");
  assert.equal(nextFocus(centers, [0, 2, 3, 5], 0, [1, 0]), 2, "blocked tiles are skipped");
  assert.equal(nextFocus(centers, [0, 5], 0, [1, 0]), 5, "off the line, if nothing is on it");
  assert.equal(nextFocus(centers, [], null, [1, 0]), null);
});

test("the keys of the game", () => {
  assert.deepEqual(KEYS, { h: "hint", u: "undo", s: "shuffle", t: "style", p: "pause", n: "new" });
});

test("stopwatch and message formatting", () => {
  assert.equal(formatTime(0), "0:00");
  assert.equal(formatTime(61_999), "1:01");
  assert.equal(formatTime(3_600_000 + 62_000), "1:01:02");
  assert.equal(format("Level {level} cleared!", { level: 3 }), "Level 3 cleared!");
  assert.equal(format("{a} and {b}", { a: "N" }), "N and {b}", "a missing value stays visible");
});
