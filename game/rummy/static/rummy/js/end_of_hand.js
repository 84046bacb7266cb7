// @ts-check
// The end of a hand: a dialog with the result as the rules count it (who went out, or that
// the hand was blocked, and by how many points), both racks as they were left, the match
// and New hand (the next hand: the other player starts, each keeps their colour).
// Online, the next hand needs both players' consent: the dialog says who has asked for it.

import { dialogButtons } from "../../core/js/dialog.js";
import { gettext, interpolate, ngettext } from "../../core/js/i18n.js";
import { consentText } from "./room_texts.js";
import { playerName, resultText, resultTitle } from "./texts.js";
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
    this.note = document.createElement("p");
    this.note.className = "rummy-end-note";
    this.note.id = "rummy-end-note";
    this.buttons = document.createElement("div");
    this.buttons.className = "rummy-dialog-buttons";
    dialog.setAttribute("aria-labelledby", this.title.id);
    // The note first after the result: on a phone the racks below it may need scrolling.
    dialog.replaceChildren(this.title, this.text, this.note, this.racks, this.buttons);
    // The racks shown are the ended hand's: out of the page once the dialog is closed.
    dialog.addEventListener("close", () => this.racks.replaceChildren());
  }

  /** @param {SeatState} state a state whose hand is over */
  show(state) {
    const result = state.view.result;
    if (!result) return;
    const mode = state.mode;
    const viewer = mode === "online" ? state.seat : null;
    this.title.textContent = resultTitle(mode, result, viewer);
    this.dialog.dataset.winner = result.winner === null ? "none" : String(result.winner);
    this.text.textContent = resultText(mode, result, viewer);
    const racks = state.racks ?? [[], []];
    this.racks.replaceChildren(...[0, 1].map((seat) => this.#rack(mode, seat, viewer, racks[seat] ?? [], result.rack_points[seat] ?? 0)));
    this.buttons.replaceChildren(...dialogButtons(this.dialog, [
      { label: gettext("New hand"), id: "rummy-end-new-hand", onClick: () => this.newHand() },
    ]));
    this.update(state);
    if (!this.dialog.open) this.dialog.showModal();
    const first = this.buttons.querySelector("button:not(:disabled)");
    // The result first: on a short screen the dialog scrolls, and it must open at its top.
    if (first instanceof HTMLElement) first.focus({ preventScroll: true });
    this.dialog.scrollTop = 0;
  }

  /** Online: who has asked for the next hand (New hand waits once this player has). @param {SeatState} state */
  update(state) {
    const online = state.mode === "online" && Boolean(state.view.result);
    this.note.textContent = online ? consentText(state.consents ?? [false, false], state.seat) : "";
    this.note.hidden = !this.note.textContent;
    const button = this.buttons.querySelector("#rummy-end-new-hand");
    if (button instanceof HTMLButtonElement) button.disabled = online && Boolean(state.consents?.[state.seat]);
  }

  close() {
    if (this.dialog.open) this.dialog.close();
  }

  /**
   * @param {import("./seat_api.js").Mode} mode
   * @param {number} seat
   * @param {number | null} viewer
   * @param {string[]} tiles
   * @param {number} points what they count
   */
  #rack(mode, seat, viewer, tiles, points) {
    const section = document.createElement("section");
    section.className = `rummy-end-rack rummy-seat-${seat}`;
    const heading = document.createElement("h3");
    heading.textContent = tiles.length
      ? interpolate(ngettext("%(player)s: %(n)s point left", "%(player)s: %(n)s points left", points), { player: playerName(mode, seat, viewer), n: points })
      : interpolate(gettext("%(player)s: went out"), { player: playerName(mode, seat, viewer) });
    const row = document.createElement("div");
    row.className = "rummy-end-tiles";
    row.dataset.seat = String(seat);
    row.append(...tiles.map((tile) => tilePicture(this.sprite, tile)));
    section.append(heading, row);
    return section;
  }
}
