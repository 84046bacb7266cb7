// @ts-check
// A game in progress, pure (no DOM, no clock, no network): a port of game/mahjong/engine/play.py.
// Every action takes t, whole milliseconds since the deal was shown (the caller owns the
// clock), and every accepted action is appended to the event log in the server's format,
// so the log replays on the server to the very same result. The whole state is plain JSON
// (game_data.js), the layout's graph (from the server) included; the arcade's points are
// scoring.js's, configured from the page's config.

import { IllegalMove, Status, Tap, inProgress } from "./game_status.js";
import { availablePairs, hasMoves, isFree, layoutFromGraph, tilesMatch } from "./rules.js";
import { STATE_VERSION, isValidState } from "./game_data.js";
import { boardPoints, restoreBonusClock, scoringRules, speedBonus } from "./scoring.js";

export { IllegalMove, Status, Tap, inProgress } from "./game_status.js";
export { STATE_VERSION, isValidState } from "./game_data.js";
export { SCORING_KEYS, boardPoints, configureScoring, scoringRules, speedBonus } from "./scoring.js";

/**
 * @typedef {import("./game_data.js").Deal} Deal
 * @typedef {import("./game_data.js").GameState} GameState
 * @typedef {import("./game_data.js").GameEvent} GameEvent
 * @typedef {import("./game_data.js").Pair} Pair
 * @typedef {import("./game_data.js").Shuffled} Shuffled
 * @typedef {import("./rules.js").Layout} Layout
 */

/** @type {WeakMap<object, Layout>} by the state's graph */
const layouts = new WeakMap();

/** @param {GameState} s */
function layoutOf(s) {
  const graph = s.graph;
  if (!graph) throw new IllegalMove("the game has no layout graph (a save of an older version)");
  let layout = layouts.get(graph);
  if (!layout || layout.positions !== s.positions) {
    layout = layoutFromGraph(s.positions, graph);
    layouts.set(graph, layout);
  }
  return layout;
}

export class Game {
  /** @param {GameState} s a plain state, as made by Game.fromDeal or read by Game.fromJSON */
  constructor(s) {
    this.s = s;
  }

  /**
   * A new game from a POST /api/deals/ answer.
   * @param {Deal} deal
   */
  static fromDeal(deal) {
    layoutFromGraph(deal.positions, deal.graph); // a graph that does not fit fails here, not later
    const game = new Game({
      version: STATE_VERSION,
      code: deal.code,
      layout: deal.layout,
      mode: deal.mode,
      daily: deal.daily ?? null,
      token: deal.token ?? null,
      level: deal.level ?? 1,
      positions: deal.positions,
      graph: deal.graph,
      tiles: deal.tiles.slice(),
      plan: deal.plan ?? null,
      selected: null,
      hint: null,
      moves: 0,
      hints: 0,
      shuffles: 0,
      earned: 0,
      penalties: 0,
      status: Status.PLAYING,
      history: [],
      now: 0,
      pausedAt: null,
      pausedTotal: 0,
      clockStart: null,
      lastChange: 0,
      timeMs: null,
      events: [],
    });
    game.checkMoves();
    return game;
  }

  /**
   * A saved state back, or null when it is not a well-formed state of this version.
   * @param {unknown} data
   */
  static fromJSON(data) {
    if (!isValidState(data) || !restoreBonusClock(data)) return null;
    return new Game(data);
  }

  toJSON() {
    return this.s;
  }

  // -- what the player sees ------------------------------------------------------------

  get layout() { return layoutOf(this.s); }
  get tiles() { return this.s.tiles; }
  get status() { return this.s.status; }
  get mode() { return this.s.mode; }
  get paused() { return this.s.pausedAt !== null; }
  get score() { return Math.max(0, this.s.earned - this.s.penalties); }
  get shufflesLeft() {
    return this.s.mode === "arcade" ? scoringRules().arcade_shuffles - this.s.shuffles : null;
  }
  get canUndo() {
    return this.s.history.length > 0 && (this.s.status === Status.PLAYING || this.s.status === Status.NO_MOVES);
  }
  get canShuffle() {
    const s = this.s;
    if (this.paused || s.status === Status.CLEARED || s.status === Status.GAME_OVER) return false;
    return s.mode !== "arcade" || s.shuffles < scoringRules().arcade_shuffles;
  }
  get canHint() {
    return !this.paused && (this.s.status === Status.PLAYING || this.s.status === Status.NO_MOVES);
  }
  get inProgress() { return inProgress(this.s); } // the player would lose it by starting another
  get canPause() {
    const s = this.s;
    if (this.paused || s.status === Status.GAME_OVER) return false;
    return !(s.status === Status.CLEARED && s.mode === "classic");
  }
  /** @param {number} i */
  isFree(i) {
    return isFree(this.layout, this.s.tiles, i);
  }
  availablePairs() {
    return availablePairs(this.layout, this.s.tiles);
  }
  tilesLeft() {
    return this.s.tiles.filter((face) => face !== null).length;
  }

  /** Active (unpaused) time at t. @param {number} t */
  active(t) {
    const s = this.s;
    const paused = s.pausedTotal + (s.pausedAt !== null ? t - s.pausedAt : 0);
    return t - paused;
  }

  /** Classic clock at t: 0 before the first pair, frozen at the win, stopped while paused. @param {number} t */
  stopwatch(t) {
    const s = this.s;
    if (s.timeMs !== null) return s.timeMs;
    if (s.clockStart === null) return 0;
    return this.active(Math.max(t, s.now)) - s.clockStart;
  }

  /**
   * The engine's hint_pair (for replays and the conformance vectors; the play page's sure hints are hints.js's).
   * @returns {Pair | null}
   */
  hintPair() {
    const { tiles, plan } = this.s;
    if (plan) {
      for (const [a, b] of plan) {
        if (tiles[a] !== null && tiles[b] !== null) {
          if (this.isFree(a) && this.isFree(b)) return [a, b];
          break;
        }
      }
    }
    const pairs = this.availablePairs();
    return pairs.length ? pairs[0] : null;
  }

  // -- actions ---------------------------------------------------------------------------

  /** Refuse an action at t that the clock or the game's state forbid. @param {number} t */
  begin(t, allowPaused = false) {
    if (!Number.isInteger(t) || t < 0) throw new IllegalMove(`t must be whole milliseconds, not ${t}`);
    if (t < this.s.now) throw new IllegalMove(`time goes back from ${this.s.now} to ${t} ms`);
    if (this.paused && !allowPaused) throw new IllegalMove("the game is paused");
    if (this.s.status === Status.GAME_OVER) throw new IllegalMove("the game is over");
  }

  /** @param {GameEvent} event */
  record(event) {
    this.s.now = event.t;
    this.s.events.push(event);
  }

  /** @param {number} i */
  checkIndex(i) {
    if (!Number.isInteger(i) || i < 0 || i >= this.s.tiles.length) throw new IllegalMove(`no position ${i}`);
  }

  /**
   * The selection rule: what tapping position i does. Only matches are logged.
   * @param {number} i
   * @param {number} t
   * @returns {string} a Tap
   */
  tap(i, t) {
    this.checkIndex(i);
    this.begin(t);
    const s = this.s;
    if (s.status !== Status.PLAYING || !this.isFree(i)) {
      s.selected = null;
      return Tap.BLOCKED;
    }
    if (s.selected === null) {
      s.selected = i;
      return Tap.SELECTED;
    }
    if (s.selected === i) {
      s.selected = null;
      return Tap.DESELECTED;
    }
    if (tilesMatch(s.tiles[s.selected], s.tiles[i])) {
      this.match(s.selected, i, t);
      return Tap.MATCHED;
    }
    s.selected = i;
    return Tap.SELECTED;
  }

  /**
   * Remove the pair a, b; returns the points it earned (0 in classic).
   * @param {number} a
   * @param {number} b
   * @param {number} t
   */
  match(a, b, t) {
    this.checkIndex(a);
    this.checkIndex(b);
    this.begin(t);
    const s = this.s;
    if (s.status !== Status.PLAYING) throw new IllegalMove(`no pair can be taken now: the board is ${s.status}`);
    if (a === b || !this.isFree(a) || !this.isFree(b) || !tilesMatch(s.tiles[a], s.tiles[b])) {
      throw new IllegalMove(`${a} and ${b} are not a free matching pair`);
    }
    const fa = /** @type {string} */ (s.tiles[a]); // both there: they match
    const fb = /** @type {string} */ (s.tiles[b]);
    s.tiles[a] = null;
    s.tiles[b] = null;
    const active = this.active(t);
    if (s.clockStart === null) s.clockStart = active;
    let points = 0;
    if (s.mode === "arcade") points = scoringRules().pair_points + speedBonus(t - s.lastChange);
    s.history.push({ a, b, fa, fb, points, since: s.lastChange });
    s.lastChange = t;
    s.earned += points;
    s.moves += 1;
    s.selected = null;
    s.hint = null;
    this.record({ t, type: "match", a, b });
    if (s.tiles.every((face) => face === null)) {
      s.status = Status.CLEARED;
      if (s.mode === "arcade") s.earned += boardPoints(s.level);
      else s.timeMs = active - s.clockStart;
    } else {
      this.checkMoves();
    }
    return points;
  }

  /** @param {number} t @returns {import("./game_data.js").Removal} */
  undo(t) {
    this.begin(t);
    const s = this.s;
    if (s.status === Status.CLEARED) throw new IllegalMove("the board is cleared: there is nothing to undo");
    const removal = s.history.pop();
    if (!removal) throw new IllegalMove("there is no move to undo");
    [s.tiles[removal.a], s.tiles[removal.b]] = [removal.fa, removal.fb];
    s.earned -= removal.points; // the hints paid stay paid: the balance may go below 0, the score not
    s.lastChange = removal.since ?? s.lastChange; // an undone pair is not a move
    s.selected = null;
    s.hint = null;
    s.status = Status.PLAYING;
    this.record({ t, type: "undo" });
    this.checkMoves();
    return removal;
  }

  /** Count (and in arcade, pay for, as the engine: never more than the score, for good) a hint; the pair shown. @param {number} t @param {Pair | null} [pair] */
  hint(t, pair = this.hintPair()) {
    this.begin(t);
    const s = this.s;
    if (s.status === Status.CLEARED) throw new IllegalMove("the board is cleared: no hint needed");
    s.hints += 1;
    if (s.mode === "arcade") s.penalties += Math.min(scoringRules().hint_cost, this.score); // at 0: free, nothing owed
    this.record({ t, type: "hint" });
    s.hint = pair;
    return s.hint;
  }

  /** Check that a shuffle may happen at t (before asking the server for the new tiles). @param {number} t */
  checkShuffle(t) {
    this.begin(t);
    const s = this.s;
    if (s.status === Status.CLEARED) throw new IllegalMove("the board is cleared: nothing to shuffle");
    const allowed = scoringRules().arcade_shuffles;
    if (s.mode === "arcade" && s.shuffles >= allowed) {
      throw new IllegalMove(`all ${allowed} shuffles of this game are used`);
    }
  }

  /** The request body of POST /api/deals/<code>/shuffle/ for the next shuffle. */
  shuffleRequest() {
    return { level: this.s.level, shuffle: this.s.shuffles, tiles: this.s.tiles.slice() };
  }

  /**
   * Apply the server's shuffle ({tiles, plan}) as happening at t.
   * @param {number} t
   * @param {Shuffled} result
   */
  applyShuffle(t, result) {
    this.checkShuffle(t);
    const s = this.s;
    if (!Array.isArray(result.tiles) || result.tiles.length !== s.tiles.length) {
      throw new IllegalMove("the shuffled board does not fit the layout");
    }
    s.tiles = result.tiles.slice();
    s.plan = result.plan ?? null;
    s.shuffles += 1;
    s.history = [];
    s.lastChange = t;
    s.selected = null;
    s.hint = null;
    s.status = Status.PLAYING;
    this.record({ t, type: "shuffle" });
    this.checkMoves();
  }

  /** @param {number} t */
  pause(t) {
    this.begin(t);
    const s = this.s;
    if (s.status === Status.CLEARED && s.mode === "classic") {
      throw new IllegalMove("the game is won: the clock has stopped already");
    }
    s.pausedAt = t;
    s.selected = null;
    this.record({ t, type: "pause" });
  }

  /** @param {number} t */
  resume(t) {
    this.begin(t, true);
    const s = this.s;
    if (s.pausedAt === null) throw new IllegalMove("the game is not paused");
    s.pausedTotal += t - s.pausedAt;
    s.pausedAt = null;
    this.record({ t, type: "resume" });
  }

  /**
   * Arcade: go on to the next level with its deal (GET /api/deals/<code>/?level=k+1).
   * @param {number} t
   * @param {Deal} deal
   */
  nextLevel(t, deal) {
    this.begin(t);
    const s = this.s;
    if (s.mode !== "arcade") throw new IllegalMove("levels exist only in arcade mode");
    if (s.status !== Status.CLEARED) throw new IllegalMove("the board must be cleared before the next level");
    if (deal.level !== s.level + 1 || deal.tiles.length !== s.positions.length) {
      throw new IllegalMove("that is not the next level's deal");
    }
    s.level += 1;
    s.tiles = deal.tiles.slice();
    s.plan = deal.plan ?? null;
    s.history = [];
    s.lastChange = t;
    s.selected = null;
    s.hint = null;
    s.status = Status.PLAYING;
    this.record({ t, type: "next_level" });
    this.checkMoves();
  }

  /**
   * Arcade: the player ends the game (to submit it). Nothing more can be played; the log
   * needs no event for it (the server scores an arcade log wherever it ends).
   */
  stop() {
    const s = this.s;
    if (s.mode !== "arcade") throw new IllegalMove("only an arcade game can be ended early");
    if (this.paused) throw new IllegalMove("the game is paused");
    s.selected = null;
    s.hint = null;
    s.status = Status.GAME_OVER;
  }

  checkMoves() {
    const s = this.s;
    if (hasMoves(this.layout, s.tiles)) s.status = Status.PLAYING;
    else if (s.mode === "arcade" && s.shuffles >= scoringRules().arcade_shuffles) s.status = Status.GAME_OVER;
    else s.status = Status.NO_MOVES;
  }
}
