// @ts-check
// Submitting a finished game to the leaderboards: the name form's content (the name used
// last time), the request (POST /api/scores/ with the deal's token and the move log), and
// what to tell the player after: the rank and a link to the board the score went to.

import { gettext, interpolate } from "../../core/js/i18n.js";
import { Status } from "./state.js";
import { clearGame, loadPreference, savePreference } from "./storage.js";

/**
 * @typedef {import("./state.js").Game} Game
 * @typedef {{message: string, link: string}} Submitted
 * @typedef {{name: string, submit: (name: string) => Promise<Submitted>}} ScoreForm
 * @typedef {{rank: number | null, random_deal?: boolean}} ScoreCreated the parts of the API's answer read here
 * @typedef {(token: string, name: string, log: import("./game_data.js").GameEvent[]) => Promise<ScoreCreated>} SubmitScore
 */

export class ScoreSubmission {
  /**
   * @param {object} deps
   * @param {SubmitScore} deps.submit the API's POST /api/scores/
   * @param {() => Game | null} deps.currentGame
   * @param {{scoresUrl: string, dailyScoresUrl: string}} deps.urls the leaderboards' pages
   */
  constructor({ submit, currentGame, urls }) {
    this.submit = submit;
    this.currentGame = currentGame;
    this.urls = urls;
  }

  /** The form for a game that has a token (one dealt by the server), else null. @param {Game} game */
  formFor(game) {
    const token = game.s.token;
    if (!token) return null;
    /** @type {ScoreForm} */
    const form = { name: loadPreference("name") || "", submit: (name) => this.send(game, token, name) };
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
    const answer = await this.submit(token, trimmed, game.s.events);
    savePreference("name", trimmed);
    // Submitted, the game is over for good: it is not resumed on the next visit.
    if (this.currentGame() === game && game.s.status !== Status.PLAYING) clearGame();
    const message = answer.rank === null
      ? gettext("Score saved; it will be ranked after a review.")
      : interpolate(gettext("Score saved: you are number %(rank)s."), { rank: answer.rank });
    return { message, link: this.leaderboardUrl(game, answer.random_deal !== false) };
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
