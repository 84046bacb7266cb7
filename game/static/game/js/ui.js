// The page around the board: status line, buttons, the game code with its link, the
// aria-live region and the dialogs (win, level cleared, no moves, game over).

import { formatTime } from "./clock.js";

/** Fill {name} placeholders. */
export function format(text, values = {}) {
  return String(text).replace(/\{(\w+)\}/g, (all, name) => (name in values ? String(values[name]) : all));
}

export class PlayUi {
  constructor(root, texts) {
    this.root = root;
    this.texts = texts;
    this.status = root.querySelector("#play-status");
    this.message = root.querySelector("#play-message");
    this.live = root.querySelector("#play-live");
    this.code = root.querySelector("#play-code");
    this.codeLink = root.querySelector("#play-code-link");
    this.dialog = root.querySelector("#play-dialog");
    this.buttons = Object.fromEntries(
      [...root.querySelectorAll(".play-toolbar [data-action]")].map((b) => [b.dataset.action, b]),
    );
    this.onAction = () => {};
    root.addEventListener("click", (event) => {
      const button = event.target.closest("button[data-action]");
      if (!button || !root.contains(button) || button.type === "submit") return;
      this.onAction(button.dataset.action, button);
    });
    this.dialog?.addEventListener("close", () => this.onDialogClose?.());
  }

  t(key, values) {
    return format(this.texts[key] ?? key, values);
  }

  announce(text) {
    // Re-set even the same text so that screen readers read it again.
    this.live.textContent = "";
    requestAnimationFrame(() => {
      this.live.textContent = text;
    });
  }

  showMessage(text) {
    this.message.textContent = text || "";
    this.message.hidden = !text;
  }

  showCode(code, url) {
    this.code.hidden = !code;
    this.codeLink.href = url;
    this.codeLink.querySelector("code").textContent = code;
  }

  async copyLink() {
    const url = new URL(this.codeLink.getAttribute("href"), window.location.href).href;
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      const range = document.createRange();
      range.selectNodeContents(this.codeLink);
      const selection = window.getSelection();
      selection.removeAllRanges();
      selection.addRange(range);
      document.execCommand?.("copy");
    }
    this.announce(this.t("linkCopied"));
  }

  /** The status line: {mode, clock, score, level, shufflesLeft, moves, hints, pairs, winnable}. */
  renderStatus(view) {
    const items = view.mode === "arcade"
      ? [["score", view.score], ["level", view.level], ["shufflesLeft", view.shufflesLeft]]
      : [["time", formatTime(view.clock)]];
    items.push(["moves", view.moves], ["hints", view.hints], ["pairs", view.pairs]);
    const winnable = { true: "yes", false: "no", null: "unknown", checking: "checking" }[String(view.winnable)];
    items.push(["winnable", this.t(winnable)]);
    const key = JSON.stringify(items);
    if (key === this.lastStatus) return;
    this.lastStatus = key;
    this.status.replaceChildren(
      ...items.map(([name, value]) => {
        const item = document.createElement("span");
        item.className = `play-stat play-stat-${name}`;
        const label = document.createElement("span");
        label.className = "play-stat-label";
        label.textContent = `${this.t(name)}: `;
        const figure = document.createElement("b");
        figure.textContent = String(value);
        item.append(label, figure);
        return item;
      }),
    );
  }

  /** Which buttons work now: {hint, undo, shuffle, pause, paused}. */
  setControls(allowed) {
    for (const name of ["hint", "undo", "shuffle"]) {
      if (this.buttons[name]) this.buttons[name].disabled = !allowed[name];
    }
    const pause = this.buttons.pause;
    if (pause) {
      pause.disabled = !allowed.pause && !allowed.paused;
      pause.setAttribute("aria-pressed", String(Boolean(allowed.paused)));
      pause.querySelector("[data-label]").textContent = this.t(allowed.paused ? "resume" : "pause");
    }
  }

  get dialogOpen() {
    return Boolean(this.dialog?.open);
  }

  /**
   * Show a dialog: {title, text, buttons: [{label, onClick}], score: async (name) => message}.
   * A button closes the dialog, then runs its onClick.
   */
  openDialog({ title, text, buttons = [], score = null }) {
    const dialog = this.dialog;
    dialog.querySelector("h2").textContent = title;
    dialog.querySelector(".play-dialog-text").textContent = text;
    const form = dialog.querySelector(".play-score");
    const result = form.querySelector("output");
    result.textContent = "";
    form.hidden = !score;
    form.onsubmit = async (event) => {
      event.preventDefault();
      const submit = form.querySelector("button");
      submit.disabled = true;
      try {
        result.textContent = await score(form.elements.name.value);
      } catch (error) {
        result.textContent = this.t("error", { message: error.message });
        submit.disabled = false;
      }
    };
    form.querySelector("button").disabled = false;
    const row = dialog.querySelector(".play-dialog-buttons");
    row.replaceChildren(
      ...[...buttons, { label: this.t("close") }].map(({ label, onClick }) => {
        const button = document.createElement("button");
        button.type = "button";
        button.className = onClick ? "button" : "button button-quiet";
        button.textContent = label;
        button.addEventListener("click", () => {
          dialog.close();
          onClick?.();
        });
        return button;
      }),
    );
    if (!dialog.open) dialog.showModal();
  }

  closeDialog() {
    if (this.dialog?.open) this.dialog.close();
  }
}
