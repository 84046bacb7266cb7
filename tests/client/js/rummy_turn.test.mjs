// node --test tests/client/js/ : the turn in progress (game/rummy/static/rummy/js/turn.js): the
// selection over the draft, what each change says to a screen reader, what may be done now.
import assert from "node:assert/strict";
import { test } from "node:test";

import "./static_files.mjs";

const { Turn, laidIds } = await import("../../../game/rummy/static/rummy/js/turn.js");

/** The draft id of the first tile `text` on the rack (or table) of `turn`. */
function idOf(turn, text, where = "rack") {
  const ids = where === "rack" ? turn.draft.rack : turn.draft.table.flat();
  const id = ids.find((candidate) => turn.text(candidate) === text && !turn.isSelected(candidate));
  assert.ok(id, `${text} on the ${where}`);
  return id;
}

function select(turn, texts, where = "rack") {
  return texts.reduce((t, text) => t.toggle(idOf(t, text, where)), turn);
}

const texts = (turn) => turn.draft.table.map((set) => set.map((id) => turn.text(id)));

test("selected tiles become a new set, and the change is said with the set's verdict", () => {
  let turn = Turn.start([], ["R9", "R7", "R8", "K5", "B5", "O5", "O1"], false, null);
  turn = select(turn, ["R9", "R7", "R8"]);
  assert.deepEqual(turn.selected.map((id) => turn.text(id)), ["R9", "R7", "R8"]);
  const change = turn.newGroup();
  assert.ok(change.ok);
  assert.equal(change.text, "New set: red 7, red 8, red 9, a valid run.");
  turn = change.turn;
  assert.deepEqual(texts(turn), [["R7", "R8", "R9"]]);
  assert.deepEqual(turn.selected, [], "a change clears the selection");
  assert.equal(turn.openingValue, 24);
  assert.equal(turn.hint, "Your first play is worth 24 points: it needs at least 30.");
  assert.ok(!turn.status.canConfirm);

  turn = select(turn, ["K5", "B5"]).newGroup().turn;
  assert.match(turn.hint, /^Set 2: not a set yet: a set needs at least 3 tiles\.$/);
  const added = select(turn, ["O5"]).addTo(1);
  assert.equal(added.text, "orange 5 added to set 2: black 5, blue 5, orange 5, a valid group.");
  turn = added.turn;
  assert.equal(turn.openingValue, 39);
  assert.ok(turn.status.canConfirm);
  assert.equal(turn.hint, "Opening: 39 of 30: confirm to open.");
  assert.deepEqual(turn.after, [["R7", "R8", "R9"], ["K5", "B5", "O5"]]);
});

test("a table tile cannot go back to the rack; a tile laid this turn can", () => {
  let turn = Turn.start([["K1", "K2", "K3"]], ["K4", "R1"], true, null);
  const refused = turn.move([idOf(turn, "K2", "table")], { to: "rack" });
  assert.ok(!refused.ok);
  assert.match(refused.text, /tiles of the table stay on the table/);
  turn = turn.move([idOf(turn, "K4")], { to: "set", index: 0 }).turn;
  assert.deepEqual(texts(turn), [["K1", "K2", "K3", "K4"]]);
  assert.ok(turn.status.canConfirm);
  assert.equal(turn.hint, "The table is valid: confirm to end your turn.");
  const back = turn.move([idOf(turn, "K4", "table")], { to: "rack" });
  assert.equal(back.text, "black 4 back on your rack.");
  assert.deepEqual(texts(back.turn), [["K1", "K2", "K3"]]);
});

test("a new set into a gap, undo one change, reset to the start of the turn", () => {
  let turn = Turn.start([["K1", "K2", "K3"], ["B9", "R9", "O9"]], ["O10", "O11", "O12"], true, null);
  const change = select(turn, ["O10", "O11", "O12"]).newGroup(1);
  assert.equal(change.text, "New set: orange 10, orange 11, orange 12, a valid run.");
  turn = change.turn;
  assert.deepEqual(texts(turn)[1], ["O10", "O11", "O12"]);
  turn = turn.move([idOf(turn, "O9", "table")], { to: "set", index: 1 }).turn;
  assert.deepEqual(texts(turn), [["K1", "K2", "K3"], ["O9", "O10", "O11", "O12"], ["B9", "R9"]]);
  assert.match(turn.hint, /^Set 3: /);
  const undone = turn.undo();
  assert.equal(undone.text, "The last change was undone.");
  assert.deepEqual(texts(undone.turn)[2], ["B9", "R9", "O9"]);
  const reset = undone.turn.reset();
  assert.ok(reset.ok);
  assert.deepEqual(texts(reset.turn), [["K1", "K2", "K3"], ["B9", "R9", "O9"]]);
  assert.ok(!reset.turn.canUndo && !reset.turn.changed);
  assert.ok(!reset.turn.reset().ok, "nothing more to reset");
  assert.ok(!reset.turn.undo().ok);
});

test("without a change the hint says what to do; sorting the rack is no change", () => {
  const turn = Turn.start([], ["O2", "R5", "J", "B5"], true, null);
  assert.equal(turn.hint, "Select tiles to lay or move, or draw a tile.");
  const one = turn.toggle(idOf(turn, "R5"));
  assert.match(one.hint, /^1 tile selected/);
  const sorted = turn.sort("number");
  assert.deepEqual(sorted.turn.draft.rack.map((id) => sorted.turn.text(id)), ["O2", "R5", "B5", "J"]);
  assert.ok(!sorted.turn.changed && !sorted.turn.canUndo);
  assert.ok(!turn.newGroup().ok, "nothing selected");
});

test("the tiles the other player laid are marked, preferring copies in the sets that changed", () => {
  const turn = Turn.start([["R7", "R8", "R9"], ["K5", "B5", "O5", "R5"], ["R5", "R6", "R7"]], [], true, null);
  const start = turn.draft.start.table;
  const table = texts(turn);
  const before = [["R7", "R8", "R9"], ["K5", "B5", "O5"]];
  const laid = laidIds(start, table, ["R5", "R5", "R6", "R7"], before);
  const where = (id) => start.findIndex((set) => set.includes(id));
  assert.equal(laid.size, 4);
  assert.deepEqual([...laid].map(where).sort(), [1, 2, 2, 2], "the R7 of the new run, not of the old one");
  assert.equal(laidIds(start, table, ["R7"], null).size, 1, "without the table before, any copy");
});
