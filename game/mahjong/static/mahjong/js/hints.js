// @ts-check
// Hints that never mislead, pure: a hint is the first pair of a winning plan from the board
// as it stands. A winning plan stays one when the player takes its pairs early or in another
// order (taking tiles away only ever frees others), so a plan known for an earlier board of
// the game (the deal's, a shuffle's, the solver's) still serves if what is left of it replays
// by the rules; when none does, the solver is asked for this very board (the watcher).

import { isFree, tilesMatch } from "./rules.js";

/**
 * @typedef {import("./rules.js").Layout} Layout
 * @typedef {import("./rules.js").Tiles} Tiles
 * @typedef {import("./game_data.js").Pair} Pair
 * @typedef {import("./winnable.js").Verdict} Verdict
 */

/**
 * What the hint button says about the board:
 *  - sure: the first pair of a winning plan;
 *  - lost: the board is proven not winnable; undos back to a winnable one (null: none known);
 *  - undecided: the solver could not decide the board: an available pair, not a sure one;
 *  - ask: nothing is known yet: ask the solver first.
 * @typedef {{kind: "sure", pair: Pair} | {kind: "lost", undos: number | null}
 *   | {kind: "undecided", pair: Pair | null} | {kind: "ask"}} HintAdvice
 */

/**
 * The pairs of `plan` still to take on `tiles`, if taking them in order clears the board by
 * the rules; else null (a pair of it was broken up by another pairing, or the board changed).
 * @param {Layout} layout
 * @param {Tiles} tiles
 * @param {Pair[]} plan
 * @returns {Pair[] | null}
 */
export function remainingPlan(layout, tiles, plan) {
  const board = tiles.slice();
  const left = plan.filter(([a, b]) => board[a] != null || board[b] != null);
  for (const [a, b] of left) {
    if (a === b || board[a] == null || board[b] == null) return null;
    if (!isFree(layout, board, a) || !isFree(layout, board, b) || !tilesMatch(board[a], board[b])) return null;
    board[a] = null;
    board[b] = null;
  }
  return board.every((face) => face === null) ? left : null;
}

/**
 * What is left of the first of `plans` (missing ones skipped) that still clears the board.
 * @param {Layout} layout
 * @param {Tiles} tiles
 * @param {(Pair[] | null | undefined)[]} plans
 */
export function winningPlan(layout, tiles, plans) {
  for (const plan of plans) {
    const left = plan ? remainingPlan(layout, tiles, plan) : null;
    if (left) return left;
  }
  return null;
}

/**
 * The hint for a board, from what is known of it.
 * @param {object} known
 * @param {Pair[] | null} known.plan a winning plan from this board (winningPlan), if any
 * @param {Verdict | undefined} known.verdict the solver's verdict for this board (undefined: not asked)
 * @param {number | null | undefined} known.undos with a lost board: the undos back (undefined: not asked)
 * @param {Pair[]} known.pairs the pairs available now
 * @returns {HintAdvice}
 */
export function adviseHint({ plan, verdict, undos, pairs }) {
  if (plan && plan.length) return { kind: "sure", pair: plan[0] };
  if (verdict === false && undos !== undefined) return { kind: "lost", undos };
  if (verdict === null) return { kind: "undecided", pair: pairs.length ? pairs[0] : null };
  return { kind: "ask" };
}

/**
 * Whether the hint shown last is still on the board as it was: every change of the board
 * clears it (state.js), so both its tiles being there means nothing changed since.
 * @param {{hint: Pair | null, tiles: Tiles}} s the game's state
 */
export function hintStillShown(s) {
  return s.hint !== null && s.tiles[s.hint[0]] != null && s.tiles[s.hint[1]] != null;
}
