// @ts-check
// Entry point of the replay page: reads the embedded replay script, then wires the player
// (replay_player.js), the board renderer and the controls: play, pause, step, seek, speed.

import { ApiError } from "../../core/js/api.js";
import { formatTime } from "../../core/js/clock.js";
import { element } from "../../core/js/dom.js";
import { gettext, interpolate } from "../../core/js/i18n.js";
import { apiErrorText } from "./errors.js";
import { BoardRenderer, loadSprite } from "./render.js";
import { ReplayPlayer } from "./replay_player.js";
import { isFree, layoutFromGraph } from "./rules.js";
import { configureScoring } from "./scoring.js";
import { loadPreference } from "./storage.js";
import { formatNumber } from "../../core/js/numbers.js";

/**
 * The replay page's config (game/mahjong/replay_pages.py _viewer_config). The names of the
 * layouts and the modes come translated from there, as on the play page.
 * @typedef {object} ReplayConfig
 * @property {import("./replay_player.js").ReplayScript} script
 * @property {import("./scoring.js").ScoringRules} scoring the engine's scoring constants
 * @property {import("./tile_styles.js").StyleConfig[]} styles
 * @property {Record<string, string>} faceNames
 * @property {Record<string, string>} layouts
 * @property {Record<string, string>} modes
 * @property {string} language
 */

class ReplayController {
  /** @param {ReplayConfig} config @param {HTMLElement} root */
  constructor(config, root) {
    this.config = config;
    this.root = root;
    configureScoring(config.scoring);
    this.player = new ReplayPlayer(config.script);
    this.layout = layoutFromGraph(config.script.positions, config.script.graph);
    this.faceNames = config.faceNames || {};
    this.timer = 0;
    this.playing = false;
    /** @type {Map<string, import("./tile_bitmaps.js").Sprite>} */
    this.sprites = new Map();
    /** @param {string} name */
    const button = (name) => element(root, `#replay-${name}`, HTMLButtonElement);
    /** @param {string} name */
    const part = (name) => element(root, `#replay-${name}`, HTMLElement);
    this.el = {
      start: button("start"), back: button("back"), play: button("play"), forward: button("forward"), end: button("end"),
      seek: element(root, "#replay-seek", HTMLInputElement),
      speed: element(root, "#replay-speed", HTMLSelectElement),
      style: element(root, "#replay-style", HTMLSelectElement),
      canvas: element(root, "#replay-canvas", HTMLCanvasElement),
      counter: part("counter"), status: part("status"), event: part("event"), board: part("board"), message: part("message"),
    };
    this.renderer = new BoardRenderer(this.el.canvas, {
      // Like the play page: the window's height below the board's top (the board is on screen
      // as the page opens, at every size), and no less than a board that can still be read.
      maxHeight: () => {
        const top = this.el.board.getBoundingClientRect().top + window.scrollY;
        return Math.max(160, window.innerHeight - top - 8);
      },
    });
    this.renderer.setLayout(this.layout);
    /** The step after which the board could no longer be cleared (the page marks it), if any. */
    this.deadEnd = root.querySelector("#replay-dead-end");
    this.placeDeadMark();
    this.wire();
  }

  /** The dead end's mark sits on the timeline at its step (the page cannot place it: no inline styles). */
  placeDeadMark() {
    const mark = this.root.querySelector("#replay-dead-mark");
    const step = Number(this.deadEnd instanceof HTMLElement ? this.deadEnd.dataset.step : NaN);
    if (!(mark instanceof HTMLElement) || !Number.isFinite(step) || !this.player.length) return;
    mark.style.setProperty("--at", String(Math.min(1, step / this.player.length)));
  }

  wire() {
    const { el } = this;
    el.start.addEventListener("click", () => this.go(0));
    el.back.addEventListener("click", () => this.go(this.player.position - 1));
    el.forward.addEventListener("click", () => this.go(this.player.position + 1, true));
    el.end.addEventListener("click", () => this.go(this.player.length));
    el.play.addEventListener("click", () => this.toggle());
    el.seek.max = String(this.player.length);
    el.seek.addEventListener("input", () => this.go(Number(el.seek.value)));
    el.speed.addEventListener("change", () => this.playing && this.schedule());
    el.style.addEventListener("change", () => this.setStyle(el.style.value));
    el.board.addEventListener("keydown", (event) => this.key(event));
    for (const button of [el.start, el.back, el.play, el.forward, el.end, el.seek]) button.disabled = false;
  }

  /** @param {KeyboardEvent} event */
  key(event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    /** @type {Record<string, number>} */
    const moves = { ArrowLeft: -1, ArrowRight: 1 };
    if (event.key in moves) this.go(this.player.position + moves[event.key], moves[event.key] > 0);
    else if (event.key === "Home") this.go(0);
    else if (event.key === "End") this.go(this.player.length);
    else if (event.key === " " || event.key.toLowerCase() === "k") this.toggle();
    else return;
    event.preventDefault();
  }

  async start() {
    const keys = this.config.styles.map((s) => s.key);
    const preferred = loadPreference("style");
    await this.setStyle(preferred && keys.includes(preferred) ? preferred : keys[0]);
    this.el.message.hidden = true;
    this.show(false);
    this.root.dataset.ready = "true";
  }

  /** @param {string} key */
  async setStyle(key) {
    const entry = this.config.styles.find((s) => s.key === key) || this.config.styles[0];
    let sprite = this.sprites.get(entry.key);
    if (!sprite) {
      sprite = await loadSprite(entry.key, entry.sheet, entry.image, entry.raster);
      this.sprites.set(entry.key, sprite);
    }
    this.el.style.value = entry.key;
    this.renderer.setSprite(sprite);
  }

  /** Move to position k; stepping forward by one lets the removed pair fade away. @param {number} k */
  go(k, animate = false) {
    const before = this.player.position;
    this.player.seek(k);
    if (this.player.position === before) return;
    if (!this.playing) this.show(animate && this.player.position === before + 1, true);
    else {
      this.show(this.player.position === before + 1);
      this.schedule();
    }
  }

  toggle() {
    if (this.playing) this.pause();
    else this.play();
  }

  play() {
    if (this.player.atEnd) this.player.seek(0);
    this.playing = true;
    this.show(false);
    this.schedule();
  }

  pause() {
    this.playing = false;
    clearTimeout(this.timer);
    this.show(false, true);
  }

  schedule() {
    clearTimeout(this.timer);
    const delay = this.player.delayToNext(Number(this.el.speed.value) || 1);
    if (delay === null) {
      this.pause();
      return;
    }
    this.timer = setTimeout(() => {
      this.player.step();
      this.show(true);
      this.schedule();
    }, delay);
  }

  /** @param {string | null} face */
  faceName(face) {
    if (face === null) return "";
    return this.faceNames[face] || face;
  }

  /** What the event of a frame did, in words. @param {import("./replay_player.js").Frame} frame */
  describe(frame) {
    const event = frame.event;
    if (!event) return gettext("The deal, before the first move.");
    switch (event.type) {
      case "match": {
        const [[, a], [, b]] = frame.removed;
        return interpolate(gettext("Pair removed: %(a)s and %(b)s."), { a: this.faceName(a), b: this.faceName(b) });
      }
      case "undo":
        return gettext("Move undone.");
      case "hint":
        if (!frame.hint) return gettext("Hint asked: no pair was left.");
        return interpolate(gettext("Hint: %(a)s and %(b)s."), {
          a: this.faceName(frame.tiles[frame.hint[0]]),
          b: this.faceName(frame.tiles[frame.hint[1]]),
        });
      case "shuffle":
        return gettext("The tiles were shuffled.");
      case "pause":
        return gettext("The player paused the game.");
      case "resume":
        return gettext("The game goes on.");
      case "next_level":
        return interpolate(gettext("Level %(level)s begins."), { level: frame.level });
      default:
        return "";
    }
  }

  /** @param {import("./replay_player.js").Frame} frame */
  status(frame) {
    const mode = this.config.script.mode;
    /** @type {[string, string | number][]} */
    const items = [];
    if (mode === "classic") items.push([gettext("Time"), formatTime(frame.clock ?? 0)]);
    else items.push([gettext("Score"), formatNumber(frame.score, this.config.language)], [gettext("Level"), frame.level]);
    items.push([gettext("Moves"), frame.moves], [gettext("Hints"), frame.hints], [gettext("Shuffles"), frame.shuffles]);
    this.el.status.replaceChildren(...items.map(([label, value]) => {
      const span = document.createElement("span");
      const name = document.createElement("span");
      name.className = "play-stat-label";
      name.textContent = `${label}: `;
      span.append(name, String(value));
      return span;
    }));
  }

  /** Draw the current frame and update the controls; announce it when the visitor moved. @param {boolean} animate */
  show(animate, announce = false) {
    const { player, el } = this;
    const frame = player.frame;
    const tiles = frame.tiles;
    this.renderer.update({
      tiles,
      free: tiles.map((face, i) => face !== null && isFree(this.layout, tiles, i)),
      selected: null,
      hint: frame.hint,
      focus: null,
      paused: false,
    });
    if (animate && frame.removed.length) this.renderer.animateRemoval(frame.removed);
    el.seek.value = String(player.position);
    if (this.deadEnd instanceof HTMLElement) {
      this.deadEnd.classList.toggle("replay-dead-end-reached", player.position >= Number(this.deadEnd.dataset.step));
    }
    // For people's tools and the end-to-end tests: where the replay is, and how the board stands.
    this.root.dataset.position = String(player.position);
    this.root.dataset.status = frame.status;
    this.root.dataset.tilesLeft = String(tiles.filter((face) => face !== null).length);
    const counter = interpolate(gettext("Step %(step)s of %(total)s"), { step: player.position, total: player.length });
    el.counter.textContent = counter;
    el.seek.setAttribute("aria-valuetext", counter);
    el.start.disabled = player.atStart;
    el.back.disabled = player.atStart;
    el.forward.disabled = player.atEnd;
    el.end.disabled = player.atEnd;
    const label = this.playing ? el.play.dataset.pause : el.play.dataset.play;
    element(el.play, ".replay-label", HTMLElement).textContent = label ?? "";
    el.play.setAttribute("aria-pressed", String(this.playing));
    this.status(frame);
    /** @type {Record<string, string>} */
    const outcomes = {
      cleared: this.config.script.mode === "classic" ? gettext("Board cleared!") : gettext("Level cleared!"),
      no_moves: gettext("No more moves."),
      game_over: gettext("Game over."),
    };
    const outcome = outcomes[frame.status];
    const text = [this.describe(frame), frame.paused ? gettext("(paused)") : "", outcome || ""].filter(Boolean).join(" ");
    // While playing, the live region stays quiet: a screen reader could not keep up.
    el.event.setAttribute("aria-live", this.playing && !announce ? "off" : "polite");
    el.event.textContent = text;
  }
}

const configNode = document.getElementById("replay-config");
const root = document.getElementById("replay");
if (configNode && root) {
  const message = element(root, "#replay-message", HTMLElement);
  /** @param {unknown} error */
  const showFailure = (error) => {
    // The page's language only: an API error's text is translated, any other error's message
    // (a replay that breaks the rules, a bug) is English and goes to the console.
    console.warn(error);
    const why = error instanceof ApiError ? apiErrorText(error) : gettext("Its moves could not be played back.");
    message.textContent = interpolate(gettext("The replay could not be shown: %(error)s"), { error: why });
  };
  try {
    const controller = new ReplayController(JSON.parse(configNode.textContent ?? "{}"), root);
    controller.start().catch(showFailure);
  } catch (error) {
    showFailure(error);
  }
}
