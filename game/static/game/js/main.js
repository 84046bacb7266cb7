// Entry point of the play page: reads the page's config, then wires the game state, the
// renderer, input, the API, storage and the page around the board.

import { ApiError, createApi } from "./api.js";
import { GameClock, formatTime } from "./clock.js";
import { attachInput, nextFocus } from "./input.js";
import { BoardRenderer, loadSprite } from "./render.js";
import { Game, IllegalMove, Status, Tap } from "./state.js";
import { clearGame, loadGame, loadPreference, saveGame, savePreference } from "./storage.js";
import { PlayUi } from "./ui.js";

const SOLVE_DELAY_MS = 800;
const SOLVE_INTERVAL_MS = 3100; // the API allows 20 solves a minute

class PlayController {
  constructor(config, root) {
    this.config = config;
    this.root = root;
    this.texts = config.texts;
    this.api = createApi(config.api, config.texts);
    this.ui = new PlayUi(root, config.texts);
    this.canvas = root.querySelector("#play-canvas");
    this.renderer = new BoardRenderer(this.canvas, {
      pausedLabel: config.texts.paused,
      // As tall as the window below the board's top (when at the top of the page), but at
      // least 60% of the window, so that the board fits on the screen.
      maxHeight: () => {
        const board = this.canvas.parentElement;
        const top = board.getBoundingClientRect().top + window.scrollY;
        return Math.max(240, window.innerHeight * 0.6, window.innerHeight - top - 40);
      },
    });
    this.sprites = new Map();
    this.style = null;
    this.game = null;
    this.clock = null;
    this.focus = null;
    this.busy = false;
    this.winnable = null;
    this.solveSeq = 0;
    this.solveTimer = 0;
    this.lastSolveAt = -Infinity;

    this.ui.onAction = (action) => this.action(action);
    root.querySelector("#play-new").addEventListener("submit", (event) => {
      event.preventDefault();
      this.action("new");
    });
    attachInput(this.canvas, {
      hitTest: (x, y) => this.renderer.hitTest(x, y),
      enabled: () => !this.ui.dialogOpen && Boolean(this.game),
      handlers: {
        tap: (i) => this.tap(i),
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

  t(key, values) {
    return this.ui.t(key, values);
  }

  now() {
    return Math.max(this.clock.now(), this.game.s.now);
  }

  // -- starting --------------------------------------------------------------------------

  async start() {
    const styles = this.config.styles.map((s) => s.key);
    const saved = loadGame();
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
  }

  begin(deal) {
    this.setGame(Game.fromDeal(deal), new GameClock(0));
    this.winnable = deal.plan ? true : null;
    if (!deal.plan) this.scheduleSolve();
    this.save();
  }

  resume(saved) {
    this.setGame(saved.game, GameClock.resume(saved.t, saved.wall));
    this.winnable = null;
    this.scheduleSolve();
    this.ui.announce(this.t("restored"));
    this.afterMove();
  }

  setGame(game, clock) {
    this.ui.closeDialog();
    this.game = game;
    this.clock = clock;
    this.focus = null;
    this.renderer.setLayout(game.s.positions);
    this.ui.showMessage("");
    const s = game.s;
    const url = `${this.config.playUrl}${s.code}/${s.mode === "arcade" ? "?mode=arcade" : ""}`;
    this.ui.showCode(s.code, url);
    if (`${location.pathname}${location.search}` !== url) history.replaceState(null, "", url);
    this.root.querySelector("#play-layout").value = s.layout;
    this.root.querySelector("#play-mode").value = s.daily ? "daily" : s.mode;
    this.refresh();
  }

  async newGame() {
    if (this.busy) return;
    const layout = this.root.querySelector("#play-layout").value;
    const mode = this.root.querySelector("#play-mode").value;
    this.busy = true;
    try {
      this.begin(await this.api.deal(mode === "daily" ? { daily: "classic" } : { layout, mode }));
    } catch (error) {
      this.fail(error);
    } finally {
      this.busy = false;
      this.refresh();
    }
  }

  // -- actions ---------------------------------------------------------------------------

  action(name) {
    if (name === "new") return this.newGame();
    if (name === "copy") return this.ui.copyLink();
    if (name === "style") return this.cycleStyle();
    if (!this.game || this.busy) return undefined;
    if (name === "pause") return this.togglePause();
    if (name === "hint") return this.hint();
    if (name === "undo") return this.undo();
    if (name === "shuffle") return this.shuffle();
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
        this.ui.announce(this.t("deselected"));
        this.refresh();
      }
      return;
    }
    const face = game.tiles[i];
    let result;
    if (!this.attempt((t) => { result = game.tap(i, t); })) return;
    const name = this.config.faceNames[face] || face;
    if (result === Tap.MATCHED) {
      const last = game.s.history[game.s.history.length - 1] || { a: i, b: i, fa: face, fb: face };
      this.renderer.animateRemoval([[last.a, last.fa], [last.b, last.fb]]);
      this.ui.announce(this.t("matched", { tile: name }));
      this.afterMove(true);
      return;
    }
    this.focus = i;
    this.ui.announce(this.t(result === Tap.SELECTED ? "selected" : result, { tile: name }));
    this.refresh();
  }

  hint() {
    const game = this.game;
    if (!game.canHint) return;
    let pair = null;
    if (!this.attempt((t) => { pair = game.hint(t); })) return;
    const names = pair ? pair.map((i) => this.config.faceNames[game.tiles[i]] || game.tiles[i]) : [];
    this.ui.announce(pair ? this.t("hintPair", { a: names[0], b: names[1] }) : this.t("noHint"));
    this.afterMove();
  }

  undo() {
    const game = this.game;
    if (!game.canUndo || game.paused) return;
    if (!this.attempt((t) => game.undo(t))) return;
    this.ui.announce(this.t("undone"));
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
    this.busy = true;
    try {
      const result = await this.api.shuffle(game.s.code, game.shuffleRequest());
      if (this.game !== game) return;
      game.applyShuffle(t, result);
      this.winnable = result.plan ? true : null;
      this.ui.announce(this.t("shuffled"));
      this.busy = false;
      this.afterMove(!result.plan);
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
      this.ui.announce(this.t("resumed"));
    } else {
      if (!game.canPause) return;
      if (!this.attempt((t) => game.pause(t))) return;
      this.ui.announce(this.t("paused"));
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
    this.busy = true;
    try {
      const deal = await this.api.dealAt(game.s.code, game.s.level + 1, "arcade");
      if (this.game !== game) return;
      game.nextLevel(this.now(), deal);
      this.winnable = deal.plan ? true : null;
      this.busy = false;
      this.afterMove(!deal.plan);
    } catch (error) {
      this.fail(error);
    } finally {
      this.busy = false;
      this.refresh();
    }
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
    if (announce) this.ui.announce(this.t("styleChanged", { style: entry.name }));
  }

  moveFocus(direction) {
    const game = this.game;
    if (!game || game.paused) return;
    const free = game.tiles.map((f, i) => i).filter((i) => game.isFree(i));
    const next = nextFocus((i) => this.renderer.center(i), free, this.focus, direction);
    if (next === null) return;
    this.focus = next;
    this.ui.announce(this.t("focus", { tile: this.config.faceNames[game.tiles[next]] || game.tiles[next] }));
    this.refresh();
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
    const pairs = game.paused ? "–" : game.availablePairs().length;
    this.ui.renderStatus({
      mode: s.mode,
      clock: game.stopwatch(this.now()),
      score: game.score,
      level: s.level,
      shufflesLeft: game.shufflesLeft,
      moves: s.moves,
      hints: s.hints,
      pairs,
      winnable: s.status === Status.NO_MOVES || s.status === Status.GAME_OVER ? false
        : s.status === Status.CLEARED ? true : this.winnable,
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
    });
  }

  scheduleSolve() {
    clearTimeout(this.solveTimer);
    const game = this.game;
    if (!game || game.s.status !== Status.PLAYING) return;
    this.winnable = "checking";
    const wait = Math.max(SOLVE_DELAY_MS, this.lastSolveAt + SOLVE_INTERVAL_MS - performance.now());
    this.solveTimer = setTimeout(() => this.solve(), wait);
  }

  async solve() {
    const game = this.game;
    const seq = ++this.solveSeq;
    const tiles = game.tiles.slice();
    this.lastSolveAt = performance.now();
    let winnable = null;
    try {
      winnable = (await this.api.solve(game.s.layout, tiles)).winnable;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    }
    if (seq !== this.solveSeq || this.game !== game) return;
    this.winnable = winnable;
    this.refreshStatus();
  }

  showEnd() {
    const game = this.game;
    const s = game.s;
    const newGame = { label: this.t("newGame"), onClick: () => this.newGame() };
    const submit = s.token ? (name) => this.submitScore(name) : null;
    if (s.status === Status.CLEARED && s.mode === "classic") {
      this.ui.openDialog({
        title: this.t("wonTitle"),
        text: this.t("wonText", { time: formatTime(s.timeMs), moves: s.moves, hints: s.hints }),
        buttons: [newGame],
        score: submit,
      });
    } else if (s.status === Status.CLEARED) {
      this.ui.openDialog({
        title: this.t("levelTitle", { level: s.level }),
        text: this.t("levelText", { score: game.score }),
        buttons: [{ label: this.t("nextLevel"), onClick: () => this.nextLevel() }],
      });
    } else if (s.status === Status.GAME_OVER) {
      this.ui.openDialog({
        title: this.t("gameOverTitle"),
        text: this.t("gameOverText", { score: game.score, level: s.level }),
        buttons: [newGame],
        score: submit,
      });
    } else if (s.status === Status.NO_MOVES) {
      const buttons = [];
      if (game.canUndo) buttons.push({ label: this.t("undo"), onClick: () => this.undo() });
      if (game.canShuffle) buttons.push({ label: this.t("shuffle"), onClick: () => this.shuffle() });
      buttons.push(newGame);
      this.ui.openDialog({ title: this.t("noMovesTitle"), text: this.t("noMovesText"), buttons });
    }
  }

  async submitScore(name) {
    const game = this.game;
    const answer = await this.api.submitScore(game.s.token, name.trim(), game.s.events);
    if (this.game === game && game.s.status !== Status.PLAYING) clearGame();
    return answer.rank === null ? this.t("scoreHeld") : this.t("scoreSaved", { rank: answer.rank });
  }

  fail(error) {
    console.warn(error);
    const message = this.t("error", { message: error.message });
    this.ui.announce(message);
    if (!this.game) this.ui.showMessage(message);
  }
}

const root = document.getElementById("play");
const configElement = document.getElementById("play-config");
if (root && configElement) {
  const controller = new PlayController(JSON.parse(configElement.textContent), root);
  controller.start();
}
