// @ts-check
// The tiles' artwork styles: the sprite of each loaded once, the T key cycling through them
// in the config's order, and the choice remembered for the next visit.

import { gettext, interpolate } from "../../core/js/i18n.js";
import { loadSprite } from "./tile_bitmaps.js";
import { loadPreference, savePreference } from "./storage.js";

/** @typedef {{key: string, name: string, sheet: string, image: string}} StyleConfig */

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
    /** @type {Map<string, import("./tile_bitmaps.js").Sprite>} */
    this.sprites = new Map();
    /** @type {string | null} */
    this.current = null;
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

  /** @param {string} key @param {boolean} announce */
  async use(key, announce) {
    const entry = this.styles.find((s) => s.key === key) || this.styles[0];
    let sprite = this.sprites.get(entry.key);
    try {
      if (!sprite) {
        sprite = await loadSprite(entry.key, entry.sheet, entry.image);
        this.sprites.set(entry.key, sprite);
      }
    } catch (error) {
      this.fail(error);
      return;
    }
    this.current = entry.key;
    this.show(sprite);
    savePreference("style", entry.key);
    if (announce) this.announce(interpolate(gettext("Tiles style: %(style)s."), { style: entry.name }));
  }
}
