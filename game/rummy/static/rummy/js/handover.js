// @ts-check
// Pass and play: between two turns the device goes from one player to the other. The screen
// that says so takes the place of the rack and the toolbar; the rack's tiles are out of the
// page meanwhile (the caller clears them before showing this), and the next player's rack is
// fetched only when they press Continue.

import { gettext, interpolate } from "../../core/js/i18n.js";
import { playerName } from "./texts.js";

export class Handover {
  /**
   * @param {HTMLElement} root the screen (hidden while a rack is shown)
   * @param {HTMLElement} dock what it replaces: the rack and the toolbar
   */
  constructor(root, dock) {
    this.root = root;
    this.dock = dock;
    this.title = document.createElement("h2");
    this.title.className = "rummy-handover-title";
    this.title.id = "rummy-handover-title";
    this.text = document.createElement("p");
    this.text.className = "rummy-handover-text";
    this.button = document.createElement("button");
    this.button.type = "button";
    this.button.className = "button rummy-handover-continue";
    this.button.id = "rummy-handover-continue";
    this.button.textContent = gettext("Continue");
    root.setAttribute("role", "region");
    root.setAttribute("aria-labelledby", this.title.id);
    root.replaceChildren(this.title, this.text, this.button);
    /** @type {(() => void) | null} */
    this.onContinue = null;
    this.button.addEventListener("click", () => {
      const next = this.onContinue;
      this.hide();
      next?.();
    });
  }

  get shown() {
    return !this.root.hidden;
  }

  /**
   * Ask for the device to go to `seat`'s player.
   * @param {number} seat
   * @param {string} news what just happened ("Player 1 laid red 7, red 8, red 9."), or ""
   * @param {() => void} onContinue
   */
  show(seat, news, onContinue) {
    const player = playerName("local", seat);
    // The number too, for languages that say "to player 2" in a sentence (not the name "Player 2").
    this.title.textContent = interpolate(gettext("Hand the device to %(player)s"), { player, n: seat + 1 });
    const invite = interpolate(gettext("%(player)s, press Continue when only you can see the screen."), { player });
    this.text.textContent = news ? `${news} ${invite}` : invite;
    this.root.classList.remove("rummy-seat-0", "rummy-seat-1");
    this.root.classList.add(`rummy-seat-${seat}`);
    this.onContinue = onContinue;
    this.root.hidden = false;
    this.dock.hidden = true;
    this.button.focus({ preventScroll: true });
  }

  hide() {
    this.onContinue = null;
    this.root.hidden = true;
    this.dock.hidden = false;
  }
}
