// @ts-check
// Showing the game as it stands: the board, the status line (with the winnability verdict)
// and which buttons work now. Called after every change; the classic clock ticks on its own.

import { scoringRules } from "./scoring.js";
import { Status } from "./state.js";

/** @typedef {{winnable: import("./winnability_watcher.js").Winnability, undos: number | null}} Verdict */

/** The pairs taken off a board and not put back. @param {(string | null)[]} tiles */
export function pairsTaken(tiles) {
  return tiles.filter((face) => face === null).length / 2;
}

/**
 * What classic ranking adds to the time for the hints and shuffles taken (the engine's figures).
 * @param {{hints: number, shuffles: number}} s
 */
export function classicPenaltyMs(s) {
  const rules = scoringRules();
  return s.hints * rules.hint_penalty_ms + s.shuffles * rules.shuffle_penalty_ms;
}

export class PlayScreen {
  /**
   * @param {object} deps
   * @param {import("./session.js").PlaySession} deps.session
   * @param {Pick<import("./render.js").BoardRenderer, "update" | "viewName">} deps.board
   * @param {Pick<import("./ui.js").PlayUi, "renderStatus" | "setControls">} deps.ui
   * @param {() => Verdict} deps.verdict the winnability watcher's
   * @param {() => number | null} [deps.chosen] a tile chosen to complete a pair that waits (input.js)
   */
  constructor({ session, board, ui, verdict, chosen = () => null }) {
    this.session = session;
    this.chosen = chosen;
    /** whether the status line says if the board can still be cleared (a setting) */
    this.verdictShown = true;
    this.board = board;
    this.ui = ui;
    this.verdict = verdict;
  }

  /** Every quarter second: a running classic clock moves on. */
  tick() {
    const game = this.session.game;
    if (game && game.mode === "classic" && !game.paused) this.refreshStatus();
  }

  refreshStatus() {
    const game = this.session.game;
    if (!game) return;
    const s = game.s;
    const ended = s.status === Status.NO_MOVES || s.status === Status.GAME_OVER;
    const { winnable, undos } = this.verdict();
    this.ui.renderStatus({
      mode: s.mode,
      clock: game.stopwatch(this.session.now()),
      score: game.score,
      level: s.level,
      shufflesLeft: game.shufflesLeft,
      // The pairs off the board now: one taken back by an undo is not counted again when retaken.
      moves: pairsTaken(s.tiles),
      tilesLeft: s.tiles.length - 2 * pairsTaken(s.tiles),
      hints: s.hints,
      pairs: game.paused ? null : game.availablePairs().length,
      verdict: this.verdictShown,
      penaltyMs: s.mode === "classic" ? classicPenaltyMs(s) : 0,
      winnable: ended ? false : s.status === Status.CLEARED ? true : winnable,
      undos: s.status === Status.GAME_OVER ? null : undos,
    });
  }

  refresh() {
    const { session } = this;
    const game = session.game;
    if (!game) return;
    const s = game.s;
    const busy = session.busy;
    this.board.update({
      tiles: s.tiles,
      free: s.tiles.map((f, i) => game.isFree(i)),
      selected: this.chosen() ?? s.selected,
      hint: s.hint,
      focus: session.focus,
      paused: game.paused,
    });
    this.refreshStatus();
    this.ui.setControls({
      hint: !busy && game.canHint,
      undo: !busy && !game.paused && game.canUndo,
      shuffle: !busy && game.canShuffle,
      pause: !busy && game.canPause,
      paused: game.paused,
      closeup: this.board.viewName() === "closeup",
      stop: s.mode === "arcade",
      stopEnabled: !busy && s.status !== Status.GAME_OVER,
    });
  }
}
