// The game in progress in localStorage, saved after every move. Anything unreadable
// (damaged, an older format, storage disabled) reads as "no saved game".

import { Game } from "./state.js";

export const STORAGE_KEY = "miaojong.play.v1";

function store() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Save the game with the clock reading t and its style; false if storage is unavailable. */
export function saveGame(game, t, style) {
  const storage = store();
  if (!storage) return false;
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify({ state: game.toJSON(), t, wall: Date.now(), style }));
    return true;
  } catch {
    return false;
  }
}

/** {game, t, wall, style} or null; `onDamaged()` is told when a saved game could not be read. */
export function loadGame(onDamaged = () => {}) {
  const storage = store();
  if (!storage) return null;
  let raw = null;
  let data = null;
  try {
    raw = storage.getItem(STORAGE_KEY);
    data = JSON.parse(raw || "null");
  } catch {
    data = null;
  }
  const game = data && typeof data === "object" ? Game.fromJSON(data.state) : null;
  if (!game || !Number.isInteger(data.t) || data.t < game.s.now) {
    if (raw !== null) {
      clearGame();
      onDamaged();
    }
    return null;
  }
  return { game, t: data.t, wall: data.wall, style: data.style };
}

export function clearGame() {
  try {
    store()?.removeItem(STORAGE_KEY);
  } catch {
    /* storage unavailable: nothing to clear */
  }
}

export function savePreference(name, value) {
  try {
    store()?.setItem(`miaojong.${name}`, value);
  } catch {
    /* ignore */
  }
}

export function loadPreference(name) {
  try {
    return store()?.getItem(`miaojong.${name}`) ?? null;
  } catch {
    return null;
  }
}

// -- personal records ----------------------------------------------------------------------
// The arcade high score, the ten best classic win times (with the layout and the date) and a
// few statistics, kept in this browser only. The record logic is pure (it returns new
// records, never throws); only loadRecords and saveRecords touch storage.

export const RECORDS_KEY = "miaojong.records.v1";
export const RECORDS_VERSION = 1;
export const BEST_TIMES = 10;

export function freshRecords() {
  return { version: RECORDS_VERSION, arcadeBest: null, classicBest: [], stats: { games: 0, wins: 0, hints: 0 } };
}

const count = (v) => Number.isInteger(v) && v >= 0;
const text = (v) => typeof v === "string" && v.length > 0 && v.length <= 40;
const isTime = (e) => e && typeof e === "object" && count(e.timeMs) && text(e.layout) && text(e.date);
const isArcade = (e) => e && typeof e === "object" && count(e.score) && count(e.level) && text(e.layout) &&
  text(e.date);

/** Records as stored, checked; anything damaged or of another version gives fresh records. */
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
 */
export function addClassicWin(records, win) {
  const list = records.classicBest.slice();
  let place = list.findIndex((e) => e.timeMs > win.timeMs);
  if (place === -1) place = list.length;
  if (place >= BEST_TIMES) return { records, place: null };
  list.splice(place, 0, { ...win });
  return { records: { ...records, classicBest: list.slice(0, BEST_TIMES) }, place: place + 1 };
}

/** An arcade result {score, level, layout, date, code}; {records, best} (best: a new high score). */
export function addArcadeScore(records, result) {
  const old = records.arcadeBest;
  if (old && old.code === result.code && result.score >= old.score) {
    // The same game going on (the next level): the record follows it.
    return { records: { ...records, arcadeBest: { ...result } }, best: result.score > old.score };
  }
  if (old && result.score <= old.score) return { records, best: false };
  return { records: { ...records, arcadeBest: { ...result } }, best: result.score > 0 };
}

/** Add to the statistics: {games, wins, hints} increments. */
export function countStats(records, add) {
  const stats = { ...records.stats };
  for (const key of Object.keys(stats)) stats[key] += add[key] || 0;
  return { ...records, stats };
}

export function loadRecords() {
  try {
    return cleanRecords(JSON.parse(store()?.getItem(RECORDS_KEY) || "null"));
  } catch {
    return freshRecords();
  }
}

export function saveRecords(records) {
  try {
    store()?.setItem(RECORDS_KEY, JSON.stringify(records));
    return true;
  } catch {
    return false;
  }
}
