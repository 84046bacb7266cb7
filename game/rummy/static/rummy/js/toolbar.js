// @ts-check
// The buttons of the page (each <button data-action="...">, anywhere in the game's section):
// a click runs its action; update() says which ones work now and which are shown. Draw gives
// way to Pass once the pool is empty. Draw stays pressable with a changed table: it then says
// why it cannot draw (reset first), which is clearer than a button that does nothing.

/**
 * Which buttons are shown and which work.
 * @typedef {object} Controls
 * @property {Record<string, boolean>} enabled by action, those not named are off
 * @property {Record<string, boolean>} shown by action, those not named are shown
 * @property {Record<string, boolean>} [pressed] toggle buttons' state (the rack sort)
 */

export class Toolbar {
  /**
   * @param {HTMLElement} root the game's section
   * @param {(action: string) => void} run
   */
  constructor(root, run) {
    /** @type {Map<string, HTMLButtonElement[]>} */
    this.buttons = new Map();
    for (const button of root.querySelectorAll("button[data-action]")) {
      if (!(button instanceof HTMLButtonElement)) continue;
      const action = button.dataset.action ?? "";
      this.buttons.set(action, [...(this.buttons.get(action) ?? []), button]);
    }
    root.addEventListener("click", (event) => {
      const button = event.target instanceof Element ? event.target.closest("button[data-action]") : null;
      if (!(button instanceof HTMLButtonElement) || button.disabled || !root.contains(button)) return;
      run(button.dataset.action ?? "");
    });
  }

  /** @param {Controls} controls */
  update(controls) {
    for (const [action, buttons] of this.buttons) {
      for (const button of buttons) {
        button.disabled = !controls.enabled[action];
        button.hidden = controls.shown[action] === false;
        if (controls.pressed && action in controls.pressed) button.setAttribute("aria-pressed", String(controls.pressed[action]));
      }
    }
  }
}
