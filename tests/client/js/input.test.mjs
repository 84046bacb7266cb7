// node --test tests/client/js/ : the pure helpers of input.js, core's clock.js and i18n.js, and ui.js.
import assert from "node:assert/strict";
import { test } from "node:test";

import "./static_files.mjs";

const { formatTime } = await import("../../../game/core/static/core/js/clock.js");
const { interpolate, ngettext } = await import("../../../game/core/static/core/js/i18n.js");
const { KEYS, nextFocus } = await import("../../../game/mahjong/static/mahjong/js/input.js");
const { statusItems, winnableText } = await import("../../../game/mahjong/static/mahjong/js/ui.js");

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
  assert.deepEqual(KEYS, { h: "hint", u: "undo", s: "shuffle", t: "style", p: "pause", n: "new", z: "view" });
});

test("stopwatch and message formatting", () => {
  assert.equal(formatTime(0), "0:00");
  assert.equal(formatTime(61_999), "1:01");
  assert.equal(formatTime(3_600_000 + 62_000), "1:01:02");
  assert.equal(interpolate("Level %(level)s cleared!", { level: 3 }), "Level 3 cleared!");
  assert.equal(interpolate("%(a)s and %(b)s", { a: "N" }), "N and %(b)s", "a missing value stays visible");
});

test("without the catalogue the English texts are shown, with English plurals", () => {
  assert.equal(ngettext("%(n)s pair available", "%(n)s pairs available", 1), "%(n)s pair available");
  assert.equal(ngettext("%(n)s pair available", "%(n)s pairs available", 0), "%(n)s pairs available");
  assert.equal(winnableText(false, 1), "not winnable: undo 1 move to get back to a winnable board");
  assert.equal(winnableText(false, 3), "not winnable: undo 3 moves to get back to a winnable board");
  assert.equal(winnableText(false, null), "not winnable");
  assert.equal(winnableText(true), "winnable");
});

test("the catalogue's translations and plural rule are used when the page has them", () => {
  globalThis.gettext = (text) => ({ "Moves": "Mosse", "winnable": "vincibile" })[text] ?? text;
  globalThis.ngettext = (one, many, n) => (n === 1 ? "%(n)s coppia disponibile" : "%(n)s coppie disponibili");
  try {
    const items = statusItems({ mode: "classic", clock: 61_000, moves: 4, hints: 0, pairs: 1, winnable: true });
    assert.deepEqual(items.map(([name, label, value]) => [name, label, String(value)]), [
      ["time", "Time", "1:01"], ["moves", "Mosse", "4"], ["hints", "Hints", "0"],
      ["pairs", "", "1 coppia disponibile"], ["winnable", "", "vincibile"],
    ]);
    const arcade = statusItems({ mode: "arcade", score: 900, level: 2, shufflesLeft: 3, pairs: null, winnable: "checking" });
    assert.deepEqual(arcade.map(([name]) => name), ["score", "level", "shufflesLeft", "pairs", "winnable"]);
    assert.equal(arcade[3][2], "Paused", "no pairs are counted on a hidden board");
  } finally {
    delete globalThis.gettext;
    delete globalThis.ngettext;
  }
});
