// node --test tests/client/js/ : what the client asks the solver about (winnable.js). The undos
// back to a winnable board are the server's now (POST /api/solve/ with removals).
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  MAX_REMOVALS, boardKey, historyKey, removalsToSend,
} from "../../../game/mahjong/static/mahjong/js/winnable.js";

test("a board's key names each position's face or its absence", () => {
  assert.equal(boardKey(["R", null, "5B"]), "R,-,5B");
  assert.notEqual(boardKey(["R", null]), boardKey([null, "R"]));
});

test("the removals go as the API takes them: the last ones, oldest first, without their points", () => {
  const history = Array.from({ length: MAX_REMOVALS + 3 }, (_, k) => ({ a: k, b: k + 100, fa: "R", fb: "R", points: 5 }));
  const sent = removalsToSend(history);
  assert.equal(sent.length, MAX_REMOVALS);
  assert.deepEqual(sent[0], { a: 3, b: 103, fa: "R", fb: "R" });
  assert.deepEqual(sent.at(-1), { a: MAX_REMOVALS + 2, b: MAX_REMOVALS + 102, fa: "R", fb: "R" });
  assert.deepEqual(removalsToSend([]), []);
});

test("the undos are kept by board and by the history that led to it", () => {
  const tiles = ["R", null, null];
  const one = [{ a: 1, b: 2, fa: "N", fb: "N", points: 0 }];
  const other = [{ a: 2, b: 1, fa: "N", fb: "N", points: 0 }];
  assert.equal(historyKey(tiles, one), historyKey(tiles, one.map((r) => ({ ...r }))));
  assert.notEqual(historyKey(tiles, one), historyKey(tiles, other));
  assert.notEqual(historyKey(tiles, one), historyKey(["N", null, null], one));
});
