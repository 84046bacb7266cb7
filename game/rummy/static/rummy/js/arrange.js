// @ts-check
// The order a set of one colour takes when its tiles can make a run: the draft arranges every
// set it changes with this, so that a player never has to put a run in order by hand.

import { NUMBERS, tileFace } from "./sets.js";

/**
 * The order in which tiles that can form a run make it, as indices into `tiles` (given in their
 * current order); any other tiles keep their order. The number tiles go in ascending order,
 * jokers fill the gaps between them, and the jokers left over go to the ends: one that lies
 * before the number tiles stays at the low end and one after them at the high end (the high
 * end first, when there are fewer jokers to spare than jokers at the ends), any other to the
 * high end; but no joker stands below 1 or above 13. The jokers keep their order among
 * themselves, so a set that is a run already stays exactly as it is.
 * @param {string[]} tiles
 * @returns {number[]}
 */
export function arrange(tiles) {
  const identity = tiles.map((_, i) => i);
  const faces = tiles.map(tileFace);
  /** @type {number[]} */
  const jokers = [];
  /** @type {Map<number, number>} by number, the index of its tile */
  const byNumber = new Map();
  const colours = new Set();
  faces.forEach((face, i) => {
    if (face === null) jokers.push(i);
    else {
      byNumber.set(face.number, i);
      colours.add(face.colour);
    }
  });
  const count = tiles.length - jokers.length;
  if (tiles.length < 3 || tiles.length > NUMBERS || count === 0 || colours.size > 1 || byNumber.size < count) {
    return identity;
  }
  const low = Math.min(...byNumber.keys());
  const high = Math.max(...byNumber.keys());
  const gaps = high - low + 1 - count;
  if (gaps > jokers.length) return identity;
  const spare = jokers.length - gaps;
  const first = Math.min(...byNumber.values());
  const last = Math.max(...byNumber.values());
  let above = Math.min(jokers.filter((i) => i > last).length, spare);
  let below = Math.min(jokers.filter((i) => i < first).length, spare - above);
  above = spare - below;
  if (high + above > NUMBERS) {
    below += high + above - NUMBERS;
    above = NUMBERS - high;
  } else if (low - below < 1) {
    above += below - (low - 1);
    below = low - 1;
  }
  const queue = jokers.values();
  const joker = () => /** @type {number} */ (queue.next().value);
  /** @type {number[]} */
  const order = [];
  for (let k = 0; k < below; k++) order.push(joker());
  for (let n = low; n <= high; n++) order.push(byNumber.get(n) ?? joker());
  for (let k = 0; k < above; k++) order.push(joker());
  return order;
}
