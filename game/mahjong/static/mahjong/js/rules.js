// The rules of Mahjong Solitaire, pure (no DOM): which tiles are free and which match.
// Mirrors game/mahjong/engine/layout.py and tiles.py. Positions are [x, y, z] in half-tile
// units: a tile at (x, y, z) covers [x, x+2) x [y, y+2) on layer z.

/** Match class of a face label: any flower matches any flower, any season any season. */
export function matchClass(face) {
  if (typeof face !== "string") return null;
  if (/^F[1-4]$/.test(face)) return "flower";
  if (/^S[1-4]$/.test(face)) return "season"; // not "S": that is the south wind
  return face;
}

/** Whether two face labels match. */
export function tilesMatch(a, b) {
  const ca = matchClass(a);
  return ca !== null && ca === matchClass(b);
}

const key = (x, y, z) => `${x},${y},${z}`;

/**
 * The relations between a layout's positions: for each index, the tiles on the layer above
 * that overlap it, and its neighbours on the left and on the right (same layer, |dy| <= 1).
 */
export function buildLayout(positions) {
  const index = new Map();
  positions.forEach(([x, y, z], i) => index.set(key(x, y, z), i));
  const above = [];
  const left = [];
  const right = [];
  positions.forEach(([x, y, z]) => {
    const up = [];
    const l = [];
    const r = [];
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const j = index.get(key(x + dx, y + dy, z + 1));
        if (j !== undefined) up.push(j);
      }
      const jl = index.get(key(x - 2, y + dy, z));
      if (jl !== undefined) l.push(jl);
      const jr = index.get(key(x + 2, y + dy, z));
      if (jr !== undefined) r.push(jr);
    }
    above.push(up);
    left.push(l);
    right.push(r);
  });
  return { positions, size: positions.length, above, left, right };
}

const present = (tiles, j) => tiles[j] !== null && tiles[j] !== undefined;

/** A tile is free when it lies on the board, nothing lies on it, and one long side is open. */
export function isFree(layout, tiles, i) {
  if (!present(tiles, i)) return false;
  if (layout.above[i].some((j) => present(tiles, j))) return false;
  const blockedLeft = layout.left[i].some((j) => present(tiles, j));
  const blockedRight = layout.right[i].some((j) => present(tiles, j));
  return !(blockedLeft && blockedRight);
}

/** Indices of the free tiles, ascending. */
export function freeTiles(layout, tiles) {
  const free = [];
  for (let i = 0; i < layout.size; i++) if (isFree(layout, tiles, i)) free.push(i);
  return free;
}

/** Every pair that could be removed now, sorted like Board.available_pairs (by a, then b). */
export function availablePairs(layout, tiles) {
  const byClass = new Map();
  for (const i of freeTiles(layout, tiles)) {
    const c = matchClass(tiles[i]);
    if (!byClass.has(c)) byClass.set(c, []);
    byClass.get(c).push(i);
  }
  const pairs = [];
  for (const group of byClass.values()) {
    for (let x = 0; x < group.length; x++) {
      for (let y = x + 1; y < group.length; y++) pairs.push([group[x], group[y]]);
    }
  }
  pairs.sort((p, q) => p[0] - q[0] || p[1] - q[1]);
  return pairs;
}

export function hasMoves(layout, tiles) {
  const seen = new Set();
  for (const i of freeTiles(layout, tiles)) {
    const c = matchClass(tiles[i]);
    if (seen.has(c)) return true;
    seen.add(c);
  }
  return false;
}

export function tilesLeft(tiles) {
  return tiles.reduce((n, face) => (face === null || face === undefined ? n : n + 1), 0);
}
