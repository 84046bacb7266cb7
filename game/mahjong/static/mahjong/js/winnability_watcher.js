// @ts-check
// Watches whether the board is still winnable, in the background, never blocking play, and
// keeps what the hints need: after every change of the board it asks the server's solver
// (POST /api/solve/, rate limited, so at a measured pace, one question at a time) unless a
// winning plan known already still clears it (hints.js). It keeps the verdicts and plans by
// board, and for a lost board the undos back to a winnable one, which the server works out
// from the removals sent along. The verdict "not winnable" is read out once, when it comes in.

import { ApiError } from "../../core/js/api.js";
import { gettext, interpolate, ngettext } from "../../core/js/i18n.js";
import { adviseHint, winningPlan } from "./hints.js";
import { Status } from "./state.js";
import { boardKey, historyKey, removalsToSend } from "./winnable.js";

const SOLVE_DELAY_MS = 800;
const SOLVE_INTERVAL_MS = 3100; // the API allows 20 solves a minute

/**
 * @typedef {import("./state.js").Game} Game
 * @typedef {import("./rules.js").Tiles} Tiles
 * @typedef {import("./game_data.js").Pair} Pair
 * @typedef {import("./winnable.js").Verdict} Verdict
 * @typedef {Verdict | "checking"} Winnability what the status line says: "checking" while asking
 * @typedef {{tiles: number, proven: boolean}} Leftover the fewest tiles a lost board can be played down to
 * @typedef {{winnable: Verdict, plan?: Pair[] | null, undos?: number | null, leftover?: Leftover | null}} SolveAnswer
 * @typedef {(layout: string, tiles: Tiles, removals: ReturnType<typeof removalsToSend>) => Promise<SolveAnswer>} Solve
 */

/**
 * What is read out when the board is found lost.
 * @param {number | null} undos
 */
export function lostText(undos) {
  if (!undos) return gettext("This board can no longer be cleared.");
  return interpolate(ngettext("This board can no longer be cleared: undo %(n)s move to get back to a winnable board.",
    "This board can no longer be cleared: undo %(n)s moves to get back to a winnable board.", undos), { n: undos });
}

export class WinnabilityWatcher {
  /**
   * @param {object} deps
   * @param {Solve} deps.solve
   * @param {() => Game | null} deps.currentGame
   * @param {() => void} deps.onChange told when a verdict came in
   * @param {(text: string) => void} deps.announce reads a text out (the polite live region)
   */
  constructor({ solve, currentGame, onChange, announce }) {
    this.solve = solve;
    this.currentGame = currentGame;
    this.onChange = onChange;
    this.announce = announce;
    /** @type {Map<string, Verdict>} board key -> the solver's verdict */
    this.verdicts = new Map();
    /** @type {Map<string, Pair[]>} board key -> the solver's winning plan for it */
    this.plans = new Map();
    /** @type {Pair[] | null} the solver's last winning plan: it serves on while its pairs are taken */
    this.lastPlan = null;
    /** @type {Map<string, number | null>} board and undo history (historyKey) -> undos back to a winnable board */
    this.undosBack = new Map();
    /** @type {Map<string, Leftover>} board key -> the fewest tiles that lost board can be played down to */
    this.leftovers = new Map();
    /** @type {Winnability} */
    this.winnable = null;
    /** @type {number | null} */
    this.undos = null;
    this.timer = 0;
    this.asking = false;
    this.lastAskedAt = -Infinity;
    /** @type {(() => void)[]} told when the question under way (or the next) is answered */
    this.waiting = [];
  }

  /** What is known of the current board: {winnable, undos back to a winnable board}. */
  get verdict() {
    return { winnable: this.winnable, undos: this.undos };
  }

  /**
   * Another game is on the board: what was known goes. A board dealt with a plan is winnable;
   * any other is asked about.
   * @param {Tiles} tiles
   * @param {boolean} planned
   */
  reset(tiles, planned) {
    clearTimeout(this.timer);
    this.verdicts.clear();
    this.plans.clear();
    this.undosBack.clear();
    this.leftovers.clear();
    this.lastPlan = null;
    this.undos = null;
    this.winnable = planned ? true : null;
    this.release();
    if (planned) this.knowWinnable(tiles);
    else this.boardChanged();
  }

  /** The server dealt these tiles with a plan (a shuffle, the next level). @param {Tiles} tiles */
  knowWinnable(tiles) {
    this.verdicts.set(boardKey(tiles), true);
  }

  /** A winning plan from the current board, if one known still clears it. @param {Game} game */
  planFor(game) {
    const s = game.s;
    return winningPlan(game.layout, s.tiles, [s.plan, this.plans.get(boardKey(s.tiles)), this.lastPlan]);
  }

  /** What the hint button says now (hints.js adviseHint). @param {Game} game */
  advise(game) {
    const s = game.s;
    return adviseHint({
      plan: this.planFor(game),
      verdict: s.status === Status.NO_MOVES ? false : this.verdicts.get(boardKey(s.tiles)),
      undos: this.undosFor(game),
      pairs: game.availablePairs(),
    });
  }

  /** For a lost board, the fewest tiles it can still be played down to, if known. @param {Game} game */
  leftoverFor(game) {
    return this.leftovers.get(boardKey(game.s.tiles)) ?? null;
  }

  /** The undos back to a winnable board, as far as known (undefined: not asked). @param {Game} game */
  undosFor(game) {
    const s = game.s;
    if (!s.history.length) return null; // nothing to undo
    return this.undosBack.get(historyKey(s.tiles, s.history));
  }

  /** The board changed: show what is known of it, and ask about it if needed. */
  boardChanged() {
    clearTimeout(this.timer);
    const game = this.currentGame();
    if (!game) return;
    const s = game.s;
    if (s.status === Status.CLEARED || s.status === Status.GAME_OVER) return;
    this.undos = null;
    if (this.planFor(game)) {
      this.winnable = true;
      return;
    }
    const known = s.status === Status.NO_MOVES ? false : this.verdicts.get(boardKey(s.tiles));
    const undos = this.undosFor(game);
    this.winnable = known === undefined ? "checking" : known;
    if (known === false) this.undos = undos ?? null;
    if (known === true || known === null || (known === false && undos !== undefined)) return;
    this.schedule(SOLVE_DELAY_MS);
  }

  /**
   * Ask about the current board as soon as the rate allows (the hint button waits for it);
   * resolves once that answer (or a failure) is in, or at once when nothing needs asking.
   * @returns {Promise<void>}
   */
  askNow() {
    const game = this.currentGame();
    if (!game || this.advise(game).kind !== "ask") return Promise.resolve();
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      if (!this.asking) this.schedule(0);
    });
  }

  /** Ask after `delay` ms, and never sooner than the rate limit allows. @param {number} delay */
  schedule(delay) {
    clearTimeout(this.timer);
    if (this.asking) return; // the answer under way asks again for the board as it is then
    const wait = Math.max(delay, this.lastAskedAt + SOLVE_INTERVAL_MS - performance.now());
    this.timer = setTimeout(() => this.askCurrent(), wait);
  }

  askCurrent() {
    const game = this.currentGame();
    if (game) this.ask(game, game.s.tiles.slice(), game.s.history.slice());
  }

  /** Tell whoever waits for an answer that it came (or will not). */
  release() {
    const waiting = this.waiting;
    this.waiting = [];
    for (const resolve of waiting) resolve();
  }

  /**
   * @param {Game} game
   * @param {Tiles} tiles
   * @param {import("./game_data.js").Removal[]} history
   */
  async ask(game, tiles, history) {
    this.asking = true;
    this.lastAskedAt = performance.now();
    /** @type {SolveAnswer} */
    let answer = { winnable: null };
    try {
      answer = await this.solve(game.s.layout, tiles, removalsToSend(history));
    } catch (error) {
      if (!(error instanceof ApiError)) {
        this.asking = false;
        this.release();
        throw error;
      }
      if (error.status === 429 || error.status === 503 || error.status === 0) {
        // Too many questions, a busy server or offline: try again later, the game goes on meanwhile.
        this.asking = false;
        this.release();
        if (this.currentGame() === game) this.timer = setTimeout(() => this.boardChanged(), SOLVE_INTERVAL_MS * 3);
        return;
      }
    }
    this.asking = false;
    if (this.currentGame() !== game) {
      this.release();
      return;
    }
    this.learn(tiles, history, answer);
    this.boardChanged();
    this.release();
    this.onChange();
  }

  /**
   * Keep an answer, and read out a lost verdict for the board on screen, once.
   * @param {Tiles} tiles
   * @param {import("./game_data.js").Removal[]} history
   * @param {SolveAnswer} answer
   */
  learn(tiles, history, answer) {
    const key = boardKey(tiles);
    const verdict = answer.winnable ?? null;
    const wasKnown = this.verdicts.get(key);
    this.verdicts.set(key, verdict);
    if (verdict === true && answer.plan) {
      this.plans.set(key, answer.plan);
      this.lastPlan = answer.plan;
    }
    if (verdict === false && answer.leftover) this.leftovers.set(key, answer.leftover);
    const undos = answer.undos === undefined ? null : answer.undos;
    const withHistory = historyKey(tiles, history);
    if (verdict === false) this.undosBack.set(withHistory, history.length ? undos : null);
    const game = this.currentGame();
    const onScreen = game && historyKey(game.s.tiles, game.s.history) === withHistory;
    if (verdict === false && wasKnown !== false && onScreen) this.announce(lostText(history.length ? undos : null));
  }
}
