// The page around the board: status line, buttons, the game code with its link, the
// aria-live region and the dialogs (new game, end of a game, records). Texts come from
// Django's JavaScript catalogue (i18n.js).

import { formatTime } from "./clock.js";
import { gettext, interpolate, ngettext } from "./i18n.js";

/** The status line's items for a view of the game, as [name, label, value] (pure, translated). */
export function statusItems(view) {
  const items = view.mode === "arcade"
    ? [["score", gettext("Score"), view.score], ["level", gettext("Level"), view.level],
      ["shufflesLeft", gettext("Shuffles left"), view.shufflesLeft]]
    : [["time", gettext("Time"), formatTime(view.clock)], ["moves", gettext("Moves"), view.moves],
      ["hints", gettext("Hints"), view.hints]];
  items.push(["pairs", "", view.pairs === null ? gettext("Paused")
    : interpolate(ngettext("%(n)s pair available", "%(n)s pairs available", view.pairs), { n: view.pairs })]);
  items.push(["winnable", "", winnableText(view.winnable, view.undos)]);
  return items;
}

/** The winnability of the board: true, false, null (unknown) or "checking"; undos back if known. */
export function winnableText(winnable, undos = null) {
  if (winnable === "checking") return gettext("checking whether the board is winnable…");
  if (winnable === true) return gettext("winnable");
  if (winnable === null) return gettext("winnability unknown");
  if (undos) {
    return interpolate(ngettext("not winnable: undo %(n)s move to get back to a winnable board",
      "not winnable: undo %(n)s moves to get back to a winnable board", undos), { n: undos });
  }
  return gettext("not winnable");
}

export class PlayUi {
  constructor(root) {
    this.root = root;
    this.status = root.querySelector("#play-status");
    this.info = root.querySelector("#play-info");
    this.notice = root.querySelector("#play-notice");
    this.message = root.querySelector("#play-message");
    this.live = root.querySelector("#play-live");
    this.code = root.querySelector("#play-code");
    this.codeLink = root.querySelector("#play-code-link");
    this.dialog = root.querySelector("#play-dialog");
    this.newDialog = root.querySelector("#play-new-dialog");
    this.recordsDialog = root.querySelector("#play-records-dialog");
    this.buttons = Object.fromEntries(
      [...root.querySelectorAll(".play-toolbar [data-action]")].map((b) => [b.dataset.action, b]),
    );
    this.onAction = () => {};
    root.addEventListener("click", (event) => {
      const button = event.target.closest("button[data-action]");
      if (!button || !root.contains(button) || button.type === "submit") return;
      this.onAction(button.dataset.action, button);
    });
    root.querySelector("#play-new-cancel")?.addEventListener("click", () => this.newDialog.close());
    root.querySelector("#play-records-close")?.addEventListener("click", () => this.recordsDialog.close());
  }

  announce(text) {
    if (this.live.textContent !== text) {
      this.live.textContent = text;
      return;
    }
    // The same text again: empty the region first, or screen readers do not read it again.
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

  /** A short notice above the board (and read out), until the next game starts. */
  showNotice(text) {
    this.notice.textContent = text || "";
    this.notice.hidden = !text;
    if (text) this.announce(text);
  }

  showInfo(text) {
    this.info.textContent = text;
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
    this.announce(gettext("Link copied."));
  }

  /** The status line: {mode, clock, score, level, shufflesLeft, moves, hints, pairs, winnable, undos}. */
  renderStatus(view) {
    const items = statusItems(view);
    const key = JSON.stringify(items);
    if (key === this.lastStatus) return;
    this.lastStatus = key;
    this.status.replaceChildren(
      ...items.map(([name, label, value]) => {
        const item = document.createElement("span");
        item.className = `play-stat play-stat-${name}`;
        if (label) {
          const labelElement = document.createElement("span");
          labelElement.className = "play-stat-label";
          labelElement.textContent = interpolate(gettext("%(label)s: "), { label });
          const figure = document.createElement("b");
          figure.textContent = String(value);
          item.append(labelElement, figure);
        } else {
          item.textContent = value;
        }
        if (name === "winnable") item.dataset.winnable = String(view.winnable);
        return item;
      }),
    );
  }

  /** Which buttons work now: {hint, undo, shuffle, pause, paused, closeup, stop (shown), stopEnabled}. */
  setControls(allowed) {
    for (const name of ["hint", "undo", "shuffle"]) {
      if (this.buttons[name]) this.buttons[name].disabled = !allowed[name];
    }
    const { pause, view, stop } = this.buttons;
    if (pause) {
      pause.disabled = !allowed.pause && !allowed.paused;
      pause.setAttribute("aria-pressed", String(Boolean(allowed.paused)));
      pause.querySelector("[data-label]").textContent = allowed.paused ? gettext("Resume") : gettext("Pause");
    }
    if (view) {
      view.setAttribute("aria-pressed", String(Boolean(allowed.closeup)));
      view.querySelector("[data-label]").textContent = allowed.closeup ? gettext("Whole board") : gettext("Close-up");
    }
    if (stop) {
      stop.hidden = !allowed.stop;
      stop.disabled = !allowed.stopEnabled;
    }
  }

  get dialogOpen() {
    return Boolean(this.dialog?.open || this.newDialog?.open || this.recordsDialog?.open);
  }

  /**
   * Show the game dialog: {title, text, buttons: [{label, onClick}], score: {name, submit:
   * async (name) => {message, link}}}. A button closes the dialog, then runs its onClick.
   */
  openDialog({ title, text, buttons = [], score = null }) {
    this.closeDialog();
    const dialog = this.dialog;
    dialog.querySelector("h2").textContent = title;
    dialog.querySelector(".play-dialog-text").textContent = text;
    const form = dialog.querySelector(".play-score");
    const result = form.querySelector("output");
    const link = form.querySelector("#play-leaderboard-link");
    const submit = form.querySelector("button");
    result.textContent = "";
    link.hidden = true;
    form.hidden = !score;
    if (score) form.elements.name.value = score.name || "";
    form.onsubmit = async (event) => {
      event.preventDefault();
      submit.disabled = true;
      try {
        const answer = await score.submit(form.elements.name.value);
        result.textContent = answer.message;
        link.href = answer.link;
        link.hidden = false;
        form.elements.name.disabled = true;
      } catch (error) {
        result.textContent = interpolate(gettext("Something went wrong: %(message)s"), { message: error.message });
        submit.disabled = false;
      }
    };
    submit.disabled = false;
    form.elements.name.disabled = false;
    const row = dialog.querySelector(".play-dialog-buttons");
    row.replaceChildren(
      ...[...buttons, { label: gettext("Close") }].map(({ label, onClick, id }) => {
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
      }),
    );
    dialog.showModal();
    if (score && !form.elements.name.value) form.elements.name.focus();
  }

  closeDialog() {
    for (const dialog of [this.dialog, this.newDialog, this.recordsDialog]) {
      if (dialog?.open) dialog.close();
    }
  }

  /**
   * The new-game dialog, set to the current layout and mode; `inProgress` shows the warning
   * that the game in progress ends. `onStart({layout, mode})` runs when the player starts.
   */
  openNewGame({ layout, mode, inProgress, onStart }) {
    this.closeDialog();
    const dialog = this.newDialog;
    const form = dialog.querySelector("form");
    const radio = form.querySelector(`input[name="layout"][value="${layout}"]`);
    if (radio) radio.checked = true;
    form.elements.mode.value = mode;
    dialog.querySelector("#play-new-warning").hidden = !inProgress;
    form.onsubmit = (event) => {
      event.preventDefault();
      const chosen = form.querySelector('input[name="layout"]:checked');
      dialog.close();
      onStart({ layout: chosen ? chosen.value : layout, mode: form.elements.mode.value });
    };
    dialog.showModal();
    (radio || form.querySelector("#play-new-start")).focus();
  }

  /** The records dialog: `records` (storage.js) with `layoutName(id)` for the names. */
  openRecords(records, layoutName) {
    this.closeDialog();
    const box = this.recordsDialog.querySelector("#play-records");
    const heading = (text) => {
      const h = document.createElement("h3");
      h.textContent = text;
      return h;
    };
    const paragraph = (text) => {
      const p = document.createElement("p");
      p.textContent = text;
      return p;
    };
    const day = (iso) => {
      const date = new Date(iso);
      return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString(document.documentElement.lang || undefined);
    };
    const parts = [heading(gettext("Best classic times"))];
    if (records.classicBest.length) {
      const table = document.createElement("table");
      table.className = "play-records-times";
      const head = table.createTHead().insertRow();
      for (const text of ["#", gettext("Time"), gettext("Layout"), gettext("Date")]) {
        const th = document.createElement("th");
        th.scope = "col";
        th.textContent = text;
        head.append(th);
      }
      const body = table.createTBody();
      records.classicBest.forEach((entry, k) => {
        const row = body.insertRow();
        for (const text of [k + 1, formatTime(entry.timeMs), layoutName(entry.layout), day(entry.date)]) {
          row.insertCell().textContent = String(text);
        }
      });
      parts.push(table);
    } else {
      parts.push(paragraph(gettext("No classic game won yet.")));
    }
    parts.push(heading(gettext("Arcade high score")));
    const best = records.arcadeBest;
    parts.push(paragraph(best
      ? interpolate(gettext("%(score)s points, level %(level)s, %(layout)s, %(date)s"),
        { score: best.score, level: best.level, layout: layoutName(best.layout), date: day(best.date) })
      : gettext("No arcade game played yet.")));
    parts.push(heading(gettext("Statistics")));
    const stats = document.createElement("ul");
    const { games, wins, hints } = records.stats;
    for (const text of [
      interpolate(ngettext("%(n)s game started", "%(n)s games started", games), { n: games }),
      interpolate(ngettext("%(n)s board cleared", "%(n)s boards cleared", wins), { n: wins }),
      interpolate(ngettext("%(n)s hint used", "%(n)s hints used", hints), { n: hints }),
    ]) {
      const li = document.createElement("li");
      li.textContent = text;
      stats.append(li);
    }
    parts.push(stats);
    box.replaceChildren(...parts);
    this.recordsDialog.showModal();
  }
}
