// node --test tests/client/js/ : the words of the Rummy table (game/rummy/static/rummy/js/texts.js):
// tile names for screen readers, what a set is, whose turn it is, how a hand ended.
import assert from "node:assert/strict";
import { test } from "node:test";

import "./static_files.mjs";

const texts = await import("../../../game/rummy/static/rummy/js/texts.js");
const { describeSet } = await import("../../../game/rummy/static/rummy/js/sets.js");

test("tiles are named by colour and number, the joker by its name", () => {
  assert.equal(texts.tileName("R7"), "red 7");
  assert.equal(texts.tileName("B13"), "blue 13");
  assert.equal(texts.tileName("K1"), "black 1");
  assert.equal(texts.tileName("O10"), "orange 10");
  assert.equal(texts.tileName("J"), "joker");
  assert.equal(texts.tileNames(["R7", "R8", "J"]), "red 7, red 8, joker");
  assert.throws(() => texts.tileName("X1"), TypeError);
});

test("a set's label says its tiles and what it is, or why it is none", () => {
  assert.equal(texts.setLabel(2, ["R7", "R8", "R9"], describeSet(["R7", "R8", "R9"])), "Set 3: red 7, red 8, red 9, a valid run");
  assert.equal(texts.setLabel(0, ["K5", "B5", "O5"], describeSet(["K5", "B5", "O5"])), "Set 1: black 5, blue 5, orange 5, a valid group");
  assert.match(texts.setSummary(describeSet(["R7", "R8"])), /at least 3 tiles/);
  const problems = ["too_short", "too_long", "mixed", "duplicate_colour", "duplicate_number", "gap", "order"];
  const said = problems.map(texts.problemText);
  assert.equal(new Set(said).size, problems.length, "each problem in its own words");
});

test("players, turns and counts against the computer and in pass and play", () => {
  assert.deepEqual([0, 1].map((seat) => texts.playerName("computer", seat)), ["You", "Computer"]);
  assert.deepEqual([0, 1].map((seat) => texts.playerName("local", seat)), ["Player 1", "Player 2"]);
  assert.equal(texts.turnText("computer", 0), "Your turn");
  assert.equal(texts.turnText("computer", 1), "The computer's turn");
  assert.equal(texts.turnText("local", 1), "Player 2 to play");
  assert.equal(texts.turnText("local", null), "The hand is over");
  assert.equal(texts.poolText(1), "Pool: 1 tile");
  assert.equal(texts.poolText(70), "Pool: 70 tiles");
  assert.equal(texts.poolText(0), "The pool is empty");
  assert.equal(texts.rackCountText("computer", 1, 14), "Computer: 14 tiles");
  assert.equal(texts.openingText(24), "Opening: 24 of 30");
  // No running score: each hand stands alone, so there is no match total to say.
  assert.equal("totalsText" in texts, false);
});

test("the result of a hand: who went out, a blocked hand won by the lower rack, a draw", () => {
  const out = { winner: 0, score: 23, reason: "rack_empty", rack_points: [0, 23] };
  assert.equal(texts.resultTitle("computer", out), "You won the hand!");
  assert.equal(texts.resultText("computer", out), "You went out: you win the 23 points left on the computer's rack.");
  const lost = { winner: 1, score: 40, reason: "rack_empty", rack_points: [40, 0] };
  assert.equal(texts.resultTitle("computer", lost), "The computer won the hand");
  assert.match(texts.resultText("computer", lost), /The computer went out: it wins the 40 points left on your rack/);
  assert.equal(texts.resultText("local", lost), "Player 2 went out and wins the 40 points left on Player 1's rack.");
  const blocked = { winner: 1, score: 7, reason: "blocked", rack_points: [19, 12] };
  const said = texts.resultText("local", blocked);
  assert.match(said, /the hand is blocked/);
  assert.match(said, /Player 1 19, Player 2 12/);
  assert.match(said, /Player 2 holds fewer points and wins by 7 points\./);
  const mine = { winner: 0, score: 1, reason: "blocked", rack_points: [4, 5] };
  assert.match(texts.resultText("computer", mine), /You hold fewer points and win by 1 point\.$/);
  assert.match(texts.resultText("computer", { ...blocked, score: 2 }), /The computer holds fewer points and wins by 2 points\.$/);
  const draw = { winner: null, score: 0, reason: "blocked", rack_points: [15, 15] };
  assert.equal(texts.resultTitle("computer", draw), "A draw");
  assert.match(texts.resultText("computer", draw), /Equal racks: nobody scores\./);
});

test("online, each player reads the match from their own seat: 'you' for themselves, a number for the other", () => {
  assert.deepEqual([0, 1].map((seat) => texts.playerName("online", seat, 1)), ["Player 1", "Player 2 (you)"]);
  assert.deepEqual([0, 1].map((seat) => texts.playerName("online", seat, 0)), ["Player 1 (you)", "Player 2"]);
  assert.equal(texts.turnText("online", 1, 1), "Your turn");
  assert.equal(texts.turnText("online", 0, 1), "Player 1 to play");
  const out = { winner: 1, score: 23, reason: "rack_empty", rack_points: [23, 0] };
  assert.equal(texts.resultTitle("online", out, 1), "You won the hand!");
  assert.equal(texts.resultTitle("online", out, 0), "Player 2 won the hand!");
  assert.equal(texts.resultText("online", out, 0), "Player 2 went out and wins the 23 points left on your rack.");
  assert.equal(texts.resultText("online", out, 1), "You went out: you win the 23 points left on Player 1's rack.");
  const blocked = { winner: 0, score: 2, reason: "blocked", rack_points: [10, 12] };
  assert.match(texts.resultText("online", blocked, 0), /Player 1 \(you\) 10, Player 2 12\. You hold fewer points and win by 2 points\.$/);
  assert.match(texts.resultText("online", blocked, 1), /Player 1 holds fewer points and wins by 2 points\.$/);
});
