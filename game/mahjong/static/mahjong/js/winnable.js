// @ts-check
// What the client asks the server's solver about (/api/solve/), pure: a key for each board,
// so that verdicts are kept by board, and the removals the player could undo, sent with a
// board so that a lost one comes back with the undos to a winnable board (the engine's
// undos_to_winnable, on the server: one mechanism, bounded there by one budget a request).

/** @typedef {import("./rules.js").Tiles} Tiles */
/** @typedef {import("./game_data.js").Removal} Removal */
/** @typedef {true | false | null} Verdict the solver's answer; null: it could not tell */

/** The most removals /api/solve/ takes (game/mahjong/api/serializers.py MAX_REMOVALS). */
export const MAX_REMOVALS = 72;

/**
 * A key for a board's tiles.
 * @param {Tiles} tiles
 */
export function boardKey(tiles) {
  return tiles.map((face) => face ?? "-").join(",");
}

/**
 * A key for a board and the undo history that led to it: the undos back to a winnable board
 * depend on both.
 * @param {Tiles} tiles
 * @param {Removal[]} history oldest first
 */
export function historyKey(tiles, history) {
  return `${boardKey(tiles)}|${history.slice(-MAX_REMOVALS).map(({ a, b }) => `${a}-${b}`).join(",")}`;
}

/**
 * The last removals of the undo history, as /api/solve/ takes them (oldest first).
 * @param {Removal[]} history
 * @returns {{a: number, b: number, fa: string, fb: string}[]}
 */
export function removalsToSend(history) {
  return history.slice(-MAX_REMOVALS).map(({ a, b, fa, fb }) => ({ a, b, fa, fb }));
}
