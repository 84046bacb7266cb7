// @ts-check
// Submitting a finished game to the leaderboards: the name form's content (the name used
// last time), the request (POST /api/scores/ with the deal's token and the move log), and
// what to tell the player after: the rank and a link to the board the score went to.

import { ApiError } from "../../core/js/api.js";
import { gettext, interpolate } from "../../core/js/i18n.js";
import { Status } from "./state.js";
import { isSettled, loadPreference, savePreference, settleGame } from "./storage.js";

/**
 * The API's refusals that submitting the same game again cannot get past (the codes
 * game/mahjong/apps.py marks final; tests/client/test_code_lists.py holds them equal): the game
 * is then over for good, like a submitted one. A busy
 * server, a lost connection or a name to correct leave it to be submitted again.
 */
export const FINAL_REFUSALS = Object.freeze(new Set([
  "already_submitted", "token_invalid", "token_expired", "log_too_long", "log_malformed", "log_illegal",
  "not_cleared", "impossible_time", "impossible_timing", "copied_log", "daily_closed",
]));

/**
 * A server busy checking other games (503 "busy", game/core/api/busy.py) asks to be sent the game
 * again after a second: the page does so itself, a few times, before it tells the player. A
 * check takes tens of milliseconds, so a burst is over long before the last try.
 */
export const BUSY_TRIES = 4;
export const BUSY_WAIT_MS = 1000;

/** @param {number} ms */
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether a failed submission is final (FINAL_REFUSALS). @param {unknown} error */
export function refusedForGood(error) {
  return error instanceof ApiError && FINAL_REFUSALS.has(error.code);
}

/**
 * @typedef {import("./state.js").Game} Game
 * @typedef {{message: string, link: string}} Submitted
 * @typedef {{name: string, submit: (name: string) => Promise<Submitted>, refusedForGood: (error: unknown) => boolean}} ScoreForm
 * @typedef {{rank: number | null, random_deal?: boolean}} ScoreCreated the parts of the API's answer read here
 * @typedef {(token: string, name: string, log: import("./game_data.js").GameEvent[]) => Promise<ScoreCreated>} SubmitScore
 */

export class ScoreSubmission {
  /**
   * @param {object} deps
   * @param {SubmitScore} deps.submit the API's POST /api/scores/
   * @param {() => Game | null} deps.currentGame
   * @param {{scoresUrl: string, dailyScoresUrl: string}} deps.urls the leaderboards' pages
   * @param {(ms: number) => Promise<unknown>} [deps.wait] the pause before a busy server is asked again
   */
  constructor({ submit, currentGame, urls, wait = pause }) {
    this.submit = submit;
    this.wait = wait;
    this.currentGame = currentGame;
    this.urls = urls;
  }

  /**
   * The form for a game that has a token (one dealt by the server) and is not settled yet
   * (submitted or refused for good: its dialog shows no form again), else null.
   * @param {Game} game
   */
  formFor(game) {
    const token = game.s.token;
    if (!token || isSettled(game)) return null;
    /** @type {ScoreForm} */
    const form = { name: loadPreference("name") || "", submit: (name) => this.send(game, token, name), refusedForGood };
    return form;
  }

  /**
   * @param {Game} game
   * @param {string} token
   * @param {string} name
   * @returns {Promise<Submitted>}
   */
  async send(game, token, name) {
    const trimmed = name.trim();
    let answer;
    try {
      answer = await this.submitWhenFree(token, trimmed, game.s.events);
    } catch (error) {
      if (refusedForGood(error)) this.settle(game);
      throw error;
    }
    savePreference("name", trimmed);
    this.settle(game);
    const message = answer.rank === null
      ? gettext("Score saved; it will be ranked after a review.")
      : interpolate(gettext("Score saved: you are number %(rank)s."), { rank: answer.rank });
    return { message, link: this.leaderboardUrl(game, answer.random_deal !== false) };
  }

  /**
   * The submission, sent again after BUSY_WAIT_MS while the server answers that it is busy (a
   * busy refusal spends neither the token nor the rate limit), at most BUSY_TRIES times in all.
   * @param {string} token
   * @param {string} name
   * @param {import("./game_data.js").GameEvent[]} log
   * @returns {Promise<ScoreCreated>}
   */
  async submitWhenFree(token, name, log) {
    for (let tries = 1; ; tries += 1) {
      try {
        return await this.submit(token, name, log);
      } catch (error) {
        if (!(error instanceof ApiError && error.code === "busy") || tries >= BUSY_TRIES) throw error;
      }
      await this.wait(BUSY_WAIT_MS);
    }
  }

  /**
   * Submitted (or refused for good), the game is over for good: it is not resumed on the next
   * visit, which deals a new game instead of showing this one to be submitted again.
   * @param {Game} game
   */
  settle(game) {
    if (this.currentGame() === game && game.s.status !== Status.PLAYING) settleGame(game);
  }

  /**
   * The board the game's score goes to: the day's, the layout's for a deal the server chose at
   * random, else the code's (a shared code is ranked on a board of its own).
   * @param {Game} game
   * @param {boolean} randomDeal the server's answer says so (random_deal)
   */
  leaderboardUrl(game, randomDeal = true) {
    const s = game.s;
    if (s.daily) return this.urls.dailyScoresUrl;
    const board = randomDeal ? ["layout", s.layout] : ["code", s.code];
    return `${this.urls.scoresUrl}?${new URLSearchParams([board, ["mode", s.mode]])}`;
  }
}
