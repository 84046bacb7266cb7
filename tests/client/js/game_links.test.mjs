// node --test tests/client/js/ : game_loader.js when the address asks for another game than the
// saved one (a friend's code, the replay's "Play this deal", the daily): a game in progress is
// not thrown away without asking; and the daily's address is the daily's, not its code's.
import assert from "node:assert/strict";
import { test } from "node:test";

import "./static_files.mjs";
import { deriveGraph } from "./derive_graph.mjs";
import { installLocalStorage } from "./local_storage.mjs";

installLocalStorage();
const { GameLoader } = await import("../../../game/mahjong/static/mahjong/js/game_loader.js");
const { PlaySession } = await import("../../../game/mahjong/static/mahjong/js/session.js");
const { Game } = await import("../../../game/mahjong/static/mahjong/js/state.js");

const positions = [[0, 0, 0], [2, 0, 0], [6, 0, 0], [8, 0, 0]];
/** A deal of `code` (4 tiles, two free pairs). */
const dealOf = (code, more = {}) => ({
  code, layout: "L00", mode: "classic", level: 1, positions, graph: deriveGraph(positions),
  tiles: ["5B", "5B", "R", "R"], plan: null, token: "x", ...more,
});
const PLAY_URL = "/en/mahjong/play/";
/** Today's date (UTC): only today's daily keeps the daily's address (an earlier day's has its code's). */
const TODAY = new Date().toISOString().slice(0, 10);

/** A page at `address` with a loader whose parts are recorded; `saved` is the game left in progress. */
function page({ address, code = null, daily = null, saved = null, dealt = (body) => dealOf(body.code ?? "MJ1-L00-DAILYDD", body.daily ? { daily: TODAY } : {}) }) {
  const [pathname, search = ""] = address.split("?");
  globalThis.location = { pathname, search: search && `?${search}` };
  const addresses = [];
  globalThis.history = {
    replaceState: (_state, _title, url) => {
      addresses.push(url);
      const [p, q = ""] = url.split("?");
      globalThis.location = { pathname: p, search: q && `?${q}` };
    },
  };
  const dialogs = [];
  const deals = [];
  const session = new PlaySession();
  const ui = {
    closeDialog() {}, showMessage() {}, showCode() {}, showInfo() {}, showNotice() {}, announce() {},
    openDialog: (dialog) => dialogs.push(dialog),
  };
  const loader = new GameLoader(/** @type {any} */ ({
    config: { code, daily, mode: null, defaultLayout: "L00", playUrl: PLAY_URL },
    session,
    deal: async (body) => {
      deals.push(body);
      return dealt(body);
    },
    dealAt: async () => assert.fail("no old save here"),
    ui,
    setLayout() {},
    watcher: { reset() {} },
    countStats() {},
    describe: () => "",
    save() {},
    refresh() {},
    afterMove() {},
    fail: (error) => assert.fail(String(error)),
  }));
  const restore = () => loader.resume({ game: saved, t: saved.s.now, wall: undefined, style: undefined });
  return { loader, session, dialogs, deals, addresses, restore };
}

/** A saved game of `code` with `pairs` pairs taken. */
function savedGame(code, pairs = 1, more = {}) {
  const game = Game.fromDeal(dealOf(code, more));
  if (pairs) game.match(0, 1, 1000);
  return game;
}

/** The dialog's button with this id. */
const button = (dialog, id) => dialog.buttons.find((b) => b.id === id);

test("a friend's code with a game in progress: asked first, and the saved game stays if the player keeps it", async () => {
  const saved = savedGame("MJ1-L00-MINEEEE");
  const p = page({ address: `${PLAY_URL}MJ1-L00-FRIENDS/`, code: "MJ1-L00-FRIENDS", saved });
  await p.loader.leaveOrKeep({ game: saved, t: 1000, wall: undefined, style: undefined },
    () => p.loader.deps.deal({ code: "MJ1-L00-FRIENDS", mode: "classic" }));
  assert.equal(p.session.game, saved, "the game in progress is on the board while the player decides");
  assert.equal(p.dialogs.length, 1);
  assert.equal(p.dialogs[0].title, "Leave your game in progress?");
  assert.ok(button(p.dialogs[0], "play-link-keep"), "a way to keep the game");
  assert.equal(button(p.dialogs[0], "play-link-keep").onClick, undefined, "keeping only closes the question");
  assert.deepEqual(p.deals, [], "nothing dealt before the player says so");
  assert.equal(p.addresses.at(-1), `${PLAY_URL}MJ1-L00-MINEEEE/`, "the address is the kept game's");

  await button(p.dialogs[0], "play-link-new").onClick();
  assert.equal(p.session.game.s.code, "MJ1-L00-FRIENDS", "the player chose the friend's game");
  assert.equal(p.session.game.s.moves, 0);
  assert.equal(p.addresses.at(-1), `${PLAY_URL}MJ1-L00-FRIENDS/`);
});

test("start() asks about a link to another game, and only when a game is in progress", async () => {
  const inProgress = page({ address: `${PLAY_URL}MJ1-L00-FRIENDS/`, code: "MJ1-L00-FRIENDS" });
  globalThis.window.localStorage.setItem("miaojong:mahjong:save:v1",
    JSON.stringify({ state: savedGame("MJ1-L00-MINEEEE").toJSON(), t: 2000, wall: Date.now() }));
  await inProgress.loader.start();
  assert.equal(inProgress.session.game.s.code, "MJ1-L00-MINEEEE");
  assert.equal(inProgress.dialogs.length, 1);

  const untouched = page({ address: `${PLAY_URL}MJ1-L00-FRIENDS/`, code: "MJ1-L00-FRIENDS" });
  globalThis.window.localStorage.setItem("miaojong:mahjong:save:v1",
    JSON.stringify({ state: savedGame("MJ1-L00-MINEEEE", 0).toJSON(), t: 0, wall: Date.now() }));
  await untouched.loader.start();
  assert.equal(untouched.session.game.s.code, "MJ1-L00-FRIENDS", "a game not begun is not asked about");
  assert.deepEqual(untouched.dialogs, []);
  globalThis.window.localStorage.removeItem("miaojong:mahjong:save:v1");
});

test("the daily with another game in progress asks too", async () => {
  const p = page({ address: `${PLAY_URL}?daily=classic`, daily: "classic" });
  globalThis.window.localStorage.setItem("miaojong:mahjong:save:v1",
    JSON.stringify({ state: savedGame("MJ1-L00-MINEEEE").toJSON(), t: 2000, wall: Date.now() }));
  await p.loader.start();
  assert.equal(p.session.game.s.code, "MJ1-L00-MINEEEE");
  assert.equal(p.dialogs.length, 1);
  await button(p.dialogs[0], "play-link-new").onClick();
  assert.equal(p.session.game.s.code, "MJ1-L00-DAILYDD");
  assert.ok(p.session.game.s.daily);
  globalThis.window.localStorage.removeItem("miaojong:mahjong:save:v1");
});

test("a daily game's address is the daily's, so that whoever follows it gets the day's challenge", async () => {
  const p = page({ address: `${PLAY_URL}?daily=classic`, daily: "classic" });
  await p.loader.start();
  assert.ok(p.session.game.s.daily);
  assert.deepEqual(p.deals, [{ daily: "classic" }]);
  assert.deepEqual(p.addresses, [], "the address stays the daily's");

  const shown = page({ address: `${PLAY_URL}MJ1-L00-DAILYDD/`, saved: savedGame("MJ1-L00-DAILYDD", 1, { daily: TODAY }) });
  shown.restore();
  assert.equal(shown.addresses.at(-1), `${PLAY_URL}?daily=classic`);
  const other = page({ address: PLAY_URL, saved: savedGame("MJ1-L00-MINEEEE") });
  other.restore();
  assert.equal(other.addresses.at(-1), `${PLAY_URL}MJ1-L00-MINEEEE/`, "any other game's is its code's");
});
