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
