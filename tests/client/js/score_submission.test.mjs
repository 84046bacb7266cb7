// node --test tests/client/js/ : score_submission.js, where the link after a submitted game leads.
import assert from "node:assert/strict";
import { test } from "node:test";

import "./static_files.mjs";
import { installLocalStorage } from "./local_storage.mjs";

installLocalStorage();
const { ScoreSubmission } = await import("../../../game/mahjong/static/mahjong/js/score_submission.js");

const urls = { scoresUrl: "/en/mahjong/scores/", dailyScoresUrl: "/en/mahjong/scores/daily/" };

/** A finished game as ScoreSubmission reads it (only `s`). */
function game({ daily = null, mode = "classic" } = {}) {
  return { s: { token: "t", code: "MJ1-L03-ABCDEFG", layout: "L03", mode, daily, status: "cleared", events: [] } };
}

/** Submit `played` with an API that answers `answer`. */
async function submitted(played, answer) {
  const submission = new ScoreSubmission({ submit: async () => answer, currentGame: () => null, urls });
  const form = submission.formFor(played);
  assert.ok(form, "a game with a token has a form");
  return form.submit("Anna");
}

test("a random deal's score links to its layout's board", async () => {
  const done = await submitted(game(), { rank: 3, random_deal: true });
  assert.equal(done.link, "/en/mahjong/scores/?layout=L03&mode=classic");
  assert.match(done.message, /number 3/);
});

test("a chosen code's score links to that code's own board", async () => {
  const done = await submitted(game({ mode: "arcade" }), { rank: 1, random_deal: false });
  assert.equal(done.link, "/en/mahjong/scores/?code=MJ1-L03-ABCDEFG&mode=arcade");
});

test("a daily challenge's score links to the day's boards, and an answer without the flag to the layout's", async () => {
  assert.equal((await submitted(game({ daily: "2026-12-01" }), { rank: 1, random_deal: false })).link, urls.dailyScoresUrl);
  assert.equal((await submitted(game(), { rank: null })).link, "/en/mahjong/scores/?layout=L03&mode=classic");
});

// -- a submitted game does not come back ------------------------------------------------------

const { ApiError } = await import("../../../game/core/static/core/js/api.js");
const { Game } = await import("../../../game/mahjong/static/mahjong/js/state.js");
const { loadGame, saveGame } = await import("../../../game/mahjong/static/mahjong/js/storage.js");
const { deriveGraph } = await import("./derive_graph.mjs");

/** A real game whose board is cleared, saved as the page saves it after every move. */
function clearedGame() {
  const positions = [[0, 0, 0], [2, 0, 0]];
  const played = Game.fromDeal({
    code: "MJ1-L00-ABCDEFG", layout: "L00", mode: "classic", level: 1, positions, graph: deriveGraph(positions),
    tiles: ["R", "R"], plan: null, token: "t",
  });
  played.match(0, 1, 1000);
  assert.ok(saveGame(played, 1000, null));
  return played;
}

/** Submit the game on the board with an API that answers `answer` (or throws it). */
function submitting(played, answer) {
  const submit = async () => {
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return new ScoreSubmission({ submit, currentGame: () => played, urls, wait: async () => {} }).formFor(played);
}

test("a submitted game is over for good: leaving the page does not save it back", async () => {
  const played = clearedGame();
  await submitting(played, { rank: 1 }).submit("Anna");
  assert.equal(loadGame(), null, "the save is gone");
  // Leaving the page saves the game on the board (pagehide): not this one any more.
  assert.equal(saveGame(played, 2000, null), false);
  assert.equal(loadGame(), null, "the next visit deals a new game");
  assert.equal(submitting(played, { rank: 1 }), null, "and its dialog has no form to submit it again");
});

test("a game refused for good is settled too; one refused for now can be submitted again", async () => {
  const refused = clearedGame();
  const form = submitting(refused, new ApiError("already_submitted", 409));
  await assert.rejects(form.submit("Anna"), ApiError);
  assert.ok(form.refusedForGood(new ApiError("already_submitted", 409)));
  assert.equal(saveGame(refused, 2000, null), false);
  assert.equal(loadGame(), null);

  const busy = clearedGame();
  const again = submitting(busy, new ApiError("busy", 503));
  await assert.rejects(again.submit("Anna"), ApiError);
  assert.ok(!again.refusedForGood(new ApiError("busy", 503)));
  assert.ok(saveGame(busy, 2000, null), "still saved, to be submitted later");
  assert.equal(loadGame()?.game.s.code, "MJ1-L00-ABCDEFG");
});

test("a busy server gets the game again after a second, and a free one ranks it", async () => {
  const { BUSY_TRIES, BUSY_WAIT_MS } = await import("../../../game/mahjong/static/mahjong/js/score_submission.js");
  const played = clearedGame();
  const answers = [new ApiError("busy", 503), new ApiError("busy", 503), { rank: 2 }];
  /** @type {string[]} */
  const calls = [];
  const submit = async () => {
    calls.push("submit");
    const answer = answers.shift();
    if (answer instanceof Error) throw answer;
    return answer;
  };
  const wait = async (ms) => { calls.push(`wait ${ms}`); };
  const done = await new ScoreSubmission({ submit, currentGame: () => played, urls, wait }).formFor(played).submit("Anna");
  assert.match(done.message, /number 2/);
  assert.deepEqual(calls, ["submit", `wait ${BUSY_WAIT_MS}`, "submit", `wait ${BUSY_WAIT_MS}`, "submit"]);
  assert.equal(loadGame(), null, "submitted: over for good");
  assert.ok(BUSY_TRIES >= 3);
});

test("a server busy at every try is told to the player, and the game stays to be submitted later", async () => {
  const { BUSY_TRIES } = await import("../../../game/mahjong/static/mahjong/js/score_submission.js");
  const played = clearedGame();
  let tries = 0;
  const submit = async () => {
    tries += 1;
    throw new ApiError("busy", 503);
  };
  const form = new ScoreSubmission({ submit, currentGame: () => played, urls, wait: async () => {} }).formFor(played);
  await assert.rejects(form.submit("Anna"), (error) => error instanceof ApiError && error.code === "busy");
  assert.equal(tries, BUSY_TRIES);
  assert.equal(loadGame()?.game.s.code, "MJ1-L00-ABCDEFG");
});

test("a refusal other than busy is not sent again", async () => {
  const played = clearedGame();
  let tries = 0;
  const submit = async () => {
    tries += 1;
    throw new ApiError("name_invalid", 400);
  };
  const form = new ScoreSubmission({ submit, currentGame: () => played, urls, wait: async () => {} }).formFor(played);
  await assert.rejects(form.submit("Anna"), ApiError);
  assert.equal(tries, 1);
});
