// @ts-check
// The lines above the table: whose turn it is (in that player's colour), the pool, the other
// rack's size and, before the seat has opened, how far its first play has got ("Opening: 24
// of 30"); what an online room waits for ("Player 2 is not connected: the game waits for
// them"); and the match: the hand's number and each player's total. Seat 0 and seat 1 keep
// their colours (.rummy-seat-0, .rummy-seat-1) through the whole match.

import { gettext } from "../../core/js/i18n.js";
import { handText, openingText, playerName, poolText, rackCountText, turnText } from "./texts.js";

/**
 * @typedef {import("./seat_api.js").SeatState} SeatState
 * @typedef {object} StatusLook
 * @property {string | null} [activity] instead of whose turn it is: "The computer is thinking…"
 * @property {number | null} [activitySeat] whose activity it is (its colour)
 * @property {number | null} [opening] the first play's value so far (null once opened)
 * @property {string | null} [hold] what an online room waits for
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
  /** @param {HTMLElement} status the turn's line @param {HTMLElement} score the match's line */
  constructor(status, score) {
    this.status = status;
    this.score = score;
  }

  /** @param {string} text a line of its own, before any state (loading, a failure) */
  message(text) {
    this.status.replaceChildren(item(text, "rummy-stat-turn"));
    this.score.replaceChildren();
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
    const turnItem = item(look.activity ?? turnText(mode, turn, viewer), "rummy-stat-turn");
    const colour = look.activity ? look.activitySeat ?? null : turn;
    if (colour !== null) turnItem.classList.add(`rummy-seat-${colour}`);
    turnItem.classList.toggle("rummy-stat-busy", Boolean(look.activity));
    const items = [turnItem];
    if (look.hold) items.push(item(look.hold, "rummy-stat-hold"));
    items.push(item(poolText(view.pool_size), "rummy-stat-pool"),
      item(rackCountText(mode, other, view.opponent_tiles), `rummy-stat-other rummy-seat-${other}`));
    if (typeof look.opening === "number") items.push(item(openingText(look.opening), "rummy-stat-opening"));
    this.status.replaceChildren(...items);

    const names = [0, 1].map((s) => {
      const span = item(`${playerName(mode, s, viewer)} ${state.totals[s]}`, `rummy-total rummy-seat-${s}`);
      span.setAttribute("data-seat", String(s));
      return span;
    });
    const label = document.createElement("span");
    label.className = "visually-hidden";
    label.textContent = gettext("Match totals:");
    this.score.replaceChildren(item(handText(state.hand), "rummy-stat-hand"), label, names[0], names[1]);
  }
}
