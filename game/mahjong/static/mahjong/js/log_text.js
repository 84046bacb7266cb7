// @ts-check
// A game's move log in the engine's text form (game/mahjong/engine/events.py), which is what
// POST /api/scores/ is sent: about 12 bytes a match instead of 45 in JSON, so that a long arcade
// game still fits the server's 64 KB body. The conformance vectors tie this to the engine's
// log_to_text (tests/conformance/vectors/play.json, each scenario's log_text).

/** @typedef {import("./game_data.js").GameEvent} GameEvent */

/**
 * Each type's letter: its initial, as in the engine.
 * @type {Readonly<Record<string, string>>}
 */
const LETTERS = Object.freeze({
  match: "m", undo: "u", hint: "h", shuffle: "s", pause: "p", resume: "r", next_level: "n",
});

/**
 * The log as the engine writes it: per event its letter, the milliseconds since the event before
 * (the first: since 0), a match's two positions after dots; events separated by single spaces.
 * A log the engine could not read (an unknown type, a time going back) throws: sent in JSON it
 * would be refused all the same.
 * @param {readonly GameEvent[]} events
 * @returns {string}
 */
export function logToText(events) {
  let last = 0;
  return events
    .map((event, index) => {
      const letter = LETTERS[event.type];
      if (letter === undefined) throw new Error(`log event ${index}: unknown type ${event.type}`);
      if (!Number.isInteger(event.t) || event.t < last) {
        throw new Error(`log event ${index}: time ${event.t} after ${last}`);
      }
      const delta = event.t - last;
      last = event.t;
      return event.type === "match" ? `${letter}${delta}.${event.a}.${event.b}` : `${letter}${delta}`;
    })
    .join(" ");
}
