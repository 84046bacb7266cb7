// A test helper, not the client's: an independent model of the free rule's relations, worked
// out from the positions as game/mahjong/engine/layout.py does. The client plays on the graph
// the server sends (rules.js layoutFromGraph); the tests use this to make graphs for small
// hand-made boards, and check it against the engine's graphs in the conformance vectors.

const key = (x, y, z) => `${x},${y},${z}`;

/**
 * For each position, the tiles on the layer above that overlap it, and its neighbours on the
 * left and on the right (same layer, |dy| <= 1), ascending.
 * @param {[number, number, number][]} positions
 */
export function deriveGraph(positions) {
  const index = new Map();
  positions.forEach(([x, y, z], i) => index.set(key(x, y, z), i));
  const above = [];
  const left = [];
  const right = [];
  for (const [x, y, z] of positions) {
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
    const ascending = (a, b) => a - b;
    above.push(up.sort(ascending));
    left.push(l.sort(ascending));
    right.push(r.sort(ascending));
  }
  return { above, left, right };
}

