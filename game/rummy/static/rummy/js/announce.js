// @ts-check
// What a screen reader hears: the polite live region of the page, and the words for the other
// player's move ("The computer played. New set: red 7, red 8, red 9. Added to a group: black 5.",
// "The computer drew a tile."). describeMove is pure, so the node tests read it.

import { gettext, interpolate, ngettext } from "../../core/js/i18n.js";
import { setReading } from "./sets.js";
import { tileNames } from "./texts.js";

/**
 * @typedef {import("./seat_api.js").SeatEvent} SeatEvent
 * @typedef {import("./seat_api.js").Mode} Mode
 */

/**
 * The parts of a play: the new sets made only of played tiles, the played tiles added to each
 * other set (with that set's kind), and whether sets of the table were taken apart.
 * @param {string[][]} before the table before the play
 * @param {string[][]} after the table after it
 * @param {readonly string[]} played the tiles from the rack
 * @returns {{laid: string[][], added: {tiles: string[], kind: "run" | "group" | null}[], rearranged: boolean}}
 */
export function playParts(before, after, played) {
  const left = counts(played);
  const kept = counts(before.map((set) => set.join(" ")));
  /** @type {string[][]} */
  const laid = [];
  /** @type {{tiles: string[], kind: "run" | "group" | null}[]} */
  const added = [];
  /** @type {string[][]} */
  const changed = [];
  for (const set of after) {
    const key = set.join(" ");
    if ((kept.get(key) ?? 0) > 0) {
      kept.set(key, (kept.get(key) ?? 0) - 1);
      continue;
    }
    changed.push(set);
  }
  for (const set of changed) {
    const own = set.filter((tile) => take(left, tile));
    if (own.length === set.length) laid.push(set);
    else if (own.length) added.push({ tiles: own, kind: setReading(set)?.kind ?? null });
  }
  // Sets of the table not kept as they were: each must be inside one changed set with played
  // tiles only around it, or the player took the table apart.
  const gone = before.filter((set) => {
    const key = set.join(" ");
    if ((kept.get(key) ?? 0) > 0) {
      kept.set(key, (kept.get(key) ?? 0) - 1);
      return true;
    }
    return false;
  });
  const rearranged = gone.length > added.length || gone.some((set) => !changed.some((other) => contains(other, set)));
  return { laid, added, rearranged };
}

/**
 * The sentence for the other player's move.
 * @param {Mode} mode
 * @param {number} seat the seat that moved
 * @param {SeatEvent} event
 * @param {string[][]} before the table before it
 */
export function describeMove(mode, seat, event, before) {
  const computer = mode === "computer";
  const first = seat === 0;
  if (event.type === "draw") {
    return computer ? gettext("The computer drew a tile.") : first ? gettext("Player 1 drew a tile.") : gettext("Player 2 drew a tile.");
  }
  if (event.type === "pass") {
    return computer ? gettext("The computer passed.") : first ? gettext("Player 1 passed.") : gettext("Player 2 passed.");
  }
  const { laid, added, rearranged } = playParts(before, event.after ?? [], event.played ?? []);
  // Whole sentences, each with its own list after a colon: translators never have to make a
  // verb agree with a subject or a tile name take a case that another string chose.
  const sentences = [computer ? gettext("The computer played.") : first ? gettext("Player 1 played.") : gettext("Player 2 played.")];
  if (laid.length) {
    sentences.push(interpolate(ngettext("New set: %(tiles)s.", "New sets: %(tiles)s.", laid.length), {
      tiles: laid.map(tileNames).join(gettext("; ")),
    }));
  }
  for (const { tiles, kind } of added) {
    const text = kind === "run" ? gettext("Added to a run: %(tiles)s.")
      : kind === "group" ? gettext("Added to a group: %(tiles)s.") : gettext("Added to a set: %(tiles)s.");
    sentences.push(interpolate(text, { tiles: tileNames(tiles) }));
  }
  if (rearranged) sentences.push(gettext("The table was rearranged."));
  if (sentences.length === 1) sentences.push(interpolate(gettext("Tiles laid: %(tiles)s."), { tiles: tileNames(event.played ?? []) }));
  return sentences.join(" ");
}

/** @param {readonly string[]} items */
function counts(items) {
  /** @type {Map<string, number>} */
  const found = new Map();
  for (const item of items) found.set(item, (found.get(item) ?? 0) + 1);
  return found;
}

/** Take one `item` from `left`, if there is one. @param {Map<string, number>} left @param {string} item */
function take(left, item) {
  const n = left.get(item) ?? 0;
  if (!n) return false;
  left.set(item, n - 1);
  return true;
}

/** Whether `outer` holds every tile of `inner` (as multisets). @param {string[]} outer @param {string[]} inner */
function contains(outer, inner) {
  const left = counts(outer);
  return inner.every((tile) => take(left, tile));
}

/** The page's polite live region. */
export class Announcer {
  /** @param {HTMLElement} region an aria-live="polite" element */
  constructor(region) {
    this.region = region;
    /** A text to be said again on the next frame (0: none). */
    this.again = 0;
  }

  /** Read a text out; the same text twice is read twice. @param {string} text */
  say(text) {
    if (!text) return;
    cancelAnimationFrame(this.again);
    if (this.region.textContent !== text) {
      this.region.textContent = text;
      return;
    }
    this.region.textContent = "";
    this.again = requestAnimationFrame(() => {
      this.region.textContent = text;
    });
  }

  /** Hold nothing said so far, not even a text about to be said again: the region stays in the page. */
  clear() {
    cancelAnimationFrame(this.again);
    this.region.textContent = "";
  }
}
