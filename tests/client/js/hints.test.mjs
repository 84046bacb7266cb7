// node --test tests/client/js/ : hints that never mislead (hints.js), what the winnability
// watcher keeps for them (winnability_watcher.js), and the hint button (actions.js hint).
import assert from "node:assert/strict";
import { mock, test } from "node:test";

import "./static_files.mjs";
import { deriveGraph } from "./derive_graph.mjs";

const js = "../../../game/mahjong/static/mahjong/js";
const { Game } = await import(`${js}/state.js`);
const { adviseHint, hintStillShown, remainingPlan, winningPlan } = await import(`${js}/hints.js`);
const { WinnabilityWatcher, lostText } = await import(`${js}/winnability_watcher.js`);
const { PlayActions } = await import(`${js}/actions.js`);
const { leftoverText } = await import(`${js}/hint_actions.js`);
const { PlaySession } = await import(`${js}/session.js`);
const { ApiError } = await import("../../../game/core/static/core/js/api.js");

// Two rows:   0:5B  1:5B  2:5B   with 3:Wh lying on 1
//             4:N   5:N   6:5B   .   7:Wh
// Free at first: 0, 2, 3, 4, 6, 7. Four 5B: pairing 0-2 and 1-6 (the deal's plan) or 0-6 and 1-2 both win.
const POSITIONS = [[0, 0, 0], [2, 0, 0], [4, 0, 0], [2, 0, 1], [0, 4, 0], [2, 4, 0], [4, 4, 0], [8, 4, 0]];
const PLAN = [[0, 2], [3, 7], [1, 6], [4, 5]];
const OTHER_PLAN = [[3, 7], [1, 2], [4, 5]]; // after 0-6, off the deal's plan

function newGame({ planned = true } = {}) {
  return Game.fromDeal({
    code: "MJ1-L00-ABCDEFG", layout: "L00", mode: "classic", level: 1, positions: POSITIONS,
    graph: deriveGraph(POSITIONS), tiles: ["5B", "5B", "5B", "Wh", "N", "N", "5B", "Wh"], token: "token",
    ...(planned ? { plan: PLAN } : {}),
  });
}

test("a plan serves on while its pairs are taken, early or in another order, and not once one is broken up", () => {
  const game = newGame();
  assert.deepEqual(remainingPlan(game.layout, game.tiles, PLAN), PLAN);
  game.match(3, 7, 1000); // the plan's second pair, first
  assert.deepEqual(remainingPlan(game.layout, game.tiles, PLAN), [[0, 2], [1, 6], [4, 5]]);
  game.match(0, 6, 2000); // 5B paired otherwise: the plan's 0-2 and 1-6 are broken up
  assert.equal(remainingPlan(game.layout, game.tiles, PLAN), null);
  assert.deepEqual(winningPlan(game.layout, game.tiles, [PLAN, null, OTHER_PLAN]), [[1, 2], [4, 5]]);
  assert.equal(winningPlan(game.layout, game.tiles, [PLAN, undefined]), null);
});

test("a plan that is not a way to clear the board is not a hint", () => {
  const game = newGame();
  assert.equal(remainingPlan(game.layout, game.tiles, [[1, 6], [0, 2], [3, 7], [4, 5]]), null, "1 lies under 3");
  assert.equal(remainingPlan(game.layout, game.tiles, [[0, 2], [3, 7]]), null, "tiles are left");
  assert.equal(remainingPlan(game.layout, game.tiles, [[0, 3], [2, 7], [1, 6], [4, 5]]), null, "5B and Wh do not match");
});

test("the advice: a winning plan's first pair, else what the solver said", () => {
  const pairs = [[0, 6]];
  assert.deepEqual(adviseHint({ plan: [[3, 7], [1, 2]], verdict: undefined, undos: undefined, pairs }), { kind: "sure", pair: [3, 7] });
  assert.deepEqual(adviseHint({ plan: null, verdict: false, undos: 2, pairs }), { kind: "lost", undos: 2 });
  assert.deepEqual(adviseHint({ plan: null, verdict: false, undos: undefined, pairs }), { kind: "ask" }, "the undos are asked for");
  assert.deepEqual(adviseHint({ plan: null, verdict: null, undos: undefined, pairs }), { kind: "undecided", pair: [0, 6] });
  assert.deepEqual(adviseHint({ plan: null, verdict: undefined, undos: undefined, pairs }), { kind: "ask" });
  assert.deepEqual(adviseHint({ plan: null, verdict: true, undos: undefined, pairs }), { kind: "ask" }, "no plan: ask for one");
});

test("the hint shown stays shown until the board changes", () => {
  const game = newGame();
  assert.ok(!hintStillShown(game.s));
  game.hint(1000, [0, 2]);
  assert.ok(hintStillShown(game.s));
  game.match(3, 7, 2000);
  assert.ok(!hintStillShown(game.s));
});

/** A watcher over `game`, whose solver answers with `answer(tiles, removals)`; the questions it was asked. */
function watching(game, answer) {
  const asked = [];
  const announced = [];
  const watcher = new WinnabilityWatcher({
    solve: async (layout, tiles, removals) => {
      asked.push({ tiles: tiles.slice(), removals });
      return answer(tiles, removals);
    },
    currentGame: () => game,
    onChange: () => {},
    announce: (text) => announced.push(text),
  });
  return { watcher, asked, announced };
}

test("a board on a known plan is winnable without asking; an off-plan one is asked about, with its removals", async () => {
  mock.timers.enable({ apis: ["setTimeout"] });
  try {
    const game = newGame();
    const { watcher, asked } = watching(game, () => ({ winnable: true, plan: OTHER_PLAN }));
    watcher.reset(game.tiles, true);
    game.match(3, 7, 1000);
    watcher.boardChanged();
    assert.equal(watcher.verdict.winnable, true);
    mock.timers.tick(10_000);
    assert.equal(asked.length, 0, "the deal's plan still clears it");
    game.match(0, 6, 2000);
    watcher.boardChanged();
    assert.equal(watcher.verdict.winnable, "checking");
    assert.equal(watcher.advise(game).kind, "ask");
    const answered = watcher.askNow();
    mock.timers.tick(0); // asked at once: the hint waits for no delay
    await answered;
    assert.equal(asked.length, 1);
    assert.deepEqual(asked[0].removals, [{ a: 3, b: 7, fa: "Wh", fb: "Wh" }, { a: 0, b: 6, fa: "5B", fb: "5B" }]);
    assert.deepEqual(watcher.advise(game), { kind: "sure", pair: [1, 2] });
    game.match(4, 5, 3000); // the solver's plan, in another order
    watcher.boardChanged();
    mock.timers.tick(10_000);
    assert.equal(asked.length, 1, "its plan still clears the board");
    assert.deepEqual(watcher.advise(game), { kind: "sure", pair: [1, 2] });
  } finally {
    mock.timers.reset();
  }
});

test("a lost board is read out once, with the undos the server found", async () => {
  mock.timers.enable({ apis: ["setTimeout"] });
  try {
    const game = newGame();
    const { watcher, asked, announced } = watching(game, () => ({ winnable: false, plan: null, undos: 1 }));
    watcher.reset(game.tiles, false);
    mock.timers.tick(0);
    await Promise.resolve();
    game.match(0, 6, 1000);
    watcher.boardChanged();
    mock.timers.tick(5_000);
    await new Promise((resolve) => setImmediate(resolve));
    assert.ok(asked.length >= 1);
    assert.deepEqual(watcher.verdict, { winnable: false, undos: 1 });
    assert.deepEqual(watcher.advise(game), { kind: "lost", undos: 1 });
    const count = announced.length;
    assert.equal(announced.at(-1), lostText(1));
    assert.match(lostText(1), /undo 1 move to get back/);
    watcher.boardChanged();
    mock.timers.tick(10_000);
    assert.equal(announced.length, count, "not again on a refresh");
  } finally {
    mock.timers.reset();
  }
});

test("a lost board keeps the fewest tiles the server says it can be played down to", async () => {
  mock.timers.enable({ apis: ["setTimeout"] });
  try {
    const game = newGame();
    const leftover = { tiles: 4, proven: true };
    const { watcher, asked } = watching(game, () => ({ winnable: false, plan: null, undos: null, leftover }));
    watcher.reset(game.tiles, true);
    game.match(0, 6, 1000);
    watcher.boardChanged();
    assert.equal(watcher.leftoverFor(game), null, "nothing known before the answer");
    mock.timers.tick(5_000);
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(asked.length, 1);
    assert.deepEqual(watcher.leftoverFor(game), leftover);
    game.match(3, 7, 2000);
    assert.equal(watcher.leftoverFor(game), null, "another board, nothing known of it");
  } finally {
    mock.timers.reset();
  }
});

test("the leftover is said as a proven best or as what can still be reached", () => {
  assert.equal(leftoverText(null), "");
  assert.equal(leftoverText({ tiles: 4, proven: true }), "The best you can still do is to leave 4 tiles.");
  assert.equal(leftoverText({ tiles: 6, proven: false }), "You can still play it down to 6 tiles.");
});

test("a busy or throttled solver is asked again later; the hint hears that no answer came", async () => {
  mock.timers.enable({ apis: ["setTimeout"] });
  try {
    const game = newGame();
    let calls = 0;
    const { watcher } = watching(game, () => {
      calls += 1;
      throw new ApiError("throttled", 429, "slow down");
    });
    watcher.reset(game.tiles, true);
    game.match(0, 6, 1000);
    watcher.boardChanged();
    const answered = watcher.askNow();
    mock.timers.tick(0);
    await answered;
    assert.equal(calls, 1);
    assert.equal(watcher.advise(game).kind, "ask");
  } finally {
    mock.timers.reset();
  }
});

/** The hint button on `game`, with a solver answering `answer`; what it said and counted. */
function hintButton(game, answer, planned = true) {
  const session = new PlaySession();
  session.start(game, { now: () => game.s.now + 500 });
  const { watcher, asked } = watching(game, answer);
  const said = [];
  const dialogs = [];
  const counted = [];
  const sounds = [];
  const actions = new PlayActions({
    session,
    api: {},
    ui: {
      announce: (text) => said.push(text), refused: (reason) => said.push(`refused: ${reason}`),
      openDialog: (dialog) => dialogs.push(dialog), openNewGame() {}, copyLink() {}, showNotice() {},
    },
    board: { animateRemoval() {}, toggleView() {}, viewName: () => "board", center: () => ({ x: 0, y: 0 }), reveal() {}, update() {} },
    hints: watcher,
    nextStyle: async () => {}, openRecords() {}, countStats: (add) => counted.push(add), boardCleared() {},
    knowWinnable: (tiles) => watcher.knowWinnable(tiles), begin() {}, showEnd() {},
    afterMove: (changed) => { if (changed) watcher.boardChanged(); }, refresh() {}, save() {}, fail: (e) => { throw e; },
    faceName: (face) => `<${face}>`, defaultLayout: "L00", sound: (name) => sounds.push(name),
  });
  watcher.reset(game.tiles, planned);
  return { actions, watcher, asked, said, dialogs, counted };
}

test("a deal without its plan, as the API deals since issue 26: H at once asks the solver, once, and shows its first pair", async () => {
  mock.timers.enable({ apis: ["setTimeout"] });
  try {
    const game = newGame({ planned: false });
    assert.equal(game.s.plan, null);
    const { actions, asked, said } = hintButton(game, () => ({ winnable: true, plan: PLAN }), false);
    const pressed = actions.hint();
    assert.equal(said.at(-1), "Checking the board for a sure hint…");
    mock.timers.tick(0); // asked at once, not after the watcher's delay
    await pressed;
    assert.deepEqual(game.s.hint, [0, 2]);
    assert.equal(said.at(-1), "Hint: <5B> and <5B>.");
    mock.timers.tick(10_000);
    assert.equal(asked.length, 1, "the plan the solver gave serves on: nothing is asked twice");
  } finally {
    mock.timers.reset();
  }
});

test("H off the plan asks the solver and shows the first pair of its plan; H again shows it again, unpaid", async () => {
  mock.timers.enable({ apis: ["setTimeout"] });
  try {
    const game = newGame();
    const { actions, said, counted } = hintButton(game, () => ({ winnable: true, plan: OTHER_PLAN }));
    game.match(0, 6, 1000);
    const pressed = actions.hint();
    assert.equal(said.at(-1), "Checking the board for a sure hint…");
    mock.timers.tick(0);
    await pressed;
    assert.deepEqual(game.s.hint, [3, 7]);
    assert.equal(said.at(-1), "Hint: <Wh> and <Wh>.");
    assert.deepEqual(game.s.events.map((e) => e.type), ["match", "hint"]);
    await actions.hint();
    await actions.hint();
    assert.deepEqual(game.s.events.map((e) => e.type), ["match", "hint"], "no second hint event");
    assert.equal(game.s.hints, 1);
    assert.deepEqual(counted, [{ hints: 1 }]);
    assert.deepEqual(said.slice(-2), ["Hint: <Wh> and <Wh>.", "Hint: <Wh> and <Wh>."], "read out again");
    mock.timers.tick(1_000); // the blinking ends
  } finally {
    mock.timers.reset();
  }
});

test("H on a lost board says so and offers the undos, and counts no hint; the undo button undoes them all", async () => {
  mock.timers.enable({ apis: ["setTimeout"] });
  try {
    const game = newGame();
    const { actions, dialogs, counted } = hintButton(game, () => ({ winnable: false, plan: null, undos: 2 }));
    game.match(3, 7, 1000);
    game.match(0, 6, 2000);
    const pressed = actions.hint();
    mock.timers.tick(0);
    await pressed;
    assert.equal(dialogs.length, 1);
    assert.equal(dialogs[0].title, "This board can no longer be cleared");
    assert.equal(dialogs[0].text, "Undo 2 moves to get back to a board that can be cleared.");
    assert.deepEqual(dialogs[0].buttons.map((b) => b.label), ["Undo 2 moves", "Shuffle"]);
    assert.equal(game.s.hints, 0);
    assert.deepEqual(counted, []);
    dialogs[0].buttons[0].onClick();
    assert.deepEqual(game.s.events.map((e) => e.type), ["match", "match", "undo", "undo"]);
    assert.equal(game.tilesLeft(), 8);
  } finally {
    mock.timers.reset();
  }
});

test("H on a board the solver could not decide offers a pair, said to be unsure", async () => {
  mock.timers.enable({ apis: ["setTimeout"] });
  try {
    const game = newGame();
    const { actions, said } = hintButton(game, () => ({ winnable: null, plan: null }));
    game.match(0, 6, 1000);
    const pressed = actions.hint();
    mock.timers.tick(0);
    await pressed;
    assert.match(said.at(-1), /^No sure hint: the solver could not decide this board\. .*may lose: <Wh> and <Wh>\.$/);
    assert.equal(game.s.hints, 1);
    mock.timers.tick(1_000);
  } finally {
    mock.timers.reset();
  }
});
