// @ts-check
// A notice above the table: why something was refused, a failure with a way out (Retry, Start a
// new match), or a short note (the kept turn could not be restored). It never touches the
// draft. Notices are read out by the live region (the caller announces them).

import { gettext } from "../../core/js/i18n.js";

/** @typedef {{label: string, run: () => void}} NoticeAction */

export class Notice {
  /** @param {HTMLElement} root the notice's box (hidden when empty) */
  constructor(root) {
    this.root = root;
    this.text = document.createElement("p");
    this.text.className = "rummy-notice-text";
    this.actions = document.createElement("div");
    this.actions.className = "rummy-notice-actions";
    this.close = document.createElement("button");
    this.close.type = "button";
    this.close.className = "rummy-notice-close";
    this.close.textContent = "×";
    this.close.setAttribute("aria-label", gettext("Dismiss"));
    this.close.addEventListener("click", () => this.clear());
    root.replaceChildren(this.text, this.actions, this.close);
    /** @type {"info" | "error"} */
    this.kind = "info";
  }

  /**
   * @param {string} text
   * @param {{kind?: "info" | "error", action?: NoticeAction}} [more]
   */
  show(text, more = {}) {
    this.kind = more.kind ?? "info";
    this.text.textContent = text;
    const buttons = [];
    if (more.action) {
      const { label, run } = more.action;
      const button = document.createElement("button");
      button.type = "button";
      button.className = "button rummy-notice-action";
      button.textContent = label;
      button.addEventListener("click", () => {
        this.clear();
        run();
      });
      buttons.push(button);
    }
    this.actions.replaceChildren(...buttons);
    this.root.dataset.kind = this.kind;
    this.root.hidden = !text;
  }

  clear() {
    this.text.textContent = "";
    this.actions.replaceChildren();
    this.root.hidden = true;
  }

  /** The text shown, "" when none. */
  get shown() {
    return this.root.hidden ? "" : this.text.textContent ?? "";
  }
}
