// @ts-check
// The seat this browser holds in each online room, kept per invitation in localStorage
// (core/js/storage.js): "miaojong:rummy:room:v1:<invite>" holds {format, match, seat, key},
// the credential the server gave once; "miaojong:rummy:rooms:v1" lists those rooms for the
// lobby, [{invite, seat, at}], the one opened last first (at: when, in ms since 1970).
// Creating a room keeps seat 0 (Player 1). Opening an invitation this browser holds a seat of
// takes that seat again, with no request; otherwise the second seat is taken with the
// invitation (refused with room_full once someone has it). A kept value that cannot be read
// is forgotten, and the player is told so.

import { gettext } from "../../core/js/i18n.js";
import { GameStorage } from "../../core/js/storage.js";

/**
 * @typedef {import("./seat_api.js").RoomApi} RoomApi
 * @typedef {import("./seat_api.js").CreatedMatch} CreatedMatch
 * @typedef {{match: string, seat: number, key: string}} KeptRoom
 * @typedef {{invite: string, seat: number, at: number}} RoomEntry
 * @typedef {"damaged" | "unkept"} RoomNote why the player should know how their seat was found
 */

const FORMAT = 1;
/** The rooms listed (and kept) at most: the oldest one's seat goes when one more comes. */
export const MAX_ROOMS = 20;
const INDEX = "rooms:v1";
const store = new GameStorage("rummy");

/** @param {string} invite */
const roomName = (invite) => `room:v1:${invite}`;

/** The storage key of a room's seat (for tests). @param {string} invite */
export const roomStorageKey = (invite) => store.key(roomName(invite));
/** The storage key of the list of rooms (for tests). */
export const roomsIndexKey = store.key(INDEX);

/**
 * A room's page address, from the page's template of it (views.py roomUrlTemplate).
 * @param {{roomUrlTemplate: string, inviteSlot: string}} config
 * @param {string} invite
 */
export function roomPageUrl(config, invite) {
  return config.roomUrlTemplate.replace(config.inviteSlot, encodeURIComponent(invite));
}

/**
 * A kept seat from its stored text (pure): null for nothing kept, "damaged" for anything that
 * is not exactly a match, a seat (0 or 1) and its key.
 * @param {string | null} raw
 * @returns {KeptRoom | "damaged" | null}
 */
export function parseKeptRoom(raw) {
  if (raw === null) return null;
  try {
    const data = JSON.parse(raw);
    if (!data || data.format !== FORMAT || typeof data.match !== "string" || !data.match) return "damaged";
    if ((data.seat !== 0 && data.seat !== 1) || typeof data.key !== "string" || !data.key) return "damaged";
    return { match: data.match, seat: data.seat, key: data.key };
  } catch {
    return "damaged";
  }
}

/** @returns {RoomEntry[]} the list as stored, without the entries that are not rooms */
function readIndex() {
  try {
    const entries = JSON.parse(store.read(INDEX) ?? "[]");
    if (!Array.isArray(entries)) return [];
    return entries.filter((entry) => entry && typeof entry.invite === "string" && entry.invite
      && (entry.seat === 0 || entry.seat === 1) && Number.isFinite(entry.at));
  } catch {
    return [];
  }
}

/** @param {RoomEntry[]} entries */
function writeIndex(entries) {
  for (const old of entries.slice(MAX_ROOMS)) store.remove(roomName(old.invite));
  store.write(INDEX, JSON.stringify(entries.slice(0, MAX_ROOMS)));
}

/**
 * Put a room first in the list (it was just opened).
 * @param {string} invite
 * @param {number} seat
 */
function remember(invite, seat) {
  writeIndex([{ invite, seat, at: Date.now() }, ...readIndex().filter((entry) => entry.invite !== invite)]);
}

/** The rooms this browser holds a seat of, the one opened last first. @returns {RoomEntry[]} */
export function keptRooms() {
  return readIndex().filter((entry) => {
    const kept = parseKeptRoom(store.read(roomName(entry.invite)));
    return kept !== null && kept !== "damaged" && kept.seat === entry.seat;
  });
}

/** Forget this browser's seat of a room (it is gone, or its key is refused). @param {string} invite */
export function forgetRoom(invite) {
  store.remove(roomName(invite));
  const entries = readIndex();
  if (entries.some((entry) => entry.invite === invite)) writeIndex(entries.filter((entry) => entry.invite !== invite));
}

/** What a note about the kept seat tells the player. @param {RoomNote} note */
export function roomNoteText(note) {
  if (note === "damaged") return gettext("The seat this browser kept in this room could not be read, so it was forgotten.");
  return gettext("This browser does not let the page keep data: you will lose your seat in this room if you reload or close the page.");
}

/** What a browser that keeps nothing is told when it creates a room: its seat would be lost at once. */
export function cannotKeepText() {
  return gettext("This browser does not let the page keep data, so it cannot hold a seat in a room. Allow this site to store data, then try again.");
}

export class RoomSession {
  /** @param {RoomApi} api */
  constructor(api) {
    this.api = api;
    /** @type {string | null} */
    this.invite = null;
    /** @type {KeptRoom | null} */
    this.kept = null;
  }

  /** The match's id (null before a seat is held). */
  get match() {
    return this.kept?.match ?? null;
  }

  /** The seat held (null before one is). */
  get seat() {
    return this.kept?.seat ?? null;
  }

  /** The credential of the seat held. @param {number} seat */
  key(seat) {
    if (!this.kept || this.kept.seat !== seat) throw new Error(`this browser holds no seat ${seat} in this room`);
    return this.kept.key;
  }

  /**
   * A new room, whose seat 0 this browser holds; `kept` is false when storage refused it.
   * @returns {Promise<{invite: string, kept: boolean}>}
   */
  async create() {
    const created = await this.api.create();
    const invite = created.state.invite;
    if (typeof invite !== "string" || !invite) throw new TypeError("the server sent no invitation");
    return { invite, kept: this.#keep(invite, created, 0) };
  }

  /**
   * The seat this browser kept in the room `invite` names, if any; a damaged one is forgotten
   * (note "damaged"). No request is made.
   * @param {string} invite
   * @returns {{kept: KeptRoom | null, note: RoomNote | null}}
   */
  resume(invite) {
    this.invite = invite;
    const found = parseKeptRoom(store.read(roomName(invite)));
    if (found === "damaged") {
      forgetRoom(invite);
      return { kept: null, note: "damaged" };
    }
    this.kept = found;
    if (found) remember(invite, found.seat);
    return { kept: found, note: null };
  }

  /**
   * Take the second seat with the invitation; rejects with the server's refusal (room_full,
   * room_expired, not_found) or a failure to reach it. Note "unkept" when storage refused.
   * @param {string} invite
   * @returns {Promise<{note: RoomNote | null}>}
   */
  async join(invite) {
    this.invite = invite;
    const created = await this.api.join(invite);
    return { note: this.#keep(invite, created, 1) ? null : "unkept" };
  }

  /**
   * The room's invitation changed (the host freed the second seat): keep the seat held under
   * the new one, forget the old.
   * @param {string} invite
   */
  move(invite) {
    const kept = this.kept;
    if (!kept) return;
    if (this.invite) forgetRoom(this.invite);
    this.invite = invite;
    if (store.write(roomName(invite), JSON.stringify({ format: FORMAT, ...kept }))) remember(invite, kept.seat);
  }

  /** Forget the seat held (its room is gone, or its key refused). */
  forget() {
    if (this.invite) forgetRoom(this.invite);
    this.kept = null;
  }

  /**
   * @param {string} invite
   * @param {CreatedMatch} created
   * @param {number} seat
   * @returns {boolean} whether storage kept it
   */
  #keep(invite, created, seat) {
    const credential = created.credentials.find((c) => c.seat === seat);
    if (!credential) throw new TypeError(`the server sent no key for seat ${seat}`);
    this.invite = invite;
    this.kept = { match: created.match, seat, key: credential.key };
    const stored = store.write(roomName(invite), JSON.stringify({ format: FORMAT, ...this.kept }));
    if (stored) remember(invite, seat);
    return stored;
  }
}
