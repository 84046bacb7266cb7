// node --test tests/client/js/ : the pure rules of game/mahjong/static/mahjong/js/rules.js.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import {
  availablePairs, freeTiles, hasMoves, isFree, isValidGraph, layoutFromGraph, matchClass, tilesMatch,
} from "../../../game/mahjong/static/mahjong/js/rules.js";
import { deriveGraph } from "./derive_graph.mjs";

/** A hand-made board with the relations the engine would send for it. */
const buildLayout = (positions) => layoutFromGraph(positions, deriveGraph(positions));

const engine = JSON.parse(readFileSync(new URL("./engine-games.json", import.meta.url)));

test("identical labels match, and so do any two flowers or any two seasons", () => {
  assert.ok(tilesMatch("5B", "5B"));
  assert.ok(tilesMatch("Wh", "Wh"));
  assert.ok(!tilesMatch("5B", "5C"));
  assert.ok(!tilesMatch("5B", "6B"));
  assert.ok(tilesMatch("F1", "F4"));
  assert.ok(tilesMatch("S2", "S3"));
  assert.ok(!tilesMatch("F1", "S1"));
  assert.ok(!tilesMatch("N", "S"));
  assert.ok(!tilesMatch(null, null));
  assert.equal(matchClass("F3"), matchClass("F1"));
  assert.equal(matchClass("S1"), matchClass("S4"));
  assert.equal(matchClass("S"), "S"); // the south wind is its own face...
  assert.ok(!tilesMatch("S", "S1")); // ...and does not match a season
});

test("a row: only the ends are free, and a gap frees its neighbours", () => {
  const layout = buildLayout([[0, 0, 0], [2, 0, 0], [4, 0, 0], [6, 0, 0]]);
  const tiles = ["1B", "2B", "3B", "4B"];
  assert.deepEqual(freeTiles(layout, tiles), [0, 3]);
  tiles[2] = null;
  assert.deepEqual(freeTiles(layout, tiles), [0, 1, 3]);
  assert.ok(!isFree(layout, tiles, 2), "an empty spot is not free");
});

test("a tile on top blocks the tiles it overlaps, even half over them", () => {
  // Two tiles side by side, a third on top half over each (x = 1 on layer 1).
  const layout = buildLayout([[0, 0, 0], [2, 0, 0], [1, 0, 1]]);
  const tiles = ["R", "R", "G"];
  assert.deepEqual(freeTiles(layout, tiles), [2]);
  assert.deepEqual(availablePairs(layout, tiles), []);
  assert.ok(!hasMoves(layout, tiles));
  tiles[2] = null;
  assert.deepEqual(availablePairs(layout, tiles), [[0, 1]]);
});

test("neighbours half a tile up or down count; a tile further away does not", () => {
  // Middle tile at (2, 1): left neighbour at y = 0, right neighbour at y = 2 -> blocked.
  const layout = buildLayout([[0, 0, 0], [2, 1, 0], [4, 2, 0], [8, 1, 0]]);
  const tiles = ["1B", "2B", "3B", "4B"];
  assert.ok(!isFree(layout, tiles, 1));
  // Two rows apart (dy = 2) is no neighbour: this right tile at y = 3 does not block.
  const apart = buildLayout([[0, 1, 0], [2, 1, 0], [4, 3, 0]]);
  assert.ok(isFree(apart, ["1B", "2B", "3B"], 1));
  // A tile on the layer above but diagonal by two does not cover.
  const diagonal = buildLayout([[0, 0, 0], [2, 2, 1]]);
  assert.deepEqual(freeTiles(diagonal, ["1B", "1B"]), [0, 1]);
});

test("available pairs are every free matching pair in index order", () => {
  const layout = buildLayout([[0, 0, 0], [4, 0, 0], [8, 0, 0], [12, 0, 0], [16, 0, 0]]);
  assert.deepEqual(availablePairs(layout, ["F1", "5D", "F3", "5D", "S1"]), [[0, 2], [1, 3]]);
});

test("the free tiles and pairs of real deals agree with the engine", () => {
  for (const mode of ["classic", "arcade"]) {
    const { deal, steps } = engine[mode];
    const layout = layoutFromGraph(deal.positions, deal.graph);
    let tiles = deal.tiles.slice();
    for (const step of steps) {
      if (step.action === "match") {
        tiles[step.a] = null;
        tiles[step.b] = null;
      } else if (step.action === "undo") {
        continue; // covered by the state tests
      } else if (step.result) {
        tiles = step.result.tiles.slice();
      } else if (step.deal) {
        tiles = step.deal.tiles.slice();
      }
      if (steps.some((s, k) => s.action === "undo" && k <= steps.indexOf(step))) break;
      assert.deepEqual(availablePairs(layout, tiles), step.expect.pairs, `${mode} after ${step.action} at ${step.t}`);
    }
  }
});

test("a layout is the positions with the graph as given; a graph that does not fit is refused", () => {
  const positions = [[0, 0, 0], [2, 0, 0]];
  const graph = { above: [[], []], left: [[], [0]], right: [[1], []] };
  const layout = layoutFromGraph(positions, graph);
  assert.equal(layout.size, 2);
  assert.equal(layout.positions, positions);
  assert.deepEqual([layout.above, layout.left, layout.right], [graph.above, graph.left, graph.right]);
  assert.ok(isValidGraph(graph, 2));
  for (const bad of [null, {}, { ...graph, above: [[]] }, { ...graph, left: [[], [2]] }, { ...graph, right: [[1.5], []] }]) {
    assert.ok(!isValidGraph(bad, 2), JSON.stringify(bad));
    assert.throws(() => layoutFromGraph(positions, bad), TypeError);
  }
});

test("the engine's graph of a real deal is the one the test model works out", () => {
  const { deal } = engine.classic;
  assert.deepEqual(deal.graph, deriveGraph(deal.positions));
});
