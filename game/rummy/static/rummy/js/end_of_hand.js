// @ts-check
// The end of a hand: a dialog with the result as the rules count it (who went out, or that
// the hand was blocked, and by how many points), both racks as they were left, the match
// totals, and New hand (the next hand: the other player starts, each keeps their colour).

import { dialogButtons } from "../../core/js/dialog.js";
import { gettext, interpolate, ngettext } from "../../core/js/i18n.js";
import { playerName, resultText, resultTitle, totalsText } from "./texts.js";
import { tilePicture } from "./tile_element.js";

/** @typedef {import("./seat_api.js").SeatState} SeatState */

export class EndOfHand {
  /**
   * @param {HTMLDialogElement} dialog
   * @param {string} sprite
   * @param {() => void} newHand
   */
  constructor(dialog, sprite, newHand) {
    this.dialog = dialog;
    this.sprite = sprite;
    this.newHand = newHand;
    this.title = document.createElement("h2");
    this.title.id = "rummy-end-title";
    this.text = document.createElement("p");
    this.text.className = "rummy-end-text";
    this.racks = document.createElement("div");
    this.racks.className = "rummy-end-racks";
    this.totals = document.createElement("p");
    this.totals.className = "rummy-end-totals";
    this.buttons = document.createElement("div");
    this.buttons.className = "rummy-dialog-buttons";
    dialog.setAttribute("aria-labelledby", this.title.id);
    dialog.replaceChildren(this.title, this.text, this.racks, this.totals, this.buttons);
    // The racks shown are the ended hand's: out of the page once the dialog is closed.
    dialog.addEventListener("close", () => this.racks.replaceChildren());
  }

  /** @param {SeatState} state a state whose hand is over */
  show(state) {
    const result = state.view.result;
    if (!result) return;
    const mode = state.mode;
    this.title.textContent = resultTitle(mode, result);
    this.dialog.dataset.winner = result.winner === null ? "none" : String(result.winner);
    this.text.textContent = resultText(mode, result);
    const racks = state.racks ?? [[], []];
    this.racks.replaceChildren(...[0, 1].map((seat) => this.#rack(mode, seat, racks[seat] ?? [], result.rack_points[seat] ?? 0)));
    this.totals.textContent = totalsText(mode, state.totals);
    this.buttons.replaceChildren(...dialogButtons(this.dialog, [
      { label: gettext("New hand"), id: "rummy-end-new-hand", onClick: () => this.newHand() },
    ]));
    if (!this.dialog.open) this.dialog.showModal();
    this.buttons.querySelector("button")?.focus();
  }

  close() {
    if (this.dialog.open) this.dialog.close();
  }

  /**
   * @param {"computer" | "local"} mode
   * @param {number} seat
   * @param {string[]} tiles
   * @param {number} points what they count
   */
  #rack(mode, seat, tiles, points) {
    const section = document.createElement("section");
    section.className = `rummy-end-rack rummy-seat-${seat}`;
    const heading = document.createElement("h3");
    heading.textContent = tiles.length
      ? interpolate(ngettext("%(player)s: %(n)s point left", "%(player)s: %(n)s points left", points), { player: playerName(mode, seat), n: points })
      : interpolate(gettext("%(player)s: went out"), { player: playerName(mode, seat) });
    const row = document.createElement("div");
    row.className = "rummy-end-tiles";
    row.dataset.seat = String(seat);
    row.append(...tiles.map((tile) => tilePicture(this.sprite, tile)));
    section.append(heading, row);
    return section;
  }
}
