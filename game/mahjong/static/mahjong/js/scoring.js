// @ts-check
// Arcade scoring, as the server's (game/mahjong/engine/play.py): points for each pair with a
// bonus for speed, a price for each hint, and points for each board cleared.

export const PAIR_POINTS = 100;
export const SPEED_BONUS = 100;
export const FULL_BONUS_MS = 2000;
export const NO_BONUS_MS = 10000;
export const HINT_COST = 50;
export const BOARD_POINTS = 2000;
export const LEVEL_POINTS = 500;
export const LEVEL_POINTS_CAP = 10;
export const ARCADE_SHUFFLES = 3;

/**
 * The bonus for a pair taken `elapsedMs` of active time after the last change of the board.
 * @param {number} elapsedMs
 */
export function speedBonus(elapsedMs) {
  if (elapsedMs <= FULL_BONUS_MS) return SPEED_BONUS;
  if (elapsedMs >= NO_BONUS_MS) return 0;
  return Math.floor((SPEED_BONUS * (NO_BONUS_MS - elapsedMs)) / (NO_BONUS_MS - FULL_BONUS_MS));
}

/**
 * The points for clearing the board of a level.
 * @param {number} level
 */
export function boardPoints(level) {
  return BOARD_POINTS + LEVEL_POINTS * Math.min(level, LEVEL_POINTS_CAP);
}
