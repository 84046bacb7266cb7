// node --test tests/client/js/ : storage.js over a stand-in localStorage.
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
const { STORAGE_KEY, loadGame, saveGame } = await import("../../../game/mahjong/static/mahjong/js/storage.js");
const { Game } = await import("../../../game/mahjong/static/mahjong/js/state.js");

const deal = {
  code: "MJ1-L00-ABCDEFG", layout: "L00", mode: "classic", level: 1,
  positions: [[0, 0, 0], [2, 0, 0], [6, 0, 0], [8, 0, 0]], tiles: ["5B", "5B", "R", "R"], plan: null, token: "x",
  graph: { above: [[], [], [], []], left: [[], [0], [], [2]], right: [[1], [], [3], []] },
};

test("a saved game comes back with its clock reading", () => {
  const game = Game.fromDeal(deal);
  game.match(0, 1, 1200);
  assert.ok(saveGame(game, 1500, "numbers"));
  const saved = loadGame();
  assert.equal(saved.t, 1500);
  assert.equal(saved.style, "numbers");
  assert.deepEqual(saved.game.s, game.s);
});

test("damaged or old data reads as no game, and is dropped", () => {
  for (const bad of ["{not json", "null", JSON.stringify({ state: { version: 0 }, t: 5 }),
    JSON.stringify({ state: Game.fromDeal(deal).toJSON(), t: "soon" })]) {
    items.set(STORAGE_KEY, bad);
    let told = 0;
    assert.equal(loadGame(() => told++), null, bad);
    assert.equal(told, 1, `the page is told, to show a notice: ${bad}`);
    assert.ok(!items.has(STORAGE_KEY));
  }
  let told = 0;
  assert.equal(loadGame(() => told++), null);
  assert.equal(told, 0, "no saved game at all is no damage");
});
