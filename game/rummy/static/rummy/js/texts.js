// @ts-check
// The words of the Rummy table, pure (no DOM): tile names for screen readers ("red 7",
// "joker"), what a set is or why it is none, the players' names, whose turn it is, and how a
// hand ended. Every text comes through gettext with a string literal (core/js/i18n.js), so
// that makemessages finds it; the texts are looked up when they are asked for.

import { gettext, interpolate, ngettext } from "../../core/js/i18n.js";
import { OPENING_MINIMUM, tileFace } from "./sets.js";

/**
 * @typedef {import("./sets.js").SetDescription} SetDescription
 * @typedef {import("./sets.js").SetProblem} SetProblem
 * @typedef {import("./seat_api.js").Mode} Mode
 * @typedef {number | null} Viewer online, the seat of the player reading (named "you"); else null
 */

/**
 * A tile's name: "red 7", "joker".
 * @param {string} tile
 */
export function tileName(tile) {
  const face = tileFace(tile);
  if (face === null) return gettext("joker");
  const number = face.number;
  if (face.colour === "R") return interpolate(gettext("red %(number)s"), { number });
  if (face.colour === "B") return interpolate(gettext("blue %(number)s"), { number });
  if (face.colour === "K") return interpolate(gettext("black %(number)s"), { number });
  return interpolate(gettext("orange %(number)s"), { number });
}

/**
 * Tiles named one after the other: "red 7, red 8, red 9".
 * @param {readonly string[]} tiles
 */
export function tileNames(tiles) {
  return tiles.map(tileName).join(", ");
}

/**
 * Why tiles are no set, in a few words.
 * @param {SetProblem} problem
 */
export function problemText(problem) {
  switch (problem) {
    case "too_short":
      return gettext("not a set yet: a set needs at least 3 tiles");
    case "too_long":
      return gettext("too many tiles: a group has at most 4, a run at most 13");
    case "mixed":
      return gettext("not a set: a run is of one colour, a group of one number");
    case "duplicate_colour":
      return gettext("not a group: each colour may appear only once");
    case "duplicate_number":
      return gettext("not a run: each number may appear only once");
    case "gap":
      return gettext("not a run: the numbers must follow each other");
    default:
      return gettext("not a run in this order");
  }
}

/**
 * What a set is ("a valid run") or why it is none.
 * @param {SetDescription} description
 */
export function setSummary(description) {
  if (!description.valid) return problemText(description.problem);
  return description.reading.kind === "run" ? gettext("a valid run") : gettext("a valid group");
}

/**
 * The label of set `index` (from 0) for screen readers: "Set 2: red 7, red 8, red 9, a valid run".
 * @param {number} index
 * @param {readonly string[]} tiles
 * @param {SetDescription} description
 */
export function setLabel(index, tiles, description) {
  return interpolate(gettext("Set %(n)s: %(tiles)s, %(summary)s"), {
    n: index + 1,
    tiles: tileNames(tiles),
    summary: setSummary(description),
  });
}

/**
 * A player's name as the table shows it: against the computer "You" and "Computer", in pass
 * and play "Player 1" and "Player 2" (seat 0 and seat 1, whoever holds the device); online
 * the same, with "(you)" after the reader's own.
 * @param {Mode} mode
 * @param {number} seat
 * @param {Viewer} [viewer]
 */
export function playerName(mode, seat, viewer = null) {
  if (mode === "computer") return seat === 0 ? gettext("You") : gettext("Computer");
  if (mode === "online" && seat === viewer) return seat === 0 ? gettext("Player 1 (you)") : gettext("Player 2 (you)");
  return seat === 0 ? gettext("Player 1") : gettext("Player 2");
}

/**
 * Whose turn it is, for the status line.
 * @param {Mode} mode
 * @param {number | null} turn the seat to move (null once the hand is over)
 * @param {Viewer} [viewer]
 */
export function turnText(mode, turn, viewer = null) {
  if (turn === null) return gettext("The hand is over");
  if (mode === "computer") return turn === 0 ? gettext("Your turn") : gettext("The computer's turn");
  if (mode === "online" && turn === viewer) return gettext("Your turn");
  return turn === 0 ? gettext("Player 1 to play") : gettext("Player 2 to play");
}

/** @param {number} n tiles left in the pool */
export function poolText(n) {
  if (n === 0) return gettext("The pool is empty");
  return interpolate(ngettext("Pool: %(n)s tile", "Pool: %(n)s tiles", n), { n });
}

/**
 * How many tiles the other rack holds: "Computer: 14 tiles".
 * @param {Mode} mode
 * @param {number} seat the other seat
 * @param {number} n
 */
export function rackCountText(mode, seat, n) {
  return interpolate(ngettext("%(player)s: %(n)s tile", "%(player)s: %(n)s tiles", n), {
    player: playerName(mode, seat),
    n,
  });
}

/**
 * Progress of an opening: "Opening: 24 of 30".
 * @param {number} value
 */
export function openingText(value) {
  return interpolate(gettext("Opening: %(value)s of %(minimum)s"), { value, minimum: OPENING_MINIMUM });
}

/**
 * The hand's result in the API's shape (SeatState.view.result).
 * @typedef {{winner: number | null, score: number, reason: "rack_empty" | "blocked", rack_points: number[]}} HandResult
 */

/**
 * The end-of-hand dialog's title: who won, or a draw.
 * @param {Mode} mode
 * @param {HandResult} result
 * @param {Viewer} [viewer]
 */
export function resultTitle(mode, result, viewer = null) {
  if (result.winner === null) return gettext("A draw");
  if (mode === "computer") return result.winner === 0 ? gettext("You won the hand!") : gettext("The computer won the hand");
  if (mode === "online" && result.winner === viewer) return gettext("You won the hand!");
  return result.winner === 0 ? gettext("Player 1 won the hand!") : gettext("Player 2 won the hand!");
}

/**
 * How the hand ended and what it was worth, as the rules say: the winner who went out scores
 * the points left on the other rack; a blocked hand (the pool empty and both players passed)
 * goes to the lower rack, by the difference, and equal racks are a draw.
 * @param {Mode} mode
 * @param {HandResult} result
 * @param {Viewer} [viewer]
 */
export function resultText(mode, result, viewer = null) {
  const [points0, points1] = result.rack_points;
  // Online, the reader is "you" in these sentences; the other player goes by their number.
  const you = mode === "online" && viewer !== null;
  if (result.reason === "rack_empty" && result.winner !== null) {
    let text;
    if (mode === "computer" && result.winner === 0) text = gettext("You went out: you win the %(points)s points left on the computer's rack.");
    else if (mode === "computer") text = gettext("The computer went out: it wins the %(points)s points left on your rack.");
    else if (you && result.winner === viewer) text = gettext("You went out: you win the %(points)s points left on %(loser)s's rack.");
    else if (you) text = gettext("%(winner)s went out and wins the %(points)s points left on your rack.");
    else text = gettext("%(winner)s went out and wins the %(points)s points left on %(loser)s's rack.");
    return interpolate(text, { points: result.score, winner: playerName(mode, result.winner), loser: playerName(mode, 1 - result.winner) });
  }
  const blocked = gettext("The pool is empty and both players passed in turn: the hand is blocked.");
  const racks = interpolate(gettext("Points left on the racks: %(first)s %(points0)s, %(second)s %(points1)s."), {
    first: playerName(mode, 0, viewer),
    second: playerName(mode, 1, viewer),
    points0,
    points1,
  });
  if (result.winner === null) return `${blocked} ${racks} ${gettext("Equal racks: nobody scores.")}`;
  const n = result.score;
  let wins;
  if ((mode === "computer" && result.winner === 0) || (you && result.winner === viewer)) {
    wins = ngettext("You hold fewer points and win by %(n)s point.", "You hold fewer points and win by %(n)s points.", n);
  } else if (mode === "computer") {
    wins = ngettext("The computer holds fewer points and wins by %(n)s point.", "The computer holds fewer points and wins by %(n)s points.", n);
  } else {
    wins = ngettext("%(winner)s holds fewer points and wins by %(n)s point.", "%(winner)s holds fewer points and wins by %(n)s points.", n);
  }
  wins = interpolate(wins, { winner: playerName(mode, result.winner), n });
  return `${blocked} ${racks} ${wins}`;
}
