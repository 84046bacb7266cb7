// @ts-check
// What the player does, from the toolbar, the keys and the board: taps, hint, undo, shuffle,
// pause, ending an arcade game, the next level, a new game, the tile style, the close-up
// and the keyboard focus. Each checks that it may happen now, plays it on the game at the
// clock's time, says what happened (the live region) and hands over to afterMove.

import { gettext, interpolate } from "../../core/js/i18n.js";
import { HintActions } from "./hint_actions.js";
import { nextFocus } from "./input.js";
import { tilesMatch } from "./rules.js";
import { Status, Tap } from "./state.js";
import { failureText } from "./ui.js";
import { formatNumber } from "../../core/js/numbers.js";

/**
 * @typedef {import("./state.js").Game} Game
 * @typedef {import("./game_data.js").Deal} Deal
 * @typedef {import("./endpoints.js").MahjongApi} MahjongApi
 */

/**
 * @typedef {object} ActionDeps
 * @property {import("./session.js").PlaySession} session
 * @property {Pick<MahjongApi, "deal" | "dealAt" | "shuffle">} api
 * @property {Pick<import("./ui.js").PlayUi, "announce" | "refused" | "openDialog" | "openNewGame" | "copyLink" | "showNotice">} ui
 * @property {Pick<import("./render.js").BoardRenderer, "animateRemoval" | "toggleView" | "viewName" | "center" | "reveal" | "update">} board
 * @property {Pick<import("./winnability_watcher.js").WinnabilityWatcher, "advise" | "askNow" | "leftoverFor">} hints what is known of the board, for sure hints
 * @property {() => Promise<void>} nextStyle
 * @property {() => void} openRecords
 * @property {(add: {hints: number}) => void} countStats
 * @property {(game: Game) => void} boardCleared the records' part of a cleared board
 * @property {(name: import("./sounds.js").SoundName) => void} sound plays a sound, if the player turned them on
 * @property {(tiles: import("./rules.js").Tiles) => void} knowWinnable a board the server dealt with a plan
 * @property {(deal: Deal) => void} begin puts a new deal on the board
 * @property {(problem: string) => void} showEnd the end dialog again, with the problem that kept the game from going on
 * @property {(boardChanged?: boolean) => void} afterMove
 * @property {() => void} refresh
 * @property {() => void} save
 * @property {(error: unknown) => void} fail
 * @property {(face: string) => string} faceName
 * @property {string} defaultLayout
 * @property {() => string} [dailyText] how the player's own daily challenges went, for the new-game dialog
 */

/** The new-game dialog's choice for the daily challenge of each mode. */
/** @type {Readonly<Record<string, string>>} */
const DAILY_CHOICE = Object.freeze({ classic: "daily", arcade: "daily-arcade" });

/** What a tap sounds like, by its result (a selection or its cancelling: "select"). */
/** @type {Readonly<Record<string, import("./sounds.js").SoundName>>} */
const TAP_SOUNDS = Object.freeze({ [Tap.MATCHED]: "pair", [Tap.BLOCKED]: "refused" });

export class PlayActions {
  /** @param {ActionDeps} deps */
  constructor(deps) {
    this.deps = deps;
    this.session = deps.session;
    this.ui = deps.ui;
    /** @type {{game: import("./state.js").Game, selected: number | null, focus: number | null} | null} what the last tap changed */
    this.beforeTap = null;
    this.hinting = new HintActions(this);
  }

  /** A named action (toolbar button or key: see input.js KEYS). @param {string} name */
  run(name) {
    if (name === "new") return this.askNewGame();
    if (name === "copy") return this.ui.copyLink();
    if (name === "style") return this.deps.nextStyle();
    if (name === "records") return this.deps.openRecords();
    if (name === "view") return this.toggleView();
    if (!this.session.game || this.session.busy) return undefined;
    if (name === "pause") return this.togglePause();
    if (name === "hint") return this.hint();
    if (name === "undo") return this.undo();
    if (name === "shuffle") return this.shuffle();
    if (name === "stop") return this.askStop();
    return undefined;
  }

  /** Play `action` at the clock's time; the rules' refusal is read out. @param {(t: number) => void} action */
  attempt(action) {
    return this.session.attempt(action, (reason) => this.ui.refused(reason));
  }

  /** A tap on tile i (-1: on the felt); true when it took a pair. @param {number} i */
  tap(i) {
    const game = this.session.game;
    this.beforeTap = null;
    if (!game || this.session.busy) return false;
    if (game.paused) {
      this.togglePause(); // a tap on the hidden board resumes
      return false;
    }
    this.beforeTap = { game, selected: game.s.selected, focus: this.session.focus };
    if (i < 0) {
      if (game.s.selected !== null) {
        game.s.selected = null;
        this.ui.announce(gettext("Selection cancelled."));
        this.deps.refresh();
      }
      return false;
    }
    const face = game.tiles[i] ?? "";
    /** @type {string} */
    let result = Tap.BLOCKED;
    if (!this.attempt((t) => { result = game.tap(i, t); })) return false;
    this.deps.sound(TAP_SOUNDS[result] ?? "select");
    const name = this.deps.faceName(face);
    if (result === Tap.MATCHED) {
      const last = game.s.history[game.s.history.length - 1] || { a: i, b: i, fa: face, fb: face };
      this.deps.board.animateRemoval([[last.a, last.fa], [last.b, last.fb]]);
      this.ui.announce(interpolate(gettext("Pair removed: %(tile)s."), { tile: name }));
      if (game.s.status === Status.CLEARED) this.deps.boardCleared(game);
      this.deps.afterMove(true);
      return true;
    }
    this.session.setFocus(i);
    const said = {
      [Tap.SELECTED]: gettext("Selected: %(tile)s."),
      [Tap.DESELECTED]: gettext("Selection cancelled."),
      [Tap.BLOCKED]: gettext("That tile is not free."),
    }[result];
    this.ui.announce(interpolate(said ?? "", { tile: name }));
    this.deps.refresh();
    return false;
  }

  /** Whether a tap on tile i would take a pair now (the selected tile's free match). @param {number} i */
  wouldTake(i) {
    const game = this.session.game;
    if (!game || this.session.busy || game.paused || game.s.status !== Status.PLAYING || i < 0) return false;
    const selected = game.s.selected;
    return selected !== null && selected !== i && game.isFree(i) &&
      tilesMatch(game.s.tiles[selected], game.s.tiles[i]);
  }

  /** Put the selection back as it was before the last tap (which was half of a double tap). */
  revertTap() {
    const before = this.beforeTap;
    this.beforeTap = null;
    if (!before || before.game !== this.session.game) return;
    before.game.s.selected = before.selected;
    this.session.setFocus(before.focus);
    this.deps.refresh();
  }

  /** Enter or Space on the board: tap the focused tile. */
  tapFocused() {
    const focus = this.session.focus;
    if (focus !== null) this.tap(focus);
  }

  /** The hint (hint_actions.js): a sure pair, or on a lost board the undos back. */
  hint() {
    return this.hinting.hint();
  }

  undo() {
    const game = this.session.game;
    if (!game || game.paused) return;
    if (!game.canUndo) {
      this.ui.announce(gettext("Nothing to undo."));
      return;
    }
    if (!this.attempt((t) => game.undo(t))) return;
    this.deps.sound("undo");
    this.ui.announce(gettext("Move undone."));
    this.deps.afterMove(true);
  }

  async shuffle() {
    const game = this.session.game;
    if (!game?.canShuffle) return;
    const t = this.session.now();
    if (!this.session.attempt(() => game.checkShuffle(t), (reason) => this.ui.refused(reason))) return;
    await this.serverMove(
      () => this.deps.api.shuffle(game.s.code, game.shuffleRequest()),
      (result) => {
        game.applyShuffle(t, result);
        this.deps.sound("shuffle");
        this.ui.announce(gettext("The tiles were shuffled."));
      },
    );
  }

  /**
   * A move the server answers first (shuffle, next level): input waits meanwhile, the answer is
   * dropped if another game started in between, and a board that came with a plan is winnable.
   * @template {{tiles: import("./rules.js").Tiles, plan?: unknown}} T
   * @param {() => Promise<T>} request
   * @param {(result: T) => void} apply
   * @param {(error: unknown) => void} [failed] after the failure is shown
   */
  async serverMove(request, apply, failed = () => {}) {
    const { session } = this;
    const game = session.game;
    session.setBusy(true);
    try {
      const result = await request();
      if (session.game !== game) return;
      apply(result);
      if (result.plan) this.deps.knowWinnable(result.tiles);
      session.setBusy(false);
      this.ui.showNotice(""); // a failure shown before is over
      this.deps.afterMove(true);
    } catch (error) {
      this.deps.fail(error);
      session.setBusy(false);
      if (session.game === game) failed(error);
    } finally {
      session.setBusy(false);
      this.deps.refresh();
    }
  }

  togglePause() {
    const game = this.session.game;
    if (!game) return;
    if (game.paused) {
      if (!this.attempt((t) => game.resume(t))) return;
      this.ui.announce(gettext("The game goes on."));
    } else {
      if (!game.canPause) return;
      if (!this.attempt((t) => game.pause(t))) return;
      this.ui.announce(gettext("Paused"));
    }
    this.deps.afterMove();
  }

  /** The page is hidden or left: a game under way pauses (its clock must not run), and is saved. */
  autoPause() {
    const game = this.session.game;
    if (!game || this.session.busy) return;
    if (!game.paused && game.canPause && game.s.status === Status.PLAYING && game.s.moves > 0) {
      this.attempt((t) => game.pause(t));
      this.deps.refresh();
    }
    this.deps.save();
  }

  /**
   * Arcade: the next level's deal on the board. A cleared level may have been paused (and
   * saved so): it goes on first, as the rules take no move on a paused game. If the deal does
   * not come, the level's dialog comes back with the reason and its button to try again.
   */
  async nextLevel() {
    const game = this.session.game;
    if (!game || this.session.busy || game.mode !== "arcade" || game.s.status !== Status.CLEARED) return;
    if (game.paused && !this.attempt((t) => game.resume(t))) return;
    await this.serverMove(
      () => this.deps.api.dealAt(game.s.code, game.s.level + 1, "arcade"),
      (deal) => game.nextLevel(this.session.now(), deal),
      (error) => this.deps.showEnd(failureText(error)),
    );
  }

  /** Arcade: end the game now (it is then submitted); asks first. */
  askStop() {
    const game = this.session.game;
    if (!game || game.mode !== "arcade" || game.s.status === Status.GAME_OVER) return;
    this.ui.openDialog({
      title: gettext("End the game?"),
      text: interpolate(gettext("Your score is %(score)s at level %(level)s. Ending the game lets you submit it."),
        { score: formatNumber(game.score), level: game.s.level }),
      buttons: [{ id: "play-stop-confirm", label: gettext("End the game"), onClick: () => this.stop(game) }],
    });
  }

  /** @param {Game} game */
  stop(game) {
    if (game.paused) this.attempt((t) => game.resume(t));
    game.stop();
    this.deps.afterMove();
  }

  /** The new-game dialog; it warns that the game in progress ends, when one is. */
  askNewGame() {
    if (this.session.busy) return;
    const s = this.session.game?.s;
    this.ui.openNewGame({
      layout: s ? s.layout : this.deps.defaultLayout,
      mode: s ? (s.daily ? DAILY_CHOICE[s.mode] ?? "daily" : s.mode) : "classic",
      canRestart: Boolean(s),
      onRestart: () => this.restart(),
      daily: this.deps.dailyText?.() ?? "",
      inProgress: Boolean(this.session.game?.inProgress),
      onStart: (choice) => this.newGame(choice),
    });
  }

  /** @param {{layout?: string, mode?: string}} choice the game in progress's layout and mode by default */
  async newGame({ layout, mode } = {}) {
    const { session } = this;
    if (session.busy) return;
    const s = session.game?.s;
    layout ??= s ? s.layout : this.deps.defaultLayout;
    mode ??= s ? s.mode : "classic";
    session.setBusy(true);
    try {
      const daily = Object.keys(DAILY_CHOICE).find((m) => DAILY_CHOICE[m] === mode);
      this.deps.begin(await this.deps.api.deal(daily ? { daily } : { layout, mode }));
      this.ui.showNotice("");
    } catch (error) {
      this.deps.fail(error);
    } finally {
      session.setBusy(false);
      this.deps.refresh();
    }
  }

  /** The same deal again from its start (an arcade game from its first level; the daily: today's). */
  async restart() {
    const { session } = this;
    const s = session.game?.s;
    if (session.busy || !s) return;
    session.setBusy(true);
    try {
      const today = new Date().toISOString().slice(0, 10);
      this.deps.begin(await this.deps.api.deal(s.daily === today ? { daily: s.mode } : { code: s.code, mode: s.mode }));
      this.ui.showNotice("");
      this.ui.announce(gettext("The same deal, from the start."));
    } catch (error) {
      this.deps.fail(error);
    } finally {
      session.setBusy(false);
      this.deps.refresh();
    }
  }

  /**
   * Close-up around a client point (the double tap's) or the middle, or back to the whole board.
   * @param {number} [clientX]
   * @param {number} [clientY]
   */
  toggleView(clientX, clientY) {
    const game = this.session.game;
    if (!game || game.paused) return;
    this.deps.board.toggleView(clientX, clientY);
    this.ui.announce(this.deps.board.viewName() === "closeup" ? gettext("Close-up") : gettext("Whole board"));
    this.deps.refresh();
  }

  /** Move the focus ring to the next free tile that way. @param {[number, number]} direction */
  moveFocus(direction) {
    const game = this.session.game;
    if (!game || game.paused) return;
    const free = game.tiles.map((f, i) => i).filter((i) => game.isFree(i));
    const next = nextFocus((i) => this.deps.board.center(i), free, this.session.focus, direction);
    if (next === null) return;
    this.session.setFocus(next);
    this.deps.board.reveal(next);
    this.ui.announce(interpolate(gettext("%(tile)s, free."), { tile: this.faceAt(game, next) }));
    this.deps.refresh();
  }

  /** @param {Game} game @param {number} i */
  faceAt(game, i) {
    return this.deps.faceName(game.tiles[i] ?? "");
  }
}
