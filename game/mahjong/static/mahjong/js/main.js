// Entry point of the play page: reads the page's config, then wires the game state, the
// renderer, input, the API, storage and the page around the board.

import { ApiError, createApi } from "./api.js";
import { GameClock, formatTime } from "./clock.js";
import { gettext, interpolate, ngettext, pgettext } from "./i18n.js";
import { attachInput, nextFocus } from "./input.js";
import { BoardRenderer, loadSprite } from "./render.js";
import { Game, IllegalMove, Status, Tap } from "./state.js";
import {
  addArcadeScore, addClassicWin, clearGame, countStats, loadGame, loadPreference, loadRecords, saveGame,
  savePreference, saveRecords,
} from "./storage.js";
import { PlayUi } from "./ui.js";
import { boardKey, undoneBoard, undosToWinnable } from "./winnable.js";

const SOLVE_DELAY_MS = 800;
const SOLVE_INTERVAL_MS = 3100; // the API allows 20 solves a minute

const modeName = (mode) => ({
  classic: pgettext("game mode", "Classic"),
  arcade: pgettext("game mode", "Arcade"),
  daily: pgettext("game mode", "Daily challenge"),
})[mode] || mode;

class PlayController {
  constructor(config, root) {
    this.config = config;
    this.root = root;
    this.api = createApi(config.api, {
      offline: gettext("The server cannot be reached."),
      badAnswer: gettext("The server's answer is not JSON."),
    });
    this.ui = new PlayUi(root);
    this.canvas = root.querySelector("#play-canvas");
    this.renderer = new BoardRenderer(this.canvas, {
      pausedLabel: gettext("Paused"),
      zoomable: true,
      // As tall as the window below the board's top (when at the top of the page), so that
      // the whole board is on the first screen; never too small to play on.
      maxHeight: () => {
        const board = this.canvas.parentElement;
        const top = board.getBoundingClientRect().top + window.scrollY;
        return Math.max(260, window.innerHeight * 0.45, window.innerHeight - top - 20);
      },
    });
    this.sprites = new Map();
    this.style = null;
    this.game = null;
    this.clock = null;
    this.focus = null;
    this.busy = false;
    this.verdicts = new Map(); // board key -> the solver's verdict (true, false, null)
    this.winnable = null;
    this.undos = null;
    this.solveSeq = 0;
    this.solveTimer = 0;
    this.lastSolveAt = -Infinity;
    this.records = loadRecords();

    this.ui.onAction = (action) => this.action(action);
    attachInput(this.canvas, {
      hitTest: (x, y, tolerance) => this.renderer.hitTest(x, y, tolerance),
      enabled: () => !this.ui.dialogOpen && Boolean(this.game),
      board: this.renderer,
      handlers: {
        tap: (i) => this.tap(i),
        toggleView: (x, y) => this.toggleView(x, y),
        action: (name) => this.action(name),
        focusMove: (direction) => this.moveFocus(direction),
        focusSelect: () => this.focus !== null && this.tap(this.focus),
      },
    });
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "hidden") this.autoPause();
    });
    window.addEventListener("pagehide", () => this.autoPause());
    setInterval(() => this.tick(), 250);
  }

  now() {
    return Math.max(this.clock.now(), this.game.s.now);
  }

  layoutName(id) {
    return this.config.layouts[id] || id;
  }

  // -- starting --------------------------------------------------------------------------

  async start() {
    const styles = this.config.styles.map((s) => s.key);
    let damaged = false;
    const saved = loadGame(() => {
      damaged = true;
    });
    const preferred = loadPreference("style");
    await this.setStyle(styles.includes(preferred) ? preferred : styles[0], false);
    const { code, daily } = this.config;
    const mode = this.config.mode;
    try {
      if (code) {
        if (saved && saved.game.s.code === code && (!mode || saved.game.mode === mode)) this.resume(saved);
        else this.begin(await this.api.deal({ code, mode: mode || "classic" }));
      } else if (daily) {
        const deal = await this.api.deal({ daily });
        const same = saved && saved.game.s.code === deal.code && saved.game.mode === daily && saved.game.s.daily;
        if (same) this.resume(saved);
        else this.begin(deal);
      } else if (saved) {
        this.resume(saved);
      } else {
        this.begin(await this.api.deal({ layout: this.config.defaultLayout, mode: mode || "classic" }));
      }
    } catch (error) {
      this.fail(error);
    }
    if (damaged) this.ui.showNotice(gettext("Your saved game could not be read, so a new game has started."));
    this.refresh();
  }

  begin(deal) {
    this.setGame(Game.fromDeal(deal), new GameClock(0));
    this.winnable = deal.plan ? true : null;
    if (deal.plan) this.verdicts.set(boardKey(deal.tiles), true);
    if (!deal.plan) this.scheduleSolve();
    this.updateRecords(countStats(this.records, { games: 1 }));
    this.save();
  }

  resume(saved) {
    this.setGame(saved.game, GameClock.resume(saved.t, saved.wall));
    this.winnable = null;
    this.scheduleSolve();
    this.ui.announce(gettext("Your game in progress is back."));
    this.afterMove();
  }

  setGame(game, clock) {
    this.ui.closeDialog();
    this.game = game;
    this.clock = clock;
    this.focus = null;
    this.verdicts.clear();
    this.undos = null;
    this.renderer.setLayout(game.s.positions);
    this.ui.showMessage("");
    const s = game.s;
    const url = `${this.config.playUrl}${s.code}/${s.mode === "arcade" ? "?mode=arcade" : ""}`;
    this.ui.showCode(s.code, url);
    if (`${location.pathname}${location.search}` !== url) history.replaceState(null, "", url);
    this.ui.showInfo(`${this.layoutName(s.layout)} · ${modeName(s.daily ? "daily" : s.mode)}`);
    this.refresh();
  }

  /** The new-game dialog; it warns that the game in progress ends, when one is. */
  askNewGame() {
    if (this.busy) return;
    const s = this.game?.s;
    const inProgress = Boolean(s && s.moves > 0 && (s.status === Status.PLAYING || s.status === Status.NO_MOVES));
    this.ui.openNewGame({
      layout: s ? s.layout : this.config.defaultLayout,
      mode: s ? (s.daily ? "daily" : s.mode) : "classic",
      inProgress,
      onStart: (choice) => this.newGame(choice),
    });
  }

  async newGame({ layout, mode } = {}) {
    if (this.busy) return;
    const s = this.game?.s;
    layout ??= s ? s.layout : this.config.defaultLayout;
    mode ??= s ? s.mode : "classic";
    this.busy = true;
    try {
      this.begin(await this.api.deal(mode === "daily" ? { daily: "classic" } : { layout, mode }));
      this.ui.showNotice("");
    } catch (error) {
      this.fail(error);
    } finally {
      this.busy = false;
      this.refresh();
    }
  }

  // -- actions ---------------------------------------------------------------------------

  action(name) {
    if (name === "new") return this.askNewGame();
    if (name === "copy") return this.ui.copyLink();
    if (name === "style") return this.cycleStyle();
    if (name === "records") return this.ui.openRecords(this.records, (id) => this.layoutName(id));
    if (name === "view") return this.toggleView();
    if (!this.game || this.busy) return undefined;
    if (name === "pause") return this.togglePause();
    if (name === "hint") return this.hint();
    if (name === "undo") return this.undo();
    if (name === "shuffle") return this.shuffle();
    if (name === "stop") return this.askStop();
    return undefined;
  }

  /** Run an action of the state at the current time; false (announced) if the rules refuse it. */
  attempt(fn) {
    try {
      fn(this.now());
      return true;
    } catch (error) {
      if (!(error instanceof IllegalMove)) throw error;
      this.ui.announce(error.message);
      return false;
    }
  }

  faceName(face) {
    return this.config.faceNames[face] || face;
  }

  tap(i) {
    const game = this.game;
    if (!game || this.busy) return;
    if (game.paused) {
      this.togglePause(); // a tap on the hidden board resumes
      return;
    }
    if (i < 0) {
      if (game.s.selected !== null) {
        game.s.selected = null;
        this.ui.announce(gettext("Selection cancelled."));
        this.refresh();
      }
      return;
    }
    const face = game.tiles[i];
    let result;
    if (!this.attempt((t) => { result = game.tap(i, t); })) return;
    const name = this.faceName(face);
    if (result === Tap.MATCHED) {
      const last = game.s.history[game.s.history.length - 1] || { a: i, b: i, fa: face, fb: face };
      this.renderer.animateRemoval([[last.a, last.fa], [last.b, last.fb]]);
      this.ui.announce(interpolate(gettext("Pair removed: %(tile)s."), { tile: name }));
      if (game.s.status === Status.CLEARED) this.recordCleared();
      this.afterMove(true);
      return;
    }
    this.focus = i;
    const said = {
      [Tap.SELECTED]: gettext("Selected: %(tile)s."),
      [Tap.DESELECTED]: gettext("Selection cancelled."),
      [Tap.BLOCKED]: gettext("That tile is not free."),
    }[result];
    this.ui.announce(interpolate(said, { tile: name }));
    this.refresh();
  }

  hint() {
    const game = this.game;
    if (!game.canHint) return;
    let pair = null;
    if (!this.attempt((t) => { pair = game.hint(t); })) return;
    this.updateRecords(countStats(this.records, { hints: 1 }));
    this.ui.announce(pair
      ? interpolate(gettext("Hint: %(a)s and %(b)s."), { a: this.faceName(game.tiles[pair[0]]), b: this.faceName(game.tiles[pair[1]]) })
      : gettext("There is no pair to remove."));
    this.afterMove();
  }

  undo() {
    const game = this.game;
    if (!game.canUndo || game.paused) return;
    if (!this.attempt((t) => game.undo(t))) return;
    this.ui.announce(gettext("Move undone."));
    this.afterMove(true);
  }

  async shuffle() {
    const game = this.game;
    if (!game.canShuffle) return;
    const t = this.now();
    try {
      game.checkShuffle(t);
    } catch (error) {
      this.ui.announce(error.message);
      return;
    }
    await this.serverMove(
      () => this.api.shuffle(game.s.code, game.shuffleRequest()),
      (result) => {
        game.applyShuffle(t, result);
        this.ui.announce(gettext("The tiles were shuffled."));
      },
    );
  }

  /**
   * A move the server answers first (shuffle, next level): input waits meanwhile, the answer is
   * dropped if another game started in between, and a board that came with a plan is winnable.
   */
  async serverMove(request, apply) {
    const game = this.game;
    this.busy = true;
    try {
      const result = await request();
      if (this.game !== game) return;
      apply(result);
      if (result.plan) this.verdicts.set(boardKey(result.tiles), true);
      this.busy = false;
      this.afterMove(true);
    } catch (error) {
      this.fail(error);
    } finally {
      this.busy = false;
      this.refresh();
    }
  }

  togglePause() {
    const game = this.game;
    if (game.paused) {
      if (!this.attempt((t) => game.resume(t))) return;
      this.ui.announce(gettext("The game goes on."));
    } else {
      if (!game.canPause) return;
      if (!this.attempt((t) => game.pause(t))) return;
      this.ui.announce(gettext("Paused"));
    }
    this.afterMove();
  }

  autoPause() {
    const game = this.game;
    if (!game || this.busy) return;
    if (!game.paused && game.canPause && game.s.status === Status.PLAYING && game.s.moves > 0) {
      this.attempt((t) => game.pause(t));
      this.refresh();
    }
    this.save();
  }

  async nextLevel() {
    const game = this.game;
    await this.serverMove(
      () => this.api.dealAt(game.s.code, game.s.level + 1, "arcade"),
      (deal) => game.nextLevel(this.now(), deal),
    );
  }

  /** Arcade: end the game now (it is then submitted); asks first. */
  askStop() {
    const game = this.game;
    if (game.mode !== "arcade" || game.s.status === Status.GAME_OVER) return;
    this.ui.openDialog({
      title: gettext("End the game?"),
      text: interpolate(gettext("Your score is %(score)s at level %(level)s. Ending the game lets you submit it."),
        { score: game.score, level: game.s.level }),
      buttons: [{ id: "play-stop-confirm", label: gettext("End the game"), onClick: () => this.stop() }],
    });
  }

  stop() {
    const game = this.game;
    if (game.paused) this.attempt((t) => game.resume(t));
    game.stop();
    this.afterMove();
  }

  async cycleStyle() {
    const keys = this.config.styles.map((s) => s.key);
    const next = keys[(keys.indexOf(this.style) + 1) % keys.length];
    await this.setStyle(next, true);
  }

  async setStyle(key, announce) {
    const entry = this.config.styles.find((s) => s.key === key) || this.config.styles[0];
    try {
      if (!this.sprites.has(entry.key)) {
        this.sprites.set(entry.key, await loadSprite(entry.key, entry.sheet, entry.image));
      }
    } catch (error) {
      this.fail(error);
      return;
    }
    this.style = entry.key;
    this.renderer.setSprite(this.sprites.get(entry.key));
    savePreference("style", entry.key);
    if (announce) this.ui.announce(interpolate(gettext("Tiles style: %(style)s."), { style: entry.name }));
  }

  /** Close-up around a client point (the double tap's) or the middle, or back to the whole board. */
  toggleView(clientX, clientY) {
    if (!this.game || this.game.paused) return;
    this.renderer.toggleView(clientX, clientY);
    this.ui.announce(this.renderer.viewName() === "closeup" ? gettext("Close-up") : gettext("Whole board"));
    this.refresh();
  }

  moveFocus(direction) {
    const game = this.game;
    if (!game || game.paused) return;
    const free = game.tiles.map((f, i) => i).filter((i) => game.isFree(i));
    const next = nextFocus((i) => this.renderer.center(i), free, this.focus, direction);
    if (next === null) return;
    this.focus = next;
    this.renderer.reveal(next);
    this.ui.announce(interpolate(gettext("%(tile)s, free."), { tile: this.faceName(game.tiles[next]) }));
    this.refresh();
  }

  // -- records ---------------------------------------------------------------------------

  updateRecords(records) {
    this.records = records;
    saveRecords(records);
  }

  /** A board was just cleared: a win in classic, a level in arcade. */
  recordCleared() {
    const s = this.game.s;
    let records = countStats(this.records, { wins: 1 });
    if (s.mode === "classic") {
      const entry = { timeMs: s.timeMs, layout: s.layout, date: new Date().toISOString(), code: s.code };
      const { records: next, place } = addClassicWin(records, entry);
      records = next;
      this.bestPlace = place;
    } else {
      records = this.recordArcade(records);
    }
    this.updateRecords(records);
  }

  recordArcade(records) {
    const s = this.game.s;
    const result = { score: this.game.score, level: s.level, layout: s.layout, date: new Date().toISOString(), code: s.code };
    const { records: next, best } = addArcadeScore(records, result);
    this.newHighScore = best;
    return next;
  }

  // -- after every change ------------------------------------------------------------------

  afterMove(boardChanged = false) {
    if (boardChanged) this.scheduleSolve();
    if (this.focus !== null && !this.game.isFree(this.focus)) this.focus = null;
    this.save();
    this.refresh();
    this.showEnd();
  }

  save() {
    if (this.game) saveGame(this.game, this.now(), this.style);
  }

  tick() {
    if (this.game && this.game.mode === "classic" && !this.game.paused) this.refreshStatus();
  }

  refreshStatus() {
    const game = this.game;
    const s = game.s;
    const ended = s.status === Status.NO_MOVES || s.status === Status.GAME_OVER;
    this.ui.renderStatus({
      mode: s.mode,
      clock: game.stopwatch(this.now()),
      score: game.score,
      level: s.level,
      shufflesLeft: game.shufflesLeft,
      moves: s.moves,
      hints: s.hints,
      pairs: game.paused ? null : game.availablePairs().length,
      winnable: ended ? false : s.status === Status.CLEARED ? true : this.winnable,
      undos: s.status === Status.GAME_OVER ? null : this.undos,
    });
  }

  refresh() {
    const game = this.game;
    if (!game) return;
    const s = game.s;
    this.renderer.update({
      tiles: s.tiles,
      free: s.tiles.map((f, i) => game.isFree(i)),
      selected: s.selected,
      hint: s.hint,
      focus: this.focus,
      paused: game.paused,
    });
    this.refreshStatus();
    this.ui.setControls({
      hint: !this.busy && game.canHint,
      undo: !this.busy && !game.paused && game.canUndo,
      shuffle: !this.busy && game.canShuffle,
      pause: !this.busy && game.canPause,
      paused: game.paused,
      closeup: this.renderer.viewName() === "closeup",
      stop: s.mode === "arcade",
      stopEnabled: !this.busy && s.status !== Status.GAME_OVER,
    });
  }

  // -- is the board winnable? (asked in the background, never blocking play) ---------------

  scheduleSolve() {
    clearTimeout(this.solveTimer);
    const game = this.game;
    if (!game) return;
    const s = game.s;
    if (s.status === Status.CLEARED || s.status === Status.GAME_OVER) return;
    const known = this.verdicts.get(boardKey(s.tiles));
    this.undos = null;
    if (known !== undefined && s.status === Status.PLAYING) {
      this.winnable = known;
      if (known !== false) return;
    }
    const board = this.nextBoardToAsk();
    if (board === null) return;
    if (known === undefined) this.winnable = s.status === Status.NO_MOVES ? false : "checking";
    const wait = Math.max(SOLVE_DELAY_MS, this.lastSolveAt + SOLVE_INTERVAL_MS - performance.now());
    this.solveTimer = setTimeout(() => this.solve(board), wait);
  }

  /** The board to ask the solver about: the current one, or one the undos lead back to. */
  nextBoardToAsk() {
    const s = this.game.s;
    const current = s.status === Status.NO_MOVES ? false : this.verdicts.get(boardKey(s.tiles));
    if (current === undefined) return s.tiles.slice();
    if (current !== false) return null;
    const verdict = (k) => this.verdicts.get(boardKey(undoneBoard(s.tiles, s.history, k)));
    const step = undosToWinnable(verdict, s.history.length);
    if ("ask" in step) return undoneBoard(s.tiles, s.history, step.ask);
    this.undos = step.undos;
    return null;
  }

  async solve(tiles) {
    const game = this.game;
    const seq = ++this.solveSeq;
    this.lastSolveAt = performance.now();
    let winnable = null;
    try {
      winnable = (await this.api.solve(game.s.layout, tiles)).winnable;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.status === 429 || error.status === 0) {
        // Too many questions or offline: try again later, the game goes on meanwhile.
        if (seq === this.solveSeq && this.game === game) {
          this.solveTimer = setTimeout(() => this.scheduleSolve(), SOLVE_INTERVAL_MS * 3);
        }
        return;
      }
    }
    if (this.game !== game) return;
    this.verdicts.set(boardKey(tiles), winnable);
    if (seq !== this.solveSeq) return;
    this.scheduleSolve();
    this.refreshStatus();
  }

  // -- the end of a board ------------------------------------------------------------------

  leaderboardUrl() {
    const s = this.game.s;
    if (s.daily) return this.config.dailyScoresUrl;
    return `${this.config.scoresUrl}?${new URLSearchParams({ layout: s.layout, mode: s.mode })}`;
  }

  scoreForm() {
    const s = this.game.s;
    if (!s.token) return null;
    return { name: loadPreference("name") || "", submit: (name) => this.submitScore(name) };
  }

  showEnd() {
    const game = this.game;
    const s = game.s;
    const newGame = { id: "play-end-new", label: gettext("New game"), onClick: () => this.askNewGame() };
    if (s.status === Status.CLEARED && s.mode === "classic") {
      let text = interpolate(gettext("You cleared the board in %(time)s with %(moves)s and %(hints)s."), {
        time: formatTime(s.timeMs),
        moves: interpolate(ngettext("%(n)s move", "%(n)s moves", s.moves), { n: s.moves }),
        hints: interpolate(ngettext("%(n)s hint", "%(n)s hints", s.hints), { n: s.hints }),
      });
      if (this.bestPlace) {
        text += " " + interpolate(gettext("That is number %(place)s of your best times."), { place: this.bestPlace });
        this.bestPlace = null;
      }
      this.ui.openDialog({ title: gettext("Board cleared!"), text, buttons: [newGame], score: this.scoreForm() });
    } else if (s.status === Status.CLEARED) {
      this.updateRecords(this.recordArcade(this.records));
      this.ui.openDialog({
        title: interpolate(gettext("Level %(level)s cleared!"), { level: s.level }),
        text: interpolate(gettext("Your score is %(score)s and %(shuffles)s. On to the next level!"), {
          score: game.score,
          shuffles: interpolate(ngettext("%(n)s shuffle is left", "%(n)s shuffles are left", game.shufflesLeft),
            { n: game.shufflesLeft }),
        }),
        buttons: [{ id: "play-next-level", label: gettext("Next level"), onClick: () => this.nextLevel() }],
      });
    } else if (s.status === Status.GAME_OVER) {
      this.updateRecords(this.recordArcade(this.records));
      let text = interpolate(gettext("Your score is %(score)s at level %(level)s."), { score: game.score, level: s.level });
      if (this.newHighScore) text += " " + gettext("A new high score!");
      this.ui.openDialog({ title: gettext("Game over"), text, buttons: [newGame], score: this.scoreForm() });
    } else if (s.status === Status.NO_MOVES) {
      const buttons = [];
      if (game.canUndo) buttons.push({ id: "play-end-undo", label: gettext("Undo"), onClick: () => this.undo() });
      if (game.canShuffle) buttons.push({ id: "play-end-shuffle", label: gettext("Shuffle"), onClick: () => this.shuffle() });
      buttons.push(newGame);
      // (An arcade game with no shuffle left is over instead: see Game.checkMoves.)
      const text = gettext("No pair of free tiles is left. Undo a move, shuffle the tiles or start a new game.");
      this.ui.openDialog({ title: gettext("No more moves"), text, buttons });
    }
  }

  async submitScore(name) {
    const game = this.game;
    const trimmed = name.trim();
    const answer = await this.api.submitScore(game.s.token, trimmed, game.s.events);
    savePreference("name", trimmed);
    if (this.game === game && game.s.status !== Status.PLAYING) clearGame();
    const message = answer.rank === null
      ? gettext("Score saved; it will be ranked after a review.")
      : interpolate(gettext("Score saved: you are number %(rank)s."), { rank: answer.rank });
    return { message, link: this.leaderboardUrl() };
  }

  // -- the automation hook (see exposeHook) ----------------------------------------------

  tileCenter(index) {
    const game = this.game;
    if (!game || !Number.isInteger(index) || game.tiles[index] == null) return null;
    return this.renderer.clientCenter(index);
  }

  snapshot() {
    const game = this.game;
    if (!game) return null;
    const s = game.s;
    return JSON.parse(JSON.stringify({
      code: s.code,
      mode: s.mode,
      daily: s.daily,
      status: s.status,
      level: s.level,
      score: game.score,
      tiles: s.tiles,
      selected: s.selected,
      hint: s.hint,
      moves: s.moves,
      hints: s.hints,
      elapsedMs: this.now(),
      stopwatchMs: game.stopwatch(this.now()),
      style: this.style,
      view: this.renderer.viewName(),
      zoom: this.renderer.zoom(),
    }));
  }

  fail(error) {
    console.warn(error);
    const message = interpolate(gettext("Something went wrong: %(message)s"), { message: error.message });
    this.ui.announce(message);
    if (!this.game) this.ui.showMessage(message);
  }
}

/**
 * Test and automation hook, for the end-to-end tests and the browser benchmark (keep it
 * stable; it only reads, it never plays):
 *   window.miaojong.tileCenter(index) -> {x, y}: client (viewport) CSS pixels of the visible
 *     centre of the top face of the tile at position `index` of the deal (as in the API), or
 *     null when that tile is removed or there is no board (in the close-up it may lie outside
 *     the canvas, panned away);
 *   window.miaojong.state() -> a plain JSON snapshot: {code, mode ("classic" | "arcade"), daily
 *     (null or the daily challenge's date), status, level, score, tiles (face or null per
 *     position), selected, hint, moves, hints, elapsedMs (game clock: ms since the deal was
 *     shown), stopwatchMs (the classic clock shown), style, view ("board" | "closeup"), zoom},
 *     or null before the first deal.
 * performance.mark("miaojong:first-board") is set right after the first board is drawn (a
 * restored game that was paused when the page was left shows its "Paused" cover: a tap or P
 * resumes it).
 */
function exposeHook(controller) {
  window.miaojong = Object.freeze({
    tileCenter: (index) => controller.tileCenter(index),
    state: () => controller.snapshot(),
  });
}

const root = document.getElementById("play");
const configElement = document.getElementById("play-config");
if (root && configElement) {
  const controller = new PlayController(JSON.parse(configElement.textContent), root);
  exposeHook(controller);
  controller.start();
}
