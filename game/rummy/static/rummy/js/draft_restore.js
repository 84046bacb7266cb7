// @ts-check
// A draft read back from storage: trusted only if it is exactly a draft of the confirmed
// position, so that a stale or forged draft never brings a tile back.

import { DRAFT_FORMAT, HISTORY_LIMIT, sameList, sameTable, startDraft } from "./draft.js";

/**
 * @typedef {import("./draft.js").Draft} Draft
 * @typedef {import("./draft.js").DraftTile} DraftTile
 * @typedef {import("./draft.js").Placement} Placement
 */

/**
 * A stored draft, if it is exactly a draft of the position with this confirmed table and rack:
 * well-formed, with the very tiles startDraft(table, rack) makes (same ids, texts and origins),
 * every tile in exactly one place in the position and in every step of its history, and table
 * tiles never on the rack. Otherwise null, so that no stale or forged draft resurrects a tile.
 * Never throws for any stored value (a bad table or rack, from the caller, does).
 * @param {unknown} value
 * @param {string[][]} table
 * @param {string[]} rack
 * @returns {Draft | null}
 */
export function restoreDraft(value, table, rack) {
  const fresh = startDraft(table, rack);
  if (!isRecord(value) || value.format !== DRAFT_FORMAT) return null;
  const { rackSort, history } = value;
  if (!(rackSort === null || rackSort === "colour" || rackSort === "number")) return null;
  if (!sameTiles(value.tiles, fresh.tiles) || !isPlacement(value.start, fresh.tiles)) return null;
  const start = /** @type {Placement} */ (value.start);
  if (!sameList(start.rack, fresh.start.rack) || !sameTable(start.table, fresh.start.table)) return null;
  const now = { table: value.table, rack: value.rack };
  if (!isPlacement(now, fresh.tiles) || !Array.isArray(history) || history.length > HISTORY_LIMIT) return null;
  if (!history.every((step) => isPlacement(step, fresh.tiles))) return null;
  /** @param {Placement} p */
  const copy = (p) => ({ table: p.table.map((set) => [...set]), rack: [...p.rack] });
  const position = copy(/** @type {Placement} */ (now));
  return {
    format: DRAFT_FORMAT,
    tiles: fresh.tiles,
    start: fresh.start,
    table: position.table,
    rack: position.rack,
    history: /** @type {Placement[]} */ (history).map(copy),
    rackSort,
  };
}

/** @param {unknown} value @returns {value is Record<string, unknown>} */
function isRecord(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Whether `value` holds exactly these tile instances.
 * @param {unknown} value
 * @param {Record<string, DraftTile>} tiles
 */
function sameTiles(value, tiles) {
  if (!isRecord(value)) return false;
  const ids = Object.keys(tiles);
  if (Object.keys(value).length !== ids.length) return false;
  return ids.every((id) => {
    const tile = Object.hasOwn(value, id) ? value[id] : null;
    return isRecord(tile) && Object.keys(tile).length === 3 && tile.id === id
      && tile.tile === tiles[id].tile && tile.fromRack === tiles[id].fromRack;
  });
}

/**
 * Whether `value` is a Placement of exactly these tiles: each once, no empty set, none of the
 * table's tiles on the rack.
 * @param {unknown} value
 * @param {Record<string, DraftTile>} tiles
 * @returns {value is Placement}
 */
function isPlacement(value, tiles) {
  if (!isRecord(value) || !Array.isArray(value.table) || !Array.isArray(value.rack)) return false;
  const { table, rack } = value;
  if (!table.every((set) => Array.isArray(set) && set.length > 0)) return false;
  const all = [...table.flat(), ...rack];
  const seen = new Set(all);
  if (seen.size !== all.length || all.length !== Object.keys(tiles).length) return false;
  if (!all.every((id) => typeof id === "string" && Object.hasOwn(tiles, id))) return false;
  return rack.every((id) => tiles[id].fromRack);
}
