// @ts-check
// The plain JSON a game is made of: the deals the API gives, the state of a game in progress
// (what state.js's Game wraps and storage keeps), and the check a saved state must pass
// before it is played on.

import { Status } from "./game_status.js";
import { isValidGraph } from "./rules.js";

/** @typedef {import("./rules.js").Position} Position */
/** @typedef {import("./rules.js").Graph} Graph */
/** @typedef {import("./rules.js").Tiles} Tiles */
/** @typedef {[number, number]} Pair */
/**
 * A pair taken, for undo: its points, and `since`, the bonus clock before it (where undo sets it
 * back; missing in saves of before undo did, and filled in from the log when one is read).
 * @typedef {{a: number, b: number, fa: string, fb: string, points: number, since?: number}} Removal
 */
/** @typedef {{t: number, type: string, a?: number, b?: number}} GameEvent an entry of the server's log */

/**
 * A deal as the API gives it (POST /api/deals/, GET /api/deals/<code>/?level=k).
 * @typedef {object} Deal
 * @property {string} code
 * @property {string} layout
 * @property {string} mode
 * @property {number} [level]
 * @property {string | null} [daily]
 * @property {string | null} [token]
 * @property {Position[]} positions
 * @property {Graph} graph which positions block which, as the engine has them
 * @property {Tiles} tiles
 * @property {Pair[] | null} [plan] a way to clear it, only where no player could use it: the API's
 *   deals have none (the hint asks the solver, hint_actions.js), a replay page's script has one
 */

/** A shuffle's answer (POST /api/deals/<code>/shuffle/). @typedef {{tiles: Tiles, plan?: Pair[] | null}} Shuffled */

/**
 * @typedef {object} GameState
 * @property {number} version STATE_VERSION
 * @property {string} code
 * @property {string} layout
 * @property {string} mode "classic" | "arcade"
 * @property {string | null} daily the daily challenge's date
 * @property {string | null} token the deal's token, for submitting the score
 * @property {number} level
 * @property {Position[]} positions
 * @property {Graph} [graph] the layout's graph, from the deal; missing in saves of before it
 *   came from the server (the game loader asks the server for it again)
 * @property {Tiles} tiles
 * @property {Pair[] | null} plan a way to clear the board, when the server gave one
 * @property {number | null} selected
 * @property {Pair | null} hint
 * @property {number} moves
 * @property {number} hints
 * @property {number} shuffles
 * @property {number} earned
 * @property {number} penalties
 * @property {string} status a Status
 * @property {Removal[]} history the pairs taken since the board was dealt or shuffled
 * @property {number} now the time of the last action
 * @property {number | null} pausedAt
 * @property {number} pausedTotal
 * @property {number | null} clockStart active time of the first pair
 * @property {number} lastChange t of the previous move, the bonus clock's start (wall time: pauses count)
 * @property {number | null} timeMs the classic time, once the board is cleared
 * @property {GameEvent[]} events
 */

export const STATE_VERSION = 1;

const CODE_RE = /^MJ1-L[0-9]{2}-[A-Z]{7}$/;

/** @param {unknown} v */
const isInt = (v) => Number.isInteger(v);
/** @param {unknown} v */
const isIntOrNull = (v) => v === null || Number.isInteger(v);
/** @param {unknown} p */
const isPair = (p) => Array.isArray(p) && p.length === 2 && p.every(isInt);

/**
 * Structural check of a saved state: anything else (old versions, damage) is refused.
 * @param {any} s
 * @returns {s is GameState}
 */
export function isValidState(s) {
  if (!s || typeof s !== "object" || s.version !== STATE_VERSION) return false;
  if (typeof s.code !== "string" || !CODE_RE.test(s.code)) return false;
  if (s.mode !== "classic" && s.mode !== "arcade") return false;
  if (!Object.values(Status).includes(s.status)) return false;
  const n = Array.isArray(s.positions) ? s.positions.length : -1;
  if (n < 2 || !s.positions.every((/** @type {unknown} */ p) => Array.isArray(p) && p.length === 3 && p.every(isInt))) {
    return false;
  }
  if (s.graph !== undefined && !isValidGraph(s.graph, n)) return false;
  if (!Array.isArray(s.tiles) || s.tiles.length !== n) return false;
  if (!s.tiles.every((/** @type {unknown} */ f) => f === null || typeof f === "string")) return false;
  if (s.plan !== null && !(Array.isArray(s.plan) && s.plan.every(isPair))) return false;
  if (s.hint !== null && !isPair(s.hint)) return false;
  for (const k of ["level", "moves", "hints", "shuffles", "earned", "penalties", "now", "pausedTotal", "lastChange"]) {
    if (!isInt(s[k])) return false;
  }
  for (const k of ["selected", "pausedAt", "clockStart", "timeMs"]) if (!isIntOrNull(s[k])) return false;
  if (!Array.isArray(s.history) || !Array.isArray(s.events)) return false;
  if (!s.events.every((/** @type {any} */ e) => e && isInt(e.t) && typeof e.type === "string")) return false;
  return s.token === null || typeof s.token === "string";
}
