// @ts-check
// The order a player gave their rack by hand (dragging tiles within it) survives the turns, a
// reload and new tiles: it is kept in this browser's localStorage (core/js/storage.js, key
// "miaojong:rummy:rack-order:v1:<mode>:<seat>"), as the rack's tile texts, for the match of
// that mode and seat played last. A new position's rack takes that order; tiles it does not name (the
// tile just drawn, a new hand's) go to the end, where the drawn tile is marked. A sort chosen
// with the buttons replaces the order. Nothing here throws over what storage holds.

import { GameStorage } from "../../core/js/storage.js";

const store = new GameStorage("rummy");
/** @param {string} mode @param {number} seat */
const key = (mode, seat) => `rack-order:v1:${mode}:${seat}`;

/**
 * `rack` (tile texts) in the order of `kept` (pure): each kept text takes the first copy of it
 * not taken yet; the tiles left over follow, in their order.
 * @param {readonly string[]} rack
 * @param {readonly string[]} kept
 * @returns {string[]}
 */
export function orderedRack(rack, kept) {
  const taken = new Array(rack.length).fill(false);
  /** @type {string[]} */
  const ordered = [];
  for (const tile of kept) {
    const index = rack.findIndex((other, i) => other === tile && !taken[i]);
    if (index < 0) continue;
    taken[index] = true;
    ordered.push(tile);
  }
  rack.forEach((tile, i) => {
    if (!taken[i]) ordered.push(tile);
  });
  return ordered;
}

/**
 * The kept order of this match and seat's rack, or null.
 * @param {string} mode
 * @param {string} match
 * @param {number} seat
 * @returns {string[] | null}
 */
export function keptRackOrder(mode, match, seat) {
  const raw = store.read(key(mode, seat));
  if (raw === null) return null;
  try {
    const data = JSON.parse(raw);
    const ok = data && data.match === match && Array.isArray(data.tiles)
      && data.tiles.length <= 106 && data.tiles.every((/** @type {unknown} */ t) => typeof t === "string" && t.length <= 3);
    return ok ? data.tiles : null;
  } catch {
    return null;
  }
}

/**
 * Keep this order of the rack (tile texts); null forgets it (a sort was chosen).
 * @param {string} mode
 * @param {string} match
 * @param {number} seat
 * @param {readonly string[] | null} tiles
 */
export function keepRackOrder(mode, match, seat, tiles) {
  if (tiles === null) store.remove(key(mode, seat));
  else store.write(key(mode, seat), JSON.stringify({ match, tiles }));
}
