// @ts-check
// Personal records, pure: the arcade high score, the ten best classic win times of each layout
// (with the date) and a few statistics, kept in this browser only (storage.js keeps them).
// Every function returns new records and never throws.

/** 2: the best times by layout; 1 kept them in one list for all layouts (read, and moved over). */
export const RECORDS_VERSION = 2;
export const BEST_TIMES = 10;

/**
 * @typedef {{timeMs: number, layout: string, date: string, code?: string}} ClassicWin
 * @typedef {{score: number, level: number, layout: string, date: string, code?: string}} ArcadeResult
 * @typedef {{games: number, wins: number, hints: number}} Stats
 * @typedef {Record<string, ClassicWin[]>} BestTimes the ten best of each layout, by layout id, fastest first
 * @typedef {{version: number, arcadeBest: ArcadeResult | null, classicBest: BestTimes, stats: Stats}} Records
 */

/** @returns {Records} */
export function freshRecords() {
  return { version: RECORDS_VERSION, arcadeBest: null, classicBest: {}, stats: { games: 0, wins: 0, hints: 0 } };
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
/** @param {unknown} list */
const isTimes = (list) => Array.isArray(list) && list.length <= BEST_TIMES && list.every(isTime);

/**
 * The stored best times as lists by layout, or null when damaged: version 1's one list is
 * split by layout (it had ten at the most, so each layout's part fits).
 * @param {number} version
 * @param {unknown} stored
 * @returns {BestTimes | null}
 */
function bestTimesOf(version, stored) {
  /** @type {Map<string, ClassicWin[]>} */
  const byLayout = new Map();
  if (version === 1) {
    if (!isTimes(stored)) return null;
    for (const e of /** @type {ClassicWin[]} */ (stored)) byLayout.set(e.layout, [...(byLayout.get(e.layout) ?? []), e]);
  } else {
    if (!stored || typeof stored !== "object" || Array.isArray(stored)) return null;
    for (const [layout, list] of Object.entries(stored)) {
      if (!text(layout) || !isTimes(list) || !list.every((/** @type {ClassicWin} */ e) => e.layout === layout)) {
        return null;
      }
      if (list.length) byLayout.set(layout, list);
    }
  }
  return Object.fromEntries([...byLayout].map(([layout, list]) =>
    [layout, list.map((e) => ({ ...e })).sort((a, b) => a.timeMs - b.timeMs)]));
}

/**
 * Records as stored, checked; anything damaged or of an unknown version gives fresh records.
 * Version 1's records come back in version 2's form.
 * @param {any} data
 * @returns {Records}
 */
export function cleanRecords(data) {
  const fresh = freshRecords();
  if (!data || typeof data !== "object" || (data.version !== 1 && data.version !== RECORDS_VERSION)) return fresh;
  const { arcadeBest, stats } = data;
  if (arcadeBest !== null && !isArcade(arcadeBest)) return fresh;
  const classicBest = bestTimesOf(data.version, data.classicBest);
  if (!classicBest) return fresh;
  if (!stats || typeof stats !== "object" || !["games", "wins", "hints"].every((k) => count(stats[k]))) return fresh;
  return {
    version: RECORDS_VERSION,
    arcadeBest: arcadeBest && { ...arcadeBest },
    classicBest,
    stats: { games: stats.games, wins: stats.wins, hints: stats.hints },
  };
}

/**
 * A classic win {timeMs, layout, date, code}: into the ten best times of its layout if it is
 * fast enough. An equal time goes after the ones already there (they were first). Returns
 * {records, place} with place 1..10 among the layout's times, or null when it did not make them.
 * @param {Records} records
 * @param {ClassicWin} win
 * @returns {{records: Records, place: number | null}}
 */
export function addClassicWin(records, win) {
  const list = (Object.hasOwn(records.classicBest, win.layout) ? records.classicBest[win.layout] : []).slice();
  let place = list.findIndex((e) => e.timeMs > win.timeMs);
  if (place === -1) place = list.length;
  if (place >= BEST_TIMES) return { records, place: null };
  list.splice(place, 0, { ...win });
  const classicBest = { ...records.classicBest, [win.layout]: list.slice(0, BEST_TIMES) };
  return { records: { ...records, classicBest }, place: place + 1 };
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
