// node --test tests/client/js/ : the personal records of records.js (pure logic), then storage.js.
import assert from "node:assert/strict";
import { test } from "node:test";

import "./static_files.mjs";

const items = new Map();
let broken = false;
globalThis.window = {
  localStorage: {
    getItem: (k) => {
      if (broken) throw new Error("storage disabled");
      return items.has(k) ? items.get(k) : null;
    },
    setItem: (k, v) => {
      if (broken) throw new Error("quota");
      items.set(k, String(v));
    },
    removeItem: (k) => items.delete(k),
  },
};
const {
  BEST_TIMES, addArcadeScore, addClassicWin, cleanRecords, countStats, freshRecords,
} = await import("../../../game/mahjong/static/mahjong/js/records.js");
const { RECORDS_KEY, loadRecords, saveRecords } = await import("../../../game/mahjong/static/mahjong/js/storage.js");

const win = (timeMs, date = "2026-12-01", layout = "L00") => ({ timeMs, layout, date, code: "MJ1-L00-ABCDEFG" });

test("wins go into the ten best times in order, the first of equal times staying ahead", () => {
  let records = freshRecords();
  const places = [];
  for (const t of [300_000, 200_000, 400_000, 200_000]) {
    const result = addClassicWin(records, win(t, `day ${places.length}`));
    records = result.records;
    places.push(result.place);
  }
  assert.deepEqual(places, [1, 1, 3, 2], "the second 200 s goes after the first one");
  assert.deepEqual(records.classicBest.L00.map((e) => [e.timeMs, e.date]),
    [[200_000, "day 1"], [200_000, "day 3"], [300_000, "day 0"], [400_000, "day 2"]]);
});

test("only the ten best times are kept", () => {
  let records = freshRecords();
  for (let k = 1; k <= BEST_TIMES; k++) records = addClassicWin(records, win(k * 1000)).records;
  const slow = addClassicWin(records, win(99_000));
  assert.equal(slow.place, null, "slower than all ten: not in the list");
  assert.equal(slow.records, records, "and the records are unchanged");
  const tie = addClassicWin(records, win(BEST_TIMES * 1000));
  assert.equal(tie.place, null, "equal to the tenth: the tenth stays");
  const fast = addClassicWin(records, win(500));
  assert.equal(fast.place, 1);
  assert.equal(fast.records.classicBest.L00.length, BEST_TIMES);
  assert.equal(fast.records.classicBest.L00.at(-1).timeMs, (BEST_TIMES - 1) * 1000, "the slowest fell off");
  assert.equal(records.classicBest.L00[0].timeMs, 1000, "the old records are not changed");
});

test("each layout keeps its own ten best times", () => {
  let records = freshRecords();
  for (let k = 1; k <= BEST_TIMES; k++) records = addClassicWin(records, win(k * 1000)).records;
  const other = addClassicWin(records, win(99_000, "2026-12-02", "L03"));
  assert.equal(other.place, 1, "slower than the ten of L00, but the first time on L03");
  assert.deepEqual(other.records.classicBest.L03.map((e) => e.timeMs), [99_000]);
  assert.equal(other.records.classicBest.L00.length, BEST_TIMES, "L00's ten are all kept");
  assert.equal(addClassicWin(other.records, win(99_500, "d", "L03")).place, 2);
  assert.equal(addClassicWin(other.records, win(99_500, "d", "L00")).place, null);
});

test("records of version 1 (one list for all layouts) come back by layout", () => {
  const old = {
    version: 1, arcadeBest: null, stats: { games: 4, wins: 3, hints: 0 },
    classicBest: [win(5000, "a", "L03"), win(7000, "b", "L00"), win(9000, "c", "L03")],
  };
  const records = cleanRecords(old);
  assert.equal(records.version, 2);
  assert.deepEqual(records.classicBest, {
    L03: [win(5000, "a", "L03"), win(9000, "c", "L03")], L00: [win(7000, "b", "L00")],
  });
  assert.deepEqual(records.stats, old.stats);
  assert.equal(addClassicWin(records, win(8000, "d", "L03")).place, 2, "ranked among the L03 times only");
});

test("the arcade high score", () => {
  const result = (score, code = "MJ1-L00-AAAAAAA") => ({ score, level: 2, layout: "L00", date: "d", code });
  let { records, best } = addArcadeScore(freshRecords(), result(2500));
  assert.ok(best);
  ({ records, best } = addArcadeScore(records, result(2500, "MJ1-L00-BBBBBBB")));
  assert.ok(!best, "a tie is not a new high score");
  assert.equal(records.arcadeBest.code, "MJ1-L00-AAAAAAA");
  ({ records, best } = addArcadeScore(records, result(4000)));
  assert.ok(best, "the same game at its next level raises it");
  ({ records, best } = addArcadeScore(records, result(100, "MJ1-L00-CCCCCCC")));
  assert.ok(!best);
  assert.equal(records.arcadeBest.score, 4000);
  assert.ok(!addArcadeScore(freshRecords(), result(0)).best, "nothing scored, no record to celebrate");
});

test("statistics add up", () => {
  let records = countStats(freshRecords(), { games: 1 });
  records = countStats(records, { hints: 3, wins: 1 });
  assert.deepEqual(records.stats, { games: 1, wins: 1, hints: 3 });
});

test("damaged or old records read as fresh ones, never an error", () => {
  const good = addClassicWin(freshRecords(), win(1000)).records;
  assert.deepEqual(cleanRecords(JSON.parse(JSON.stringify(good))), good);
  const damaged = [
    null, 42, "text", [], { version: 0 }, { ...good, version: 3 }, { ...good, classicBest: "x" },
    { ...good, classicBest: [win(1)] }, { ...good, classicBest: { L00: [{ timeMs: -1, layout: "L00", date: "d" }] } },
    { ...good, classicBest: { L00: Array(11).fill(win(1)) } }, { ...good, classicBest: { L03: [win(1)] } },
    { ...good, version: 1, classicBest: Array(11).fill(win(1)) }, { ...good, arcadeBest: { score: "many" } },
    { ...good, stats: { games: 1, wins: 1 } }, { ...good, stats: { games: 1.5, wins: 0, hints: 0 } },
  ];
  for (const data of damaged) assert.deepEqual(cleanRecords(data), freshRecords(), JSON.stringify(data));
});

test("records are saved and loaded; unreadable storage gives fresh records", () => {
  const records = countStats(addClassicWin(freshRecords(), win(1234)).records, { games: 2 });
  assert.ok(saveRecords(records));
  assert.deepEqual(loadRecords(), records);
  items.set(RECORDS_KEY, "{not json");
  assert.deepEqual(loadRecords(), freshRecords());
  broken = true;
  assert.deepEqual(loadRecords(), freshRecords());
  assert.equal(saveRecords(records), false);
  broken = false;
});
