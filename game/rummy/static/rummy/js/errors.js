// @ts-check
// What the player reads when the Rummy seat API refuses something: a translated text for each of
// its own codes (game/rummy/apps.py api_error_codes) and for each reason of an illegal table
// (game/rummy/engine/turns.py Reason), which also explains a Confirm button that is off; and
// for the online room socket's own codes (game/rummy/sockets.py). The house's codes
// (throttled, offline...) keep core/js/api_errors.js's texts.

import { ApiError } from "../../core/js/api.js";
import { gettext, interpolate } from "../../core/js/i18n.js";
import { OPENING_MINIMUM } from "./sets.js";

/** One text for each of the Rummy API's own codes; tests/client/js/rummy_errors.test.mjs checks them. */
export const RUMMY_ERROR_TEXTS = Object.freeze({
  credential_missing: gettext("This browser did not send the key of its seat in the match."),
  credential_invalid: gettext("The key this browser keeps is not one of this match's seats."),
  not_your_turn: gettext("It is not your turn: the other player is to move."),
  stale_turn: gettext("The game moved on in another tab or window: here is the table as it is now."),
  hand_over: gettext("This hand is over."),
  pool_empty: gettext("The pool is empty: pass instead of drawing."),
  pool_not_empty: gettext("You may pass only once the pool is empty: draw a tile instead."),
  illegal_table: gettext("The table breaks a rule, so the turn was not confirmed."),
  hand_not_over: gettext("The next hand can start only once this one is over."),
  not_vs_computer: gettext("Only a match against the computer has a level."),
  room_full: gettext("Both seats of this room are taken already."),
  room_expired: gettext("Nobody played in this room for a week, so it has closed."),
  opponent_away: gettext("The other player is not connected: the game waits for them to come back."),
  not_host: gettext("Only the player who created the room can free its second seat."),
  seat_free: gettext("The second seat is free already."),
  opponent_here: gettext("Player 2 is at the table again: their seat stays theirs."),
});

/** The room socket's own refusals (game/rummy/sockets.py); tests/client/js/rummy_errors.test.mjs checks them. */
export const ROOM_SOCKET_ERROR_TEXTS = Object.freeze({
  malformed: gettext("The server could not read a message this page sent to the room."),
  message_too_large: gettext("A message this page sent to the room was too large for the server."),
  hello_first: gettext("The connection to the room was not set up in time: it is being opened again."),
  rate_limited: gettext("Too many messages to the room in a short time. Please wait a moment and try again."),
  replaced: gettext("This game is open in another tab or window, which now plays in its place."),
});

/** @typedef {import("./sets.js").TurnReason} TurnReason */

/**
 * Why a table cannot be confirmed (the engine's reasons): `set` is the bad set's index (from 0,
 * invalid_set), `value` what an opening is worth so far.
 * @param {TurnReason | string} reason
 * @param {{set?: number | null, value?: number | null}} [more]
 */
export function reasonText(reason, more = {}) {
  switch (reason) {
    case "invalid_set":
      return Number.isInteger(more.set)
        ? interpolate(gettext("Set %(n)s is not a valid set."), { n: Number(more.set) + 1 })
        : gettext("A set on the table is not a valid set.");
    case "tile_left_table":
      return gettext("Every tile of the table must stay on the table.");
    case "not_from_rack":
      return gettext("Only tiles from your rack may be added to the table.");
    case "nothing_played":
      return gettext("Lay at least one tile from your rack to confirm, or draw a tile.");
    case "opening_changed_table":
      return gettext("Your first play must leave the table's sets as they are: lay new sets from your rack only.");
    case "opening_too_low":
      return Number.isInteger(more.value)
        ? interpolate(gettext("Your first play is worth %(value)s points: it needs at least %(minimum)s."), {
          value: more.value,
          minimum: OPENING_MINIMUM,
        })
        : interpolate(gettext("Your first play needs at least %(minimum)s points."), { minimum: OPENING_MINIMUM });
    default:
      return RUMMY_ERROR_TEXTS.illegal_table;
  }
}

/**
 * What a draft operation's refusal means (draft.js Refusal, DrawRefusal).
 * @param {string} refusal
 */
export function refusalText(refusal) {
  switch (refusal) {
    case "table_tile_to_rack":
      return gettext("Only the tiles you laid this turn may go back to your rack; tiles of the table stay on the table.");
    case "reset_first":
      return gettext("You have changed the table: reset your changes before drawing, or confirm them.");
    case "nothing_selected":
      return gettext("Select tiles first: tap or click them.");
    case "nothing_to_undo":
      return gettext("Nothing to undo.");
    default:
      return gettext("That move is not possible.");
  }
}

/**
 * The text for any failure of a request: a Rummy code's own text, an illegal table's reason,
 * the house's text for its codes, or a generic one.
 * @param {unknown} error
 */
export function failureText(error) {
  if (error instanceof ApiError) {
    if (error.code === "illegal_table" && error.data && typeof error.data.reason === "string") {
      return reasonText(error.data.reason, { set: error.data.set });
    }
    if (Object.hasOwn(RUMMY_ERROR_TEXTS, error.code)) {
      return RUMMY_ERROR_TEXTS[/** @type {keyof typeof RUMMY_ERROR_TEXTS} */ (error.code)];
    }
    if (Object.hasOwn(ROOM_SOCKET_ERROR_TEXTS, error.code)) {
      return ROOM_SOCKET_ERROR_TEXTS[/** @type {keyof typeof ROOM_SOCKET_ERROR_TEXTS} */ (error.code)];
    }
    return error.message;
  }
  const message = error instanceof Error ? error.message : String(error);
  return interpolate(gettext("Something went wrong: %(message)s"), { message });
}

/**
 * Whether a failure may pass if the same request is sent again (the server was not reached,
 * was busy or failed): the notice then offers to retry.
 * @param {unknown} error
 */
export function isRetryable(error) {
  return error instanceof ApiError
    && (error.code === "offline" || error.code === "throttled" || error.code === "rate_limited" || error.code === "bad_answer"
      || error.status >= 500);
}

/**
 * Whether a failure means this browser's seat is gone: no such match (expired), or a key that
 * is not (or no longer) a seat of it. The match is then forgotten and a new one started.
 * @param {unknown} error
 */
export function isSeatLost(error) {
  return error instanceof ApiError
    && (error.code === "not_found" || error.code === "credential_invalid" || error.code === "credential_missing");
}
