// node --test tests/client/js/ : the game state of game/mahjong/static/mahjong/js/state.js.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import {
  Game, IllegalMove, Status, Tap, boardPoints, configureScoring, isValidState, scoringRules, speedBonus,
} from "../../../game/mahjong/static/mahjong/js/state.js";
import { deriveGraph } from "./derive_graph.mjs";

const engine = JSON.parse(readFileSync(new URL("./engine-games.json", import.meta.url)));
configureScoring(engine.scoring); // the engine's constants, as the pages' configs carry them

// A small board, two rows:
//   row 0:  0:5B  1:R  2:5B      with 3:Wh lying on 1
//   row 4:  4:N   5:N  6:R   .  7:Wh
// Free at first: 0, 2, 3 (top), 4, 6, 7. Pairs: 0-2 (5B) and 3-7 (Wh).
const SMALL = [[0, 0, 0], [2, 0, 0], [4, 0, 0], [2, 0, 1], [0, 4, 0], [2, 4, 0], [4, 4, 0], [8, 4, 0]];
function smallDeal(mode = "classic") {
  return {
    code: "MJ1-L00-ABCDEFG",
    layout: "L00",
    mode,
    level: 1,
    positions: SMALL,
    graph: deriveGraph(SMALL),
    tiles: ["5B", "R", "5B", "Wh", "N", "N", "R", "Wh"],
    plan: null,
    token: "token",
  };
}

// A row of four whose free ends do not match.
function stuckDeal(mode) {
  const positions = [[0, 0, 0], [2, 0, 0], [4, 0, 0], [6, 0, 0]];
  return { ...smallDeal(mode), positions, graph: deriveGraph(positions), tiles: ["5B", "R", "5B", "R"] };
}

test("selection: select, deselect, switch on a non-match, match on a match", () => {
  const game = Game.fromDeal(smallDeal());
  assert.equal(game.status, Status.PLAYING);
  assert.equal(game.tap(0, 10), Tap.SELECTED);
  assert.equal(game.tap(0, 20), Tap.DESELECTED);
  assert.equal(game.s.selected, null);
  assert.equal(game.tap(0, 30), Tap.SELECTED);
  assert.equal(game.tap(7, 40), Tap.SELECTED, "a free tile that does not match takes the selection");
  assert.equal(game.s.selected, 7);
  assert.equal(game.tap(3, 50), Tap.MATCHED);
  assert.deepEqual(game.s.events, [{ t: 50, type: "match", a: 7, b: 3 }]);
  assert.equal(game.s.moves, 1);
  assert.equal(game.s.selected, null);
});

test("tapping a blocked tile cancels the selection and logs nothing", () => {
  const game = Game.fromDeal(smallDeal());
  game.tap(0, 10);
  assert.equal(game.tap(1, 20), Tap.BLOCKED);
  assert.equal(game.tap(5, 30), Tap.BLOCKED, "neighbours on both sides");
  assert.equal(game.s.selected, null);
  assert.deepEqual(game.s.events, []);
  assert.throws(() => game.match(6, 1, 40), IllegalMove, "1 lies under 3");
  assert.throws(() => game.match(4, 5, 40), IllegalMove, "5 is between 4 and 6");
});

test("undo puts the pair back; the move counter and the clock keep going", () => {
  const game = Game.fromDeal(smallDeal());
  game.match(3, 7, 1000);
  game.match(2, 0, 3000);
  assert.equal(game.tilesLeft(), 4);
  const removal = game.undo(4000);
  assert.deepEqual([removal.a, removal.b], [2, 0]);
  assert.deepEqual(game.tiles, ["5B", "R", "5B", null, "N", "N", "R", null]);
  assert.equal(game.s.moves, 2);
  assert.equal(game.stopwatch(5000), 4000);
  game.undo(6000);
  assert.ok(!game.canUndo);
  assert.throws(() => game.undo(7000), IllegalMove);
  assert.deepEqual(game.s.events.map((e) => e.type), ["match", "match", "undo", "undo"]);
});

test("time never goes back, and a paused game takes no moves", () => {
  const game = Game.fromDeal(smallDeal());
  game.match(3, 7, 1000);
  assert.throws(() => game.tap(0, 999), IllegalMove);
  game.pause(2000);
  assert.throws(() => game.tap(0, 2100), IllegalMove);
  assert.equal(game.stopwatch(9000), 1000);
  game.resume(10000);
  assert.equal(game.stopwatch(10500), 1500);
});

test("no free pair left: no_moves, and the classic game can still shuffle", () => {
  const game = Game.fromDeal(stuckDeal("classic"));
  assert.equal(game.status, Status.NO_MOVES);
  assert.ok(game.canShuffle);
  assert.deepEqual(game.shuffleRequest(), { level: 1, shuffle: 0, tiles: ["5B", "R", "5B", "R"] });
  game.applyShuffle(500, { tiles: ["R", "5B", "5B", "R"], plan: [[0, 3], [1, 2]] });
  assert.equal(game.status, Status.PLAYING);
  assert.deepEqual(game.hintPair(), [0, 3]);
  assert.deepEqual(game.s.events, [{ t: 500, type: "shuffle" }]);
});

test("arcade points: 100 plus a speed bonus, hints cost 50, board points", () => {
  assert.deepEqual([0, 2000, 2001, 4000, 6000, 9920, 10000].map(speedBonus), [100, 100, 99, 75, 50, 1, 0]);
  assert.deepEqual([1, 2, 10, 11].map(boardPoints), [2500, 3000, 7000, 7000]);
  const game = Game.fromDeal(smallDeal("arcade"));
  assert.equal(game.match(3, 7, 1500), 200);
  game.hint(2000);
  assert.equal(game.score, 150);
  assert.equal(game.match(0, 2, 5500), 100 + 75, "4 s after the last pair");
  game.undo(6000);
  assert.equal(game.score, 150, "undo takes away exactly that pair's points");
  assert.equal(game.match(0, 2, 8000), 100 + 43, "an undone pair is not a move: 6.5 s after the first pair");
  game.match(1, 6, 8100);
  game.match(4, 5, 30000);
  assert.equal(game.status, Status.CLEARED);
  assert.equal(game.score, 200 + 143 + 200 + 100 - 50 + 2500);
});

test("undo earns nothing: the bonus clock goes back with the pair, and a hint paid stays paid", () => {
  const slow = Game.fromDeal(smallDeal("arcade"));
  assert.equal(slow.match(3, 7, 10_500), 100);
  slow.undo(10_800);
  assert.equal(slow.match(3, 7, 11_100), 100, "taken again at once, but 11.1 s after the deal");
  const hinted = Game.fromDeal(smallDeal("arcade"));
  hinted.match(3, 7, 500);
  hinted.hint(800);
  hinted.undo(1100);
  assert.equal(hinted.score, 0, "the hint's 50 came from the pair undone: shown as 0, still paid");
  hinted.match(3, 7, 1400);
  assert.equal(hinted.score, 150);
  hinted.match(0, 2, 2000);
  assert.equal(hinted.score, 200 - 50 + 200, "what pair, hint, pair gives");
});

test("undos in a row set the bonus clock back pair by pair, and a restored game knows how far", () => {
  const game = Game.fromDeal(smallDeal("arcade"));
  game.match(3, 7, 5000);
  game.match(0, 2, 9000);
  game.match(1, 6, 10_000);
  game.undo(12_000);
  game.undo(12_001);
  assert.equal(game.s.lastChange, 5000, "back to the first pair");
  // A save of before undo set the clock back: the removals lack it, and lastChange is the undo's.
  const old = JSON.parse(JSON.stringify(game));
  old.lastChange = 12_001;
  for (const removal of old.history) delete removal.since;
  const restored = Game.fromJSON(old);
  assert.ok(restored);
  assert.equal(restored.s.lastChange, 5000);
  restored.undo(12_002);
  assert.equal(restored.s.lastChange, 0, "and back to the deal");
  assert.equal(restored.match(3, 7, 13_000), 100, "13 s after the deal");
  assert.equal(Game.fromJSON({ ...old, history: [] }), null, "a history its log does not have");
});

test("a pause does not stop the bonus clock: thinking while the board is hidden buys nothing", () => {
  const game = Game.fromDeal(smallDeal("arcade"));
  game.match(3, 7, 1000);
  game.pause(1001);
  game.resume(61_001);
  assert.equal(game.match(0, 2, 61_006), 100, "5 ms after the resume, but 60 s after the last pair");
  game.pause(61_500);
  game.resume(63_006);
  assert.equal(game.match(1, 6, 64_006), 100 + 87, "3 s after the last pair, 1.5 s of them paused");
  assert.equal(game.match(4, 5, 65_006), 200, "only the pair a pause falls in loses bonus");
});

test("a game saved before pauses counted for the bonus goes on with the server's bonus", () => {
  const game = Game.fromDeal(smallDeal("arcade"));
  game.pause(500);
  game.resume(4500);
  game.match(3, 7, 5000);
  const old = { ...JSON.parse(JSON.stringify(game)), lastChange: 1000 }; // then kept in active time
  const restored = Game.fromJSON(old);
  assert.ok(restored);
  assert.equal(restored.s.lastChange, 5000, "the time of the last pair, from the log");
  assert.equal(restored.match(0, 2, 6000), 200, "1 s after the last pair, as the server counts it");
});

test("the score never drops below zero: a hint at 0 costs nothing, and nothing is owed for later", () => {
  const game = Game.fromDeal(smallDeal("arcade"));
  game.hint(0);
  game.hint(10);
  assert.equal(game.score, 0);
  game.match(3, 7, 20000);
  assert.equal(game.score, 100, "100 earned, nothing owed");
  game.hint(20010);
  game.hint(20020);
  game.hint(20030);
  assert.equal(game.score, 0, "50, then the 50 left, then nothing");
  assert.equal(game.s.hints, 5);
});

test("three shuffles for a whole arcade game, then game over when stuck", () => {
  const game = Game.fromDeal(stuckDeal("arcade"));
  for (let k = 0; k < 2; k++) game.applyShuffle(k * 10, { tiles: ["5B", "R", "5B", "R"], plan: null });
  assert.equal(game.status, Status.NO_MOVES);
  assert.equal(game.shufflesLeft, 1);
  game.applyShuffle(30, { tiles: ["5B", "R", "5B", "R"], plan: null });
  assert.equal(game.status, Status.GAME_OVER);
  assert.equal(game.shufflesLeft, 0);
  assert.throws(() => game.hint(40), IllegalMove);
});

test("the state is plain JSON and comes back whole; damaged states are refused", () => {
  const game = Game.fromDeal(smallDeal("arcade"));
  game.match(3, 7, 1500);
  game.tap(0, 1600);
  const copy = Game.fromJSON(JSON.parse(JSON.stringify(game)));
  assert.deepEqual(copy.s, game.s);
  assert.equal(copy.score, 200);
  assert.equal(copy.tap(2, 1700), Tap.MATCHED);
  assert.equal(Game.fromJSON(null), null);
  assert.equal(Game.fromJSON({ ...game.s, version: 0 }), null);
  assert.equal(Game.fromJSON({ ...game.s, tiles: game.s.tiles.slice(1) }), null);
  assert.equal(Game.fromJSON({ ...game.s, code: "nope" }), null);
  assert.ok(!isValidState({ ...game.s, moves: "3" }));
  assert.ok(!isValidState({ ...game.s, graph: { ...game.s.graph, above: game.s.graph.above.slice(1) } }));
  assert.ok(!isValidState({ ...game.s, graph: { ...game.s.graph, left: [[9], [], [], [], [], [], [], []] } }));
});

test("the game plays on the graph it was dealt, not on one worked out from the positions", () => {
  // The same row of four, but the server says nothing blocks anything: every tile is free.
  const positions = [[0, 0, 0], [2, 0, 0], [4, 0, 0], [6, 0, 0]];
  const open = { above: [[], [], [], []], left: [[], [], [], []], right: [[], [], [], []] };
  const game = Game.fromDeal({ ...stuckDeal("classic"), positions, graph: open });
  assert.deepEqual(game.availablePairs(), [[0, 2], [1, 3]]);
  assert.throws(() => Game.fromDeal({ ...stuckDeal("classic"), graph: undefined }), TypeError);
  const saved = Game.fromJSON({ ...game.toJSON(), graph: undefined });
  assert.ok(saved, "a save of before the graph reads (the loader asks the server for its graph)");
  assert.throws(() => saved.isFree(0), IllegalMove);
});

test("the scoring constants are the configured ones", () => {
  assert.deepEqual(scoringRules(), engine.scoring);
  assert.throws(() => configureScoring({ ...engine.scoring, hint_cost: undefined }), TypeError);
  assert.throws(() => configureScoring({ ...engine.scoring, pair_points: "100" }), TypeError);
  assert.deepEqual(scoringRules(), engine.scoring, "a refused configuration changes nothing");
  try {
    configureScoring({ ...engine.scoring, hint_cost: 7, arcade_shuffles: 1 });
    const game = Game.fromDeal(smallDeal("arcade"));
    game.match(3, 7, 0);
    game.hint(10);
    assert.equal(game.score, 200 - 7);
    assert.equal(game.shufflesLeft, 1);
    game.applyShuffle(20, { tiles: game.tiles.slice(), plan: null });
    assert.equal(game.shufflesLeft, 0);
    assert.ok(!game.canShuffle);
  } finally {
    configureScoring(engine.scoring);
  }
});

for (const mode of ["classic", "arcade"]) {
  test(`a scripted ${mode} game matches the Python engine step by step`, () => {
    const { deal, steps, events } = engine[mode];
    const game = Game.fromDeal({ ...deal, token: null });
    for (const step of steps) {
      const { t } = step;
      const where = `${step.action} at ${t}`;
      if (step.action === "match") game.match(step.a, step.b, t);
      else if (step.action === "undo") game.undo(t);
      else if (step.action === "hint") assert.deepEqual(game.hint(t) || [], step.pair, where);
      else if (step.action === "shuffle") game.applyShuffle(t, step.result);
      else if (step.action === "pause") game.pause(t);
      else if (step.action === "resume") game.resume(t);
      else if (step.action === "next_level") game.nextLevel(t, step.deal);
      const e = step.expect;
      assert.deepEqual(
        {
          status: game.status, score: game.score, moves: game.s.moves, hints: game.s.hints,
          shuffles: game.s.shuffles, level: game.s.level, stopwatch: game.stopwatch(t),
          time_ms: game.s.timeMs, tiles_left: game.tilesLeft(), pairs: game.availablePairs(),
        },
        e,
        where,
      );
    }
    assert.deepEqual(game.s.events, events, "the same log, event for event");
  });
}

test("an arcade game can be ended early; then nothing more is played", () => {
  const game = Game.fromDeal(smallDeal("arcade"));
  game.match(3, 7, 1500);
  game.stop();
  assert.equal(game.status, Status.GAME_OVER);
  assert.equal(game.score, 200, "the score stays for the submission");
  assert.deepEqual(game.s.events, [{ t: 1500, type: "match", a: 3, b: 7 }], "no event: the log just ends");
  assert.throws(() => game.tap(0, 2000), IllegalMove);
  assert.ok(!game.canUndo && !game.canShuffle && !game.canHint && !game.canPause);
  assert.throws(() => Game.fromDeal(smallDeal("classic")).stop(), IllegalMove, "classic games are won or left");
});
