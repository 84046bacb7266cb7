// node --test tests/client/js/ : the conformance vectors of tests/conformance/vectors/ (written by
// tests/conformance/make_vectors.py from the Python engine, the referee) replayed through rules.js
// and state.js. Any difference fails the test with the vector, the step and what differed.
// A vector marked js_todo is a known disagreement: it runs as a todo and is reported, not failed.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { isDeepStrictEqual } from "node:util";

import {
  availablePairs, freeTiles, hasMoves, isFree, layoutFromGraph, matchClass, tilesLeft, tilesMatch,
} from "../../../game/mahjong/static/mahjong/js/rules.js";
import { Game, IllegalMove, configureScoring } from "../../../game/mahjong/static/mahjong/js/state.js";
import { deriveGraph } from "./derive_graph.mjs";

const VECTORS = new URL("../../conformance/vectors/", import.meta.url);
const load = (name) => JSON.parse(readFileSync(new URL(name, VECTORS), "utf8"));
const free = load("free.json");
const play = load("play.json");
// The scoring constants come with the vectors, from the engine, as the pages' configs carry them.
configureScoring(play.scoring);

/** Keys of a step's expect about the step itself; the others (the figures) carry over. */
const PER_STEP = new Set(["error", "returned", "events", "tiles"]);

const show = (value) => JSON.stringify(value === undefined ? null : value);

function conformance(name, todo, fn) {
  if (todo) test(name, { todo: `known disagreement: ${todo}` }, fn);
  else test(name, fn);
}

/** Fail listing every key on which the JS differs from the engine. */
function compare(where, engine, js, module) {
  const keys = [...new Set([...Object.keys(engine), ...Object.keys(js)])].sort();
  const lines = keys
    .filter((key) => !isDeepStrictEqual(engine[key] ?? null, js[key] ?? null))
    .map((key) => `  ${key}: engine ${show(engine[key])}, ${module} ${show(js[key])}`);
  if (lines.length) assert.fail(`${where}: ${module} differs from the engine\n${lines.join("\n")}`);
}

// -- free.json: the free rule and the available pairs --------------------------------------

test("conformance: the match classes of the 42 faces", () => {
  const classOf = new Map();
  free.faces.forEach((group, k) => group.forEach((face) => classOf.set(face, k)));
  const faces = [...classOf.keys()];
  assert.equal(faces.length, 42);
  for (const a of faces) {
    for (const b of faces) {
      const engine = classOf.get(a) === classOf.get(b);
      if (tilesMatch(a, b) !== engine) {
        assert.fail(`${a} and ${b}: the engine says they ${engine ? "match" : "do not match"}, rules.js otherwise`);
      }
    }
    if (matchClass(a) === null) assert.fail(`${a}: rules.js gives no match class`);
  }
});

test("conformance: the engine's graphs are the ones the tests' own model works out", () => {
  for (const [id, positions] of Object.entries(free.layouts)) {
    assert.deepEqual(free.graphs[id], deriveGraph(positions), `layout ${id}`);
  }
  for (const [id, graph] of Object.entries(play.graphs)) assert.deepEqual(graph, free.graphs[id], `layout ${id}`);
});

for (const game of free.games) {
  conformance(`conformance: free rule, ${game.name}`, game.js_todo, () => {
    const layout = layoutFromGraph(free.layouts[game.layout], free.graphs[game.layout]);
    const tiles = game.tiles.slice();
    assert.equal(tiles.length, layout.size, `${game.name}: one tile per position`);
    let removed = 0;
    game.steps.forEach((step, k) => {
      for (const [a, b] of step.remove) {
        tiles[a] = null;
        tiles[b] = null;
        removed += 2;
      }
      const where = `${game.name} (${game.code}), step ${k} after removing ${show(step.remove)}`;
      const positions = [];
      for (let i = 0; i < layout.size; i++) if (isFree(layout, tiles, i)) positions.push(i);
      compare(where, {
        free: step.free, pairs: step.pairs, has_moves: step.pairs.length > 0, tiles_left: tiles.length - removed,
        free_by_position: step.free,
      }, {
        free: freeTiles(layout, tiles), pairs: availablePairs(layout, tiles), has_moves: hasMoves(layout, tiles),
        tiles_left: tilesLeft(tiles), free_by_position: positions,
      }, "rules.js");
    });
  });
}

// -- play.json: the game state machine -------------------------------------------------------

/** The figures of play.json's expect, read from state.js (stopwatch read at the vector's time). */
function figures(game, at) {
  const allowed = [
    ["hint", game.canHint], ["pause", game.canPause], ["shuffle", game.canShuffle],
    ["undo", game.canUndo && !game.paused],
  ];
  return {
    status: game.status, score: game.score, level: game.s.level, moves: game.s.moves, hints: game.s.hints,
    shuffles: game.s.shuffles, shuffles_left: game.shufflesLeft, tiles_left: game.tilesLeft(),
    selected: game.s.selected, paused: game.paused, can_undo: game.canUndo, time_ms: game.s.timeMs,
    now: game.s.now, stopwatch: { at, ms: game.stopwatch(at) }, hint_pair: game.hintPair(),
    allowed: allowed.filter(([, ok]) => ok).map(([name]) => name),
  };
}

/** Run one step the way main.js does; returns what the action returned. */
function perform(game, step, scenario, where) {
  const { t } = step;
  switch (step.action) {
    case "tap":
      return game.tap(step.i, t);
    case "match":
      return game.match(step.a, step.b, t);
    case "hint":
      return game.hint(t);
    case "undo":
      game.undo(t);
      return null;
    case "shuffle":
      // The client asks the server for the shuffle after checking it may, then applies the answer.
      compare(`${where}: the shuffle request`, step.request, game.shuffleRequest(), "state.js");
      game.checkShuffle(t);
      if (step.result !== null) game.applyShuffle(t, step.result);
      return null; // without a result the engine refused: the caller reports the acceptance
    case "pause":
      game.pause(t);
      return null;
    case "resume":
      game.resume(t);
      return null;
    case "next_level":
      game.nextLevel(t, {
        ...step.deal, code: scenario.code, layout: scenario.deal.layout, mode: scenario.mode,
        positions: play.layouts[scenario.deal.layout], graph: play.graphs[scenario.deal.layout],
      });
      return null;
    default:
      throw new Error(`${where}: unknown action ${step.action}`);
  }
}

for (const scenario of play.scenarios) {
  conformance(`conformance: ${scenario.mode} play, ${scenario.name}`, scenario.js_todo, () => {
    const positions = play.layouts[scenario.deal.layout];
    const game = Game.fromDeal({
      code: scenario.code, layout: scenario.deal.layout, mode: scenario.mode, level: scenario.deal.level,
      positions, graph: play.graphs[scenario.deal.layout], tiles: scenario.deal.tiles, plan: scenario.deal.plan, token: null,
    });
    let state = scenario.start;
    compare(`${scenario.name}: the start`, state, figures(game, state.stopwatch.at), "state.js");
    scenario.steps.forEach((step, k) => {
      const where = `${scenario.name} (${scenario.code}), step ${k}: ${step.action} ${show(
        Object.fromEntries(Object.entries(step).filter(([key]) => ["i", "a", "b", "t"].includes(key))),
      )}`;
      const expect = step.expect;
      state = { ...state, ...Object.fromEntries(Object.entries(expect).filter(([key]) => !PER_STEP.has(key))) };
      const before = game.s.events.length;
      let returned = null;
      let refusal = null;
      try {
        returned = perform(game, step, scenario, where) ?? null;
      } catch (error) {
        if (!(error instanceof IllegalMove)) throw error; // an assertion, or state.js crashed
        refusal = error.message;
      }
      // state.js has one error class for both of the engine's (malformed input, illegal move).
      if (expect.error && refusal === null) {
        assert.fail(`${where}: the engine refused it (${expect.error.kind}: ${expect.error.message}), state.js accepted it`);
      }
      if (!expect.error && refusal !== null) {
        assert.fail(`${where}: the engine accepted it, state.js refused it (${refusal})`);
      }
      const js = { ...figures(game, state.stopwatch.at), returned, events: game.s.events.slice(before) };
      const engine = { ...state, returned: expect.returned, events: expect.events };
      if ("tiles" in expect) {
        js.tiles = game.tiles;
        engine.tiles = expect.tiles;
      }
      compare(where, engine, js, "state.js");
    });
    // The log state.js wrote is the one the server replays; it must come to the server's figures.
    const final = scenario.final;
    compare(`${scenario.name}: the end, against the server's replay of the log`, final, {
      status: game.status, level: game.s.level, score: game.score, moves: game.s.moves, hints: game.s.hints,
      shuffles: game.s.shuffles, time_ms: game.s.timeMs, duration_ms: game.s.now,
    }, "state.js");
  });
}
