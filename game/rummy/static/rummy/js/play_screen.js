// @ts-check
// The position on the screen and the turn being played on it: the state the server sent for
// the seat shown, the Turn (draft and selection) built on it, what is marked (the other
// player's last tiles, the tile just drawn, the keyboard's tab stop), and whether the player
// may act now. Every change of the turn is saved (draft_store.js), announced, and drawn again
// (table, rack, status line, hint, buttons). Requests to the server are game.js's business.
// An online room may hold the game (the other player is away, the connection is being made
// again): the draft can still be arranged, but Confirm, Draw and Pass wait, and the status
// line says what for.

import { gettext } from "../../core/js/i18n.js";
import { locateTile } from "./draft.js";
import { saveDraft } from "./draft_store.js";
import { refusalText } from "./errors.js";
import { preferredRackSort, rememberRackSort } from "./prefs.js";
import { keepRackOrder, keptRackOrder, orderedRack } from "./rack_order.js";
import { Turn, laidIds } from "./turn.js";
import { playerName } from "./texts.js";

/** Marked once, when the rack is first on screen and the buttons work (bench_rummy_site.py times it). */
const FIRST_RACK_MARK = "miaojong:rummy-first-rack";

/**
 * @typedef {import("./seat_api.js").SeatState} SeatState
 * @typedef {import("./turn.js").Change} Change
 * @typedef {import("./draft.js").Draft} Draft
 * @typedef {import("./draft.js").Target} Target
 *
 * How a position is shown.
 * @typedef {object} PositionLook
 * @property {Draft | null} [draft] a draft of this position restored from storage
 * @property {{played: string[], before: string[][] | null} | null} [laid] the other player's last play, to mark
 * @property {string | null} [drawnTile] the tile this seat drew last (its newest copy on the rack is marked)
 * @property {string[][]} [table] show this table instead of the state's (the table before the other player's move)
 * @property {boolean} [hideRack] no rack on the page (pass and play, between two players)
 * @property {string | null} [activity] "The computer is thinking…": no play meanwhile
 *
 * @typedef {object} ScreenParts
 * @property {import("./table_view.js").TableView} table
 * @property {import("./rack_view.js").RackView} rack
 * @property {import("./status_view.js").StatusView} status
 * @property {import("./toolbar.js").Toolbar} toolbar
 * @property {import("./notice.js").Notice} notice
 * @property {import("./announce.js").Announcer} announcer
 * @property {HTMLElement} hint the line under the table
 * @property {HTMLElement} root the game's section (focus is restored inside it)
 * @property {() => string | null} [hold] what an online room waits for now, or null
 * @property {(level: string | null) => void} [level] show the computer's level (null: no computer)
 */

export class PlayScreen {
  /** @param {ScreenParts} parts */
  constructor(parts) {
    this.parts = parts;
    /** @type {SeatState | null} */
    this.state = null;
    this.seat = 0;
    /** @type {Turn | null} */
    this.turn = null;
    /** @type {Set<string>} */
    this.laid = new Set();
    /** @type {string | null} */
    this.drawnId = null;
    /** @type {string | null} */
    this.focusId = null;
    /** @type {string | null} */
    this.activity = null;
    this.busy = false;
    this.rackHidden = false;
    this.dragging = false;
  }

  /** Whether the player may change the table now (and confirm, draw or pass, unless held). */
  get playable() {
    const state = this.state;
    return Boolean(state && this.turn && state.view.result === null && state.view.turn === this.seat
      && !this.busy && !this.rackHidden && !this.activity);
  }

  /** What the game waits for before a turn can be confirmed (an online room), or null. */
  get hold() {
    return this.parts.hold?.() ?? null;
  }

  /** Whether the player may confirm, draw or pass now. */
  get canAct() {
    return this.playable && !this.hold;
  }

  get over() {
    return Boolean(this.state?.view.result);
  }

  /**
   * Show a position of `seat`: a new turn on it (or the restored draft), with its marks.
   * @param {SeatState} state
   * @param {number} seat
   * @param {PositionLook} [look]
   */
  show(state, seat, look = {}) {
    const sort = this.turn?.draft.rackSort ?? preferredRackSort();
    this.state = state;
    this.seat = seat;
    this.activity = look.activity ?? null;
    this.rackHidden = Boolean(look.hideRack);
    const table = look.table ?? state.view.table;
    const rack = this.rackHidden ? [] : state.view.rack;
    const opened = state.view.opened[seat];
    // The player's own order of the rack, if they gave it one by hand (new tiles at its end).
    const kept = sort === null && !this.rackHidden ? keptRackOrder(state.mode, state.match, seat) : null;
    this.turn = look.draft ? new Turn(look.draft, opened) : Turn.start(table, kept ? orderedRack(rack, kept) : rack, opened, sort);
    const start = this.turn.draft.start;
    this.laid = look.laid ? laidIds(start.table, table, look.laid.played, look.laid.before) : new Set();
    this.drawnId = null;
    if (look.drawnTile) {
      const copies = start.rack.filter((id) => this.turn?.text(id) === look.drawnTile);
      this.drawnId = copies.at(-1) ?? null;
    }
    if (this.focusId && !Object.hasOwn(this.turn.draft.tiles, this.focusId)) this.focusId = null;
    this.render();
  }

  /**
   * The position shown, with news that leaves it as it is (an online room's consents, who
   * joined): the turn in progress stays.
   * @param {SeatState} state
   */
  refresh(state) {
    this.state = state;
    this.render();
  }

  /** @param {boolean} busy a request is under way: nothing can be played meanwhile */
  setBusy(busy) {
    this.busy = busy;
    this.render();
  }

  /** @param {Change} change */
  apply(change) {
    if (!change.ok) {
      if (change.text) this.refuse(change.text);
      return false;
    }
    this.turn = change.turn;
    this.parts.notice.clear();
    this.#save();
    this.render();
    this.parts.announcer.say(change.text);
    return true;
  }

  /** Say why something cannot be done. @param {string} text */
  refuse(text) {
    this.parts.notice.show(text);
    this.parts.announcer.say(text);
  }

  /** A tap or click on a tile, or Enter: select it or not. @param {string} id */
  toggle(id) {
    if (!this.playable || !this.turn) return;
    this.turn = this.turn.toggle(id);
    this.focusId = id;
    this.render();
  }

  clearSelection() {
    if (!this.turn || !this.turn.selected.length) return;
    this.turn = this.turn.clearSelection();
    this.render();
  }

  group() {
    if (!this.playable || !this.turn) return;
    if (!this.turn.selected.length) this.refuse(refusalText("nothing_selected"));
    else {
      const change = this.turn.newGroup();
      // The keyboard goes on from the new set (the last one).
      if (change.ok) this.focusId = change.turn.draft.table.at(-1)?.[0] ?? this.focusId;
      this.apply(change);
    }
  }

  /** The selected tiles onto set `index`. @param {number} index */
  addTo(index) {
    if (!this.playable || !this.turn) return;
    if (!this.turn.selected.length) this.refuse(refusalText("nothing_selected"));
    else this.apply(this.turn.addTo(index));
  }

  /** The keyboard's "+": the selected tiles onto the set of the focused tile. @param {HTMLElement | null} focused */
  addToFocusedSet(focused) {
    if (!this.turn) return;
    const where = focused?.dataset.id ? locateTile(this.turn.draft, focused.dataset.id) : null;
    if (where?.on !== "set") {
      this.refuse(gettext("Move the focus to a tile of the set to add to, then press +."));
      return;
    }
    this.addTo(where.index);
  }

  /** @param {string[]} ids @param {Target} target */
  drop(ids, target) {
    if (!this.playable || !this.turn) return;
    const sorted = this.turn.draft.rackSort !== null;
    if (this.apply(this.turn.move(ids, target)) && sorted && this.turn.draft.rackSort === null) rememberRackSort(null);
  }

  /** The tiles a press on tile `id` drags: the selection if it holds the tile, else the tile. @param {string} id */
  dragged(id) {
    const turn = this.turn;
    if (!turn) return [];
    return turn.isSelected(id) ? [...turn.selected] : [id];
  }

  undo() {
    if (this.playable && this.turn) this.apply(this.turn.undo());
  }

  reset() {
    if (this.playable && this.turn) this.apply(this.turn.reset());
  }

  /** @param {"colour" | "number"} how */
  sort(how) {
    if (!this.turn || this.rackHidden) return;
    rememberRackSort(how);
    this.apply(this.turn.sort(how));
  }

  /** Keep the draft of this position, to come back to after a reload, and the rack's order. */
  #save() {
    const state = this.state;
    if (state && this.turn && !this.rackHidden) {
      const own = this.turn.draft.rackSort === null;
      keepRackOrder(state.mode, state.match, this.seat, own ? this.turn.draft.rack.map((id) => this.turn?.text(id) ?? "") : null);
    }
    if (!state || !this.turn || this.rackHidden || state.view.result) return;
    saveDraft({ match: state.match, seat: this.seat, hand: state.hand, number: state.number }, this.turn.draft);
  }

  render() {
    const { state, turn } = this;
    if (!state || !turn) return;
    const { table, rack, status, toolbar, hint, root } = this.parts;
    const active = document.activeElement instanceof HTMLElement && root.contains(document.activeElement) ? document.activeElement : null;
    const refocus = Boolean(active?.matches(".rtile[data-id]"));
    const pressedButton = active instanceof HTMLButtonElement && active.matches("button[data-action]") ? active : null;
    const playable = this.playable;
    const hold = this.hold;
    const canAct = playable && !hold;
    const focusId = this.focusId ?? turn.draft.rack[0] ?? turn.draft.table[0]?.[0] ?? null;
    table.render(turn, { laid: this.laid, focusId, interactive: playable });
    if (this.rackHidden) rack.clear();
    else rack.render(turn, { drawnId: this.drawnId, focusId }, state.mode === "local" ? playerName("local", this.seat) : "");
    const opened = state.view.opened[this.seat];
    const mine = state.view.turn === this.seat && !this.rackHidden;
    // Pass and play, between two players: the hand-over says all there is to say.
    if (this.rackHidden) status.clear();
    else {
      status.render(state, this.seat, {
        activity: this.activity,
        activitySeat: 1 - this.seat,
        opening: !opened && mine ? turn.openingValue : null,
        hold,
        canAct,
      });
    }
    this.parts.level?.(state.mode === "computer" ? state.level : null);
    hint.textContent = playable ? turn.hint : "";
    const pool = state.view.pool_size;
    const over = this.over;
    const sortable = !this.rackHidden && !over && turn.draft.rack.length > 1;
    const consented = Boolean(state.consents?.[this.seat]);
    toolbar.update({
      enabled: {
        group: playable && turn.selected.length > 0,
        undo: playable && turn.canUndo,
        reset: playable && (turn.changed || turn.canUndo),
        confirm: canAct && turn.status.canConfirm,
        draw: canAct && pool > 0,
        pass: canAct && pool === 0,
        "sort-colour": sortable,
        "sort-number": sortable,
        menu: true,
        level: true,
        "new-hand": over && !this.busy && !consented,
      },
      shown: {
        draw: pool > 0 && !over, pass: pool === 0 && !over, "new-hand": over,
        group: !over, undo: !over, reset: !over, confirm: !over,
      },
      pressed: { "sort-colour": turn.draft.rackSort === "colour", "sort-number": turn.draft.rackSort === "number" },
    });
    root.classList.toggle("rummy--playable", playable);
    if (playable && performance.getEntriesByName(FIRST_RACK_MARK).length === 0) performance.mark(FIRST_RACK_MARK);
    root.dataset.turn = state.view.turn === null ? "none" : String(state.view.turn);
    // A button that stops working once pressed (New group, Confirm, Undo) hands the focus to
    // the game's tiles, never to the page's body.
    const lost = pressedButton !== null && (pressedButton.disabled || pressedButton.hidden);
    if ((refocus || lost) && focusId) {
      const next = root.querySelector(`.rtile[data-id="${focusId}"]`);
      if (next instanceof HTMLElement) next.focus({ preventScroll: true });
    }
  }
}
