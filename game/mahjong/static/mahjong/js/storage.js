// @ts-check
// What Mahjong keeps in this browser: the game in progress (saved after every move), the
// personal records and the preferences (tile style, player name), under keys namespaced
// "miaojong:mahjong:..." (core/js/storage.js). Keys of before the namespaces move on the
// first visit, so no player loses a saved game or records. Anything unreadable (damaged,
// an older format, storage disabled) reads as nothing saved.

import { GameStorage } from "../../core/js/storage.js";
import { cleanDailyResults } from "./daily_results.js";
import { cleanRecords, freshRecords } from "./records.js";
import { Game } from "./state.js";

const SAVE = "save:v1";
const RECORDS = "records:v1";
const DAILY = "daily:v1";
/** @param {string} name */
const preference = (name) => `prefs:${name}`;

/** The keys the client used before, and their names now. */
const OLD_KEYS = Object.freeze({
  "miaojong.play.v1": SAVE,
  "miaojong.records.v1": RECORDS,
  "miaojong.style": preference("style"),
  "miaojong.name": preference("name"),
});

const store = new GameStorage("mahjong", OLD_KEYS);

export const STORAGE_KEY = store.key(SAVE);
export const RECORDS_KEY = store.key(RECORDS);

/** @typedef {{game: Game, t: number, wall: number | undefined, style: string | undefined}} SavedGame */

/** @type {WeakSet<Game>} games that are over for good (settleGame): never saved again */
const settled = new WeakSet();

/**
 * Save the game with the clock reading t and its style; false if storage is unavailable or
 * the game is settled.
 * @param {Game} game
 * @param {number} t
 * @param {string | null} style
 */
export function saveGame(game, t, style) {
  if (settled.has(game)) return false;
  return store.write(SAVE, JSON.stringify({ state: game.toJSON(), t, wall: Date.now(), style }));
}

/**
 * A finished game is over for good (its score submitted, or refused for a reason that will
 * not pass): its save goes, and it is never saved again, not even when the page is left
 * (which saves the game on the board), so the next visit does not bring it back to be
 * submitted again.
 * @param {Game} game
 */
export function settleGame(game) {
  settled.add(game);
  clearGame();
}

/** Whether the game is over for good (settleGame). @param {Game} game */
export function isSettled(game) {
  return settled.has(game);
}

/**
 * The saved game, or null; `onDamaged()` is told when a saved game could not be read.
 * @param {() => void} [onDamaged]
 * @returns {SavedGame | null}
 */
export function loadGame(onDamaged = () => {}) {
  const raw = store.read(SAVE);
  /** @type {any} */
  let data;
  try {
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
  store.remove(SAVE);
}

/** @param {string} name @param {string} value */
export function savePreference(name, value) {
  store.write(preference(name), value);
}

/** @param {string} name */
export function loadPreference(name) {
  return store.read(preference(name));
}

/** @returns {import("./records.js").Records} */
export function loadRecords() {
  try {
    return cleanRecords(JSON.parse(store.read(RECORDS) || "null"));
  } catch {
    return freshRecords();
  }
}

/** @param {import("./records.js").Records} records */
export function saveRecords(records) {
  return store.write(RECORDS, JSON.stringify(records));
}

/** The player's daily challenges (daily_results.js). @returns {import("./daily_results.js").DailyResults} */
export function loadDailyResults() {
  try {
    return cleanDailyResults(JSON.parse(store.read(DAILY) || "null"));
  } catch {
    return {};
  }
}

/** @param {import("./daily_results.js").DailyResults} results */
export function saveDailyResults(results) {
  store.write(DAILY, JSON.stringify(results));
}
