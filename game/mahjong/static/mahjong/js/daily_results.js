// @ts-check
// The player's own daily challenges, pure: the days on which each mode's daily was played, in
// this browser only (storage.js keeps them), and what the new-game dialog says of them: how
// many were played and the streak (days in a row up to today, or up to yesterday while today's
// is still to play). Every function returns new results and never throws.

/** Days kept of each mode: enough for any streak a player will see, and small. */
export const DAILY_DAYS_KEPT = 400;

/** @typedef {Record<string, string[]>} DailyResults the days ("YYYY-MM-DD", sorted) by mode */

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Results as stored, checked: anything damaged is left out.
 * @param {unknown} data
 * @returns {DailyResults}
 */
export function cleanDailyResults(data) {
  /** @type {DailyResults} */
  const clean = {};
  if (!data || typeof data !== "object" || Array.isArray(data)) return clean;
  for (const mode of ["classic", "arcade"]) {
    const days = /** @type {Record<string, unknown>} */ (data)[mode];
    if (!Array.isArray(days)) continue;
    const good = [...new Set(days.filter((day) => typeof day === "string" && DAY.test(day)))].sort();
    clean[mode] = good.slice(-DAILY_DAYS_KEPT);
  }
  return clean;
}

/**
 * The results with `day` played in `mode`.
 * @param {DailyResults} results @param {string} mode @param {string} day
 * @returns {DailyResults}
 */
export function addDailyPlay(results, mode, day) {
  return cleanDailyResults({ ...results, [mode]: [...(results[mode] ?? []), day] });
}

/** The day before `day`, both "YYYY-MM-DD". @param {string} day */
function dayBefore(day) {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

/**
 * How many dailies of `mode` were played, and the streak on `today`.
 * @param {DailyResults} results @param {string} mode @param {string} today
 * @returns {{played: number, streak: number}}
 */
export function dailySummary(results, mode, today) {
  const days = new Set(results[mode] ?? []);
  let day = days.has(today) ? today : dayBefore(today);
  let streak = 0;
  while (days.has(day)) {
    streak += 1;
    day = dayBefore(day);
  }
  return { played: days.size, streak };
}
