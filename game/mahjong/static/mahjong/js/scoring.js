// @ts-check
// Arcade scoring, as the server's (game/mahjong/engine/play.py, whose docstring has the rules
// exactly): points for each pair with a bonus for speed (timed on the game clock, which a pause
// does not stop, from the previous move, which an undone pair is not), a price for each hint
// that stays paid, and points for each board cleared. The figures are
// the engine's, sent in the page's config ("scoring"): configureScoring(config.scoring) once,
// before any game is played.

/**
 * The engine's scoring constants, by their lower-case names (game/mahjong/api/views.py scoring_rules).
 * @typedef {object} ScoringRules
 * @property {number} pair_points
 * @property {number} speed_bonus the most a pair earns for speed
 * @property {number} full_bonus_ms a pair this soon after the previous move earns the full bonus (pauses count)
 * @property {number} no_bonus_ms ...and from this long after, none
 * @property {number} hint_cost
 * @property {number} board_points
 * @property {number} level_points for each level, up to level_points_cap
 * @property {number} level_points_cap
 * @property {number} arcade_shuffles for a whole arcade game
 * @property {number} hint_penalty_ms classic: added to the ranked time for each hint
 * @property {number} shuffle_penalty_ms classic: ...and for each shuffle
 */

/** @type {readonly (keyof ScoringRules)[]} */
export const SCORING_KEYS = Object.freeze([
  "pair_points", "speed_bonus", "full_bonus_ms", "no_bonus_ms", "hint_cost", "board_points", "level_points",
  "level_points_cap", "arcade_shuffles", "hint_penalty_ms", "shuffle_penalty_ms",
]);

/** @type {Readonly<ScoringRules> | null} */
let configured = null;

/**
 * Take the server's scoring constants; throws if one is missing or not a whole number.
 * @param {unknown} rules the config's "scoring"
 * @returns {Readonly<ScoringRules>}
 */
export function configureScoring(rules) {
  const given = /** @type {Record<string, unknown>} */ (rules && typeof rules === "object" ? rules : {});
  /** @type {Record<string, number>} */
  const picked = {};
  for (const key of SCORING_KEYS) {
    const value = given[key];
    if (typeof value !== "number" || !Number.isInteger(value) || value < 0) {
      throw new TypeError(`the scoring rules lack ${key}`);
    }
    picked[key] = value;
  }
  configured = Object.freeze(/** @type {ScoringRules} */ (/** @type {unknown} */ (picked)));
  return configured;
}

/** The configured scoring constants; throws before configureScoring. */
export function scoringRules() {
  if (!configured) throw new Error("no scoring rules: call configureScoring(config.scoring) first");
  return configured;
}

/**
 * The bonus for a pair taken `elapsedMs` after the previous move. The time is the
 * game clock's, pauses included (the engine's speed_bonus says why).
 * @param {number} elapsedMs
 */
export function speedBonus(elapsedMs) {
  const { speed_bonus: bonus, full_bonus_ms: full, no_bonus_ms: none } = scoringRules();
  if (elapsedMs <= full) return bonus;
  if (elapsedMs >= none) return 0;
  return Math.floor((bonus * (none - elapsedMs)) / (none - full));
}

/**
 * The bonus clock of a game with this log, as the engine runs it (play.py's docstring): `last`,
 * the t of the previous move (0: the deal), and `before`, for each pair undo can still put back
 * (oldest first), where the clock stood before it. A pair taken, a shuffle and a next level
 * are moves; an undone pair is not: undo sets the clock back to where it stood before it.
 * Saves made before pauses counted for the bonus, or before undo set the clock back, hold
 * other times; the log tells it either way, so the bonus of a restored game is the server's.
 * @param {readonly {t: number, type: string}[]} events
 * @returns {{last: number, before: number[]}}
 */
export function bonusClock(events) {
  let last = 0;
  /** @type {number[]} */
  const before = [];
  for (const { t, type } of events) {
    if (type === "match") {
      before.push(last);
      last = t;
    } else if (type === "undo") {
      last = before.pop() ?? last;
    } else if (type === "shuffle" || type === "next_level") {
      before.length = 0; // nothing before them can be undone
      last = t;
    }
  }
  return { last, before };
}

/**
 * Set a saved game's bonus clock from its log (bonusClock): the save may be of a version that
 * kept other times. False when its undo history is not its log's.
 * @param {import("./game_data.js").GameState} state
 */
export function restoreBonusClock(state) {
  const clock = bonusClock(state.events);
  if (clock.before.length !== state.history.length) return false;
  state.lastChange = clock.last;
  state.history.forEach((removal, k) => { removal.since = clock.before[k]; });
  return true;
}

/**
 * The points for clearing the board of a level.
 * @param {number} level
 */
export function boardPoints(level) {
  const rules = scoringRules();
  return rules.board_points + rules.level_points * Math.min(level, rules.level_points_cap);
}
