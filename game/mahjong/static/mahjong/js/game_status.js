// @ts-check
// The words a game in progress is described in: its status, what a tap did, and the error
// for an action the rules forbid. As in game/mahjong/engine/play.py.

export const Status = Object.freeze({
  PLAYING: "playing",
  NO_MOVES: "no_moves",
  CLEARED: "cleared",
  GAME_OVER: "game_over",
});

export const Tap = Object.freeze({
  SELECTED: "selected",
  DESELECTED: "deselected",
  MATCHED: "matched",
  BLOCKED: "blocked",
});

/** An action the rules forbid now (the UI disables it; this is the safety net). */
export class IllegalMove extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.name = "IllegalMove";
  }
}
