// @ts-check
// The status line, in the bar: whose turn it is (in that player's colour; "Your turn" in green
// only when the player can act now), the pool, the other rack's size and, before the seat has
// opened, how far its first play has got ("Opening: 24 of 30"); what an online room waits for
// ("Player 2 is not connected: the game waits for them"), which then stands in place of the
// turn. No running score: each hand stands alone (its result is the end-of-hand dialog's).
// Seat 0 and seat 1 keep their colours (.rummy-seat-0, .rummy-seat-1) through the whole match.

import { openingText, poolText, rackCountText, turnText } from "./texts.js";

/**
 * @typedef {import("./seat_api.js").SeatState} SeatState
 * @typedef {object} StatusLook
 * @property {string | null} [activity] instead of whose turn it is: "The computer is thinking…"
 * @property {number | null} [activitySeat] whose activity it is (its colour)
 * @property {number | null} [opening] the first play's value so far (null once opened)
 * @property {string | null} [hold] what an online room waits for
 * @property {boolean} [canAct] whether the player shown may act now
 */

/**
 * @param {string} text
 * @param {string} [className]
 */
function item(text, className = "") {
  const span = document.createElement("span");
  span.className = `rummy-stat ${className}`.trim();
  span.textContent = text;
  return span;
}

export class StatusView {
  /** @param {HTMLElement} status the status line */
  constructor(status) {
    this.status = status;
  }

  /** @param {string} text a line of its own, before any state (loading, a failure) */
  message(text) {
    this.status.replaceChildren(item(text, "rummy-stat-turn"));
  }

  clear() {
    this.status.replaceChildren();
  }

  /**
   * @param {SeatState} state
   * @param {number} seat the seat the page shows
   * @param {StatusLook} look
   */
  render(state, seat, look) {
    const { view, mode } = state;
    const other = 1 - seat;
    const turn = view.turn;
    // Online, each player sees the match from their own seat: "Your turn", "Player 1 (you)".
    const viewer = mode === "online" ? seat : null;
    /** @type {HTMLElement[]} */
    const items = [];
    if (look.hold) {
      // The room waits: that is the news, not a turn nobody can play.
      items.push(item(look.hold, "rummy-stat-turn rummy-stat-hold"));
    } else {
      const turnItem = item(look.activity ?? turnText(mode, turn, viewer), "rummy-stat-turn");
      const colour = look.activity ? look.activitySeat ?? null : turn;
      if (colour !== null) turnItem.classList.add(`rummy-seat-${colour}`);
      turnItem.classList.toggle("rummy-stat-busy", Boolean(look.activity));
      turnItem.classList.toggle("rummy-stat-go", Boolean(look.canAct));
      items.push(turnItem);
    }
    items.push(item(poolText(view.pool_size), "rummy-stat-pool"),
      item(rackCountText(mode, other, view.opponent_tiles), `rummy-stat-other rummy-seat-${other}`));
    if (typeof look.opening === "number") items.push(item(openingText(look.opening), "rummy-stat-opening"));
    this.status.replaceChildren(...items);
  }
}
