// @ts-check
// Helpers for the pages' <dialog> elements: rows of buttons that close their dialog first,
// and closing or asking about a group of dialogs at once.

import { gettext } from "./i18n.js";

/**
 * A dialog button: `onClick` runs after the dialog closed; without it, the button only
 * closes the dialog (and looks quiet).
 * @typedef {{label: string, id?: string, onClick?: () => void}} DialogButton
 */

/**
 * The buttons for `dialog`, followed by a translated "Close" button.
 * @param {HTMLDialogElement} dialog
 * @param {DialogButton[]} buttons
 * @returns {HTMLButtonElement[]}
 */
export function dialogButtons(dialog, buttons) {
  return [...buttons, { label: gettext("Close") }].map(({ label, onClick, id }) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = onClick ? "button" : "button button-quiet";
    if (id) button.id = id;
    button.textContent = label;
    button.addEventListener("click", () => {
      dialog.close();
      onClick?.();
    });
    return button;
  });
}

/** @param {Iterable<HTMLDialogElement>} dialogs */
export function closeDialogs(dialogs) {
  for (const dialog of dialogs) {
    if (dialog.open) dialog.close();
  }
}

/** @param {Iterable<HTMLDialogElement>} dialogs */
export function anyDialogOpen(dialogs) {
  for (const dialog of dialogs) {
    if (dialog.open) return true;
  }
  return false;
}
