// node --test tests/client/js/ : what a screen reader hears of the other player's move
// (game/rummy/static/rummy/js/announce.js describeMove).
import assert from "node:assert/strict";
import { test } from "node:test";

import "./static_files.mjs";

const { Announcer, describeMove, playParts } = await import("../../../game/rummy/static/rummy/js/announce.js");

test("a play is told as its new sets, its additions and any rearranging", () => {
  const before = [["K5", "B5", "O5"], ["R1", "R2", "R3"]];
  const after = [["K5", "B5", "O5", "R5"], ["R1", "R2", "R3"], ["R7", "R8", "R9"]];
  const event = { n: 6, seat: 1, type: "play", after, played: ["R5", "R7", "R8", "R9"] };
  assert.equal(describeMove("computer", 1, event, before), "The computer played. New set: red 7, red 8, red 9. Added to a group: red 5.");
  assert.deepEqual(playParts(before, after, event.played), {
    laid: [["R7", "R8", "R9"]], added: [{ tiles: ["R5"], kind: "group" }], rearranged: false,
  });
});

test("two new sets share one verb; taking a set apart is rearranging", () => {
  const two = { n: 1, seat: 1, type: "play", after: [["R7", "B7", "O7"], ["K10", "J", "K12"]], played: ["R7", "B7", "O7", "K10", "K12", "J"] };
  assert.equal(describeMove("computer", 1, two, []), "The computer played. New sets: red 7, blue 7, orange 7; black 10, joker, black 12.");
  const before = [["R4", "R5", "R6", "R7"]];
  const after = [["R4", "R5", "R6"], ["R7", "B7", "K7"]];
  const apart = { n: 9, seat: 0, type: "play", after, played: ["B7", "K7"] };
  assert.equal(describeMove("local", 0, apart, before), "Player 1 played. Added to a group: blue 7, black 7. The table was rearranged.");
});

test("draws and passes, against the computer and in pass and play", () => {
  assert.equal(describeMove("computer", 1, { n: 2, seat: 1, type: "draw" }, []), "The computer drew a tile.");
  assert.equal(describeMove("local", 1, { n: 2, seat: 1, type: "draw" }, []), "Player 2 drew a tile.");
  assert.equal(describeMove("computer", 1, { n: 3, seat: 1, type: "pass" }, []), "The computer passed.");
  assert.equal(describeMove("local", 0, { n: 3, seat: 0, type: "pass" }, []), "Player 1 passed.");
});

test("a play that only adds a joker is still told, tile by tile", () => {
  const before = [["R5", "R6", "R7"]];
  const event = { n: 4, seat: 1, type: "play", after: [["R5", "R6", "R7", "J"]], played: ["J"] };
  assert.equal(describeMove("computer", 1, event, before), "The computer played. Added to a run: joker.");
});

test("clearing the live region also drops a text waiting to be said again (pass and play's hand-over)", () => {
  /** @type {Map<number, () => void>} */
  const frames = new Map();
  let next = 0;
  globalThis.requestAnimationFrame = (run) => {
    frames.set(++next, run);
    return next;
  };
  globalThis.cancelAnimationFrame = (id) => frames.delete(id);
  try {
    const region = { textContent: "" };
    const announcer = new Announcer(/** @type {HTMLElement} */ (/** @type {unknown} */ (region)));
    announcer.say("You drew blue 1.");
    announcer.say("You drew blue 1.");  // said again on the next frame
    assert.equal(region.textContent, "");
    announcer.clear();
    for (const run of frames.values()) run();
    assert.equal(region.textContent, "");
    announcer.say("Player 2 drew a tile.");
    assert.equal(region.textContent, "Player 2 drew a tile.");
  } finally {
    delete globalThis.requestAnimationFrame;
    delete globalThis.cancelAnimationFrame;
  }
});
