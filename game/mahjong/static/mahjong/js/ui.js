// @ts-check
// The page around the board: status line, buttons, the game code with its link, the
// aria-live region, failures, and the dialogs (new game, end of a game with the score form,
// records). Texts come from Django's JavaScript catalogue (core/js/i18n.js).

import { ApiError } from "../../core/js/api.js";
import { formatTime } from "../../core/js/clock.js";
import { anyDialogOpen, closeDialogs, dialogButtons } from "../../core/js/dialog.js";
import { element } from "../../core/js/dom.js";
import { gettext, interpolate, ngettext } from "../../core/js/i18n.js";
import { apiErrorText } from "./errors.js";
import { formatNumber } from "../../core/js/numbers.js";

/**
 * What the status line shows.
 * @typedef {object} StatusView
 * @property {string} mode
 * @property {number} clock the classic stopwatch, in ms
 * @property {number} score
 * @property {number} level
 * @property {number | null} shufflesLeft
 * @property {number} moves pairs off the board
 * @property {number} [tilesLeft]
 * @property {number} hints
 * @property {number | null} pairs null while paused
 * @property {import("./winnability_watcher.js").Winnability} winnable
 * @property {number | null} undos
 * @property {boolean} [verdict] false: the player hid the "winnable" verdict
 * @property {number} [penaltyMs] classic: what the hints and shuffles add to the ranked time
 */

/**
 * Which buttons work now.
 * @typedef {{hint: boolean, undo: boolean, shuffle: boolean, pause: boolean, paused: boolean, closeup: boolean,
 *   stop: boolean, stopEnabled: boolean}} Controls
 */

/**
 * The game dialog: a title, a text, buttons and, for a finished game, the score form.
 * @typedef {{title: string, text: string, buttons?: import("../../core/js/dialog.js").DialogButton[],
 *   score?: import("./score_submission.js").ScoreForm | null}} GameDialog
 */

/**
 * What a failure means to the player, in the page's language: an API error's translated text
 * for its code, else (a bug, a refusal of the rules: their messages are English, written for
 * developers) a translated text of our own; the error itself goes to the console.
 * @param {unknown} error
 */
export function failureText(error) {
  if (error instanceof ApiError) return apiErrorText(error);
  return gettext("Something went wrong on this page. Reload it to go on with your game.");
}

/**
 * The status line's items for a view of the game, as [name, label, value] (pure, translated).
 * @param {StatusView} view
 * @returns {[string, string, string | number | null][]}
 */
export function statusItems(view) {
  /** @type {[string, string, string | number | null][]} */
  const items = view.mode === "arcade"
    ? [["score", gettext("Score"), formatNumber(view.score)], ["level", gettext("Level"), view.level],
      ["shufflesLeft", gettext("Shuffles left"), view.shufflesLeft]]
    : [["time", gettext("Time"), formatTime(view.clock)], ["moves", gettext("Moves"), view.moves],
      ["hints", gettext("Hints"), view.hints]];
  if (view.mode !== "arcade" && view.penaltyMs) {
    items.push(["penalty", gettext("Penalty"), `+${formatTime(view.penaltyMs)}`]);
  }
  items.push(["pairs", "", view.pairs === null ? gettext("Paused")
    : interpolate(ngettext("%(n)s pair available", "%(n)s pairs available", view.pairs), { n: view.pairs })]);
  if (view.pairs !== null && view.tilesLeft !== undefined) {
    items.push(["tiles", "", interpolate(ngettext("%(n)s tile left", "%(n)s tiles left", view.tilesLeft), { n: view.tilesLeft })]);
  }
  if (view.verdict !== false) items.push(["winnable", "", winnableText(view.winnable, view.undos)]);
  return items;
}

/**
 * The winnability of the board: true, false, null (unknown) or "checking"; undos back if known.
 * @param {import("./winnability_watcher.js").Winnability} winnable
 * @param {number | null} undos
 */
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

/**
 * A toolbar button's words: its label and its tooltip, which names the key too.
 * @param {HTMLElement} button
 * @param {string} label
 * @param {string} key
 */
function setLabel(button, label, key) {
  element(button, "[data-label]", HTMLElement).textContent = label;
  button.title = `${label} (${key})`;
}

/**
 * The site's menu in the game bar (a <details>) closes when the player goes back to the game:
 * a click elsewhere or Escape.
 * @param {HTMLDetailsElement} menu
 */
function closeMenuWhenLeft(menu) {
  document.addEventListener("click", (event) => {
    if (menu.open && event.target instanceof Node && !menu.contains(event.target)) menu.open = false;
  });
  menu.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && menu.open) {
      menu.open = false;
      menu.querySelector("summary")?.focus();
    }
  });
}

export class PlayUi {
  /** @param {HTMLElement} root the play page's section */
  constructor(root) {
    this.status = element(root, "#play-status", HTMLElement);
    this.info = element(root, "#play-info", HTMLElement);
    this.notice = element(root, "#play-notice", HTMLElement);
    this.message = element(root, "#play-message", HTMLElement);
    this.live = element(root, "#play-live", HTMLElement);
    this.code = element(root, "#play-code", HTMLElement);
    this.codeLink = element(root, "#play-code-link", HTMLAnchorElement);
    this.dialog = element(root, "#play-dialog", HTMLDialogElement);
    this.newDialog = element(root, "#play-new-dialog", HTMLDialogElement);
    this.recordsDialog = element(root, "#play-records-dialog", HTMLDialogElement);
    /** @type {Record<string, HTMLButtonElement>} */
    this.buttons = Object.fromEntries(
      [...root.querySelectorAll(".play-toolbar button[data-action]")].map((b) => [b.getAttribute("data-action"), b]),
    );
    /** @type {(action: string) => void} */
    this.onAction = () => {};
    /** @type {string | null} the status line drawn last */
    this.lastStatus = null;
    root.addEventListener("click", (event) => {
      const button = event.target instanceof Element ? event.target.closest("button[data-action]") : null;
      if (!(button instanceof HTMLButtonElement) || !root.contains(button) || button.type === "submit") return;
      this.onAction(button.dataset.action ?? "");
    });
    element(root, "#play-new-cancel", HTMLButtonElement).addEventListener("click", () => this.newDialog.close());
    element(root, "#play-records-close", HTMLButtonElement).addEventListener("click", () => this.recordsDialog.close());
    // The notice lies over the top of the board: a tap puts it away.
    this.notice.addEventListener("click", () => {
      this.notice.hidden = true;
    });
    const menu = root.querySelector("#play-menu");
    if (menu instanceof HTMLDetailsElement) closeMenuWhenLeft(menu);
  }

  /** Read a text out (the aria-live region). @param {string} text */
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

  /** In place of the board (loading, a failure before any board). @param {string} text */
  showMessage(text) {
    this.message.textContent = text || "";
    this.message.hidden = !text;
  }

  /** @param {string} code @param {string} url */
  showCode(code, url) {
    this.code.hidden = !code;
    this.codeLink.href = url;
    element(this.codeLink, "code", HTMLElement).textContent = code;
  }

  /** A short notice over the board (and read out), until the next game starts or a tap. @param {string} text */
  showNotice(text) {
    this.notice.textContent = text || "";
    this.notice.hidden = !text;
    if (text) this.announce(text);
  }

  /** The layout and mode above the board. @param {string} text */
  showInfo(text) {
    this.info.textContent = text;
  }

  /**
   * A failure: shown in place of the board when there is none, else in the notice above it,
   * and read out either way (not only read out: sighted players must see it too).
   * @param {unknown} error
   * @param {boolean} boardShown
   */
  showFailure(error, boardShown) {
    console.warn(error, error instanceof ApiError ? error.detail : "");
    const text = failureText(error);
    if (boardShown) {
      this.showNotice(text);
    } else {
      this.announce(text);
      this.showMessage(text);
    }
  }

  /**
   * The rules refused a move the controls let through (their reason is English, for the
   * console): the player hears a translated text.
   * @param {string} reason
   */
  refused(reason) {
    console.info("refused:", reason);
    this.announce(gettext("That cannot be done now."));
  }

  async copyLink() {
    const url = new URL(this.codeLink.getAttribute("href") ?? "", window.location.href).href;
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      const range = document.createRange();
      range.selectNodeContents(this.codeLink);
      const selection = window.getSelection();
      selection?.removeAllRanges();
      selection?.addRange(range);
      document.execCommand?.("copy");
    }
    this.announce(gettext("Link copied."));
  }

  /** The status line: {mode, clock, score, level, shufflesLeft, moves, hints, pairs, winnable, undos}. @param {StatusView} view */
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
          item.textContent = String(value);
        }
        if (name === "winnable") item.dataset.winnable = String(view.winnable);
        return item;
      }),
    );
  }

  /** Which buttons work now: {hint, undo, shuffle, pause, paused, closeup, stop (shown), stopEnabled}. @param {Controls} allowed */
  setControls(allowed) {
    for (const name of /** @type {const} */ (["hint", "undo", "shuffle"])) {
      if (this.buttons[name]) this.buttons[name].disabled = !allowed[name];
    }
    const { pause, view, stop } = this.buttons;
    if (pause) {
      pause.disabled = !allowed.pause && !allowed.paused;
      pause.setAttribute("aria-pressed", String(Boolean(allowed.paused)));
      setLabel(pause, allowed.paused ? gettext("Resume") : gettext("Pause"), "P");
    }
    if (view) {
      view.setAttribute("aria-pressed", String(Boolean(allowed.closeup)));
      setLabel(view, allowed.closeup ? gettext("Whole board") : gettext("Close-up"), "Z");
    }
    if (stop) {
      stop.hidden = !allowed.stop;
      stop.disabled = !allowed.stopEnabled;
    }
  }

  get dialogs() {
    return [this.dialog, this.newDialog, this.recordsDialog];
  }

  get dialogOpen() {
    return anyDialogOpen(this.dialogs);
  }

  /**
   * Show the game dialog: {title, text, buttons: [{label, onClick}], score: {name, submit:
   * async (name) => {message, link}}}. A button closes the dialog, then runs its onClick.
   * @param {GameDialog} content
   */
  openDialog({ title, text, buttons = [], score = null }) {
    this.closeDialog();
    const dialog = this.dialog;
    element(dialog, "h2", HTMLElement).textContent = title;
    element(dialog, ".play-dialog-text", HTMLElement).textContent = text;
    this.fillScoreForm(element(dialog, ".play-score", HTMLFormElement), score);
    element(dialog, ".play-dialog-buttons", HTMLElement).replaceChildren(...dialogButtons(dialog, buttons));
    dialog.showModal();
    // A keyboard of the screen would rise over the result: on touch screens the heading takes
    // the focus (the name field is a tap away), elsewhere an empty name field does.
    const name = element(dialog, "#play-name", HTMLInputElement);
    if (window.matchMedia?.("(pointer: coarse)").matches) element(dialog, "h2", HTMLElement).focus();
    else if (score && !name.value) name.focus();
  }

  /**
   * The score form of the game dialog: shown for a finished game dealt by the server.
   * @param {HTMLFormElement} form
   * @param {import("./score_submission.js").ScoreForm | null} score
   */
  fillScoreForm(form, score) {
    const result = element(form, "output", HTMLOutputElement);
    const link = element(form, "#play-leaderboard-link", HTMLAnchorElement);
    const submit = element(form, "button", HTMLButtonElement);
    const name = element(form, "#play-name", HTMLInputElement);
    result.textContent = "";
    link.hidden = true;
    form.hidden = !score;
    if (score) name.value = score.name || "";
    form.onsubmit = async (event) => {
      event.preventDefault();
      if (!score) return;
      submit.disabled = true;
      try {
        const answer = await score.submit(name.value);
        result.textContent = answer.message;
        link.href = answer.link;
        link.hidden = false;
        name.disabled = true;
      } catch (error) {
        result.textContent = failureText(error);
        // A refusal that will not change (already submitted, too old...) leaves nothing to retry.
        submit.disabled = score.refusedForGood(error);
      }
    };
    submit.disabled = false;
    name.disabled = false;
  }

  closeDialog() {
    closeDialogs(this.dialogs);
  }

  /**
   * The new-game dialog, set to the current layout and mode; `inProgress` shows the warning
   * that the game in progress ends. `onStart({layout, mode})` runs when the player starts.
   * `onRestart()` (shown when `canRestart`) plays the same deal again; `daily` says how the
   * player's own daily challenges went.
   * @param {{layout: string, mode: string, inProgress: boolean, onStart: (choice: {layout: string, mode: string}) => void,
   *   canRestart?: boolean, onRestart?: () => void, daily?: string}} options
   */
  openNewGame({ layout, mode, inProgress, onStart, canRestart = false, onRestart = () => {}, daily = "" }) {
    this.closeDialog();
    const dialog = this.newDialog;
    const form = element(dialog, "form", HTMLFormElement);
    const modes = element(form, "#play-mode", HTMLSelectElement);
    const radio = form.querySelector(`input[name="layout"][value="${layout}"]`);
    if (radio instanceof HTMLInputElement) radio.checked = true;
    modes.value = mode;
    element(dialog, "#play-new-warning", HTMLElement).hidden = !inProgress;
    const results = element(dialog, "#play-daily-results", HTMLElement);
    results.textContent = daily;
    results.hidden = !daily;
    const restart = element(dialog, "#play-new-restart", HTMLButtonElement);
    restart.hidden = !canRestart;
    restart.onclick = () => {
      dialog.close();
      onRestart();
    };
    form.onsubmit = (event) => {
      event.preventDefault();
      const chosen = form.querySelector('input[name="layout"]:checked');
      dialog.close();
      onStart({ layout: chosen instanceof HTMLInputElement ? chosen.value : layout, mode: modes.value });
    };
    dialog.showModal();
    (radio instanceof HTMLInputElement ? radio : element(form, "#play-new-start", HTMLButtonElement)).focus();
  }

  /**
   * The records dialog: `records` (records.js) with `layoutName(id)` for the names. Its module
   * is fetched the first time it opens: most visits never open it.
   * @param {import("./records.js").Records} records
   * @param {(id: string) => string} layoutName
   */
  async openRecords(records, layoutName) {
    const { recordsContent } = await import("./records_dialog.js");
    this.closeDialog();
    element(this.recordsDialog, "#play-records", HTMLElement).replaceChildren(...recordsContent(records, layoutName));
    this.recordsDialog.showModal();
  }
}
