// @ts-check
// The words of an online room, pure (no DOM): what the game waits for, for the status line
// ("Player 2 is not connected: the game waits for them"), and who has asked for the next
// hand. Each player reads them from their own seat, so "Player 1" or "Player 2" is always the
// other one; every sentence is written out whole for the translators.

import { gettext } from "../../core/js/i18n.js";

/**
 * @typedef {import("./seat_api.js").SeatState} SeatState
 * @typedef {import("./room_socket.js").SocketStatus} SocketStatus
 * @typedef {{status: SocketStatus, joined: boolean, connected: boolean[]}} RoomFacts
 */

/**
 * What the game waits for before a turn can be confirmed, or at the end of a hand what the
 * players have asked for; null when nothing.
 * @param {RoomFacts} room
 * @param {SeatState} state the position shown (its seat is the reader's)
 * @returns {string | null}
 */
export function roomHold(room, state) {
  const other = 1 - state.seat;
  if (room.status === "replaced") return gettext("This game is open in another tab or window.");
  if (room.status === "closed") return gettext("This room cannot be played any more.");
  if (room.status === "connecting") return gettext("Connecting…");
  if (room.status === "reconnecting") return gettext("Reconnecting…");
  if (!room.joined) return gettext("Waiting for Player 2 to join: send them the link.");
  if (!room.connected[other]) {
    return other === 0
      ? gettext("Player 1 is not connected: the game waits for them.")
      : gettext("Player 2 is not connected: the game waits for them.");
  }
  if (state.view.result) return consentText(state.consents ?? [false, false], state.seat) || null;
  return null;
}

/**
 * Who wants the next hand, once this one is over ("" when neither has asked, or both).
 * @param {readonly boolean[]} consents by seat
 * @param {number} seat the reader's
 */
export function consentText(consents, seat) {
  const other = 1 - seat;
  if (consents[seat] && !consents[other]) {
    return other === 0 ? gettext("Waiting for Player 1 to agree to a new hand.") : gettext("Waiting for Player 2 to agree to a new hand.");
  }
  if (!consents[seat] && consents[other]) {
    return other === 0
      ? gettext("Player 1 wants a new hand: press New hand to start it.")
      : gettext("Player 2 wants a new hand: press New hand to start it.");
  }
  return "";
}
