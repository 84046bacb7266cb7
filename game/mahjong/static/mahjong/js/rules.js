// @ts-check
// The rules of Mahjong Solitaire, pure (no DOM): which tiles are free and which match.
// Mirrors game/mahjong/engine/layout.py and tiles.py; which positions block which comes from
// the server (a Graph), not worked out here. Positions are [x, y, z] in half-tile units: a
// tile at (x, y, z) covers [x, x+2) x [y, y+2) on layer z.

/**
 * Match class of a face label: any flower matches any flower, any season any season.
 * @param {unknown} face
 * @returns {string | null}
 */
export function matchClass(face) {
  if (typeof face !== "string") return null;
  if (/^F[1-4]$/.test(face)) return "flower";
  if (/^S[1-4]$/.test(face)) return "season"; // not "S": that is the south wind
  return face;
}

/**
 * Whether two face labels match.
 * @param {unknown} a
 * @param {unknown} b
 */
export function tilesMatch(a, b) {
  const ca = matchClass(a);
  return ca !== null && ca === matchClass(b);
}

/** @typedef {[number, number, number]} Position [x, y, z] in half-tile units, z the layer */
/** @typedef {(string | null)[]} Tiles the face at each position, null once removed */
/**
 * @typedef {object} Layout
 * @property {Position[]} positions
 * @property {number} size
 * @property {number[][]} above the positions on the layer above that overlap each one
 * @property {number[][]} left its neighbours on the left
 * @property {number[][]} right its neighbours on the right
 */

/**
 * A layout's freedom graph as the server computes it (game/mahjong/engine/layout.py; every
 * response with positions carries it): per position index, the indices, ascending.
 * @typedef {object} Graph
 * @property {number[][]} above the positions on the layer above that overlap each one
 * @property {number[][]} left its neighbours on the left
 * @property {number[][]} right its neighbours on the right
 */

/**
 * Whether `graph` is a well-formed graph of `size` positions.
 * @param {unknown} graph
 * @param {number} size
 * @returns {graph is Graph}
 */
export function isValidGraph(graph, size) {
  if (!graph || typeof graph !== "object") return false;
  const g = /** @type {Record<string, unknown>} */ (graph);
  return ["above", "left", "right"].every((name) => {
    const relation = g[name];
    return Array.isArray(relation) && relation.length === size && relation.every(
      (indices) => Array.isArray(indices) && indices.every((j) => Number.isInteger(j) && j >= 0 && j < size),
    );
  });
}

/**
 * The layout to play on: the positions with the relations the server sent for them (the
 * client does not work them out itself, so that the free rule exists once, in the engine).
 * @param {Position[]} positions
 * @param {Graph} graph
 * @returns {Layout}
 */
export function layoutFromGraph(positions, graph) {
  if (!Array.isArray(positions) || !isValidGraph(graph, positions.length)) {
    throw new TypeError("the layout's graph does not fit its positions");
  }
  return { positions, size: positions.length, above: graph.above, left: graph.left, right: graph.right };
}

/** @param {Tiles} tiles @param {number} j */
const present = (tiles, j) => tiles[j] !== null && tiles[j] !== undefined;

/**
 * A tile is free when it lies on the board, nothing lies on it, and one long side is open.
 * @param {Layout} layout
 * @param {Tiles} tiles
 * @param {number} i
 */
export function isFree(layout, tiles, i) {
  if (!present(tiles, i)) return false;
  if (layout.above[i].some((j) => present(tiles, j))) return false;
  const blockedLeft = layout.left[i].some((j) => present(tiles, j));
  const blockedRight = layout.right[i].some((j) => present(tiles, j));
  return !(blockedLeft && blockedRight);
}

/**
 * Indices of the free tiles, ascending.
 * @param {Layout} layout
 * @param {Tiles} tiles
 */
export function freeTiles(layout, tiles) {
  /** @type {number[]} */
  const free = [];
  for (let i = 0; i < layout.size; i++) if (isFree(layout, tiles, i)) free.push(i);
  return free;
}

/**
 * Every pair that could be removed now, sorted like Board.available_pairs (by a, then b).
 * @param {Layout} layout
 * @param {Tiles} tiles
 * @returns {[number, number][]}
 */
export function availablePairs(layout, tiles) {
  /** @type {Map<string | null, number[]>} */
  const byClass = new Map();
  for (const i of freeTiles(layout, tiles)) {
    const c = matchClass(tiles[i]);
    const group = byClass.get(c);
    if (group) group.push(i);
    else byClass.set(c, [i]);
  }
  /** @type {[number, number][]} */
  const pairs = [];
  for (const group of byClass.values()) {
    for (let x = 0; x < group.length; x++) {
      for (let y = x + 1; y < group.length; y++) pairs.push([group[x], group[y]]);
    }
  }
  pairs.sort((p, q) => p[0] - q[0] || p[1] - q[1]);
  return pairs;
}

/** @param {Layout} layout @param {Tiles} tiles */
export function hasMoves(layout, tiles) {
  const seen = new Set();
  for (const i of freeTiles(layout, tiles)) {
    const c = matchClass(tiles[i]);
    if (seen.has(c)) return true;
    seen.add(c);
  }
  return false;
}

/** @param {Tiles} tiles */
export function tilesLeft(tiles) {
  return tiles.reduce((n, face) => (face === null || face === undefined ? n : n + 1), 0);
}
