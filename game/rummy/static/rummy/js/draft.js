// @ts-check
// The draft of the turn in progress, pure (no DOM): the player rearranges the table and lays
// tiles from the rack, and nothing is sent until the turn is confirmed (the server, the referee,
// then checks the whole table after the turn). A new server state starts a new draft.
//
// A draft is plain JSON (draft_store.js keeps it over a reload). Every tile instance has a stable
// id: "t0", "t1", ... the confirmed table's tiles first, set by set, then the rack's, in the
// order given. Operations never change the draft they are given: they answer a new one, with the
// position before the change pushed onto its history for undo, or a refusal code the UI
// translates. An operation that changes nothing answers the very same draft (nothing to undo).
//
// After each change empty sets disappear, and each set that gained or lost tiles is arranged:
// made again of exactly the tiles of a confirmed set, it takes back that set's order; else tiles
// that can form a run are put in the run's order (see arrange), and a group keeps its order, as
// does a set that is none (the player's order, to finish it). Reset goes back to the
// start of the turn and clears the history: it is the way out of every change, not one more.

import { arrange } from "./arrange.js";
import { COLOURS, NUMBERS, checkTurn, describeSet, tileCode, tileFace } from "./sets.js";

/**
 * @typedef {import("./sets.js").SetDescription} SetDescription
 * @typedef {import("./sets.js").Verdict} Verdict
 */

/**
 * One tile instance of the draft.
 * @typedef {object} DraftTile
 * @property {string} id "t0", "t1", ...
 * @property {string} tile its text: "R7", "J"
 * @property {boolean} fromRack whether it was on the seat's rack at the start of the turn (only
 *   those may go back to the rack)
 */

/**
 * Where every tile lies: the table's sets in table order (tile ids in set order; never an empty
 * set) and the rack (tile ids in the order shown).
 * @typedef {object} Placement
 * @property {string[][]} table
 * @property {string[]} rack
 */

/** @typedef {"colour" | "number"} RackSort how the rack is shown: by colour then number, or by number then colour */

/**
 * The draft of a turn.
 * @typedef {object} Draft
 * @property {1} format
 * @property {Record<string, DraftTile>} tiles every tile instance, by id
 * @property {Placement} start the confirmed position the turn started from
 * @property {string[][]} table the sets now, tile ids in set order
 * @property {string[]} rack the rack now, tile ids in the order shown
 * @property {Placement[]} history the positions before each change, oldest first (at most HISTORY_LIMIT)
 * @property {RackSort | null} rackSort the sort the rack is kept in; null: the order tiles came in
 */

/**
 * Where tiles go: onto set `index` (at its end, then arranged), into the gap before set `index`
 * as a new set (0: before the first set, the number of sets: after the last), or back to the rack
 * (with `index`: before the rack's tile at that place, in the player's own order from then on).
 * @typedef {{to: "set", index: number} | {to: "gap", index: number} | {to: "rack", index?: number}} Target
 */

/**
 * Why an operation was refused:
 * - `nothing_selected`: no tile ids were given;
 * - `unknown_tile`: an id that is no tile of this draft;
 * - `no_such_set`: a set index outside the table;
 * - `no_such_gap`: a gap index outside 0 to the number of sets;
 * - `table_tile_to_rack`: a tile of the confirmed table cannot go to the rack (a rule);
 * - `nothing_to_undo`: undo with an empty history.
 * @typedef {"nothing_selected" | "unknown_tile" | "no_such_set" | "no_such_gap" | "table_tile_to_rack" | "nothing_to_undo"} Refusal
 */

/** @typedef {{ok: true, draft: Draft} | {ok: false, refusal: Refusal}} Outcome */

/** @typedef {"reset_first"} DrawRefusal why drawing (or passing) is refused: the table was changed, reset it first */

/**
 * What the draft amounts to for the player (draftStatus).
 * @typedef {object} DraftStatus
 * @property {SetDescription[]} sets per set of the table, in table order: valid with its reading
 *   and value, or the problem
 * @property {Verdict} verdict what the server would answer to confirming this table now
 * @property {boolean} changed whether the table differs from the start (isChanged)
 * @property {boolean} canConfirm exactly when the verdict is legal
 * @property {boolean} canDraw only when the table is unchanged
 * @property {DrawRefusal | null} drawRefusal why not, when canDraw is false
 */

/** @type {1} */
export const DRAFT_FORMAT = 1;
/** Changes kept for undo; older ones are forgotten (a stored draft stays small). */
export const HISTORY_LIMIT = 100;
/** Where jokers sort on the rack, either way: after every number tile. */
const JOKER_LAST = 1000;

/**
 * A draft of the turn, from the confirmed table and the seat's rack (tile texts).
 * @param {string[][]} table
 * @param {string[]} rack
 * @param {RackSort | null} [rackSort] the sort to keep the rack in (the player's choice so far)
 * @returns {Draft}
 */
export function startDraft(table, rack, rackSort = null) {
  if (!Array.isArray(table) || !table.every(Array.isArray) || !Array.isArray(rack)) {
    throw new TypeError("a draft starts from a table (a list of sets) and a rack (a list of tiles)");
  }
  checkSort(rackSort);
  /** @type {Record<string, DraftTile>} */
  const tiles = {};
  let next = 0;
  /** @param {string} tile @param {boolean} fromRack */
  const add = (tile, fromRack) => {
    tileCode(tile); // an unknown tile throws
    const id = `t${next++}`;
    tiles[id] = { id, tile, fromRack };
    return id;
  };
  const start = {
    table: table.map((set) => set.map((tile) => add(tile, false))),
    rack: rack.map((tile) => add(tile, true)),
  };
  /** @type {Draft} */
  const draft = { format: DRAFT_FORMAT, tiles, start, table: start.table, rack: start.rack, history: [], rackSort };
  return placed(draft, start, []);
}

/**
 * The selected tiles become a new set: at the end of the table, or in the gap before set
 * `gapIndex` (numbered as the table is before the change).
 * @param {Draft} draft
 * @param {string[]} ids
 * @param {number} [gapIndex]
 * @returns {Outcome}
 */
export function newGroup(draft, ids, gapIndex = draft.table.length) {
  return moveTiles(draft, ids, { to: "gap", index: gapIndex });
}

/**
 * The selected tiles join set `setIndex` (its "+" button, or a drop onto it).
 * @param {Draft} draft
 * @param {number} setIndex
 * @param {string[]} ids
 * @returns {Outcome}
 */
export function addToSet(draft, setIndex, ids) {
  return moveTiles(draft, ids, { to: "set", index: setIndex });
}

/**
 * Move the selected tiles (from the rack and from the table, in the order given) to a target.
 * Only tiles that came from the rack this turn may go back to it; tiles that are on the rack
 * already stay where they are.
 * @param {Draft} draft
 * @param {string[]} ids
 * @param {Target} target
 * @returns {Outcome}
 */
export function moveTiles(draft, ids, target) {
  const moving = [...new Set(ids)];
  if (!moving.length) return refuse("nothing_selected");
  if (!moving.every((id) => Object.hasOwn(draft.tiles, id))) return refuse("unknown_tile");
  const sets = draft.table.length;
  if (target.to === "set" && !isIndex(target.index, sets - 1)) return refuse("no_such_set");
  if (target.to === "gap" && !isIndex(target.index, sets)) return refuse("no_such_gap");
  if (!["set", "gap", "rack"].includes(target.to)) throw new TypeError(`no such target: ${target.to}`);
  const onRack = new Set(draft.rack);
  if (target.to === "rack") {
    if (moving.some((id) => !draft.tiles[id].fromRack)) return refuse("table_tile_to_rack");
    if (target.index !== undefined) return toRackPlace(draft, moving, target.index);
    const back = moving.filter((id) => !onRack.has(id));
    if (!back.length) return { ok: true, draft };
    const gone = new Set(back);
    const entries = draft.table.map((set) => ({ ids: set.filter((id) => !gone.has(id)), old: set }));
    return changed(draft, rebuild(draft, entries), [...draft.rack, ...back]);
  }
  const gone = new Set(moving);
  /** @type {{ids: string[], old: string[] | null}[]} */
  const entries = draft.table.map((set) => ({ ids: set.filter((id) => !gone.has(id)), old: set }));
  if (target.to === "set") entries[target.index].ids.push(...moving);
  else entries.splice(target.index, 0, { ids: moving, old: null });
  const rack = draft.rack.filter((id) => !gone.has(id));
  return changed(draft, rebuild(draft, entries), rack);
}

/**
 * Tiles onto the rack before its tile at `index` (the rack's length: at its end): the player
 * arranges the rack by hand, so it keeps this order (no sort) from then on. Only a tile that
 * comes back from the table changes the turn (and can be undone); a new order of the rack
 * alone is presentation, like a sort.
 * @param {Draft} draft
 * @param {string[]} moving rack tiles of this turn, none twice
 * @param {number} index
 * @returns {Outcome}
 */
function toRackPlace(draft, moving, index) {
  if (!isIndex(index, draft.rack.length)) return refuse("no_such_gap");
  const going = new Set(moving);
  const staying = draft.rack.filter((id) => !going.has(id));
  const at = draft.rack.slice(0, index).filter((id) => !going.has(id)).length;
  const rack = [...staying.slice(0, at), ...moving, ...staying.slice(at)];
  const own = { ...draft, rackSort: null };
  const onRack = new Set(draft.rack);
  if (moving.every((id) => onRack.has(id))) {
    return sameList(rack, draft.rack) && draft.rackSort === null ? { ok: true, draft } : { ok: true, draft: { ...own, rack } };
  }
  const entries = draft.table.map((set) => ({ ids: set.filter((id) => !going.has(id)), old: set }));
  return changed(own, rebuild(own, entries), rack);
}

/**
 * The table after a move: empty sets dropped, sets whose tiles changed arranged.
 * @param {Draft} draft
 * @param {{ids: string[], old: string[] | null}[]} entries each set's tiles now and before
 */
function rebuild(draft, entries) {
  return entries
    .filter(({ ids }) => ids.length > 0)
    .map(({ ids, old }) => {
      if (old !== null && sameList(ids, old)) return old;
      const confirmed = confirmedSet(draft, ids);
      if (confirmed) return confirmed;
      const order = arrange(ids.map((id) => draft.tiles[id].tile));
      return order.map((i) => ids[i]);
    });
}

/**
 * The confirmed set made of exactly these tiles, if they are one: it comes back in its own
 * order (a tile taken out of a group and put back leaves the group as it was, which an opening
 * needs: it must leave the table's sets exactly as they were).
 * @param {Draft} draft
 * @param {string[]} ids
 * @returns {string[] | null}
 */
function confirmedSet(draft, ids) {
  const set = draft.start.table.find((tiles) => tiles.includes(ids[0]));
  return set && set.length === ids.length && ids.every((id) => set.includes(id)) ? set : null;
}

/**
 * The draft with this table and rack, the old position onto the history; the same draft if the
 * table did not change.
 * @param {Draft} draft
 * @param {string[][]} table
 * @param {string[]} rack
 * @returns {Outcome}
 */
function changed(draft, table, rack) {
  if (table.length === draft.table.length && table.every((set, i) => sameList(set, draft.table[i]))) {
    return { ok: true, draft };
  }
  const history = [...draft.history, { table: draft.table, rack: draft.rack }].slice(-HISTORY_LIMIT);
  return { ok: true, draft: placed(draft, { table, rack }, history) };
}

/**
 * The draft with the tiles so placed (the rack in the draft's sort) and this history.
 * @param {Draft} draft
 * @param {Placement} placement
 * @param {Placement[]} history
 * @returns {Draft}
 */
function placed(draft, { table, rack }, history) {
  return { ...draft, table, rack: sortedRack(draft.tiles, rack, draft.rackSort), history };
}

/**
 * One change back.
 * @param {Draft} draft
 * @returns {Outcome}
 */
export function undo(draft) {
  const last = draft.history.at(-1);
  if (!last) return refuse("nothing_to_undo");
  return { ok: true, draft: placed(draft, last, draft.history.slice(0, -1)) };
}

/**
 * Back to the start of the turn, with nothing to undo (the rack keeps its sort).
 * @param {Draft} draft
 * @returns {Draft}
 */
export function reset(draft) {
  if (!draft.history.length && !isChanged(draft)) return draft;
  return placed(draft, draft.start, []);
}

/** @param {Draft} draft whether undo would do something */
export function canUndo(draft) {
  return draft.history.length > 0;
}

/**
 * Whether the table differs from the start of the turn: its sets in order, each a multiset of
 * tile texts (two copies of a tile swapped, a group's tiles in another order, are no change).
 * @param {Draft} draft
 */
export function isChanged(draft) {
  /** @param {string[][]} table */
  const sorted = (table) => texts(draft, table).map((set) => set.map(tileCode).sort((a, b) => a - b));
  return !sameTable(sorted(draft.table), sorted(draft.start.table));
}

/**
 * Sort the rack, and keep it so sorted: presentation only, no change of the table, not undone.
 * @param {Draft} draft
 * @param {RackSort} how
 * @returns {Draft}
 */
export function sortRack(draft, how) {
  checkSort(how);
  return { ...draft, rack: sortedRack(draft.tiles, draft.rack, how), rackSort: how };
}

/**
 * The table as the API's `after`: every set, in table order, tile texts in set order.
 * @param {Draft} draft
 * @returns {string[][]}
 */
export function afterTable(draft) {
  return texts(draft, draft.table);
}

/**
 * The rack's tiles that are on the table now, in canonical order (as the verdict's `played`).
 * @param {Draft} draft
 * @returns {string[]}
 */
export function played(draft) {
  return draft.table
    .flat()
    .filter((id) => draft.tiles[id].fromRack)
    .map((id) => draft.tiles[id].tile)
    .sort((a, b) => tileCode(a) - tileCode(b));
}

/**
 * Where a tile lies now: on the rack at `position`, or in set `index` at `position`.
 * @param {Draft} draft
 * @param {string} id
 * @returns {{on: "rack", position: number} | {on: "set", index: number, position: number} | null}
 */
export function locateTile(draft, id) {
  const onRack = draft.rack.indexOf(id);
  if (onRack >= 0) return { on: "rack", position: onRack };
  for (let index = 0; index < draft.table.length; index++) {
    const position = draft.table[index].indexOf(id);
    if (position >= 0) return { on: "set", index, position };
  }
  return null;
}

/**
 * Every set's validity, the verdict the server would give on confirming now, and what the
 * player may do: confirm (exactly when the verdict is legal) or draw (only with an unchanged table).
 * @param {Draft} draft
 * @param {boolean} opened whether the seat had opened before this turn
 * @returns {DraftStatus}
 */
export function draftStatus(draft, opened) {
  const after = afterTable(draft);
  const rack = draft.start.rack.map((id) => draft.tiles[id].tile);
  const verdict = checkTurn(texts(draft, draft.start.table), rack, after, opened);
  const isDifferent = isChanged(draft);
  return {
    sets: after.map(describeSet),
    verdict,
    changed: isDifferent,
    canConfirm: verdict.legal,
    canDraw: !isDifferent,
    drawRefusal: isDifferent ? "reset_first" : null,
  };
}

/** @param {unknown} value @param {number} last @returns {value is number} */
function isIndex(value, last) {
  return Number.isInteger(value) && /** @type {number} */ (value) >= 0 && /** @type {number} */ (value) <= last;
}

/** @param {unknown} how */
function checkSort(how) {
  if (!(how === null || how === "colour" || how === "number")) throw new TypeError(`no such rack sort: ${how}`);
}

/** @param {Refusal} refusal @returns {Outcome} */
function refuse(refusal) {
  return { ok: false, refusal };
}

/** @param {readonly unknown[]} a @param {readonly unknown[]} b */
export function sameList(a, b) {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}

/** @param {readonly (readonly unknown[])[]} a @param {readonly (readonly unknown[])[]} b */
export function sameTable(a, b) {
  return a.length === b.length && a.every((set, i) => sameList(set, b[i]));
}

/** @param {Draft} draft @param {string[][]} table */
function texts(draft, table) {
  return table.map((set) => set.map((id) => draft.tiles[id].tile));
}

/** @param {string} id */
const serial = (id) => Number(id.slice(1));

/**
 * The rack in the given sort (ties, copies of one tile, by id), or as it is.
 * @param {Record<string, DraftTile>} tiles
 * @param {string[]} rack
 * @param {RackSort | null} how
 */
function sortedRack(tiles, rack, how) {
  if (how === null) return rack;
  /** @param {string} id */
  const key = (id) => {
    const face = tileFace(tiles[id].tile);
    if (face === null) return JOKER_LAST;
    const colour = COLOURS.indexOf(face.colour);
    return how === "colour" ? colour * NUMBERS + face.number : face.number * COLOURS.length + colour;
  };
  return [...rack].sort((a, b) => key(a) - key(b) || serial(a) - serial(b));
}
