// @ts-check
// The turn in progress, pure (no DOM): the draft (draft.js) and the tiles selected in it, what
// each change says to a screen reader ("red 7 added to set 3", "New set: red 7, red 8, red 9, a
// valid run"), and what the player may do now (confirm, draw) with why not. The page renders
// a Turn; every change answers a new Turn (or a refusal to show), so undo and the stored draft
// stay the draft's business.

import { gettext, interpolate, ngettext } from "../../core/js/i18n.js";
import {
  afterTable, canUndo, draftStatus, isChanged, locateTile, moveTiles, newGroup, reset, sortRack, startDraft, undo,
} from "./draft.js";
import { OPENING_MINIMUM, setValue } from "./sets.js";
import { refusalText, reasonText } from "./errors.js";
import { openingText, problemText, setSummary, tileNames } from "./texts.js";

/**
 * @typedef {import("./draft.js").Draft} Draft
 * @typedef {import("./draft.js").Target} Target
 * @typedef {import("./draft.js").DraftStatus} DraftStatus
 * @typedef {import("./draft.js").RackSort} RackSort
 * @typedef {{ok: true, turn: Turn, text: string} | {ok: false, text: string}} Change
 */

export class Turn {
  /**
   * @param {Draft} draft
   * @param {boolean} opened whether the seat had opened before this turn
   * @param {readonly string[]} [selected] tile ids, in the order they were selected
   */
  constructor(draft, opened, selected = []) {
    this.draft = draft;
    this.opened = opened;
    this.selected = Object.freeze([...selected]);
    /** @type {DraftStatus | null} */
    this.memo = null;
  }

  /**
   * A new turn on a confirmed table and the seat's rack.
   * @param {string[][]} table
   * @param {string[]} rack
   * @param {boolean} opened
   * @param {RackSort | null} rackSort
   */
  static start(table, rack, opened, rackSort) {
    return new Turn(startDraft(table, rack, rackSort), opened);
  }

  /** The draft's sets, verdict, and whether it may be confirmed or the seat may draw. */
  get status() {
    this.memo ??= draftStatus(this.draft, this.opened);
    return this.memo;
  }

  /** @param {string} id */
  text(id) {
    return this.draft.tiles[id].tile;
  }

  /** @param {string} id */
  isSelected(id) {
    return this.selected.includes(id);
  }

  /** Select a tile, or unselect it if it was selected. @param {string} id */
  toggle(id) {
    if (!Object.hasOwn(this.draft.tiles, id)) return this;
    const selected = this.isSelected(id) ? this.selected.filter((other) => other !== id) : [...this.selected, id];
    return new Turn(this.draft, this.opened, selected);
  }

  clearSelection() {
    return this.selected.length ? new Turn(this.draft, this.opened) : this;
  }

  /** The selected tiles as a new set: at the end of the table, or in the gap before set `gap`. @param {number} [gap] @returns {Change} */
  newGroup(gap) {
    return this.#changed(newGroup(this.draft, [...this.selected], gap), (turn) => {
      const index = gap ?? turn.draft.table.length - 1;
      return interpolate(gettext("New set: %(set)s."), { set: turn.#setWords(index) });
    });
  }

  /** The selected tiles onto set `index`. @param {number} index @returns {Change} */
  addTo(index) {
    return this.move([...this.selected], { to: "set", index });
  }

  /**
   * Tiles onto a set, into a gap as a new set, or back to the rack (a drop, or the keyboard).
   * @param {string[]} ids
   * @param {Target} target
   * @returns {Change}
   */
  move(ids, target) {
    const names = tileNames(ids.filter((id) => Object.hasOwn(this.draft.tiles, id)).map((id) => this.text(id)));
    return this.#changed(moveTiles(this.draft, ids, target), (turn) => {
      if (target.to === "rack" && ids.every((id) => this.draft.rack.includes(id))) {
        return interpolate(gettext("%(tiles)s moved on your rack."), { tiles: names });
      }
      if (target.to === "rack") return interpolate(gettext("%(tiles)s back on your rack."), { tiles: names });
      const where = locateTile(turn.draft, ids[0]);
      const index = where && where.on === "set" ? where.index : 0;
      if (target.to === "gap") return interpolate(gettext("New set: %(set)s."), { set: turn.#setWords(index) });
      return interpolate(gettext("%(tiles)s added to set %(n)s: %(set)s."), { tiles: names, n: index + 1, set: turn.#setWords(index) });
    });
  }

  /** @returns {Change} */
  undo() {
    return this.#changed(undo(this.draft), () => gettext("The last change was undone."));
  }

  /** @returns {Change} */
  reset() {
    const draft = reset(this.draft);
    if (draft === this.draft) return { ok: false, text: gettext("Nothing to reset: the table is as it was at the start of your turn.") };
    return { ok: true, turn: new Turn(draft, this.opened), text: gettext("The table and your rack are back as they were at the start of your turn.") };
  }

  /** @param {RackSort} how @returns {Change} */
  sort(how) {
    const text = how === "colour" ? gettext("Rack sorted by colour.") : gettext("Rack sorted by number.");
    return { ok: true, turn: new Turn(sortRack(this.draft, how), this.opened, this.selected), text };
  }

  get canUndo() {
    return canUndo(this.draft);
  }

  get changed() {
    return isChanged(this.draft);
  }

  /** The table to confirm, as the API's `after`. */
  get after() {
    return afterTable(this.draft);
  }

  /**
   * What a first play is worth so far: the sets that hold tiles from the rack and are sets,
   * added up (the engine counts exactly the new sets; an opening may not touch the others).
   */
  get openingValue() {
    const verdict = this.status.verdict;
    if (typeof verdict.opening_value === "number") return verdict.opening_value;
    let value = 0;
    for (const set of this.draft.table) {
      if (!set.some((id) => this.draft.tiles[id].fromRack)) continue;
      value += setValue(set.map((id) => this.text(id))) ?? 0;
    }
    return value;
  }

  /** The line under the table: what to do next, or why Confirm is off. */
  get hint() {
    const status = this.status;
    if (status.canConfirm) {
      return this.opened ? gettext("The table is valid: confirm to end your turn.")
        : interpolate(gettext("%(opening)s: confirm to open."), { opening: openingText(this.openingValue) });
    }
    if (!status.changed) {
      if (this.selected.length) {
        return interpolate(ngettext("%(n)s tile selected: lay it as a new group, or add it to a set with its +.",
          "%(n)s tiles selected: lay them as a new group, or add them to a set with its +.", this.selected.length), { n: this.selected.length });
      }
      return this.opened ? gettext("Select tiles to lay or move, or draw a tile.")
        : interpolate(gettext("Your first play must be worth at least %(minimum)s points from your rack alone; or draw a tile."), { minimum: OPENING_MINIMUM });
    }
    const verdict = status.verdict;
    if (verdict.legal) return "";
    const bad = verdict.reason === "invalid_set" && verdict.set_index !== undefined ? status.sets[verdict.set_index] : null;
    if (bad && !bad.valid) {
      return interpolate(gettext("Set %(n)s: %(why)s."), { n: Number(verdict.set_index) + 1, why: problemText(bad.problem) });
    }
    return reasonText(verdict.reason, { set: verdict.set_index, value: this.openingValue });
  }

  /** @param {number} index */
  #setWords(index) {
    const set = this.draft.table[index] ?? [];
    const texts = set.map((id) => this.text(id));
    return `${tileNames(texts)}, ${setSummary(this.status.sets[index] ?? { valid: false, problem: "too_short" })}`;
  }

  /**
   * @param {import("./draft.js").Outcome} outcome
   * @param {(turn: Turn) => string} say
   * @returns {Change}
   */
  #changed(outcome, say) {
    if (!outcome.ok) return { ok: false, text: refusalText(outcome.refusal) };
    if (outcome.draft === this.draft) return { ok: false, text: "" };
    const turn = new Turn(outcome.draft, this.opened);
    return { ok: true, turn, text: say(turn) };
  }
}

/**
 * Which tiles of a confirmed table the other player laid in their last play, as draft ids:
 * for each tile they played, an instance of it in a set that changed in that play (not one of
 * `before`'s sets as it was), else any instance. `startTable` holds the draft's ids in the
 * shape of `table`.
 * @param {string[][]} startTable ids
 * @param {string[][]} table texts, the same shape
 * @param {readonly string[]} played texts
 * @param {string[][] | null} before the table before that play, when known
 * @returns {Set<string>}
 */
export function laidIds(startTable, table, played, before) {
  const unchanged = new Set((before ?? []).map((set) => set.join(" ")));
  /** @type {{id: string, tile: string, changed: boolean}[]} */
  const instances = [];
  table.forEach((set, i) => {
    const changed = before === null || !unchanged.has(set.join(" "));
    set.forEach((tile, j) => instances.push({ id: startTable[i][j], tile, changed }));
  });
  const ordered = [...instances.filter((t) => t.changed), ...instances.filter((t) => !t.changed)];
  const laid = new Set();
  for (const tile of played) {
    const found = ordered.find((t) => t.tile === tile && !laid.has(t.id));
    if (found) laid.add(found.id);
  }
  return laid;
}
