// node --test tests/client/js/ : finding the undos back to a winnable board (winnable.js).
import assert from "node:assert/strict";
import { test } from "node:test";

import { boardKey, undoneBoard, undosToWinnable } from "../../../game/mahjong/static/mahjong/js/winnable.js";

test("undoing puts the last removals back", () => {
  const history = [{ a: 0, b: 1, fa: "R", fb: "R" }, { a: 2, b: 3, fa: "F1", fb: "F2" }];
  const tiles = [null, null, null, null, "G"];
  assert.deepEqual(undoneBoard(tiles, history, 0), tiles);
  assert.deepEqual(undoneBoard(tiles, history, 1), [null, null, "F1", "F2", "G"]);
  assert.deepEqual(undoneBoard(tiles, history, 2), ["R", "R", "F1", "F2", "G"]);
  assert.deepEqual(tiles, [null, null, null, null, "G"], "the board itself is not changed");
  assert.equal(boardKey(["R", null]), "R,-");
});

/** Run the search against a board that becomes unwinnable after `lost` undos; count the questions. */
function search(depth, firstWinnable, known = {}) {
  const answers = { ...known };
  const asked = [];
  for (;;) {
    const step = undosToWinnable((k) => answers[k], depth);
    if (!("ask" in step)) return { ...step, asked };
    assert.ok(!asked.includes(step.ask), "never the same board twice");
    asked.push(step.ask);
    answers[step.ask] = step.ask >= firstWinnable;
  }
}

test("the undos are found by bisection", () => {
  for (const depth of [1, 2, 5, 17, 72]) {
    for (let first = 1; first <= depth; first++) {
      const { undos, asked } = search(depth, first);
      assert.equal(undos, first, `depth ${depth}, winnable after ${first} undos`);
      assert.ok(asked.length <= Math.ceil(Math.log2(depth)) + 1, `${asked.length} questions`);
    }
  }
});

test("what is known already is used", () => {
  const { undos, asked } = search(40, 3, { 4: true, 2: false });
  assert.equal(undos, 3);
  assert.deepEqual(asked, [3]);
  assert.deepEqual(search(40, 1, { 1: true }).asked, [], "the deal's plan said the board before was winnable");
});

test("when undos cannot help or the solver cannot tell", () => {
  assert.deepEqual(search(5, 99), { undos: null, asked: [5] }, "lost before the undo history starts");
  assert.deepEqual(undosToWinnable(() => undefined, 0), { undos: null }, "no move to undo");
  assert.deepEqual(undosToWinnable((k) => (k === 10 ? true : k === 5 ? null : undefined), 10), { undos: null });
});
