// @ts-check
// Entry point of the play page: reads the page's config, makes the parts of the game (each
// module one concern) and wires them to each other and to the page. Nothing else happens
// here; the only global is the automation hook, window.miaojong (test_hook.js).

import { element } from "../../core/js/dom.js";
import { gettext, interpolate, ngettext } from "../../core/js/i18n.js";
import { PlayActions } from "./actions.js";
import { addDailyPlay, dailySummary } from "./daily_results.js";
import { createMahjongApi } from "./endpoints.js";
import { GameLoader } from "./game_loader.js";
import { attachInput } from "./input.js";
import { PersonalRecords } from "./personal_records.js";
import { PlayScreen } from "./play_screen.js";
import { BoardRenderer } from "./render.js";
import { Status } from "./state.js";
import { ScoreSubmission } from "./score_submission.js";
import { configureScoring } from "./scoring.js";
import { PlaySession } from "./session.js";
import { PlaySettings } from "./settings.js";
import { Sounds } from "./sounds.js";
import { loadDailyResults, saveDailyResults, saveGame } from "./storage.js";
import { testHook } from "./test_hook.js";
import { TileStyles } from "./tile_styles.js";
import { PlayUi } from "./ui.js";
import { WinnabilityWatcher } from "./winnability_watcher.js";

/**
 * The play page's config (game/mahjong/views.py _play_config). The names of the layouts and
 * the modes come translated from there, so that they exist once.
 * @typedef {object} PlayConfig
 * @property {string} language
 * @property {string} api
 * @property {string} playUrl
 * @property {string | null} code
 * @property {string | null} mode
 * @property {string | null} daily
 * @property {string} defaultLayout
 * @property {import("./scoring.js").ScoringRules} scoring the engine's scoring constants
 * @property {import("./tile_styles.js").StyleConfig[]} styles
 * @property {Record<string, string>} faceNames
 * @property {Record<string, string>} layouts
 * @property {Record<string, string>} modes
 * @property {string} scoresUrl
 * @property {string} dailyScoresUrl
 */

/** Today's date as the daily challenge counts it ("YYYY-MM-DD", UTC, as the server's). */
const today = () => new Date().toISOString().slice(0, 10);

/**
 * The new-game dialog's line on the player's daily challenges: played and streak, by mode.
 * @param {import("./daily_results.js").DailyResults} results
 * @param {(mode: string) => string} modeName
 * @param {string} day today
 */
function dailyText(results, modeName, day) {
  const parts = ["classic", "arcade"].flatMap((mode) => {
    const { played, streak } = dailySummary(results, mode, day);
    if (!played) return [];
    return [interpolate(gettext("%(mode)s: %(played)s, %(streak)s"), {
      mode: modeName(mode),
      played: interpolate(ngettext("played %(n)s time", "played %(n)s times", played), { n: played }),
      streak: interpolate(ngettext("a streak of %(n)s day", "a streak of %(n)s days", streak), { n: streak }),
    })];
  });
  return parts.length ? interpolate(gettext("Your daily challenges: %(results)s."), { results: parts.join("; ") }) : "";
}

/** @param {PlayConfig} config @param {HTMLElement} root */
function startPlayPage(config, root) {
  configureScoring(config.scoring);
  const api = createMahjongApi(config.api);
  const session = new PlaySession();
  const ui = new PlayUi(root);
  const canvas = element(root, "#play-canvas", HTMLCanvasElement);
  const board = new BoardRenderer(canvas, {
    pausedLabel: gettext("Paused"),
    zoomable: true,
    facesPending: true, // the deal comes before the artwork
    // All the window below the board's top (measured at the top of the page), less the bar
    // where it sits under the board (phones upright): the board is the page. Below a playable
    // minimum the page scrolls instead.
    maxHeight: () => {
      const room = (canvas.parentElement ?? canvas).getBoundingClientRect();
      const bar = root.querySelector(".play-bar")?.getBoundingClientRect();
      const under = bar && bar.top > room.top ? bar.height : 0;
      return Math.max(220, window.innerHeight - (room.top + window.scrollY) - under);
    },
  });
  /** @param {string} id */
  const layoutName = (id) => config.layouts[id] || id;
  /** @param {string} mode */
  const modeName = (mode) => config.modes[mode] || mode;
  /** @param {string} face */
  const faceName = (face) => config.faceNames[face] || face;
  /** @param {unknown} error */
  const fail = (error) => ui.showFailure(error, Boolean(session.game));

  const records = new PersonalRecords();
  const styles = new TileStyles(config.styles, {
    show: (sprite) => board.setSprite(sprite),
    announce: (text) => ui.announce(text),
    fail: (error) => {
      board.showLabels(); // playable without the artwork
      fail(error);
    },
  });
  const screen = new PlayScreen({ session, board, ui, verdict: () => watcher.verdict, chosen: () => chosen });
  const watcher = new WinnabilityWatcher({
    solve: api.solve,
    currentGame: () => session.game,
    onChange: () => screen.refreshStatus(),
    // A player who hid the verdict is not told it aloud either.
    announce: (text) => {
      if (screen.verdictShown) ui.announce(text);
    },
  });
  const save = () => {
    if (session.game) saveGame(session.game, session.now(), styles.current);
  };
  /** @type {Promise<void> | null} the cleared board's moment, which the end dialog waits for */
  let celebrating = null;
  /**
   * After every move: ask about a changed board, save, show, and open the end dialog if it
   * ended (once the cleared board's moment is over).
   */
  const afterMove = (boardChanged = false) => {
    if (boardChanged) watcher.boardChanged();
    session.dropStaleFocus();
    save();
    screen.refresh();
    const game = session.game;
    if (!game) return;
    const moment = celebrating;
    celebrating = null;
    if (moment) {
      void moment.then(() => {
        if (session.game === game) ends.show(game);
      });
    } else {
      ends.show(game);
    }
  };
  const refresh = () => screen.refresh();
  const loader = new GameLoader({
    config,
    session,
    deal: api.deal,
    dealAt: api.dealAt,
    ui,
    setLayout: (layout) => board.setLayout(layout),
    watcher,
    countStats: (add) => records.count(add),
    dailyPlayed: (mode) => saveDailyResults(addDailyPlay(loadDailyResults(), mode, today())),
    describe: (game) => [layoutName(game.s.layout), ...(game.s.daily ? [modeName("daily")] : []), modeName(game.s.mode)].join(" · "),
    save,
    refresh,
    afterMove,
    fail,
  });
  const sounds = new Sounds();
  /** @type {Promise<import("./celebration.js").Celebration> | null} fetched at the first cleared board */
  let celebration = null;
  const actions = new PlayActions({
    session,
    api,
    ui,
    board,
    nextStyle: () => styles.next(),
    openRecords: () => void ui.openRecords(records.records, layoutName).catch(fail),
    countStats: (add) => records.count(add),
    boardCleared: (game) => {
      records.boardCleared(game);
      sounds.play("win");
      const words = game.s.mode === "arcade" ? interpolate(gettext("Level %(level)s cleared!"), { level: game.s.level })
        : gettext("Board cleared!");
      celebration ??= import("./celebration.js").then(({ Celebration }) => new Celebration(canvas));
      // Without the moment (its module not fetched) the end dialog still opens.
      celebrating = celebration.then((moment) => moment.start(words)).catch(() => undefined);
    },
    sound: (name) => sounds.play(name),
    knowWinnable: (tiles) => watcher.knowWinnable(tiles),
    hints: watcher,
    begin: (deal) => loader.begin(deal),
    showEnd: (problem) => {
      if (session.game) ends.show(session.game, problem);
    },
    afterMove,
    refresh,
    save,
    fail,
    faceName,
    defaultLayout: config.defaultLayout,
    dailyText: () => dailyText(loadDailyResults(), modeName, today()),
  });
  const submission = new ScoreSubmission({ submit: api.submitScore, currentGame: () => session.game, urls: config });
  /** @type {Promise<import("./end_dialogs.js").EndDialogs> | null} fetched when a board first ends */
  let endDialogs = null;
  const ends = {
    /**
     * The end dialog of `game`, if its board has ended (end_dialogs.js, fetched then: a visit
     * may end no board).
     * @param {import("./state.js").Game} game
     * @param {string} [problem]
     */
    show(game, problem = "") {
      if (game.s.status === Status.PLAYING) return;
      endDialogs ??= import("./end_dialogs.js").then(({ EndDialogs }) => new EndDialogs({
        open: (dialog) => ui.openDialog(dialog),
        records,
        scoreForm: (ended) => submission.formFor(ended),
        waysOn: {
          newGame: () => actions.askNewGame(),
          nextLevel: () => actions.nextLevel(),
          undo: () => actions.undo(),
          shuffle: () => actions.shuffle(),
          restart: () => actions.restart(),
        },
      }));
      endDialogs.then((dialogs) => {
        if (session.game === game) dialogs.show(game, problem);
      }, (error) => {
        endDialogs = null; // the next end tries again
        fail(error);
      });
    },
  };

  const settings = new PlaySettings(element(root, "#play-settings-dialog", HTMLDialogElement), {
    styles,
    unveil: (unveiled) => board.setUnveiled(unveiled),
    showVerdict: (shown) => {
      screen.verdictShown = shown;
      screen.refreshStatus();
    },
    tryVolume: () => sounds.play("select"),
  });
  /** @type {number | null} the tile chosen to complete a pair while a double tap may still come */
  let chosen = null;
  const input = attachInput(canvas, {
    hitTest: (x, y, tolerance) => board.hitTest(x, y, tolerance),
    enabled: () => !ui.dialogOpen && !settings.isOpen && Boolean(session.game),
    board,
    handlers: {
      tap: (i) => actions.tap(i),
      revertTap: () => actions.revertTap(),
      wouldTake: (i) => actions.wouldTake(i),
      preview: (i) => {
        chosen = i;
        screen.refresh();
      },
      toggleView: (x, y) => actions.toggleView(x, y),
      action: (name) => actions.run(name),
      focusMove: (direction) => actions.moveFocus(direction),
      focusSelect: () => actions.tapFocused(),
    },
  });
  ui.onAction = (name) => {
    input.flush();
    if (name === "settings") settings.open();
    else actions.run(name);
  };
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") actions.autoPause();
  });
  window.addEventListener("pagehide", () => actions.autoPause());
  setInterval(() => screen.tick(), 250);

  /** @type {Window & {miaojong?: import("./test_hook.js").TestHook}} */ (window).miaojong =
    testHook({ session, board, style: () => styles.current });
  // The game first, then the artwork: the board is laid (blank faces) as soon as the deal is
  // there, and its faces come with the artwork, whose bytes (80 KB) no longer hold up the deal
  // on a slow line.
  void loader.start().finally(() => styles.usePreferred());
}

const root = document.getElementById("play");
const configElement = document.getElementById("play-config");
if (root && configElement) startPlayPage(JSON.parse(configElement.textContent ?? "{}"), root);
