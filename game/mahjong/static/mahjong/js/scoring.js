// @ts-check
// Arcade scoring, as the server's (game/mahjong/engine/play.py): points for each pair with a
// bonus for speed (timed on the game clock, which a pause does not stop), a price for each
// hint, and points for each board cleared. The figures are
// the engine's, sent in the page's config ("scoring"): configureScoring(config.scoring) once,
// before any game is played.

/**
 * The engine's scoring constants, by their lower-case names (game/mahjong/api/views.py scoring_rules).
 * @typedef {object} ScoringRules
 * @property {number} pair_points
 * @property {number} speed_bonus the most a pair earns for speed
 * @property {number} full_bonus_ms a pair this soon after the last change earns the full bonus (pauses count)
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
 * The bonus for a pair taken `elapsedMs` after the last change of the board. The time is the
 * game clock's, pauses included (the engine's speed_bonus says why).
 * @param {number} elapsedMs
 */
export function speedBonus(elapsedMs) {
  const { speed_bonus: bonus, full_bonus_ms: full, no_bonus_ms: none } = scoringRules();
  if (elapsedMs <= full) return bonus;
  if (elapsedMs >= none) return 0;
  return Math.floor((bonus * (none - elapsedMs)) / (none - full));
}

/** The events that change the board: the bonus runs from the last of them. */
const BOARD_CHANGES = new Set(["match", "undo", "shuffle", "next_level"]);

/**
 * When the board last changed in a game with this log, in t (0: at the deal). Saves made
 * before pauses counted for the bonus hold that time without the pauses; the log tells it
 * either way, so the bonus of a restored game is still the server's.
 * @param {readonly {t: number, type: string}[]} events
 */
export function lastBoardChange(events) {
  for (let k = events.length - 1; k >= 0; k--) if (BOARD_CHANGES.has(events[k].type)) return events[k].t;
  return 0;
}

/**
 * The points for clearing the board of a level.
 * @param {number} level
 */
export function boardPoints(level) {
  const rules = scoringRules();
  return rules.board_points + rules.level_points * Math.min(level, rules.level_points_cap);
}
