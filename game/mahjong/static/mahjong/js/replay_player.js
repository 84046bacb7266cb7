// @ts-check
// An accepted game played back, pure (no DOM, no clock): the replay script the server
// embeds in the page (the deal, the log, and per event what only the server can work out:
// a shuffle's new arrangement, a next level's deal, the pair a hint showed) is run through
// the same game state as the play page (state.js), giving one frame per event to step,
// seek and time.

import { Game, IllegalMove } from "./state.js";

/** Playback waits the game's own pauses between events, but never longer than this at 1×. */
export const MAX_GAP_MS = 2000;
/** ...and never shorter, so that quick pairs can still be seen going. */
export const MIN_GAP_MS = 150;

/**
 * The replay script the server embeds (game/mahjong/replay_pages.py script_of).
 * @typedef {object} ReplayScript
 * @property {string} code
 * @property {string} layout
 * @property {string} mode
 * @property {import("./rules.js").Position[]} positions
 * @property {import("./rules.js").Graph} graph the layout's, as the engine has it
 * @property {{level?: number, tiles: import("./rules.js").Tiles, plan?: [number, number][] | null}} deal
 * @property {import("./game_data.js").GameEvent[]} events
 * @property {(Record<string, any> | null)[]} [outcomes] per event, what only the server can work out
 */

/**
 * The game after an event.
 * @typedef {object} Frame
 * @property {number} index
 * @property {number} t
 * @property {import("./game_data.js").GameEvent | null} event
 * @property {import("./rules.js").Tiles} tiles
 * @property {[number, string][]} removed the pair the event took, [[index, face], ...]
 * @property {[number, number] | null} hint
 * @property {string} status
 * @property {boolean} paused
 * @property {number} level
 * @property {number} moves
 * @property {number} hints
 * @property {number} shuffles
 * @property {number} score
 * @property {number | null} clock the classic stopwatch
 */

/** A script that does not replay: names the event. */
export class ReplayError extends Error {
  /** @param {number | null} index @param {string} message */
  constructor(index, message) {
    super(index === null ? message : `event ${index}: ${message}`);
    this.name = "ReplayError";
    this.index = index;
  }
}

/**
 * @param {Game} game
 * @param {number} index
 * @param {import("./game_data.js").GameEvent | null} event
 * @param {[number, string][]} removed
 * @returns {Frame}
 */
function frameOf(game, index, event, removed) {
  const s = game.s;
  return {
    index,
    t: event ? event.t : 0,
    event,
    tiles: s.tiles.slice(),
    removed,
    hint: s.hint,
    status: s.status,
    paused: game.paused,
    level: s.level,
    moves: s.moves,
    hints: s.hints,
    shuffles: s.shuffles,
    score: game.score,
    clock: s.mode === "classic" ? game.stopwatch(event ? event.t : 0) : null,
  };
}

/**
 * @param {Record<string, any> | null} outcome
 * @param {number} index
 * @param {string[]} keys
 * @returns {any}
 */
function needOutcome(outcome, index, keys) {
  if (!outcome || typeof outcome !== "object" || !keys.every((key) => key in outcome)) {
    throw new ReplayError(index, `the script lacks this event's ${keys.join(" and ")}`);
  }
  return outcome;
}

/**
 * Play one event; returns the pair it removed.
 * @param {Game} game
 * @param {import("./game_data.js").GameEvent} event
 * @param {Record<string, any> | null} outcome
 * @param {number} index
 * @returns {[number, string][]}
 */
function apply(game, event, outcome, index) {
  const { t } = event;
  switch (event.type) {
    case "match": {
      const a = Number(event.a);
      const b = Number(event.b);
      /** @type {[number, string][]} */
      const removed = [[a, String(game.s.tiles[a])], [b, String(game.s.tiles[b])]];
      game.match(a, b, t);
      return removed;
    }
    case "undo": {
      game.undo(t);
      return [];
    }
    case "hint": {
      game.hint(t);
      // The engine's pair, in case the port's choice of "any pair" ever differs.
      if (outcome && "pair" in outcome) game.s.hint = outcome.pair;
      return [];
    }
    case "shuffle":
      game.applyShuffle(t, needOutcome(outcome, index, ["tiles"]));
      return [];
    case "pause":
      if (game.paused) throw new IllegalMove("the game is paused already");
      game.pause(t);
      return [];
    case "resume":
      game.resume(t);
      return [];
    case "next_level":
      game.nextLevel(t, needOutcome(outcome, index, ["level", "tiles"]));
      return [];
    default:
      throw new ReplayError(index, `unknown event type ${JSON.stringify(event.type)}`);
  }
}

/**
 * Every board of a replay: frames[0] is the deal, frames[k] the game after k events.
 * @param {ReplayScript} script
 */
export function buildFrames(script) {
  if (!script || !Array.isArray(script.events) || !script.deal || !Array.isArray(script.positions)) {
    throw new ReplayError(null, "not a replay script");
  }
  const game = Game.fromDeal({
    code: script.code,
    layout: script.layout,
    mode: script.mode,
    level: script.deal.level ?? 1,
    positions: script.positions,
    graph: script.graph,
    tiles: script.deal.tiles,
    plan: script.deal.plan ?? null,
  });
  const outcomes = script.outcomes ?? [];
  const frames = [frameOf(game, 0, null, [])];
  script.events.forEach((event, index) => {
    let removed;
    try {
      removed = apply(game, event, outcomes[index] ?? null, index);
    } catch (error) {
      if (error instanceof IllegalMove) throw new ReplayError(index, error.message);
      throw error;
    }
    frames.push(frameOf(game, index + 1, event, removed));
  });
  return frames;
}

/** Where the playback is, and how to move it: step, seek, and the wait before the next event. */
export class ReplayPlayer {
  /** @param {ReplayScript} script */
  constructor(script) {
    this.frames = buildFrames(script);
    this.position = 0;
  }

  /** How many events the game has (the last position). */
  get length() {
    return this.frames.length - 1;
  }

  get frame() {
    return this.frames[this.position];
  }

  get atStart() {
    return this.position === 0;
  }

  get atEnd() {
    return this.position === this.length;
  }

  /** Go to position k (clamped to 0...length); returns the frame there. @param {number} k */
  seek(k) {
    const n = Number.isFinite(k) ? Math.round(k) : 0;
    this.position = Math.min(this.length, Math.max(0, n));
    return this.frame;
  }

  step(delta = 1) {
    return this.seek(this.position + delta);
  }

  /** Milliseconds to wait before the next event at this speed; null at the end. @returns {number | null} */
  delayToNext(speed = 1) {
    if (this.atEnd) return null;
    const gap = this.frames[this.position + 1].t - this.frame.t;
    const clamped = Math.min(MAX_GAP_MS, Math.max(MIN_GAP_MS, gap));
    return Math.round(clamped / (speed > 0 ? speed : 1));
  }
}
