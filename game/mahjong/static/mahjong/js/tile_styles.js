// @ts-check
// The tiles' artwork styles: the sprite of each loaded once (with the page language's corner
// marks, or the sheet without them), the T key cycling through them in the config's order,
// and the choices remembered for the next visit.

import { gettext, interpolate } from "../../core/js/i18n.js";
import { loadSprite } from "./tile_bitmaps.js";
import { saveSwitch, switchOn } from "./settings.js";
import { loadPreference, savePreference } from "./storage.js";

/**
 * A style as the page's config gives it (game/mahjong/views.py style_sheets): `image` has the
 * page language's corner marks, `plainImage` none; `raster` and `plainRaster` are the same as bitmaps.
 * @typedef {{key: string, name: string, sheet: string, image: string, plainImage: string, raster: string,
 *   plainRaster: string}} StyleConfig
 */

export class TileStyles {
  /**
   * @param {StyleConfig[]} styles
   * @param {object} deps
   * @param {(sprite: import("./tile_bitmaps.js").Sprite) => void} deps.show the renderer's setSprite
   * @param {(text: string) => void} deps.announce
   * @param {(error: unknown) => void} deps.fail
   */
  constructor(styles, { show, announce, fail }) {
    this.styles = styles;
    this.show = show;
    this.announce = announce;
    this.fail = fail;
    /** @type {Map<string, import("./tile_bitmaps.js").Sprite>} by style and marks ("classic:on") */
    this.sprites = new Map();
    /** @type {string | null} */
    this.current = null;
    this.marks = switchOn("marks");
    /** @type {((key: string) => void) | null} told of every style shown (the settings dialog) */
    this.onChange = null;
  }

  /** The style chosen on an earlier visit, or the first. */
  async usePreferred() {
    const keys = this.styles.map((s) => s.key);
    const preferred = loadPreference("style");
    await this.use(preferred && keys.includes(preferred) ? preferred : keys[0], false);
  }

  async next() {
    const keys = this.styles.map((s) => s.key);
    const next = keys[(keys.indexOf(this.current ?? "") + 1) % keys.length];
    await this.use(next, true);
  }

  /** Show or hide the corner marks (remembered). @param {boolean} shown */
  async showMarks(shown) {
    this.marks = shown;
    saveSwitch("marks", shown);
    if (this.current) await this.use(this.current, false);
  }

  /** @param {string} key @param {boolean} announce */
  async use(key, announce) {
    const entry = this.styles.find((s) => s.key === key) || this.styles[0];
    const cacheKey = `${entry.key}:${this.marks ? "on" : "off"}`;
    let sprite = this.sprites.get(cacheKey);
    try {
      if (!sprite) {
        sprite = this.marks ? await loadSprite(entry.key, entry.sheet, entry.image, entry.raster)
          : await loadSprite(entry.key, entry.sheet, entry.plainImage, entry.plainRaster);
        this.sprites.set(cacheKey, sprite);
      }
    } catch (error) {
      this.fail(error);
      return;
    }
    this.current = entry.key;
    this.show(sprite);
    savePreference("style", entry.key);
    this.onChange?.(entry.key);
    if (announce) this.announce(interpolate(gettext("Tile style: %(style)s."), { style: entry.name }));
  }
}
