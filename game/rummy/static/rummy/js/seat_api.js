// @ts-check
// The Rummy seat API (/api/rummy/matches/...) and the online rooms' (/api/rummy/rooms/...),
// over the house's JSON requests (core/js/api.js: failures are ApiErrors with translated
// messages and the answer's JSON). A seat's credential goes in the Authorization header, never
// in the address.

import { createApiRequest } from "../../core/js/api.js";

/**
 * What the API answers for a seat (see the contract in game/rummy/api/matches.py).
 * @typedef {object} SeatView
 * @property {number} seat
 * @property {string[]} rack
 * @property {string[][]} table
 * @property {number} pool_size
 * @property {number | null} turn
 * @property {boolean[]} opened
 * @property {number} opponent_tiles
 * @property {import("./texts.js").HandResult | null} result
 *
 * @typedef {{n: number, seat: number, type: "play" | "draw" | "pass", tile?: string, after?: string[][], played?: string[]}} SeatEvent
 *
 * @typedef {"computer" | "local" | "online"} Mode
 *
 * @typedef {object} SeatState
 * @property {string} match
 * @property {Mode} mode
 * @property {string | null} level
 * @property {number} seat
 * @property {number} hand
 * @property {string | null} code the hand's code (it deals both racks and the pool): null until the hand is over
 * @property {number} starting_seat
 * @property {number} number
 * @property {SeatView} view
 * @property {{seat: number, played: string[]} | null} last_play
 * @property {SeatEvent[]} events
 * @property {string[][] | null} racks
 * @property {{seat: number, kind: "human" | "computer"}[]} players
 * @property {boolean} [joined] an online room's: whether the second seat is taken
 * @property {boolean[]} [consents] an online room's: who asked for the next hand, by seat
 * @property {boolean[]} [connected] an online room's: who has a live connection, by seat
 * @property {string} [invite] an online room's invitation (seat 0's state only)
 *
 * @typedef {{match: string, credentials: {seat: number, key: string}[], state: SeatState}} CreatedMatch
 *
 * @typedef {{type: "play", after: string[][]} | {type: "draw"} | {type: "pass"}} TurnAction
 */

/** @param {string} matchesUrl the API's /api/rummy/matches/ */
export function createSeatApi(matchesUrl) {
  const request = createApiRequest(matchesUrl);
  /** @param {string} key */
  const seat = (key) => ({ headers: { Authorization: `Seat ${key}` } });
  /** @param {string} match */
  const id = (match) => encodeURIComponent(match);
  return {
    /**
     * A new match: against the computer at a level, or pass and play.
     * @param {"computer" | "local"} mode
     * @param {string} level
     * @returns {Promise<CreatedMatch>}
     */
    create: (mode, level) => request("POST", "", mode === "computer" ? { mode, level } : { mode }),
    /**
     * A seat's view, with the actions numbered above `since` (none without it).
     * @param {string} match
     * @param {string} key
     * @param {number} [since]
     * @returns {Promise<SeatState>}
     */
    state: (match, key, since) => request("GET", `${id(match)}/${since === undefined ? "" : `?since=${since}`}`, undefined, seat(key)),
    /**
     * Confirm a turn at hand `hand`, action number `number`.
     * @param {string} match
     * @param {string} key
     * @param {number} hand
     * @param {number} number
     * @param {TurnAction} action
     * @returns {Promise<SeatState>}
     */
    act: (match, key, hand, number, action) => request("POST", `${id(match)}/actions/`, { hand, number, ...action }, seat(key)),
    /**
     * The computer's level from its next move on; the position stays.
     * @param {string} match
     * @param {string} key
     * @param {string} level
     * @returns {Promise<SeatState>}
     */
    setLevel: (match, key, level) => request("PATCH", `${id(match)}/`, { level }, seat(key)),
    /**
     * The hand after `hand`, which must be over.
     * @param {string} match
     * @param {string} key
     * @param {number} hand
     * @returns {Promise<SeatState>}
     */
    nextHand: (match, key, hand) => request("POST", `${id(match)}/hands/`, { hand }, seat(key)),
    /**
     * An online room's host frees the second seat of a guest who is away: a new invitation
     * (state.invite), the hand in play dealt again.
     * @param {string} match
     * @param {string} key seat 0's
     * @returns {Promise<SeatState>}
     */
    freeSeat: (match, key) => request("POST", `${id(match)}/free-seat/`, {}, seat(key)),
  };
}

/** @typedef {ReturnType<typeof createSeatApi>} SeatApi */

/** @param {string} roomsUrl the API's /api/rummy/rooms/ */
export function createRoomApi(roomsUrl) {
  const request = createApiRequest(roomsUrl);
  return {
    /**
     * A new online room: this browser holds seat 0 (Player 1); state.invite is its invitation.
     * @returns {Promise<CreatedMatch>}
     */
    create: () => request("POST", "", {}),
    /**
     * Take the second seat of the room `invite` names (refused: room_full, room_expired, not_found).
     * @param {string} invite
     * @returns {Promise<CreatedMatch>}
     */
    join: (invite) => request("POST", `${encodeURIComponent(invite)}/seat/`, {}),
  };
}

/** @typedef {ReturnType<typeof createRoomApi>} RoomApi */
