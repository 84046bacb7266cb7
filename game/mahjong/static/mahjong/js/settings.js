// @ts-check
// The play page's settings dialog: the tile style, the corner marks, blocked tiles veiled or
// not, and sound. A change applies at once and is remembered (storage.js preferences); the
// sound is only stored here: sounds.js reads its switch when it plays.

import { element } from "../../core/js/dom.js";
import { loadPreference, savePreference } from "./storage.js";

/**
 * The switches of the dialog: each a preference, "on" or "off", with its default.
 * @type {Readonly<Record<"marks" | "unveil" | "sound", boolean>>}
 */
export const SWITCH_DEFAULTS = Object.freeze({ marks: true, unveil: false, sound: false });

/** @typedef {keyof typeof SWITCH_DEFAULTS} SwitchName */

/**
 * A switch's remembered value: "on" or "off" as stored, the default for anything else.
 * @param {SwitchName} name
 * @param {(name: string) => string | null} [load]
 */
export function switchOn(name, load = loadPreference) {
  const stored = load(name);
  if (stored === "on") return true;
  if (stored === "off") return false;
  return SWITCH_DEFAULTS[name];
}

/** @param {SwitchName} name @param {boolean} on */
export function saveSwitch(name, on) {
  savePreference(name, on ? "on" : "off");
}

/**
 * @typedef {object} SettingsDeps
 * @property {import("./tile_styles.js").TileStyles} styles
 * @property {(unveiled: boolean) => void} unveil the renderer's setUnveiled
 */

export class PlaySettings {
  /** @param {HTMLDialogElement} dialog @param {SettingsDeps} deps */
  constructor(dialog, { styles, unveil }) {
    this.dialog = dialog;
    this.styles = styles;
    this.unveil = unveil;
    this.form = element(dialog, "form", HTMLFormElement);
    unveil(switchOn("unveil"));
    this.form.addEventListener("change", (event) => this.changed(event.target));
    // The T key and the style button change the style too: the radios follow.
    styles.onChange = () => this.showStyle();
  }

  get isOpen() {
    return this.dialog.open;
  }

  open() {
    for (const name of /** @type {SwitchName[]} */ (Object.keys(SWITCH_DEFAULTS))) {
      this.checkbox(name).checked = name === "marks" ? this.styles.marks : switchOn(name);
    }
    this.showStyle();
    this.dialog.showModal();
  }

  showStyle() {
    for (const radio of this.form.querySelectorAll('input[name="style"]')) {
      if (radio instanceof HTMLInputElement) radio.checked = radio.value === this.styles.current;
    }
  }

  /** @param {SwitchName} name */
  checkbox(name) {
    return element(this.form, `input[name="${name}"]`, HTMLInputElement);
  }

  /** @param {EventTarget | null} input */
  changed(input) {
    if (!(input instanceof HTMLInputElement)) return;
    if (input.name === "style") {
      this.styles.use(input.value, true);
    } else if (input.name === "marks") {
      this.styles.showMarks(input.checked);
    } else if (input.name === "unveil" || input.name === "sound") {
      saveSwitch(input.name, input.checked);
      if (input.name === "unveil") this.unveil(input.checked);
    }
  }
}
