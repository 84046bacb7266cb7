// @ts-check
// The match of this page's mode that this browser holds: its id and the seat credentials the
// server gave once, at its creation, kept in localStorage (core/js/storage.js, key
// "miaojong:rummy:match:v1:<mode>"), so a match against the computer and a pass-and-play match
// are kept apart. Opening the page resumes the kept match or starts one. A kept value that
// cannot be read, or a match the server no longer knows (404) or whose key it refuses
// (401/403), is forgotten and a new match starts, with a note saying so; a server that cannot
// be reached is no reason to forget anything (the caller offers to retry).

import { gettext } from "../../core/js/i18n.js";
import { GameStorage } from "../../core/js/storage.js";
import { isSeatLost } from "./errors.js";

/**
 * @typedef {import("./seat_api.js").SeatApi} SeatApi
 * @typedef {import("./seat_api.js").SeatState} SeatState
 * @typedef {"computer" | "local"} Mode
 * @typedef {{match: string, keys: string[]}} KeptMatch the match id and the key of each seat held, by seat
 * @typedef {"damaged" | "lost" | "unkept"} SessionNote why the player should know how the match began
 * @typedef {{state: SeatState, note: SessionNote | null, created: boolean}} Opened the match's view; whether it was just created
 */

const FORMAT = 1;
const store = new GameStorage("rummy");

/** @param {Mode} mode */
const keptName = (mode) => `match:v1:${mode}`;

/** The storage key of a mode's match (for tests). @param {Mode} mode */
export const matchStorageKey = (mode) => store.key(keptName(mode));

/**
 * The seats a mode's browser holds: seat 0 against the computer, both in pass and play.
 * @param {Mode} mode
 */
export function heldSeats(mode) {
  return mode === "local" ? [0, 1] : [0];
}

/**
 * Read a kept match from its stored text (pure): null for nothing kept, "damaged" for anything
 * that is not exactly a match of this mode with a key for each seat it holds.
 * @param {string | null} raw
 * @param {Mode} mode
 * @returns {KeptMatch | "damaged" | null}
 */
export function parseKeptMatch(raw, mode) {
  if (raw === null) return null;
  try {
    const data = JSON.parse(raw);
    if (!data || data.format !== FORMAT || data.mode !== mode || typeof data.match !== "string" || !data.match) return "damaged";
    const keys = heldSeats(mode).map((seat) => data.keys?.[seat]);
    if (!keys.every((key) => typeof key === "string" && key.length > 0)) return "damaged";
    return { match: data.match, keys };
  } catch {
    return "damaged";
  }
}

/**
 * The stored text of a new match's credentials (pure).
 * @param {Mode} mode
 * @param {import("./seat_api.js").CreatedMatch} created
 */
export function keptMatchText(mode, created) {
  const keys = heldSeats(mode).map((seat) => {
    const credential = created.credentials.find((c) => c.seat === seat);
    if (!credential) throw new TypeError(`the server sent no key for seat ${seat}`);
    return credential.key;
  });
  return JSON.stringify({ format: FORMAT, mode, match: created.match, keys });
}

/** What a session note tells the player. @param {SessionNote} note */
export function sessionNoteText(note) {
  if (note === "damaged") return gettext("The match kept in this browser could not be read, so a new match has started.");
  if (note === "lost") {
    return gettext("The match kept in this browser is no longer on the server (it may have expired), so a new match has started.");
  }
  return gettext("This browser does not let the page keep data: the match will be lost if you reload or close the page.");
}

export class MatchSession {
  /** @param {SeatApi} api @param {Mode} mode */
  constructor(api, mode) {
    this.api = api;
    this.mode = mode;
    /** @type {KeptMatch | null} */
    this.kept = null;
  }

  /** The match id (null before one is open). */
  get match() {
    return this.kept?.match ?? null;
  }

  /** The credential of a seat this browser holds. @param {number} seat */
  key(seat) {
    const key = this.kept?.keys[seat];
    if (!key) throw new Error(`this browser holds no seat ${seat}`);
    return key;
  }

  /**
   * Resume the kept match (its seat 0's view, with the hand's whole log as events), or start
   * one at `level` if none is kept or it is gone.
   * @param {string} level
   * @returns {Promise<Opened>}
   */
  async resume(level) {
    const kept = parseKeptMatch(store.read(keptName(this.mode)), this.mode);
    if (kept === "damaged") return this.fresh(level, "damaged");
    if (kept === null) return this.fresh(level, null);
    try {
      const state = await this.api.state(kept.match, kept.keys[0], 0);
      this.kept = kept;
      return { state, note: null, created: false };
    } catch (error) {
      if (!isSeatLost(error)) throw error;
      return this.fresh(level, "lost");
    }
  }

  /**
   * A new match at `level` (against the computer), which replaces the kept one.
   * @param {string} level
   * @param {SessionNote | null} [note] why it is new, to tell the player
   * @returns {Promise<Opened>}
   */
  async fresh(level, note = null) {
    const created = await this.api.create(this.mode, level);
    const text = keptMatchText(this.mode, created);
    this.kept = /** @type {KeptMatch} */ (parseKeptMatch(text, this.mode));
    const stored = store.write(keptName(this.mode), text);
    return { state: created.state, note: stored ? note : "unkept", created: true };
  }
}
