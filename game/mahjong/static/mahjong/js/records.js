// @ts-check
// Personal records, pure: the arcade high score, the ten best classic win times (with the
// layout and the date) and a few statistics, kept in this browser only (storage.js keeps
// them). Every function returns new records and never throws.

export const RECORDS_VERSION = 1;
export const BEST_TIMES = 10;

/**
 * @typedef {{timeMs: number, layout: string, date: string, code?: string}} ClassicWin
 * @typedef {{score: number, level: number, layout: string, date: string, code?: string}} ArcadeResult
 * @typedef {{games: number, wins: number, hints: number}} Stats
 * @typedef {{version: number, arcadeBest: ArcadeResult | null, classicBest: ClassicWin[], stats: Stats}} Records
 */

/** @returns {Records} */
export function freshRecords() {
  return { version: RECORDS_VERSION, arcadeBest: null, classicBest: [], stats: { games: 0, wins: 0, hints: 0 } };
}

/** @param {unknown} v */
const count = (v) => Number.isInteger(v) && Number(v) >= 0;
/** @param {unknown} v */
const text = (v) => typeof v === "string" && v.length > 0 && v.length <= 40;
/** @param {any} e */
const isTime = (e) => e && typeof e === "object" && count(e.timeMs) && text(e.layout) && text(e.date);
/** @param {any} e */
const isArcade = (e) => e && typeof e === "object" && count(e.score) && count(e.level) && text(e.layout) &&
  text(e.date);

/**
 * Records as stored, checked; anything damaged or of another version gives fresh records.
 * @param {any} data
 * @returns {Records}
 */
export function cleanRecords(data) {
  const fresh = freshRecords();
  if (!data || typeof data !== "object" || data.version !== RECORDS_VERSION) return fresh;
  const { arcadeBest, classicBest, stats } = data;
  if (arcadeBest !== null && !isArcade(arcadeBest)) return fresh;
  if (!Array.isArray(classicBest) || classicBest.length > BEST_TIMES || !classicBest.every(isTime)) return fresh;
  if (!stats || typeof stats !== "object" || !["games", "wins", "hints"].every((k) => count(stats[k]))) return fresh;
  return {
    version: RECORDS_VERSION,
    arcadeBest: arcadeBest && { ...arcadeBest },
    classicBest: classicBest.map((e) => ({ ...e })).sort((a, b) => a.timeMs - b.timeMs),
    stats: { games: stats.games, wins: stats.wins, hints: stats.hints },
  };
}

/**
 * A classic win {timeMs, layout, date, code}: into the ten best times if it is fast enough.
 * An equal time goes after the ones already there (they were first). Returns {records, place}
 * with place 1..10, or null when it did not make the list.
 * @param {Records} records
 * @param {ClassicWin} win
 * @returns {{records: Records, place: number | null}}
 */
export function addClassicWin(records, win) {
  const list = records.classicBest.slice();
  let place = list.findIndex((e) => e.timeMs > win.timeMs);
  if (place === -1) place = list.length;
  if (place >= BEST_TIMES) return { records, place: null };
  list.splice(place, 0, { ...win });
  return { records: { ...records, classicBest: list.slice(0, BEST_TIMES) }, place: place + 1 };
}

/**
 * An arcade result {score, level, layout, date, code}; {records, best} (best: a new high score).
 * @param {Records} records
 * @param {ArcadeResult} result
 * @returns {{records: Records, best: boolean}}
 */
export function addArcadeScore(records, result) {
  const old = records.arcadeBest;
  if (old && old.code === result.code && result.score >= old.score) {
    // The same game going on (the next level): the record follows it.
    return { records: { ...records, arcadeBest: { ...result } }, best: result.score > old.score };
  }
  if (old && result.score <= old.score) return { records, best: false };
  return { records: { ...records, arcadeBest: { ...result } }, best: result.score > 0 };
}

/**
 * Add to the statistics: {games, wins, hints} increments.
 * @param {Records} records
 * @param {Partial<Stats>} add
 * @returns {Records}
 */
export function countStats(records, add) {
  const stats = { ...records.stats };
  for (const key of /** @type {(keyof Stats)[]} */ (Object.keys(stats))) stats[key] += add[key] || 0;
  return { ...records, stats };
}
