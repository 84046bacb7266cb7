// node --test tests/client/js/ : the play screen's figures of issue #30: tiles left beside the
// pairs, the classic penalty, the verdict hidden on request, pairs counted once, and the
// player's own daily challenges (daily_results.js).
import assert from "node:assert/strict";
import { test } from "node:test";

import "./static_files.mjs";

const { statusItems } = await import("../../../game/mahjong/static/mahjong/js/ui.js");
const { pairsTaken } = await import("../../../game/mahjong/static/mahjong/js/play_screen.js");
const { addDailyPlay, cleanDailyResults, dailySummary } = await import("../../../game/mahjong/static/mahjong/js/daily_results.js");

const CLASSIC = { mode: "classic", clock: 61_000, moves: 3, hints: 1, pairs: 5, tilesLeft: 138, winnable: true };

test("the status line says how many tiles are left, beside the pairs available", () => {
  const items = statusItems(CLASSIC);
  const names = items.map(([name]) => name);
  assert.deepEqual(names.slice(-3), ["pairs", "tiles", "winnable"]);
  assert.equal(items[names.indexOf("tiles")][2], "138 tiles left");
  assert.equal(statusItems({ ...CLASSIC, tilesLeft: 1 })[names.indexOf("tiles")][2], "1 tile left");
  assert.ok(!statusItems({ ...CLASSIC, pairs: null }).some(([name]) => name === "tiles"), "not on a hidden board");
});

test("classic: the penalty for hints and shuffles shows once there is one; arcade has none", () => {
  assert.ok(!statusItems(CLASSIC).some(([name]) => name === "penalty"));
  const penalty = statusItems({ ...CLASSIC, penaltyMs: 45_000 }).find(([name]) => name === "penalty");
  assert.deepEqual(penalty, ["penalty", "Penalty", "+0:45"]);
  const arcade = { mode: "arcade", score: 900, level: 2, shufflesLeft: 3, pairs: 4, tilesLeft: 40, winnable: true, penaltyMs: 9 };
  assert.ok(!statusItems(arcade).some(([name]) => name === "penalty"));
});

test("the verdict is left out when the player hid it", () => {
  assert.ok(statusItems(CLASSIC).some(([name]) => name === "winnable"));
  assert.ok(!statusItems({ ...CLASSIC, verdict: false }).some(([name]) => name === "winnable"));
  assert.ok(!statusItems({ ...CLASSIC, verdict: false, winnable: false, undos: 2 }).some(([name]) => name === "winnable"));
});

test("the moves are the pairs off the board: one undone and taken again counts once", () => {
  assert.equal(pairsTaken(["a", "b", "c", "d"]), 0);
  assert.equal(pairsTaken([null, "b", null, "d"]), 1);
  assert.equal(pairsTaken([null, null, null, null]), 2);
});

test("daily challenges: played and the streak up to today, or up to yesterday while today's waits", () => {
  let results = {};
  for (const day of ["2026-12-01", "2026-12-03", "2026-12-04", "2026-12-05", "2026-12-05"]) {
    results = addDailyPlay(results, "classic", day);
  }
  assert.deepEqual(dailySummary(results, "classic", "2026-12-05"), { played: 4, streak: 3 });
  assert.deepEqual(dailySummary(results, "classic", "2026-12-06"), { played: 4, streak: 3 }, "today's still to play");
  assert.deepEqual(dailySummary(results, "classic", "2026-12-07"), { played: 4, streak: 0 }, "a day missed");
  assert.deepEqual(dailySummary(results, "arcade", "2026-12-05"), { played: 0, streak: 0 }, "each mode its own");
  results = addDailyPlay(results, "arcade", "2026-12-31");
  results = addDailyPlay(results, "arcade", "2027-01-01");
  assert.deepEqual(dailySummary(results, "arcade", "2027-01-01"), { played: 2, streak: 2 }, "across a year's end");
});

test("daily challenges: damaged stored results are left out, never thrown on", () => {
  assert.deepEqual(cleanDailyResults(null), {});
  assert.deepEqual(cleanDailyResults([1, 2]), {});
  assert.deepEqual(cleanDailyResults({ classic: "2026-12-01", arcade: ["2026-12-02", "x", 5, "2026-12-02"] }),
    { arcade: ["2026-12-02"] });
});
