// @ts-check
// The player's records as the game goes (records.js's logic, kept by storage.js): a game
// started, a hint taken, a board cleared, an arcade result; and the place a classic win
// took among the best times, until the end-of-board dialog tells it.

import { addArcadeScore, addClassicWin, countStats } from "./records.js";
import { loadRecords, saveRecords } from "./storage.js";

/** @typedef {import("./state.js").Game} Game */
/** @typedef {import("./records.js").Records} Records */

/** @param {Game} game @returns {import("./records.js").ArcadeResult} */
function arcadeEntry(game) {
  const s = game.s;
  return { score: game.score, level: s.level, layout: s.layout, date: new Date().toISOString(), code: s.code };
}

export class PersonalRecords {
  constructor() {
    this.records = loadRecords();
    /** @type {number | null} */
    this.bestPlace = null;
  }

  /** @param {Partial<import("./records.js").Stats>} add e.g. {games: 1} */
  count(add) {
    this.update(countStats(this.records, add));
  }

  /** A board was just cleared: a win in classic, a level in arcade. @param {Game} game */
  boardCleared(game) {
    const s = game.s;
    let records = countStats(this.records, { wins: 1 });
    if (s.mode === "classic") {
      const win = { timeMs: Number(s.timeMs), layout: s.layout, date: new Date().toISOString(), code: s.code };
      const { records: next, place } = addClassicWin(records, win);
      records = next;
      this.bestPlace = place;
    } else {
      records = addArcadeScore(records, arcadeEntry(game)).records;
    }
    this.update(records);
  }

  /** Record an arcade game's result as it stands; true when it is a new high score. @param {Game} game */
  arcadeResult(game) {
    const { records, best } = addArcadeScore(this.records, arcadeEntry(game));
    this.update(records);
    return best;
  }

  /** The place of the last classic win among the best times (once), or null. */
  takeBestPlace() {
    const place = this.bestPlace;
    this.bestPlace = null;
    return place;
  }

  /** @param {Records} records */
  update(records) {
    this.records = records;
    saveRecords(records);
  }
}
