// @ts-check
// The game menu (a dialog of the template): the computer's level, New match, and links to the
// other mode and the rules. Done applies a changed level (the match goes on from the same
// position, the computer plays at the new level from its next move, and new matches start
// at it); Cancel or Escape changes nothing. New match asks first while a hand is in progress.

import { element } from "../../core/js/dom.js";

/**
 * @typedef {object} MenuHandlers
 * @property {() => string | null} level the match's level now (null in pass and play)
 * @property {() => boolean} inProgress whether a hand is being played (New match asks first)
 * @property {(level: string) => void} setLevel
 * @property {(level: string | null) => void} newMatch at the level chosen in the menu
 */

export class GameMenu {
  /**
   * @param {HTMLDialogElement} dialog
   * @param {MenuHandlers} handlers
   */
  constructor(dialog, handlers) {
    this.dialog = dialog;
    this.handlers = handlers;
    this.form = element(dialog, "form", HTMLFormElement);
    this.main = element(dialog, "#rummy-menu-main", HTMLElement);
    this.confirm = element(dialog, "#rummy-menu-confirm", HTMLElement);
    this.form.addEventListener("submit", (event) => {
      event.preventDefault();
      const chosen = this.chosen();
      this.dialog.close();
      if (chosen !== null && chosen !== this.handlers.level()) this.handlers.setLevel(chosen);
    });
    element(dialog, "#rummy-menu-cancel", HTMLButtonElement).addEventListener("click", () => this.dialog.close());
    element(dialog, "#rummy-menu-new", HTMLButtonElement).addEventListener("click", () => {
      if (!this.handlers.inProgress()) {
        this.#start();
        return;
      }
      this.main.hidden = true;
      this.confirm.hidden = false;
      element(this.confirm, "#rummy-menu-start", HTMLButtonElement).focus();
    });
    element(dialog, "#rummy-menu-keep", HTMLButtonElement).addEventListener("click", () => this.dialog.close());
    element(dialog, "#rummy-menu-start", HTMLButtonElement).addEventListener("click", () => this.#start());
  }

  /** The level ticked in the menu (null without levels: pass and play). */
  chosen() {
    const ticked = this.form.querySelector("input[name=level]:checked");
    return ticked instanceof HTMLInputElement ? ticked.value : null;
  }

  /** @param {string | null} fallback the level to tick when the match has none yet */
  open(fallback) {
    const level = this.handlers.level() ?? fallback;
    for (const input of this.form.querySelectorAll("input[name=level]")) {
      if (input instanceof HTMLInputElement) input.checked = input.value === level;
    }
    this.main.hidden = false;
    this.confirm.hidden = true;
    if (!this.dialog.open) this.dialog.showModal();
  }

  #start() {
    const chosen = this.chosen();
    this.dialog.close();
    this.handlers.newMatch(chosen);
  }
}
