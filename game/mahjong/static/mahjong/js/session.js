// @ts-check
// The game on the board and what goes with it: its clock, the keyboard focus, and whether a
// request to the server is under way (input waits meanwhile). The play page's modules share
// this one object instead of each keeping its own idea of "the current game".

import { IllegalMove } from "./state.js";

/** @typedef {import("./state.js").Game} Game */
/** @typedef {import("../../core/js/clock.js").GameClock} GameClock */

export class PlaySession {
  /** @type {Game | null} */
  #game = null;
  /** @type {GameClock | null} */
  #clock = null;
  /** @type {number | null} */
  #focus = null;
  #busy = false;

  /** The game on the board, or null before the first deal. */
  get game() {
    return this.#game;
  }

  /** Put a game on the board, going on from its clock; the focus starts over. @param {Game} game @param {GameClock} clock */
  start(game, clock) {
    this.#game = game;
    this.#clock = clock;
    this.#focus = null;
  }

  /** The game clock's reading, never behind the game's last action (0 before the first deal). */
  now() {
    if (!this.#game || !this.#clock) return 0;
    return Math.max(this.#clock.now(), this.#game.s.now);
  }

  /** The position the keyboard focus ring is on, or null. */
  get focus() {
    return this.#focus;
  }

  /** @param {number | null} i */
  setFocus(i) {
    this.#focus = i;
  }

  /** After a move: a focused tile that is gone or no longer free loses the focus. */
  dropStaleFocus() {
    if (this.#focus !== null && !this.#game?.isFree(this.#focus)) this.#focus = null;
  }

  /** Whether a request is under way: the board then takes no moves. */
  get busy() {
    return this.#busy;
  }

  /** @param {boolean} busy */
  setBusy(busy) {
    this.#busy = busy;
  }

  /**
   * Run an action of the game at the current time; false (and `refused` is told the rules'
   * reason) if the rules refuse it.
   * @param {(t: number) => void} action
   * @param {(reason: string) => void} refused
   */
  attempt(action, refused) {
    try {
      action(this.now());
      return true;
    } catch (error) {
      if (!(error instanceof IllegalMove)) throw error;
      refused(error.message);
      return false;
    }
  }
}
