// @ts-check
// Tile Rummy's sets and turn check, pure (no DOM): what the browser needs to tell the player at
// once whether a set is one and whether the turn could be confirmed. A port of
// game/rummy/engine/sets.py and turns.py, which stay the referee: the server checks every
// confirmed turn again, and tests/conformance/vectors/rummy_*.json hold both to the same answers.
//
// Tiles are their texts, as the API sends them: a colour letter, R red, B blue, K black, O orange,
// and a number 1-13 ("R7", "O13"), or J for a joker. Internally a tile is its code, as in the
// engine: colour * 13 + number - 1 for number faces (0-51), 52 for a joker.

/** @typedef {"R" | "B" | "K" | "O"} Colour */

/**
 * One way to read a set: a run of `colour` from `number` on, or a group of `number`s.
 * @typedef {object} Reading
 * @property {"run" | "group"} kind
 * @property {number} number the group's number, or the number the run starts at
 * @property {number} length how many tiles
 * @property {Colour | null} colour a run's colour; null for a group (and a run of jokers only)
 */

/**
 * Why a list of tiles is no set (describeSet), the first that applies:
 * - `too_short`: fewer than 3 tiles;
 * - `too_long`: more than a set can hold (a group of one number: 4, a run: 13);
 * - `mixed`: neither all of one colour nor all of one number;
 * - `duplicate_colour`: one number, but a colour twice (a group needs different colours);
 * - `duplicate_number`: one colour, but a number twice (a run needs each number once);
 * - `gap`: one colour, but the numbers leave gaps the jokers cannot fill (1 does not follow 13);
 * - `order`: the tiles would make a run in another order (runs read ascending, and a joker
 *   cannot stand for 0 or 14). A draft arranges its runs, so it never shows this one.
 * @typedef {"too_short" | "too_long" | "mixed" | "duplicate_colour" | "duplicate_number" | "gap" | "order"} SetProblem
 */

/**
 * What describeSet says of a list of tiles: a set with its reading (runs first, as readings()
 * in the engine) and its value in an opening, or the problem that makes it no set.
 * @typedef {{valid: true, reading: Reading, value: number} | {valid: false, problem: SetProblem}} SetDescription
 */

/**
 * Why a turn is illegal, in the order the engine checks (game/rummy/engine/turns.py):
 * a set of `after` is no set; a table tile is missing from `after`; `after` holds a tile that is
 * neither on the table nor on the rack; no tile came from the rack; an opening changed the
 * table's sets; an opening is worth less than 30.
 * @typedef {"invalid_set" | "tile_left_table" | "not_from_rack" | "nothing_played" | "opening_changed_table" | "opening_too_low"} TurnReason
 */

/**
 * The engine's Verdict.to_json(): legal with the tiles played (canonical order) or the first
 * reason; `set_index` names the first bad set (invalid_set only), `opening_value` what the new
 * sets of an opening are worth (once the check got as far as counting them).
 * @typedef {{legal: true, played: string[], opening_value?: number}} LegalVerdict
 * @typedef {{legal: false, reason: TurnReason, set_index?: number, opening_value?: number}} IllegalVerdict
 * @typedef {LegalVerdict | IllegalVerdict} Verdict
 */

export const NUMBERS = 13;
/** @type {readonly Colour[]} */
export const COLOURS = Object.freeze(["R", "B", "K", "O"]);
export const OPENING_MINIMUM = 30;
const JOKER = COLOURS.length * NUMBERS;
const CODES = JOKER + 1;
const MIN_SET = 3;
const MAX_GROUP = COLOURS.length;
const MAX_RUN = NUMBERS;
const COPIES = 2;
const JOKERS = 2;

/** Tile text by code. */
const TEXTS = Object.freeze([
  ...Array.from({ length: JOKER }, (_, code) => `${COLOURS[colourOf(code)]}${numberOf(code)}`),
  "J",
]);
const CODE_OF_TEXT = new Map(TEXTS.map((text, code) => [text, code]));

/** @param {number} code */
function colourOf(code) {
  return Math.floor(code / NUMBERS);
}

/** @param {number} code */
function numberOf(code) {
  return (code % NUMBERS) + 1;
}

/**
 * The code of a tile text (0-51 number faces in canonical order, 52 a joker): red, blue, black,
 * orange, each 1 to 13, jokers last. Anything else is malformed: a TypeError, as the engine's
 * MalformedError (the tiles come from the server, so this is a bug, not a move to refuse).
 * @param {unknown} tile
 * @returns {number}
 */
export function tileCode(tile) {
  const code = typeof tile === "string" ? CODE_OF_TEXT.get(tile) : undefined;
  if (code === undefined) throw new TypeError(`not a tile: ${JSON.stringify(tile)?.slice(0, 20)}`);
  return code;
}

/** @param {unknown} tile @returns {tile is string} whether it is a tile text */
export function isTile(tile) {
  return typeof tile === "string" && CODE_OF_TEXT.has(tile);
}

/**
 * A tile's face, to draw it: its colour and number, or null for a joker.
 * @param {string} tile
 * @returns {{colour: Colour, number: number} | null}
 */
export function tileFace(tile) {
  const code = tileCode(tile);
  return code === JOKER ? null : { colour: COLOURS[colourOf(code)], number: numberOf(code) };
}

/**
 * The run `codes` spell in table order, or null (sets.py run_reading).
 * @param {number[]} codes
 * @returns {Reading | null}
 */
function runReading(codes) {
  const length = codes.length;
  if (length < MIN_SET || length > MAX_RUN) return null;
  let start = 0;
  let colour = -1;
  for (let i = 0; i < length; i++) {
    const code = codes[i];
    if (code === JOKER) continue;
    if (colour < 0) {
      colour = colourOf(code);
      start = numberOf(code) - i;
      if (start < 1 || start + length - 1 > NUMBERS) return null;
    } else if (colourOf(code) !== colour || numberOf(code) !== start + i) {
      return null;
    }
  }
  // Jokers only (more than the box holds, so never legal): the highest run of that length.
  if (colour < 0) return { kind: "run", number: NUMBERS - length + 1, length, colour: null };
  return { kind: "run", number: start, length, colour: COLOURS[colour] };
}

/**
 * The group `codes` make, or null (sets.py group_reading).
 * @param {number[]} codes
 * @returns {Reading | null}
 */
function groupReading(codes) {
  const length = codes.length;
  if (length < MIN_SET || length > MAX_GROUP) return null;
  let number = 0;
  let seen = 0;
  for (const code of codes) {
    if (code === JOKER) continue;
    const bit = 1 << colourOf(code);
    if (seen & bit || (number && numberOf(code) !== number)) return null;
    seen |= bit;
    number = numberOf(code);
  }
  return { kind: "group", number: number || NUMBERS, length, colour: null };
}

/** @param {number[]} codes */
function readingsOf(codes) {
  return /** @type {Reading[]} */ ([runReading(codes), groupReading(codes)].filter((r) => r !== null));
}

/**
 * What a reading counts in an opening: the numbers its tiles stand for, added up.
 * @param {Reading} reading
 */
export function readingValue({ kind, number, length }) {
  return kind === "group" ? number * length : length * number + (length * (length - 1)) / 2;
}

/** @param {Reading[]} found */
function highest(found) {
  return found.length ? Math.max(...found.map(readingValue)) : null;
}

/**
 * Every reading of a list of tiles in table order (none if it is no set), runs first.
 * @param {string[]} tiles
 * @returns {Reading[]}
 */
export function setReadings(tiles) {
  return readingsOf(tiles.map(tileCode));
}

/**
 * The first reading of a set (a run before a group), or null if it is no set.
 * @param {string[]} tiles
 * @returns {Reading | null}
 */
export function setReading(tiles) {
  return setReadings(tiles)[0] ?? null;
}

/** @param {string[]} tiles whether they are a run or a group, in this order */
export function isSet(tiles) {
  return setReadings(tiles).length > 0;
}

/**
 * What a set counts in an opening (its higher reading, a joker counting as the number it stands
 * for), or null if it is no set.
 * @param {string[]} tiles
 * @returns {number | null}
 */
export function setValue(tiles) {
  return highest(setReadings(tiles));
}

/**
 * A set's reading and value, or why it is no set (see SetProblem), for the player.
 * @param {string[]} tiles
 * @returns {SetDescription}
 */
export function describeSet(tiles) {
  const codes = tiles.map(tileCode);
  const found = readingsOf(codes);
  if (found.length) return { valid: true, reading: found[0], value: /** @type {number} */ (highest(found)) };
  return { valid: false, problem: problemOf(codes) };
}

/**
 * Why tiles that are no set are not one.
 * @param {number[]} codes
 * @returns {SetProblem}
 */
function problemOf(codes) {
  if (codes.length < MIN_SET) return "too_short";
  const faces = codes.filter((code) => code !== JOKER);
  const numbers = new Set(faces.map(numberOf));
  const colours = new Set(faces.map(colourOf));
  if (faces.length >= 2 && numbers.size === 1) {
    // A group in the making (a repeated tile, one number and one colour, reads as one too).
    if (colours.size < faces.length) return "duplicate_colour";
    return "too_long";
  }
  if (colours.size > 1) return "mixed";
  // One colour (or jokers only): a run in the making.
  if (codes.length > MAX_RUN) return "too_long";
  if (numbers.size < faces.length) return "duplicate_number";
  const span = Math.max(...numbers) - Math.min(...numbers) + 1;
  if (span - faces.length > codes.length - faces.length) return "gap";
  return "order";
}

/**
 * @param {unknown} value
 * @param {string} what
 * @returns {number[]}
 */
function parseTiles(value, what) {
  if (!Array.isArray(value)) throw new TypeError(`${what} must be a list`);
  return value.map(tileCode);
}

/**
 * @param {unknown} value
 * @param {string} what
 * @returns {number[][]}
 */
function parseTable(value, what) {
  if (!Array.isArray(value)) throw new TypeError(`${what} must be a list of sets`);
  return value.map((tiles, i) => parseTiles(tiles, `set ${i} of ${what}`));
}

/** @param {Iterable<number>} codes */
function countsOf(codes) {
  const counts = new Array(CODES).fill(0);
  for (const code of codes) counts[code] += 1;
  return counts;
}

/**
 * Which sets of `after` are the old ones, taken leftmost, or null if the old sets are not all
 * there, unchanged and in order (turns.py _is_subsequence).
 * @param {number[][]} old
 * @param {number[][]} after
 * @returns {boolean[] | null}
 */
function keptSets(old, after) {
  const kept = after.map(() => false);
  const same = (/** @type {number[]} */ a, /** @type {number[]} */ b) =>
    a.length === b.length && a.every((code, i) => code === b[i]);
  let j = 0;
  for (const tiles of old) {
    while (j < after.length && !same(after[j], tiles)) j++;
    if (j === after.length) return null;
    kept[j] = true;
    j++;
  }
  return kept;
}

/**
 * Check a turn as the server will (turns.py check_turn): the table before the turn, the seat's
 * rack, the whole table after it, and whether the seat had opened before this turn. Answers
 * exactly the engine's Verdict.to_json(). Malformed input (not lists, unknown tiles, more copies
 * of a face on table and rack together than the box holds, `opened` not a boolean) throws a
 * TypeError, as the engine raises MalformedError: it is no verdict on a turn.
 * @param {string[][]} table
 * @param {string[]} rack
 * @param {string[][]} after
 * @param {boolean} opened
 * @returns {Verdict}
 */
export function checkTurn(table, rack, after, opened) {
  if (typeof opened !== "boolean") throw new TypeError("opened must be true or false");
  const tableCodes = parseTable(table, "a table");
  const rackCodes = parseTiles(rack, "a rack");
  const afterCodes = parseTable(after, "after");
  const held = countsOf([...tableCodes.flat(), ...rackCodes]);
  held.forEach((count, code) => {
    if (count > (code === JOKER ? JOKERS : COPIES)) {
      throw new TypeError(`the table and the rack hold ${count} x ${TEXTS[code]}, more than the box`);
    }
  });
  return checkCodes(tableCodes, rackCodes, afterCodes, opened);
}

/**
 * @param {number[][]} table
 * @param {number[]} rack
 * @param {number[][]} after
 * @param {boolean} opened
 * @returns {Verdict}
 */
function checkCodes(table, rack, after, opened) {
  const bad = after.findIndex((tiles) => readingsOf(tiles).length === 0);
  if (bad >= 0) return { legal: false, reason: "invalid_set", set_index: bad };
  const before = countsOf(table.flat());
  const now = countsOf(after.flat());
  if (now.some((count, code) => count < before[code])) return { legal: false, reason: "tile_left_table" };
  const onRack = countsOf(rack);
  if (now.some((count, code) => count - before[code] > onRack[code])) return { legal: false, reason: "not_from_rack" };
  /** @type {string[]} */
  const played = [];
  now.forEach((count, code) => {
    for (let k = before[code]; k < count; k++) played.push(TEXTS[code]);
  });
  if (!played.length) return { legal: false, reason: "nothing_played" };
  if (opened) return { legal: true, played };
  const kept = keptSets(table, after);
  if (kept === null) return { legal: false, reason: "opening_changed_table" };
  let value = 0;
  after.forEach((tiles, i) => {
    if (!kept[i]) value += /** @type {number} */ (highest(readingsOf(tiles)));
  });
  if (value < OPENING_MINIMUM) return { legal: false, reason: "opening_too_low", opening_value: value };
  return { legal: true, played, opening_value: value };
}
