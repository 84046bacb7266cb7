// @ts-check
// The draft of the turn in progress survives a reload or a closed tab: it is kept in this
// browser's localStorage (core/js/storage.js, keys "miaojong:rummy:..."), one per match and
// seat, with the hand and action number it was made for. It comes back only onto that very
// position, and only with exactly the tiles of the confirmed table and rack (draft.js
// restoreDraft): anything else (damaged, another position, tiles that do not add up) is dropped,
// and the caller is told why, to tell the player. Nothing here throws over what storage holds.
//
// Saving the draft of a new position replaces the old one of that match and seat; the drafts
// of the MAX_KEPT matches and seats saved last are kept, older ones removed.

import { GameStorage } from "../../core/js/storage.js";
import { restoreDraft } from "./draft_restore.js";

/** @typedef {import("./draft.js").Draft} Draft */

/**
 * The position a draft is made for: the match, the seat whose turn it is, the hand and the
 * number of actions confirmed in it (SeatState.number).
 * @typedef {object} DraftPosition
 * @property {string} match
 * @property {number} seat
 * @property {number} hand
 * @property {number} number
 */

/**
 * What loadDraft found:
 * - `restored`: the draft of this position (`draft` holds it);
 * - `none`: no draft kept for this match and seat;
 * - `stale`: the kept draft was of an earlier (or another) hand or action number: dropped;
 * - `damaged`: what was kept could not be read: dropped;
 * - `mismatch`: a draft of this position whose tiles are not exactly the confirmed table and
 *   rack (forged, or the table changed under it): dropped.
 * @typedef {"restored" | "none" | "stale" | "damaged" | "mismatch"} RestoreStatus
 */

/** @typedef {{draft: Draft, status: "restored"} | {draft: null, status: Exclude<RestoreStatus, "restored">}} Restored */

export const STORE_FORMAT = 1;
/** The matches and seats whose drafts are kept (the latest saved). */
export const MAX_KEPT = 8;
const INDEX = "drafts:v1";

const store = new GameStorage("rummy");

/** @param {string} match @param {number} seat */
const slot = (match, seat) => `${encodeURIComponent(match)}:${seat}`;
/** @param {string} slotName */
const draftName = (slotName) => `draft:v1:${slotName}`;

/**
 * The localStorage key of a match and seat's draft.
 * @param {string} match
 * @param {number} seat
 */
export function draftKey(match, seat) {
  return store.key(draftName(slot(match, seat)));
}

/** @param {DraftPosition} position */
function checkPosition(position) {
  const { match, seat, hand, number } = position;
  const count = (/** @type {unknown} */ n) => Number.isInteger(n) && /** @type {number} */ (n) >= 0;
  if (typeof match !== "string" || !match || !count(seat) || !count(hand) || !count(number)) {
    throw new TypeError("a draft position is a match id and whole numbers seat, hand and number");
  }
}

/**
 * Keep the draft of this position (replacing the match and seat's earlier one); false if storage
 * is unavailable or full.
 * @param {DraftPosition} position
 * @param {Draft} draft
 * @returns {boolean}
 */
export function saveDraft(position, draft) {
  checkPosition(position);
  const { match, seat, hand, number } = position;
  const name = slot(match, seat);
  const record = { format: STORE_FORMAT, match, seat, hand, number, draft };
  const kept = store.write(draftName(name), JSON.stringify(record));
  if (kept) {
    const slots = [name, ...readIndex().filter((other) => other !== name)];
    for (const old of slots.slice(MAX_KEPT)) store.remove(draftName(old));
    store.write(INDEX, JSON.stringify(slots.slice(0, MAX_KEPT)));
  }
  return kept;
}

/**
 * The kept draft of this position, if it is exactly one of the confirmed table and rack the
 * server sent (view.table, view.rack); whatever else was kept for the match and seat is removed.
 * @param {DraftPosition} position
 * @param {string[][]} table
 * @param {string[]} rack
 * @returns {Restored}
 */
export function loadDraft(position, table, rack) {
  checkPosition(position);
  const name = slot(position.match, position.seat);
  const raw = store.read(draftName(name));
  if (raw === null) return { draft: null, status: "none" };
  /** @type {Exclude<RestoreStatus, "restored" | "none">} */
  let status = "damaged";
  try {
    const data = JSON.parse(raw);
    if (
      data && typeof data === "object" && data.format === STORE_FORMAT
      && data.match === position.match && data.seat === position.seat
    ) {
      if (data.hand !== position.hand || data.number !== position.number) status = "stale";
      else {
        const draft = restoreDraft(data.draft, table, rack);
        if (draft) return { draft, status: "restored" };
        status = "mismatch";
      }
    }
  } catch {
    status = "damaged"; // not JSON, or a table or rack restoreDraft could not start from
  }
  clearDraft(position.match, position.seat);
  return { draft: null, status };
}

/**
 * Forget the draft of a match and seat (the turn was confirmed, or the hand is over).
 * @param {string} match
 * @param {number} seat
 */
export function clearDraft(match, seat) {
  const name = slot(match, seat);
  store.remove(draftName(name));
  const slots = readIndex();
  if (slots.includes(name)) store.write(INDEX, JSON.stringify(slots.filter((other) => other !== name)));
}

/** @returns {string[]} the slots with a kept draft, latest saved first */
function readIndex() {
  try {
    const slots = JSON.parse(store.read(INDEX) || "[]");
    return Array.isArray(slots) ? slots.filter((name) => typeof name === "string") : [];
  } catch {
    return [];
  }
}
