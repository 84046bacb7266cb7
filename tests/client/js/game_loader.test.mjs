// node --test tests/client/js/ : game/mahjong/static/mahjong/js/game_loader.js giving a save of
// before deals carried their graph the graph of its deal, asked of the server.
import assert from "node:assert/strict";
import { test } from "node:test";

import "./static_files.mjs";
import { deriveGraph } from "./derive_graph.mjs";

const { GameLoader } = await import("../../../game/mahjong/static/mahjong/js/game_loader.js");
const { Game } = await import("../../../game/mahjong/static/mahjong/js/state.js");

const positions = [[0, 0, 0], [2, 0, 0], [6, 0, 0], [8, 0, 0]];
const deal = {
  code: "MJ1-L00-ABCDEFG", layout: "L00", mode: "classic", level: 1, positions, graph: deriveGraph(positions),
  tiles: ["5B", "5B", "R", "R"], plan: null, token: "x",
};

test("an old save gets its graph from the deal of its code and level", async () => {
  const old = Game.fromJSON({ ...Game.fromDeal(deal).toJSON(), graph: undefined });
  const asked = [];
  const loader = new GameLoader(/** @type {any} */ ({
    dealAt: async (code, level, mode) => {
      asked.push([code, level, mode]);
      return deal;
    },
  }));
  const saved = await loader.withGraph({ game: old, t: 0, wall: undefined, style: undefined });
  assert.deepEqual(asked, [["MJ1-L00-ABCDEFG", 1, "classic"]]);
  assert.equal(saved?.game, old);
  assert.deepEqual(old.s.graph, deal.graph);
  assert.deepEqual(old.availablePairs(), [[0, 1], [2, 3]]);
  const other = new GameLoader(/** @type {any} */ ({ dealAt: async () => ({ ...deal, positions: positions.slice(2) }) }));
  const stale = Game.fromJSON({ ...Game.fromDeal(deal).toJSON(), graph: undefined });
  assert.equal(await other.withGraph({ game: stale, t: 0, wall: undefined, style: undefined }), null);
});

const { gameAddress } = await import("../../../game/mahjong/static/mahjong/js/game_loader.js");

test("today's daily has the daily's address; an earlier day's daily and any other game their code's", () => {
  const play = "/en/mahjong/play/";
  const daily = { code: "MJ1-L00-ABCDEFG", mode: "arcade", daily: "2026-12-03" };
  assert.equal(gameAddress(daily, play, "2026-12-03"), "/en/mahjong/play/?daily=arcade");
  // ?daily= would open today's challenge, not the saved one.
  assert.equal(gameAddress(daily, play, "2026-12-04"), "/en/mahjong/play/MJ1-L00-ABCDEFG/?mode=arcade");
  assert.equal(gameAddress({ ...daily, mode: "classic", daily: null }, play, "2026-12-03"),
    "/en/mahjong/play/MJ1-L00-ABCDEFG/");
});
