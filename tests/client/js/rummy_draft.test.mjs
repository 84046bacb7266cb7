// node --test tests/client/js/ : the draft of a Rummy turn (draft.js) and how it is kept over a
// reload (draft_store.js, over a stand-in localStorage): the operations one by one, then
// property loops over many seeded drafts and sequences of operations.
import assert from "node:assert/strict";
import { test } from "node:test";

import "./static_files.mjs";

const items = new Map();
let storageBroken = false;
globalThis.window = {
  localStorage: {
    getItem: (k) => (items.has(k) ? items.get(k) : null),
    setItem: (k, v) => {
      if (storageBroken) throw new Error("QuotaExceededError");
      items.set(k, String(v));
    },
    removeItem: (k) => items.delete(k),
  },
};

const {
  HISTORY_LIMIT, addToSet, afterTable, canUndo, draftStatus, isChanged, locateTile, moveTiles, newGroup,
  played, reset, sortRack, startDraft, undo,
} = await import("../../../game/rummy/static/rummy/js/draft.js");
const { MAX_KEPT, clearDraft, draftKey, loadDraft, saveDraft } = await import(
  "../../../game/rummy/static/rummy/js/draft_store.js"
);
const { describeSet, isSet, setReading } = await import("../../../game/rummy/static/rummy/js/sets.js");
const { arrange } = await import("../../../game/rummy/static/rummy/js/arrange.js");
const { restoreDraft } = await import("../../../game/rummy/static/rummy/js/draft_restore.js");

const tiles = (text) => (text ? text.split(" ") : []);
const table = (text) => (text ? text.split(" | ").map(tiles) : []);
/** The draft's table in the text form: sets by " | ", tiles by spaces. */
const shown = (draft) => afterTable(draft).map((set) => set.join(" ")).join(" | ");
const rackText = (draft) => draft.rack.map((id) => draft.tiles[id].tile).join(" ");
/** The ids of tiles by text, on the rack first, then on the table (the first copies not yet taken). */
function ids(draft, text) {
  const taken = new Set();
  const order = [...draft.rack, ...draft.table.flat()];
  return tiles(text).map((tile) => {
    const id = order.find((candidate) => !taken.has(candidate) && draft.tiles[candidate].tile === tile);
    assert.ok(id, `no ${tile} left in the draft`);
    taken.add(id);
    return id;
  });
}
/** The answer of an operation that must succeed. */
function ok(outcome) {
  assert.equal(outcome.ok, true, `refused: ${outcome.refusal}`);
  return outcome.draft;
}

/** A small seeded generator (mulberry32), so every run makes the same drafts. */
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

function deepFreeze(value) {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    Object.values(value).forEach(deepFreeze);
  }
  return value;
}

// -- starting, and the ids -------------------------------------------------------------------

test("a draft numbers the table's tiles, then the rack's, and knows which came from the rack", () => {
  const draft = startDraft(table("R1 R2 R3 | B5 K5 O5"), tiles("J R4 K9"));
  assert.deepEqual(draft.table, [["t0", "t1", "t2"], ["t3", "t4", "t5"]]);
  assert.deepEqual(draft.rack, ["t6", "t7", "t8"]);
  assert.deepEqual(draft.tiles.t7, { id: "t7", tile: "R4", fromRack: true });
  assert.deepEqual(draft.tiles.t3, { id: "t3", tile: "B5", fromRack: false });
  assert.deepEqual(draft.start, { table: draft.table, rack: draft.rack });
  assert.equal(draft.rackSort, null);
  assert.equal(canUndo(draft), false);
  assert.equal(isChanged(draft), false);
  assert.deepEqual(JSON.parse(JSON.stringify(draft)), draft, "plain JSON");
  assert.equal(rackText(startDraft([], tiles("O3 R9 J R2"), "number")), "R2 O3 R9 J", "started in the sort chosen");
  assert.throws(() => startDraft([["R1", "X"]], []), TypeError);
  assert.throws(() => startDraft([], "R1"), TypeError);
  assert.throws(() => startDraft([], [], "size"), TypeError);
});

// -- new sets, adding to sets, moving --------------------------------------------------------

test("selected tiles become a new set at the end of the table, or in a gap", () => {
  const draft = startDraft(table("R1 R2 R3 | B5 K5 O5"), tiles("K10 O10 R10 J"));
  const atEnd = ok(newGroup(draft, ids(draft, "K10 O10 R10")));
  assert.equal(shown(atEnd), "R1 R2 R3 | B5 K5 O5 | K10 O10 R10");
  assert.equal(rackText(atEnd), "J");
  assert.equal(shown(ok(newGroup(draft, ids(draft, "R10 K10"), 0))), "R10 K10 | R1 R2 R3 | B5 K5 O5");
  assert.equal(shown(ok(newGroup(draft, ids(draft, "R10"), 1))), "R1 R2 R3 | R10 | B5 K5 O5");
  // Gaps are numbered as the table was: the set emptied by the move is gone, the gap is still after it.
  const emptied = ok(newGroup(atEnd, ids(atEnd, "B5 K5 O5"), 3));
  assert.equal(shown(emptied), "R1 R2 R3 | K10 O10 R10 | B5 K5 O5");
  // Tiles from the table and from the rack together, in the order selected.
  const mixed = ok(newGroup(draft, [...ids(draft, "J"), ...ids(draft, "K5"), ...ids(draft, "R10")], 2));
  assert.equal(shown(mixed), "R1 R2 R3 | B5 O5 | J K5 R10");
  assert.deepEqual(draft.table, [["t0", "t1", "t2"], ["t3", "t4", "t5"]], "the draft given is left as it was");
});

test("adding to a set appends the tiles, and a run comes out in order", () => {
  const draft = startDraft(table("R3 R4 R5 | B5 K5 O5 | R9 R10 R11 R12 R13"), tiles("R6 R2 J R5 K9"));
  assert.equal(shown(ok(addToSet(draft, 0, ids(draft, "R6 R2")))), "R2 R3 R4 R5 R6 | B5 K5 O5 | R9 R10 R11 R12 R13");
  assert.equal(shown(ok(addToSet(draft, 1, ids(draft, "R5")))), "R3 R4 R5 | B5 K5 O5 R5 | R9 R10 R11 R12 R13");
  assert.equal(shown(ok(addToSet(draft, 0, ids(draft, "J")))), "R3 R4 R5 J | B5 K5 O5 | R9 R10 R11 R12 R13");
  assert.equal(shown(ok(addToSet(draft, 2, ids(draft, "J")))), "R3 R4 R5 | B5 K5 O5 | J R9 R10 R11 R12 R13");
  const bad = ok(addToSet(draft, 1, ids(draft, "K9")));
  assert.equal(shown(bad), "R3 R4 R5 | B5 K5 O5 K9 | R9 R10 R11 R12 R13", "no set: the player's order");
  // A table tile moved onto another set: its old set loses it (and is arranged, a run still).
  const moved = ok(addToSet(draft, 1, [draft.table[0][2]]));
  assert.equal(shown(moved), "R3 R4 | B5 K5 O5 R5 | R9 R10 R11 R12 R13");
  assert.equal(shown(ok(moveTiles(draft, ids(draft, "R6"), { to: "set", index: 0 }))), "R3 R4 R5 R6 | B5 K5 O5 | R9 R10 R11 R12 R13");
});

test("arranging: number tiles ascending, jokers filling gaps, spare jokers keeping their end", () => {
  const cases = [
    ["R5 R3 R4", "R3 R4 R5"],
    ["J R3 R5", "R3 J R5"], // the joker fills the gap
    ["R3 R4 R5 J", "R3 R4 R5 J"], // a run already: as it is
    ["J R3 R4 R5", "J R3 R4 R5"], // a joker at the low end keeps it
    ["R3 J R4", "R3 R4 J"], // a joker with no end goes to the high end...
    ["R12 J R13", "J R12 R13"], // ...unless that passes 13
    ["R12 R13 J", "J R12 R13"], // a high end past 13 goes low
    ["J R1 R2", "R1 R2 J"], // and a low end below 1 goes high
    ["R7 J J R5", "R5 J R7 J"],
    ["R13 J J", "J J R13"], // one number tile: arranged as a run
    ["J R5 J", "J R5 J"],
    ["B9 B5 B7 B6 B8 B13 B10 B12 B11 B1 B3 B2 B4", "B1 B2 B3 B4 B5 B6 B7 B8 B9 B10 B11 B12 B13"],
    ["R5 B5 K5", "R5 B5 K5"], // a group keeps its order
    ["K5 J R5 O5", "K5 J R5 O5"],
    ["R5 B7 K1", "R5 B7 K1"], // no set: as the player made it
    ["R5 R7", "R5 R7"], // too short to be a run
    ["R5 R5 R6", "R5 R5 R6"],
    ["R1 R9 J", "R1 R9 J"], // too wide for the jokers
    ["J J J", "J J J"],
  ];
  for (const [before, after] of cases) {
    const list = tiles(before);
    assert.equal(arrange(list).map((i) => list[i]).join(" "), after, before);
  }
  // Which joker goes where: the jokers keep their order; the one at the high end stays there.
  assert.deepEqual(arrange(tiles("J R3 R5 J")), [1, 0, 2, 3]);
  assert.deepEqual(arrange(tiles("J R3 R4 J")), [0, 1, 2, 3]);
});

test("moving to the rack: only tiles that came from the rack", () => {
  const draft = startDraft(table("R1 R2 R3 R4"), tiles("R5 B9"));
  const laid = ok(addToSet(draft, 0, ids(draft, "R5")));
  const back = ok(moveTiles(laid, ids(laid, "R5"), { to: "rack" }));
  assert.equal(shown(back), "R1 R2 R3 R4");
  assert.equal(rackText(back), "B9 R5", "returned tiles go to the end of an unsorted rack");
  assert.equal(isChanged(back), false);
  assert.equal(canUndo(back), true);
  assert.deepEqual(moveTiles(laid, ids(laid, "R4"), { to: "rack" }), { ok: false, refusal: "table_tile_to_rack" });
  assert.deepEqual(moveTiles(laid, ids(laid, "R5 R1"), { to: "rack" }), { ok: false, refusal: "table_tile_to_rack" });
  const same = moveTiles(laid, ids(laid, "B9"), { to: "rack" });
  assert.ok(same.ok && same.draft === laid, "a tile on the rack already: nothing changes, nothing to undo");
  const sorted = ok(moveTiles(sortRack(laid, "colour"), ids(laid, "R5"), { to: "rack" }));
  assert.equal(rackText(sorted), "R5 B9", "into a sorted rack, in its place");
});

test("refusals: nothing selected, unknown tiles, sets and gaps that are not there", () => {
  const draft = startDraft(table("R1 R2 R3"), tiles("R4"));
  assert.deepEqual(newGroup(draft, []), { ok: false, refusal: "nothing_selected" });
  assert.deepEqual(addToSet(draft, 0, ["t99"]), { ok: false, refusal: "unknown_tile" });
  assert.deepEqual(addToSet(draft, 0, ["toString"]), { ok: false, refusal: "unknown_tile" });
  assert.deepEqual(addToSet(draft, 1, ["t3"]), { ok: false, refusal: "no_such_set" });
  assert.deepEqual(addToSet(draft, -1, ["t3"]), { ok: false, refusal: "no_such_set" });
  assert.deepEqual(addToSet(draft, 0.5, ["t3"]), { ok: false, refusal: "no_such_set" });
  assert.deepEqual(newGroup(draft, ["t3"], 2), { ok: false, refusal: "no_such_gap" });
  assert.deepEqual(moveTiles(draft, ["t3"], { to: "gap", index: -1 }), { ok: false, refusal: "no_such_gap" });
  assert.deepEqual(undo(draft), { ok: false, refusal: "nothing_to_undo" });
  assert.equal(ok(newGroup(draft, ["t3", "t3"])).table.at(-1).length, 1, "an id twice is one tile");
});

test("a change that changes nothing gives back the same draft, with nothing to undo", () => {
  const draft = startDraft(table("R1 R2 R3 | B5 K5 O5"), tiles("R4"));
  for (const outcome of [addToSet(draft, 0, ["t2"]), addToSet(draft, 0, ["t0", "t1", "t2"]), newGroup(draft, ["t3", "t4", "t5"], 1)]) {
    assert.ok(outcome.ok && outcome.draft === draft);
  }
});

// -- undo, reset, changed ----------------------------------------------------------------------

test("undo goes one change back, reset to the start of the turn and clears the history", () => {
  const start = startDraft(table("R1 R2 R3"), tiles("R4 B4 K4 O4"));
  const one = ok(addToSet(start, 0, ids(start, "R4")));
  const two = ok(newGroup(one, ids(one, "B4 K4 O4")));
  assert.equal(two.history.length, 2);
  assert.deepEqual(ok(undo(two)), one);
  assert.deepEqual(ok(undo(ok(undo(two)))), start);
  const again = reset(two);
  assert.equal(shown(again), "R1 R2 R3");
  assert.deepEqual(again.rack, start.rack);
  assert.equal(canUndo(again), false, "reset is the way out of every change, not one more change");
  assert.equal(reset(start), start, "nothing to reset");
  // Far more changes than the history keeps: the oldest are forgotten.
  let draft = start;
  for (let k = 0; k < HISTORY_LIMIT + 20; k++) draft = ok(moveTiles(draft, ids(draft, "R4"), k % 2 ? { to: "rack" } : { to: "set", index: 0 }));
  assert.equal(draft.history.length, HISTORY_LIMIT);
});

test("changed means the sets differ, each as a multiset of tiles, in order", () => {
  const start = startDraft(table("R5 B5 K5 | R5 R6 R7"), tiles("O5 B1"));
  // A tile taken out of a confirmed set and put back: the set is as it was, in its own order.
  const out = ok(newGroup(start, [start.table[0][0]]));
  assert.equal(isChanged(out), true);
  const back = ok(addToSet(out, 0, [start.table[0][0]]));
  assert.equal(shown(back), "R5 B5 K5 | R5 R6 R7");
  assert.equal(isChanged(back), false);
  // The other R5 in its place: another tile, the same table.
  const swapped = ok(addToSet(ok(addToSet(start, 0, [start.table[1][0]])), 1, [start.table[0][0]]));
  assert.equal(shown(swapped), "B5 K5 R5 | R5 R6 R7", "the group took the other R5 at its end");
  assert.equal(isChanged(swapped), false);
  // Sets in another order are a change.
  const reordered = ok(newGroup(start, start.table[0], 2));
  assert.equal(shown(reordered), "R5 R6 R7 | R5 B5 K5");
  assert.equal(isChanged(reordered), true);
});

test("an opening that took a group's tile and put it back may still lay its new set", () => {
  const start = startDraft(table("K5 B5 R5"), tiles("R10 R11 R12"));
  const out = ok(newGroup(start, [start.table[0][0]]));
  const back = ok(addToSet(out, 0, [start.table[0][0]]));
  assert.equal(shown(back), "K5 B5 R5", "back in its confirmed order, not appended");
  const laid = ok(newGroup(back, ids(back, "R10 R11 R12")));
  assert.deepEqual(draftStatus(laid, false).verdict, { legal: true, played: ["R10", "R11", "R12"], opening_value: 33 });
});

// -- the rack's sort, what goes to the API, the status -------------------------------------------

test("sorting the rack is presentation: no change, not undone, kept through changes", () => {
  const start = startDraft(table("R1 R2 R3"), tiles("O3 J R9 B3 R4 O3"));
  const byNumber = sortRack(start, "number");
  assert.equal(rackText(byNumber), "B3 O3 O3 R4 R9 J");
  assert.deepEqual(byNumber.rack.slice(1, 3), ["t3", "t8"], "copies of a tile in the order of their ids");
  assert.equal(byNumber.rackSort, "number");
  assert.equal(canUndo(byNumber), false);
  assert.equal(isChanged(byNumber), false);
  const byColour = sortRack(byNumber, "colour");
  assert.equal(rackText(byColour), "R4 R9 B3 O3 O3 J");
  const laid = ok(addToSet(byColour, 0, ids(byColour, "R4")));
  assert.equal(rackText(laid), "R9 B3 O3 O3 J");
  const resorted = sortRack(laid, "number");
  assert.equal(rackText(ok(undo(resorted))), "B3 O3 O3 R4 R9 J", "undo keeps the sort chosen since");
  assert.equal(rackText(reset(resorted)), "B3 O3 O3 R4 R9 J", "and so does reset");
  assert.throws(() => sortRack(start, "size"), TypeError);
});

test("afterTable is the API's after; played the rack's tiles on it, in canonical order", () => {
  const start = startDraft(table("R2 R3 R4"), tiles("O1 J K1 B7"));
  const draft = ok(newGroup(ok(addToSet(start, 0, ids(start, "J"))), ids(start, "O1 K1")));
  const withJoker = ok(addToSet(draft, 1, [draft.table[0][0]]));
  assert.deepEqual(afterTable(draft), [["R2", "R3", "R4", "J"], ["O1", "K1"]]);
  assert.deepEqual(played(draft), ["K1", "O1", "J"]);
  assert.deepEqual(afterTable(withJoker), [["R3", "R4", "J"], ["O1", "K1", "R2"]]);
  assert.deepEqual(played(start), []);
});

test("draftStatus: each set's reading or problem, the verdict, and what the player may do", () => {
  const start = startDraft(table("R1 R2 R3"), tiles("B10 K10 O10 R4 K2"));
  const status = draftStatus(start, false);
  assert.deepEqual(status.sets, [{ valid: true, reading: { kind: "run", number: 1, length: 3, colour: "R" }, value: 6 }]);
  assert.deepEqual(status.verdict, { legal: false, reason: "nothing_played" });
  assert.equal(status.canConfirm, false);
  assert.equal(status.canDraw, true);
  assert.equal(status.drawRefusal, null);
  assert.equal(status.changed, false);
  const partial = ok(newGroup(start, ids(start, "B10 K10")));
  const partialStatus = draftStatus(partial, false);
  assert.deepEqual(partialStatus.sets[1], { valid: false, problem: "too_short" });
  assert.deepEqual(partialStatus.verdict, { legal: false, reason: "invalid_set", set_index: 1 });
  assert.equal(partialStatus.canDraw, false);
  assert.equal(partialStatus.drawRefusal, "reset_first");
  const opening = ok(addToSet(partial, 1, ids(partial, "O10")));
  assert.deepEqual(draftStatus(opening, false).verdict, { legal: true, played: ["B10", "K10", "O10"], opening_value: 30 });
  assert.equal(draftStatus(opening, false).canConfirm, true);
  const tooLow = ok(addToSet(start, 0, ids(start, "R4")));
  assert.equal(draftStatus(tooLow, false).verdict.reason, "opening_changed_table");
  assert.equal(draftStatus(tooLow, true).canConfirm, true);
  assert.deepEqual(draftStatus(ok(newGroup(start, ids(start, "K2 R4 B10"))), true).sets[1], { valid: false, problem: "mixed" });
});

test("locateTile says where a tile lies now", () => {
  const start = startDraft(table("R1 R2 R3"), tiles("R4 B9"));
  const draft = ok(addToSet(start, 0, ["t3"]));
  assert.deepEqual(locateTile(draft, "t3"), { on: "set", index: 0, position: 3 });
  assert.deepEqual(locateTile(draft, "t4"), { on: "rack", position: 0 });
  assert.equal(locateTile(draft, "t9"), null);
});

// -- restoring a stored draft --------------------------------------------------------------------

test("restoreDraft takes back a draft of exactly this position, and nothing else", () => {
  const confirmed = table("R1 R2 R3 | B5 K5 O5");
  const rack = tiles("R4 J O9");
  const start = startDraft(confirmed, rack);
  const draft = sortRack(ok(newGroup(ok(addToSet(start, 0, ids(start, "R4"))), [...ids(start, "J O9"), "t3"])), "number");
  const stored = JSON.parse(JSON.stringify(draft));
  assert.deepEqual(restoreDraft(stored, confirmed, rack), draft);
  const forge = (change) => {
    const copy = JSON.parse(JSON.stringify(draft));
    change(copy);
    return restoreDraft(copy, confirmed, rack);
  };
  assert.equal(restoreDraft(stored, table("R1 R2 R3 | B5 K5 O5"), tiles("R4 J O10")), null, "another rack");
  assert.equal(restoreDraft(stored, table("R1 R2 R3"), tiles("R4 J O9")), null, "another table");
  assert.equal(forge((d) => { d.tiles.t6.tile = "J"; }), null, "a tile changed into a joker");
  assert.equal(forge((d) => { d.tiles.t9 = { id: "t9", tile: "J", fromRack: true }; d.rack.push("t9"); }), null, "a tile added");
  assert.equal(forge((d) => { d.tiles.t0.fromRack = true; }), null, "a table tile claimed for the rack");
  assert.equal(forge((d) => { d.rack.push(d.table[0].shift()); }), null, "a table tile on the rack");
  assert.equal(forge((d) => { d.table[0].push(d.table[1][0]); }), null, "a tile in two places");
  assert.equal(forge((d) => { d.table[1].pop(); }), null, "a tile gone");
  assert.equal(forge((d) => { d.table.push([]); }), null, "an empty set");
  assert.equal(forge((d) => { d.history[0].rack.push("t0"); }), null, "a bad step in the history");
  assert.equal(forge((d) => { d.start.table.reverse(); }), null, "another start");
  assert.equal(forge((d) => { d.rackSort = "size"; }), null);
  assert.equal(forge((d) => { d.format = 2; }), null);
  assert.equal(forge((d) => { d.history = Array.from({ length: HISTORY_LIMIT + 1 }, () => d.history[0]); }), null);
  for (const junk of [null, 7, "draft", [], {}, { format: 1 }, { ...stored, tiles: [] }, { ...stored, table: "t0" }]) {
    assert.equal(restoreDraft(junk, confirmed, rack), null, JSON.stringify(junk)?.slice(0, 40));
  }
});

// -- property loops ----------------------------------------------------------------------------

/** A random position: a table of valid sets and a rack, the box never exceeded. */
function randomPosition(below) {
  const left = new Map();
  for (const c of "RBKO") for (let n = 1; n <= 13; n++) left.set(`${c}${n}`, 2);
  left.set("J", 2);
  const take = (list) => {
    const need = new Map();
    for (const t of list) need.set(t, (need.get(t) ?? 0) + 1);
    if ([...need].some(([t, k]) => left.get(t) < k)) return false;
    for (const [t, k] of need) left.set(t, left.get(t) - k);
    return true;
  };
  const sets = [];
  for (let k = below(6); k > 0; k--) {
    let set;
    if (below(2)) {
      const length = 3 + below(4);
      const first = 1 + below(14 - length);
      const colour = "RBKO"[below(4)];
      set = Array.from({ length }, (_, i) => `${colour}${first + i}`);
    } else {
      const number = 1 + below(13);
      set = ["R", "B", "K", "O"].filter(() => below(4) > 0).map((c) => `${c}${number}`);
      if (set.length < 3) continue;
    }
    if (below(4) === 0) set[below(set.length)] = "J";
    if (isSet(set) && take(set)) sets.push(set);
  }
  const pool = [...left].flatMap(([t, k]) => Array(k).fill(t));
  const rack = [];
  for (let k = 3 + below(12); k > 0; k--) {
    const i = below(pool.length);
    rack.push(pool.splice(i, 1)[0]);
  }
  return { table: sets, rack };
}

const multiset = (list) => [...list].sort().join(" ");

/** One random operation on a draft: [a description, its outcome]. */
function randomOperation(draft, below) {
  const all = [...draft.rack, ...draft.table.flat()];
  const pick = () => {
    const chosen = new Set();
    for (let k = 1 + below(3); k > 0; k--) chosen.add(all[below(all.length)]);
    return [...chosen];
  };
  const sets = draft.table.length;
  switch (below(9)) {
    case 0:
    case 1: {
      const selection = pick();
      const gap = below(sets + 2); // one past the end, now and then: refused
      return [`newGroup ${selection} at ${gap}`, newGroup(draft, selection, gap)];
    }
    case 2:
    case 3: {
      const selection = pick();
      const index = below(sets + 1) - (below(10) === 0 ? 1 : 0);
      return [`addToSet ${index} ${selection}`, addToSet(draft, index, selection)];
    }
    case 4:
    case 5: {
      const selection = pick();
      return [`to the rack ${selection}`, moveTiles(draft, selection, { to: "rack" })];
    }
    case 6:
      return ["undo", undo(draft)];
    case 7:
      return below(4) ? ["sort", { ok: true, draft: sortRack(draft, below(2) ? "colour" : "number") }] : ["reset", { ok: true, draft: reset(draft) }];
    default: {
      const selection = pick();
      return [`newGroup at the end ${selection}`, newGroup(draft, selection)];
    }
  }
}

test("property: whatever the player does, the tiles are the same, table tiles stay on the table, undo restores", () => {
  const below = random(20240611);
  const refusals = new Map();
  let changes = 0;
  let undone = 0;
  for (let game = 0; game < 150; game++) {
    const { table: confirmed, rack } = randomPosition(below);
    let draft = deepFreeze(startDraft(confirmed, rack));
    const past = []; // the tables undo must come back to, latest last
    const everyTile = multiset([...confirmed.flat(), ...rack]);
    const tableTiles = new Set(Object.values(draft.tiles).filter((t) => !t.fromRack).map((t) => t.id));
    for (let step = 0; step < 40; step++) {
      const before = draft;
      const [what, outcome] = randomOperation(before, below); // a frozen draft: any mutation throws
      const where = `game ${game} step ${step}: ${what}`;
      if (!outcome.ok) {
        refusals.set(outcome.refusal, (refusals.get(outcome.refusal) ?? 0) + 1);
        if (outcome.refusal === "table_tile_to_rack") {
          assert.ok(what.startsWith("to the rack") && what.slice(12).split(",").some((id) => tableTiles.has(id)), where);
        }
        continue;
      }
      draft = deepFreeze(outcome.draft);
      const ids = [...draft.rack, ...draft.table.flat()];
      assert.equal(new Set(ids).size, ids.length, `${where}: a tile in two places`);
      assert.equal(multiset(ids.map((id) => draft.tiles[id].tile)), everyTile, `${where}: the tiles changed`);
      assert.ok(draft.rack.every((id) => !tableTiles.has(id)), `${where}: a table tile reached the rack`);
      assert.ok(draft.table.every((set) => set.length > 0), `${where}: an empty set`);
      assert.ok(
        afterTable(draft).every((set) => describeSet(set).valid || describeSet(set).problem !== "order"),
        `${where}: a set left out of its run's order: ${JSON.stringify(afterTable(draft))}`,
      );
      const status = draftStatus(draft, below(2) === 0);
      assert.equal(status.canConfirm, status.verdict.legal, where);
      assert.equal(status.canDraw, !isChanged(draft), where);
      assert.deepEqual(status.sets.map((s) => s.valid), afterTable(draft).map(isSet), where);
      if (status.verdict.legal) assert.deepEqual(status.verdict.played, played(draft), where);
      assert.deepEqual(restoreDraft(JSON.parse(JSON.stringify(draft)), confirmed, rack), draft, `${where}: a round trip`);
      if (what === "undo") assert.deepEqual(draft.table, past.pop(), `${where}: undo to another table`);
      if (what === "reset") past.length = 0;
      if (draft.history.length > before.history.length) {
        past.push(before.table);
        changes++;
        assert.deepEqual(ok(undo(draft)), before, `${where}: undo does not restore`);
        undone++;
      } else if (what !== "undo" && what !== "reset") {
        assert.deepEqual(draft.table, before.table, `${where}: a change with nothing to undo`);
      }
    }
  }
  // The loop must have met what it checks, or it proves little.
  assert.ok(changes > 1500 && undone === changes, `${changes} changes`);
  for (const refusal of ["table_tile_to_rack", "nothing_to_undo", "no_such_gap", "no_such_set"]) {
    assert.ok((refusals.get(refusal) ?? 0) > 5, `${refusal}: ${refusals.get(refusal)}`);
  }
});

test("property: any order of tiles that can form a run is arranged into the run; a run stays as it is", () => {
  const below = random(99);
  let runs = 0;
  for (let k = 0; k < 2000; k++) {
    const colour = "RBKO"[below(4)];
    const length = 3 + below(11);
    const first = 1 + below(14 - length);
    const run = Array.from({ length }, (_, i) => (below(5) === 0 ? "J" : `${colour}${first + i}`));
    if (!run.some((t) => t !== "J")) continue;
    assert.deepEqual(arrange(run), run.map((_, i) => i), `${run.join(" ")} is a run already`);
    const shuffled = [...run];
    for (let i = shuffled.length - 1; i > 0; i--) {
      const j = below(i + 1);
      [shuffled[i], shuffled[j]] = [shuffled[j], shuffled[i]];
    }
    const order = arrange(shuffled);
    assert.deepEqual([...order].sort((a, b) => a - b), shuffled.map((_, i) => i), "a permutation");
    const arranged = order.map((i) => shuffled[i]);
    assert.equal(setReading(arranged)?.kind, "run", `${shuffled.join(" ")} came out as ${arranged.join(" ")}`);
    runs++;
  }
  assert.ok(runs > 1500);
});

// -- draft_store.js ------------------------------------------------------------------------------

const confirmedTable = table("R1 R2 R3 | B5 K5 O5");
const confirmedRack = tiles("R4 J O9 O10 O11");
const position = { match: "m1", seat: 0, hand: 2, number: 7 };
const aDraft = () => {
  const start = startDraft(confirmedTable, confirmedRack);
  return ok(newGroup(ok(addToSet(start, 0, ids(start, "R4"))), ids(start, "O9 O10 O11")));
};

test("a saved draft comes back onto its position", () => {
  items.clear();
  const draft = aDraft();
  assert.equal(saveDraft(position, draft), true);
  assert.ok(items.has(draftKey("m1", 0)));
  assert.ok([...items.keys()].every((key) => key.startsWith("miaojong:rummy:")));
  assert.deepEqual(loadDraft(position, confirmedTable, confirmedRack), { draft, status: "restored" });
  assert.deepEqual(loadDraft({ ...position, seat: 1 }, confirmedTable, confirmedRack), { draft: null, status: "none" });
  assert.equal(loadDraft(position, confirmedTable, confirmedRack).status, "restored", "loading keeps it");
});

test("a draft of another position, a damaged one or one with other tiles is dropped, and the caller told", () => {
  items.clear();
  const draft = aDraft();
  for (const other of [{ ...position, number: 8 }, { ...position, hand: 3 }]) {
    saveDraft(position, draft);
    assert.deepEqual(loadDraft(other, confirmedTable, confirmedRack), { draft: null, status: "stale" });
    assert.ok(!items.has(draftKey("m1", 0)), "dropped");
  }
  saveDraft(position, draft);
  assert.deepEqual(loadDraft(position, confirmedTable, tiles("R4 J O9 O10 O12")), { draft: null, status: "mismatch" });
  assert.ok(!items.has(draftKey("m1", 0)));
  const forged = JSON.parse(JSON.stringify(draft));
  forged.tiles.t6.tile = "J";
  items.set(draftKey("m1", 0), JSON.stringify({ format: 1, ...position, draft: forged }));
  assert.deepEqual(loadDraft(position, confirmedTable, confirmedRack), { draft: null, status: "mismatch" });
  for (const junk of ["{not json", "null", "[]", "7", JSON.stringify({ format: 9, ...position, draft }),
    JSON.stringify({ format: 1, ...position, match: "m2", draft })]) {
    items.set(draftKey("m1", 0), junk);
    assert.deepEqual(loadDraft(position, confirmedTable, confirmedRack), { draft: null, status: "damaged" }, junk);
    assert.ok(!items.has(draftKey("m1", 0)), junk);
  }
  assert.throws(() => loadDraft({ ...position, seat: -1 }, confirmedTable, confirmedRack), TypeError);
  assert.throws(() => saveDraft({ ...position, match: "" }, draft), TypeError);
});

test("one draft per match and seat, for the matches saved last; clearing forgets it", () => {
  items.clear();
  const draft = aDraft();
  saveDraft(position, draft);
  saveDraft({ ...position, number: 9 }, draft);
  assert.equal(loadDraft({ ...position, number: 9 }, confirmedTable, confirmedRack).status, "restored");
  assert.equal(loadDraft(position, confirmedTable, confirmedRack).status, "stale", "the newer position replaced it");
  for (let k = 0; k < MAX_KEPT + 3; k++) saveDraft({ ...position, match: `match ${k}` }, draft);
  const kept = [...items.keys()].filter((key) => key.includes(":draft:"));
  assert.equal(kept.length, MAX_KEPT);
  assert.equal(loadDraft({ ...position, match: "match 0" }, confirmedTable, confirmedRack).status, "none");
  assert.equal(loadDraft({ ...position, match: `match ${MAX_KEPT + 2}` }, confirmedTable, confirmedRack).status, "restored");
  clearDraft(`match ${MAX_KEPT + 2}`, 0);
  assert.equal(loadDraft({ ...position, match: `match ${MAX_KEPT + 2}` }, confirmedTable, confirmedRack).status, "none");
  // A damaged index does not stop saving.
  items.set("miaojong:rummy:drafts:v1", "{oops");
  assert.equal(saveDraft(position, draft), true);
  assert.equal(loadDraft(position, confirmedTable, confirmedRack).status, "restored");
});

test("storage that refuses: saving says so, nothing throws", () => {
  items.clear();
  storageBroken = true;
  try {
    assert.equal(saveDraft(position, aDraft()), false);
    assert.deepEqual(loadDraft(position, confirmedTable, confirmedRack), { draft: null, status: "none" });
  } finally {
    storageBroken = false;
  }
});

test("moving to a place on the rack: the player's own order, kept (no sort); a table tile back there can be undone", () => {
  const start = startDraft([["R1", "R2", "R3"]], tiles("B9 R5 K7 O2"), "colour");
  const moved = ok(moveTiles(start, ids(start, "O2"), { to: "rack", index: 0 }));
  assert.equal(rackText(moved).split(" ")[0], "O2", "the tile goes where it was dropped");
  assert.equal(moved.rackSort, null, "a rack arranged by hand is no longer sorted");
  assert.equal(canUndo(moved), false, "a new order of the rack alone is no change of the turn");
  const after = ok(moveTiles(moved, ids(moved, "O2"), { to: "rack", index: 4 }));
  assert.equal(rackText(after).split(" ").at(-1), "O2", "the rack's length: at its end");
  assert.deepEqual(moveTiles(moved, ids(moved, "O2"), { to: "rack", index: 5 }), { ok: false, refusal: "no_such_gap" });
  // A tile laid this turn comes back to a place of the player's choosing.
  const laid = ok(newGroup(moved, ids(moved, "R5"), 1));
  const back = ok(moveTiles(laid, ids(laid, "R5"), { to: "rack", index: 1 }));
  assert.equal(rackText(back).split(" ")[1], "R5");
  assert.equal(back.table.length, 1);
  assert.ok(canUndo(back));
});
