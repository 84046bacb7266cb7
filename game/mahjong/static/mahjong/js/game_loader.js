// @ts-check
// Which game the page opens with (the saved one, a shared code, the daily challenge or a new
// deal), and putting a game on the board: a fresh deal or a restored one, with its address in
// the address bar (its code's; the daily's is the day's challenge) and its layout and mode
// above the board. A link to another game than the one in progress asks before ending it.

import { GameClock } from "../../core/js/clock.js";
import { gettext } from "../../core/js/i18n.js";
import { isValidGraph } from "./rules.js";
import { Game } from "./state.js";
import { loadGame } from "./storage.js";

/**
 * @typedef {import("./game_data.js").Deal} Deal
 * @typedef {import("./storage.js").SavedGame} SavedGame
 * @typedef {{code: string | null, mode: string | null, daily: string | null, defaultLayout: string, playUrl: string}} StartConfig
 */

/**
 * The address of a game: today's daily challenge's is the daily's, so that whoever follows
 * it plays the day's challenge; any other game's (an earlier day's daily too: `?daily=` would
 * open today's) is its code's.
 * @param {{code: string, mode: string, daily: string | null}} s the game's state
 * @param {string} playUrl the play page's address
 * @param {string} today the UTC date, YYYY-MM-DD (the daily changes at midnight UTC)
 * @returns {string}
 */
export function gameAddress(s, playUrl, today) {
  if (s.daily === today) return `${playUrl}?daily=${s.mode}`;
  return `${playUrl}${s.code}/${s.mode === "arcade" ? "?mode=arcade" : ""}`;
}

export class GameLoader {
  /**
   * @param {object} deps
   * @param {StartConfig} deps.config what the address asked for
   * @param {import("./session.js").PlaySession} deps.session
   * @param {(body: import("./endpoints.js").DealRequest) => Promise<Deal>} deps.deal the API's POST /api/deals/
   * @param {(code: string, level: number, mode: string) => Promise<Deal>} deps.dealAt the API's GET /api/deals/<code>/
   * @param {Pick<import("./ui.js").PlayUi, "closeDialog" | "openDialog" | "showMessage" | "showCode" | "showInfo" | "showNotice" | "announce">} deps.ui
   * @param {(layout: import("./rules.js").Layout) => void} deps.setLayout the renderer's
   * @param {Pick<import("./winnability_watcher.js").WinnabilityWatcher, "reset">} deps.watcher
   * @param {(add: {games: number}) => void} deps.countStats
   * @param {(mode: string) => void} [deps.dailyPlayed] a daily challenge of that mode was begun today
   * @param {(game: Game) => string} deps.describe "<layout> · <mode>", translated
   * @param {() => void} deps.save
   * @param {() => void} deps.refresh
   * @param {() => void} deps.afterMove
   * @param {(error: unknown) => void} deps.fail
   */
  constructor(deps) {
    this.deps = deps;
  }

  /** The game the address and the saved game call for. */
  async start() {
    const { config, deal, ui } = this.deps;
    let damaged = false;
    let saved = loadGame(() => {
      damaged = true;
    });
    const { code, daily, mode } = config;
    try {
      if (saved && !saved.game.s.graph) {
        saved = await this.withGraph(saved);
        if (!saved) damaged = true;
      }
      if (code) {
        if (saved && saved.game.s.code === code && (!mode || saved.game.mode === mode)) this.resume(saved);
        else await this.leaveOrKeep(saved, () => deal({ code, mode: mode || "classic" }));
      } else if (daily) {
        const dealt = await deal({ daily });
        const same = saved && saved.game.s.code === dealt.code && saved.game.mode === daily && saved.game.s.daily;
        if (saved && same) this.resume(saved);
        else await this.leaveOrKeep(saved, async () => dealt);
      } else if (saved) {
        this.resume(saved);
      } else {
        this.begin(await deal({ layout: config.defaultLayout, mode: mode || "classic" }));
      }
    } catch (error) {
      this.deps.fail(error);
    }
    if (damaged) ui.showNotice(gettext("Your saved game could not be read, so a new game has started."));
    this.deps.refresh();
  }

  /**
   * A game saved before deals carried their layout's graph, with the graph asked of the
   * server (the deal of its code and level); null if the answer does not fit the game.
   * @param {SavedGame} saved
   * @returns {Promise<SavedGame | null>}
   */
  async withGraph(saved) {
    const s = saved.game.s;
    const dealt = await this.deps.dealAt(s.code, s.level, s.mode);
    if (dealt.positions.length !== s.positions.length || !isValidGraph(dealt.graph, s.positions.length)) return null;
    s.graph = dealt.graph;
    return saved;
  }

  /**
   * The address asks for another game than the saved one: with a game in progress, the player
   * is asked first (the saved game stays on the board meanwhile, and stays if they say no or
   * close the question); else the new deal starts.
   * @param {SavedGame | null} saved
   * @param {() => Promise<Deal>} dealNew
   */
  async leaveOrKeep(saved, dealNew) {
    if (!saved || !saved.game.inProgress) {
      this.begin(await dealNew());
      return;
    }
    this.resume(saved);
    this.deps.ui.openDialog({
      title: gettext("Leave your game in progress?"),
      text: gettext("This link opens another game. If you play it, your game in progress ends; if not, it goes on."),
      buttons: [
        { id: "play-link-new", label: gettext("Play the new game"), onClick: () => this.beginFrom(dealNew) },
        { id: "play-link-keep", label: gettext("Keep my game") },
      ],
    });
  }

  /** The deal `dealNew` gives, on the board (input waits for it). @param {() => Promise<Deal>} dealNew */
  async beginFrom(dealNew) {
    const { session } = this.deps;
    if (session.busy) return;
    session.setBusy(true);
    try {
      this.begin(await dealNew());
    } catch (error) {
      this.deps.fail(error);
    } finally {
      session.setBusy(false);
      this.deps.refresh();
    }
  }

  /** A new deal on the board. @param {Deal} deal */
  begin(deal) {
    const game = Game.fromDeal(deal);
    this.show(game, new GameClock(0));
    this.deps.watcher.reset(game.tiles, Boolean(deal.plan));
    this.deps.countStats({ games: 1 });
    if (game.s.daily) this.deps.dailyPlayed?.(game.s.mode);
    this.deps.save();
  }

  /** A saved game back on the board, its clock going on. @param {SavedGame} saved */
  resume(saved) {
    this.show(saved.game, GameClock.resume(saved.t, saved.wall));
    this.deps.watcher.reset(saved.game.tiles, false);
    this.deps.ui.announce(gettext("Your game in progress is back."));
    this.deps.afterMove();
  }

  /** @param {Game} game @param {GameClock} clock */
  show(game, clock) {
    const { config, ui } = this.deps;
    ui.closeDialog();
    this.deps.session.start(game, clock);
    this.deps.setLayout(game.layout);
    ui.showMessage("");
    const s = game.s;
    const url = gameAddress(s, config.playUrl, new Date().toISOString().slice(0, 10));
    ui.showCode(s.code, url);
    if (`${location.pathname}${location.search}` !== url) history.replaceState(null, "", url);
    ui.showInfo(this.deps.describe(game));
    this.deps.refresh();
  }
}
