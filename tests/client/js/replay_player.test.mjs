// node --test tests/client/js/ : the replay player of game/mahjong/static/mahjong/js/replay_player.js.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import {
  MAX_GAP_MS, MIN_GAP_MS, ReplayError, ReplayPlayer, buildFrames,
} from "../../../game/mahjong/static/mahjong/js/replay_player.js";
import { configureScoring } from "../../../game/mahjong/static/mahjong/js/scoring.js";
import { deriveGraph } from "./derive_graph.mjs";

const engine = JSON.parse(readFileSync(new URL("./engine-games.json", import.meta.url)));
configureScoring(engine.scoring);

/** The replay script the server would embed for one of the engine's scripted games. */
function scriptOf(game) {
  const outcomes = game.steps.map((step) => {
    if (step.action === "shuffle") return step.result;
    if (step.action === "next_level") return step.deal;
    if (step.action === "hint") return { pair: step.pair.length ? step.pair : null };
    return null;
  });
  const { deal } = game;
  return {
    code: deal.code,
    layout: deal.layout,
    mode: deal.mode,
    positions: deal.positions,
    graph: deal.graph,
    deal: { level: 1, tiles: deal.tiles, plan: deal.plan },
    events: game.events,
    outcomes,
  };
}

// The small board of state.test.mjs: pairs 0-2 (5B) and 3-7 (Wh); 3 lies on 1.
const SMALL = [[0, 0, 0], [2, 0, 0], [4, 0, 0], [2, 0, 1], [0, 4, 0], [2, 4, 0], [4, 4, 0], [8, 4, 0]];
function smallScript(events, outcomes = []) {
  return {
    code: "MJ1-L00-ABCDEFG",
    layout: "L00",
    mode: "classic",
    positions: SMALL,
    graph: deriveGraph(SMALL),
    deal: { level: 1, tiles: ["5B", "R", "5B", "Wh", "N", "N", "R", "Wh"], plan: null },
    events,
    outcomes,
  };
}

for (const mode of ["classic", "arcade"]) {
  test(`the ${mode} engine game replays to the engine's figures after every event`, () => {
    const game = engine[mode];
    const frames = buildFrames(scriptOf(game));
    assert.equal(frames.length, game.events.length + 1);
    assert.deepEqual(frames[0].tiles, game.deal.tiles);
    assert.equal(frames[0].moves, 0);
    game.steps.forEach((step, k) => {
      const frame = frames[k + 1];
      const expect = step.expect;
      const where = `after event ${k} (${step.action})`;
      assert.equal(frame.event.type, game.events[k].type, where);
      assert.equal(frame.status, expect.status, where);
      assert.equal(frame.moves, expect.moves, where);
      assert.equal(frame.hints, expect.hints, where);
      assert.equal(frame.shuffles, expect.shuffles, where);
      assert.equal(frame.level, expect.level, where);
      assert.equal(frame.tiles.filter((f) => f !== null).length, expect.tiles_left, where);
      if (mode === "arcade") assert.equal(frame.score, expect.score, where);
      else assert.equal(frame.clock, expect.stopwatch, where);
    });
  });
}

test("a shuffle puts the server's arrangement on the board, on the same positions", () => {
  const game = engine.classic;
  const frames = buildFrames(scriptOf(game));
  const k = game.steps.findIndex((step) => step.action === "shuffle");
  assert.ok(k > 0);
  assert.deepEqual(frames[k + 1].tiles, game.steps[k].result.tiles);
  const before = frames[k].tiles.map((f) => f !== null);
  const after = frames[k + 1].tiles.map((f) => f !== null);
  assert.deepEqual(after, before, "the same positions stay occupied");
  assert.notDeepEqual(frames[k + 1].tiles, frames[k].tiles);
});

test("next_level deals the next level's board and keeps the score", () => {
  const game = engine.arcade;
  const frames = buildFrames(scriptOf(game));
  const k = game.steps.findIndex((step) => step.action === "next_level");
  assert.equal(frames[k].status, "cleared");
  assert.equal(frames[k + 1].level, 2);
  assert.equal(frames[k + 1].status, "playing");
  assert.deepEqual(frames[k + 1].tiles, game.steps[k].deal.tiles);
  assert.equal(frames[k + 1].score, frames[k].score);
});

test("a match removes the pair and says which faces went; undo puts them back", () => {
  const frames = buildFrames(smallScript([
    { t: 1000, type: "match", a: 0, b: 2 },
    { t: 2000, type: "undo" },
    { t: 3000, type: "match", a: 3, b: 7 },
  ]));
  assert.deepEqual(frames[1].removed, [[0, "5B"], [2, "5B"]]);
  assert.equal(frames[1].tiles[0], null);
  assert.equal(frames[1].tiles[2], null);
  assert.deepEqual(frames[2].tiles, frames[0].tiles);
  assert.deepEqual(frames[2].removed, []);
  assert.equal(frames[2].moves, 1, "undo does not lower the move counter");
  assert.equal(frames[3].moves, 2);
  assert.equal(frames[3].clock, 2000, "the stopwatch starts at the first pair");
});

test("a hint shows the server's pair until the board changes", () => {
  const frames = buildFrames(smallScript(
    [{ t: 500, type: "hint" }, { t: 900, type: "pause" }, { t: 1500, type: "resume" }, { t: 2000, type: "match", a: 3, b: 7 }],
    [{ pair: [3, 7] }, null, null, null],
  ));
  assert.deepEqual(frames[1].hint, [3, 7]);
  assert.equal(frames[1].hints, 1);
  assert.deepEqual(frames[2].hint, [3, 7]);
  assert.equal(frames[2].paused, true);
  assert.equal(frames[3].paused, false);
  assert.equal(frames[4].hint, null);
});

test("pauses stop the classic clock", () => {
  const frames = buildFrames(smallScript([
    { t: 1000, type: "match", a: 0, b: 2 },
    { t: 2000, type: "pause" },
    { t: 9000, type: "resume" },
    { t: 10_000, type: "match", a: 3, b: 7 },
  ]));
  assert.equal(frames[2].clock, 1000);
  assert.equal(frames[3].clock, 1000);
  assert.equal(frames[4].clock, 2000);
});

test("a log the rules forbid is refused, naming the event", () => {
  assert.throws(
    () => buildFrames(smallScript([{ t: 1000, type: "match", a: 0, b: 2 }, { t: 1100, type: "match", a: 4, b: 5 }])),
    (error) => error instanceof ReplayError && error.index === 1,
  );
  assert.throws(() => buildFrames(smallScript([{ t: 1, type: "undo" }])), ReplayError);
  assert.throws(() => buildFrames(smallScript([{ t: 1, type: "fly" }])), /unknown event type/);
  assert.throws(() => buildFrames(smallScript([{ t: 1, type: "shuffle" }])), /lacks this event's tiles/);
  assert.throws(() => buildFrames({}), ReplayError);
});

test("the player steps and seeks within the game and clamps at both ends", () => {
  const player = new ReplayPlayer(scriptOf(engine.classic));
  const n = engine.classic.events.length;
  assert.equal(player.length, n);
  assert.ok(player.atStart);
  assert.equal(player.step(-1).index, 0);
  assert.equal(player.step().index, 1);
  assert.equal(player.step(3).index, 4);
  assert.equal(player.seek(n + 10).index, n);
  assert.ok(player.atEnd);
  assert.equal(player.step().index, n);
  assert.equal(player.seek(2.4).index, 2);
  assert.equal(player.seek(Number.NaN).index, 0);
  assert.equal(player.seek(-5).index, 0);
});

test("the wait before the next event follows the game, bounded, divided by the speed", () => {
  const player = new ReplayPlayer(smallScript([
    { t: 100, type: "match", a: 0, b: 2 },
    { t: 1100, type: "pause" },
    { t: 60_000, type: "resume" },
    { t: 60_010, type: "match", a: 3, b: 7 },
  ]));
  assert.equal(player.delayToNext(1), MIN_GAP_MS, "100 ms after the deal");
  player.step();
  assert.equal(player.delayToNext(1), 1000);
  assert.equal(player.delayToNext(4), 250);
  player.step();
  assert.equal(player.delayToNext(1), MAX_GAP_MS, "a long pause is cut short");
  assert.equal(player.delayToNext(2), MAX_GAP_MS / 2);
  player.step();
  assert.equal(player.delayToNext(1), MIN_GAP_MS);
  player.step();
  assert.equal(player.delayToNext(1), null);
});
