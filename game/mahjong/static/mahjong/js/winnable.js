// @ts-check
// "Is the board still winnable, and if not, how many undos get back to a winnable one?",
// pure. The server's solver (/api/solve/) answers for one board at a time and is rate
// limited, so the client keeps its verdicts by board and asks for as few boards as it can:
// winnability only gets lost by moves (a winnable board's predecessor is winnable too), so
// the number of undos is found by bisection over the boards the undo history leads back to.

/** @typedef {import("./rules.js").Tiles} Tiles */
/** @typedef {true | false | null} Verdict the solver's answer; null: it could not tell */

/**
 * A key for a board's tiles.
 * @param {Tiles} tiles
 */
export function boardKey(tiles) {
  return tiles.map((face) => face ?? "-").join(",");
}

/**
 * The tiles with the last k removals of `history` ({a, b, fa, fb}, oldest first) put back.
 * @param {Tiles} tiles
 * @param {{a: number, b: number, fa: string, fb: string}[]} history
 * @param {number} k
 */
export function undoneBoard(tiles, history, k) {
  const board = tiles.slice();
  for (let j = history.length - 1; j >= history.length - k; j--) {
    const { a, b, fa, fb } = history[j];
    board[a] = fa;
    board[b] = fb;
  }
  return board;
}

/**
 * What is known of the undos back to a winnable board, when the board after 0 undos is not
 * winnable. `verdict(k)` is the solver's answer for the board after k undos: true, false,
 * null (the solver could not tell), or undefined (not asked yet); k goes up to `depth` (the
 * undo history's length). Returns {undos: n} once known, {ask: k} for the board to ask
 * about next, or {undos: null} when undos cannot tell (or cannot help).
 * @param {(k: number) => Verdict | undefined} verdict
 * @param {number} depth
 * @returns {{undos: number | null} | {ask: number}}
 */
export function undosToWinnable(verdict, depth) {
  let lo = 0; // the most undos known to leave the board unwinnable
  let hi = null; // the fewest undos known to give a winnable board
  for (let k = 1; k <= depth; k++) {
    const v = verdict(k);
    if (v === true) {
      hi = k;
      break;
    }
    if (v === false) lo = k;
  }
  if (hi === null) {
    if (lo === depth) return { undos: null };
    const v = verdict(depth);
    if (v === undefined) return { ask: depth };
    if (v === null) return { undos: null };
    hi = depth;
  }
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    const v = verdict(mid);
    if (v === undefined) return { ask: mid };
    if (v === null) return { undos: null };
    if (v) hi = mid;
    else lo = mid;
  }
  return { undos: hi };
}
