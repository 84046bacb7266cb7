// @ts-check
// The player's choices this browser remembers (core/js/storage.js, keys "miaojong:rummy:prefs:..."):
// the computer's level for new matches and how the rack is sorted. A value that is not one of
// the choices reads as none, so a damaged or old value never breaks the page.

import { GameStorage } from "../../core/js/storage.js";

const store = new GameStorage("rummy");
const LEVEL = "prefs:level";
const RACK_SORT = "prefs:rack-sort";

/**
 * The level remembered for new matches, if it is one of `levels` (else the first of them).
 * @param {readonly string[]} levels
 */
export function preferredLevel(levels) {
  const kept = store.read(LEVEL);
  return kept !== null && levels.includes(kept) ? kept : levels[0];
}

/** @param {string} level */
export function rememberLevel(level) {
  store.write(LEVEL, level);
}

/** @returns {"colour" | "number" | null} */
export function preferredRackSort() {
  const kept = store.read(RACK_SORT);
  return kept === "colour" || kept === "number" ? kept : null;
}

/** @param {"colour" | "number" | null} how null: the player's own order (no sort) */
export function rememberRackSort(how) {
  if (how === null) store.remove(RACK_SORT);
  else store.write(RACK_SORT, how);
}
