// node --test tests/client/js/ : the keys of before the namespaces move to "miaojong:mahjong:...",
// once, so that no player loses a saved game, records or preferences.
import assert from "node:assert/strict";
import { test } from "node:test";

import "./static_files.mjs";

const items = new Map();
let quotaLeft = Infinity;
globalThis.window = {
  localStorage: {
    getItem: (k) => (items.has(k) ? items.get(k) : null),
    setItem: (k, v) => {
      if (quotaLeft-- <= 0) throw new Error("quota");
      items.set(k, String(v));
    },
    removeItem: (k) => items.delete(k),
  },
};
const { GameStorage } = await import("../../../game/core/static/core/js/storage.js");

const deal = {
  code: "MJ1-L00-ABCDEFG", layout: "L00", mode: "classic", level: 1,
  positions: [[0, 0, 0], [2, 0, 0], [6, 0, 0], [8, 0, 0]], tiles: ["5B", "5B", "R", "R"], plan: null, token: "x",
  graph: { above: [[], [], [], []], left: [[], [0], [], [2]], right: [[1], [], [3], []] },
};
const records = {
  version: 1, arcadeBest: null, classicBest: [{ timeMs: 90_000, layout: "L00", date: "2026-11-30", code: deal.code }],
  stats: { games: 3, wins: 1, hints: 2 },
};

test("a player's old keys come back under the new ones, and the old keys go", async () => {
  const { Game } = await import("../../../game/mahjong/static/mahjong/js/state.js");
  const game = Game.fromDeal(deal);
  game.match(0, 1, 1200);
  items.set("miaojong.play.v1", JSON.stringify({ state: game.toJSON(), t: 1500, wall: Date.now(), style: "numbers" }));
  items.set("miaojong.records.v1", JSON.stringify(records));
  items.set("miaojong.style", "numbers");
  items.set("miaojong.name", "Anna");
  items.set("miaojong:rummy:save:v1", "another game's");

  const storage = await import("../../../game/mahjong/static/mahjong/js/storage.js");
  assert.equal(storage.STORAGE_KEY, "miaojong:mahjong:save:v1");
  assert.equal(storage.RECORDS_KEY, "miaojong:mahjong:records:v1");
  const saved = storage.loadGame(() => assert.fail("the saved game reads"));
  assert.deepEqual(saved.game.s, game.s);
  assert.equal(saved.t, 1500);
  // Read in the records' present form (the best times by layout, records.js), nothing lost.
  assert.deepEqual(storage.loadRecords(), { ...records, version: 2, classicBest: { L00: records.classicBest } });
  assert.equal(storage.loadPreference("style"), "numbers");
  assert.equal(storage.loadPreference("name"), "Anna");
  assert.deepEqual([...items.keys()].sort(), [
    "miaojong:mahjong:prefs:name", "miaojong:mahjong:prefs:style", "miaojong:mahjong:records:v1",
    "miaojong:mahjong:save:v1", "miaojong:rummy:save:v1",
  ]);

  // Once: an old key that turns up again later is not read any more.
  items.set("miaojong.style", "classic");
  assert.equal(storage.loadPreference("style"), "numbers");
});

test("a new key already there wins over an old one", () => {
  items.clear();
  items.set("old.pref", "old");
  items.set("miaojong:test:pref", "new");
  const store = new GameStorage("test", { "old.pref": "pref" });
  assert.equal(store.read("pref"), "new");
  assert.ok(!items.has("old.pref"));
});

test("an old key whose value cannot be copied is kept, to move on a later visit", () => {
  items.clear();
  items.set("old.save", "a saved game");
  quotaLeft = 0;
  assert.equal(new GameStorage("test", { "old.save": "save" }).read("save"), null);
  assert.equal(items.get("old.save"), "a saved game");
  quotaLeft = Infinity;
  assert.equal(new GameStorage("test", { "old.save": "save" }).read("save"), "a saved game");
  assert.ok(!items.has("old.save"));
});

test("keys are namespaced by game", () => {
  items.clear();
  const mahjong = new GameStorage("mahjong");
  const rummy = new GameStorage("rummy");
  assert.ok(mahjong.write("prefs:style", "kittens"));
  assert.equal(rummy.read("prefs:style"), null);
  assert.deepEqual([...items.keys()], ["miaojong:mahjong:prefs:style"]);
  mahjong.remove("prefs:style");
  assert.equal(items.size, 0);
});
