// node --test tests/client/js/ : Tile Rummy's sets and turn check in sets.js, the cases the UI
// relies on (the engine's own answers on hundreds more are in rummy_conformance.test.mjs).
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  COLOURS, OPENING_MINIMUM, checkTurn, describeSet, isSet, isTile, readingValue, setReading, setReadings, setValue,
  tileCode, tileFace,
} from "../../../game/rummy/static/rummy/js/sets.js";

const tiles = (text) => (text ? text.split(" ") : []);
const table = (text) => (text ? text.split(" | ").map(tiles) : []);

/** A small seeded generator (mulberry32), so every run makes the same cases. */
function random(seed) {
  let a = seed >>> 0;
  return (n) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

function* permutations(items) {
  if (items.length <= 1) {
    yield items;
    return;
  }
  for (let i = 0; i < items.length; i++) {
    for (const rest of permutations([...items.slice(0, i), ...items.slice(i + 1)])) yield [items[i], ...rest];
  }
}

test("tile texts: codes in canonical order, faces, and nothing else is a tile", () => {
  assert.equal(tileCode("R1"), 0);
  assert.equal(tileCode("R13"), 12);
  assert.equal(tileCode("B1"), 13);
  assert.equal(tileCode("O13"), 51);
  assert.equal(tileCode("J"), 52);
  assert.deepEqual(tileFace("K7"), { colour: "K", number: 7 });
  assert.equal(tileFace("J"), null);
  assert.deepEqual(COLOURS, ["R", "B", "K", "O"]);
  for (const bad of ["R0", "R14", "r5", "X5", "J1", "", " R5", 5, null, undefined, ["R5"]]) {
    assert.equal(isTile(bad), false, String(bad));
    assert.throws(() => tileCode(bad), TypeError, String(bad));
  }
  assert.ok(isTile("O10"));
});

test("sets: runs ascending within 1-13, groups of different colours, jokers standing in", () => {
  const cases = [
    ["R1 R2 R3", true], ["R11 R12 R13", true], ["R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13", true],
    ["R12 R13 R1", false], ["R3 R2 R1", false], ["R1 R2 B3", false], ["R1 R2", false],
    ["K5 R5 B5 O5", true], ["R5 R5 B5", false], ["R5 B5 K5 O5 J", false],
    ["J R12 R13", true], ["R12 R13 J", false], ["J R1 R2", false], ["R1 J R3", true], ["R1 J R4", false],
    ["R5 J J", true], ["J R13 J", true], ["J J", false], ["", false],
  ];
  for (const [text, valid] of cases) assert.equal(isSet(tiles(text)), valid, text);
});

test("readings come runs first, and a set of one number tile may read both ways", () => {
  assert.deepEqual(setReadings(tiles("R5 J J")), [
    { kind: "run", number: 5, length: 3, colour: "R" },
    { kind: "group", number: 5, length: 3, colour: null },
  ]);
  assert.deepEqual(setReading(tiles("J R5 J")), { kind: "run", number: 4, length: 3, colour: "R" });
  assert.deepEqual(setReading(tiles("R13 J J")), { kind: "group", number: 13, length: 3, colour: null });
  assert.deepEqual(setReading(tiles("J J J")), { kind: "run", number: 11, length: 3, colour: null });
  assert.equal(setReading(tiles("R5 B6 K7")), null);
  assert.deepEqual(setReadings(tiles("R5 B6 K7")), []);
});

test("a set's value counts jokers as what they stand for, at the higher reading", () => {
  const cases = [
    ["R10 B10 J", 30], ["R1 R2 J", 6], ["J R1 R2", null], ["J R12 R13", 36], ["R5 J J", 18], ["J J R13", 39],
    ["R1 J R3 R4", 10], ["K7 O7 B7 R7", 28], ["J J R5", 15],
  ];
  for (const [text, value] of cases) assert.equal(setValue(tiles(text)), value, text);
  assert.equal(readingValue({ kind: "run", number: 9, length: 3, colour: "R" }), 30);
  assert.equal(readingValue({ kind: "group", number: 9, length: 4, colour: null }), 36);
});

test("describeSet names each problem, the first that applies", () => {
  const cases = [
    ["R5 B5", "too_short"], ["", "too_short"], ["J J", "too_short"],
    ["R5 B5 K5 O5 J", "too_long"], ["J J J J J J J J J J J J J J", "too_long"],
    ["R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13 J", "too_long"],
    ["R5 B6 K7", "mixed"], ["R5 B5 B6", "mixed"],
    ["R5 R5 B5", "duplicate_colour"], ["R5 J R5", "duplicate_colour"], ["R5 R5 R5", "duplicate_colour"],
    ["R5 R6 R6", "duplicate_number"], ["R1 R2 R2 R3", "duplicate_number"],
    ["R4 R5 R7", "gap"], ["R12 R13 R1", "gap"], ["R1 J R4", "gap"],
    ["R3 R2 R1", "order"], ["R12 R13 J", "order"], ["J R1 R2", "order"], ["J R1 J J J", "order"],
  ];
  for (const [text, problem] of cases) assert.deepEqual(describeSet(tiles(text)), { valid: false, problem }, text);
  assert.deepEqual(describeSet(tiles("J R12 R13")), {
    valid: true, reading: { kind: "run", number: 11, length: 3, colour: "R" }, value: 36,
  });
  assert.deepEqual(describeSet(tiles("R13 J J")), {
    valid: true, reading: { kind: "group", number: 13, length: 3, colour: null }, value: 39,
  });
});

test("property: a set that is none has the problem 'order' exactly when other orders of it are a set", () => {
  const below = random(7);
  // Mostly one colour and a few numbers, so that many lists are runs in some order.
  const pool = (colours) => ["J", ...colours.flatMap((c) => [3, 4, 5, 6, 7].map((n) => `${c}${n}`))];
  const pools = [pool(["R"]), pool(["K"]), pool(["R", "B"])];
  let order = 0;
  for (let k = 0; k < 600; k++) {
    const choice = pools[below(pools.length)];
    const list = Array.from({ length: 1 + below(6) }, () => choice[below(choice.length)]);
    const description = describeSet(list);
    assert.equal(description.valid, isSet(list), list.join(" "));
    if (description.valid) continue;
    const someOrder = [...permutations(list)].some(isSet);
    assert.equal(description.problem === "order", someOrder, `${list.join(" ")}: ${description.problem}`);
    if (someOrder) order++;
  }
  assert.ok(order >= 20, `only ${order} lists with the problem 'order': the test needs more`);
});

test("checkTurn: the verdict's keys are exactly the engine's (no undefined ones)", () => {
  const legal = checkTurn([], tiles("R10 R11 R12 B1"), table("R10 R11 R12"), false);
  assert.deepEqual(legal, { legal: true, played: ["R10", "R11", "R12"], opening_value: 33 });
  const after = checkTurn(table("R1 R2 R3"), tiles("B7 R4"), table("R1 R2 R3 R4"), true);
  assert.deepEqual(Object.keys(after), ["legal", "played"]);
  const bad = checkTurn([], tiles("B3 B4 B5 K1 K2"), table("B3 B4 B5 | K1 K2"), true);
  assert.deepEqual(bad, { legal: false, reason: "invalid_set", set_index: 1 });
  const low = checkTurn([], tiles("R1 R2 J"), table("R1 R2 J"), false);
  assert.deepEqual(low, { legal: false, reason: "opening_too_low", opening_value: 6 });
  assert.equal(OPENING_MINIMUM, 30);
  const unchanged = checkTurn(table("R1 R2 R3"), tiles("B7"), table("R1 R2 R3"), false);
  assert.deepEqual(Object.keys(unchanged), ["legal", "reason"]);
});

test("checkTurn: the played tiles are the rack's on the table, in canonical order", () => {
  const verdict = checkTurn(table("R2 R3 R4"), tiles("J O1 K1 J"), table("J R2 R3 R4 | O1 K1 J"), true);
  assert.deepEqual(verdict, { legal: true, played: ["K1", "O1", "J", "J"] });
});

test("checkTurn: malformed input throws a TypeError, as the engine raises MalformedError", () => {
  const cases = [
    [[], ["R5"], [["R5"]], "yes"],
    [[], ["R5"], [["R5"]], undefined],
    [[], "R5", [], true],
    [[["R1", "R2", "R3"]], ["R14"], [], true],
    ["R1 R2 R3", [], [], true],
    [[["R1", "R2", "R3"]], [], ["R1", "R2", "R3"], true],
    [[["R5", "R6", "R7"]], ["R5", "R5"], [], true], // three copies of a face
    [[["R5", "J", "R7"]], ["J", "J"], [], true], // three jokers
  ];
  for (const [before, rack, after, opened] of cases) {
    assert.throws(() => checkTurn(before, rack, after, opened), TypeError, JSON.stringify([before, rack, after, opened]));
  }
  // Two copies of each face and two jokers are the box: that is fine.
  assert.equal(checkTurn([["R5", "R6", "R7"]], ["R5", "J", "J"], [["R5", "R6", "R7"]], true).reason, "nothing_played");
});
