// @ts-check
// Watches whether the board is still winnable, in the background, never blocking play: after
// every change of the board it asks the server's solver (POST /api/solve/, rate limited, so
// at a measured pace), keeps the verdicts by board, and when the board is lost works out how
// many undos lead back to a winnable one (winnable.js).

import { ApiError } from "../../core/js/api.js";
import { Status } from "./state.js";
import { boardKey, undoneBoard, undosToWinnable } from "./winnable.js";

const SOLVE_DELAY_MS = 800;
const SOLVE_INTERVAL_MS = 3100; // the API allows 20 solves a minute

/**
 * @typedef {import("./state.js").Game} Game
 * @typedef {import("./rules.js").Tiles} Tiles
 * @typedef {import("./winnable.js").Verdict} Verdict
 * @typedef {Verdict | "checking"} Winnability what the status line says: "checking" while asking
 */

export class WinnabilityWatcher {
  /**
   * @param {object} deps
   * @param {(layout: string, tiles: Tiles) => Promise<{winnable: Verdict}>} deps.solve
   * @param {() => Game | null} deps.currentGame
   * @param {() => void} deps.onChange told when a verdict came in
   */
  constructor({ solve, currentGame, onChange }) {
    this.solve = solve;
    this.currentGame = currentGame;
    this.onChange = onChange;
    /** @type {Map<string, Verdict>} board key -> the solver's verdict */
    this.verdicts = new Map();
    /** @type {Winnability} */
    this.winnable = null;
    /** @type {number | null} */
    this.undos = null;
    this.seq = 0;
    this.timer = 0;
    this.lastAskedAt = -Infinity;
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
    this.undos = null;
    this.winnable = planned ? true : null;
    if (planned) this.knowWinnable(tiles);
    else this.boardChanged();
  }

  /** The server dealt these tiles with a plan (a shuffle, the next level). @param {Tiles} tiles */
  knowWinnable(tiles) {
    this.verdicts.set(boardKey(tiles), true);
  }

  /** The board changed: show what is known of it, and ask about it (or its undos) if needed. */
  boardChanged() {
    clearTimeout(this.timer);
    const game = this.currentGame();
    if (!game) return;
    const s = game.s;
    if (s.status === Status.CLEARED || s.status === Status.GAME_OVER) return;
    const known = this.verdicts.get(boardKey(s.tiles));
    this.undos = null;
    if (known !== undefined && s.status === Status.PLAYING) {
      this.winnable = known;
      if (known !== false) return;
    }
    const board = this.nextBoardToAsk(game);
    if (board === null) return;
    if (known === undefined) this.winnable = s.status === Status.NO_MOVES ? false : "checking";
    const wait = Math.max(SOLVE_DELAY_MS, this.lastAskedAt + SOLVE_INTERVAL_MS - performance.now());
    this.timer = setTimeout(() => this.ask(game, board), wait);
  }

  /**
   * The board to ask the solver about: the current one, or one the undos lead back to.
   * @param {Game} game
   * @returns {Tiles | null}
   */
  nextBoardToAsk(game) {
    const s = game.s;
    const current = s.status === Status.NO_MOVES ? false : this.verdicts.get(boardKey(s.tiles));
    if (current === undefined) return s.tiles.slice();
    if (current !== false) return null;
    /** @param {number} k */
    const verdict = (k) => this.verdicts.get(boardKey(undoneBoard(s.tiles, s.history, k)));
    const step = undosToWinnable(verdict, s.history.length);
    if ("ask" in step) return undoneBoard(s.tiles, s.history, step.ask);
    this.undos = step.undos;
    return null;
  }

  /** @param {Game} game @param {Tiles} tiles */
  async ask(game, tiles) {
    const seq = ++this.seq;
    this.lastAskedAt = performance.now();
    /** @type {Verdict} */
    let winnable = null;
    try {
      winnable = (await this.solve(game.s.layout, tiles)).winnable;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.status === 429 || error.status === 0) {
        // Too many questions or offline: try again later, the game goes on meanwhile.
        if (seq === this.seq && this.currentGame() === game) {
          this.timer = setTimeout(() => this.boardChanged(), SOLVE_INTERVAL_MS * 3);
        }
        return;
      }
    }
    if (this.currentGame() !== game) return;
    this.verdicts.set(boardKey(tiles), winnable);
    if (seq !== this.seq) return;
    this.boardChanged();
    this.onChange();
  }
}
