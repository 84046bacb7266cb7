// @ts-check
// The words a game in progress is described in: its status, what a tap did, and the error
// for an action the rules forbid. As in game/mahjong/engine/play.py.
//
// Also whether a game is "in progress": one the player would lose by starting another.

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

/**
 * Whether the player would lose this game by starting another: a pair is taken and it is not
 * finished (an arcade game between levels goes on; a won or lost board has nothing to lose).
 * @param {{moves: number, status: string, mode: string}} s the game's state
 */
export function inProgress(s) {
  if (s.moves === 0) return false;
  return s.status === Status.PLAYING || s.status === Status.NO_MOVES || (s.mode === "arcade" && s.status === Status.CLEARED);
}
