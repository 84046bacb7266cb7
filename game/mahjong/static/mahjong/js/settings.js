// @ts-check
// The play page's settings dialog: the tile style, the corner marks, blocked tiles veiled or
// not, the "winnable" verdict shown or not, sound and its volume. A change applies at once and
// is remembered (storage.js preferences); the sound and its volume are only stored here:
// sounds.js reads them when it plays.

import { element } from "../../core/js/dom.js";
import { loadPreference, savePreference } from "./storage.js";

/**
 * The switches of the dialog: each a preference, "on" or "off", with its default.
 * @type {Readonly<Record<"marks" | "unveil" | "verdict" | "sound", boolean>>}
 */
export const SWITCH_DEFAULTS = Object.freeze({ marks: true, unveil: false, verdict: true, sound: false });

/** @typedef {keyof typeof SWITCH_DEFAULTS} SwitchName */

/** The sounds' volume when the player has not set one, of 100. */
export const DEFAULT_VOLUME = 70;

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
 * @property {(shown: boolean) => void} [showVerdict] the status line's "winnable" verdict shown or not
 * @property {() => void} [tryVolume] a sound at the new volume
 */

export class PlaySettings {
  /** @param {HTMLDialogElement} dialog @param {SettingsDeps} deps */
  constructor(dialog, { styles, unveil, showVerdict = () => {}, tryVolume = () => {} }) {
    this.dialog = dialog;
    this.styles = styles;
    this.unveil = unveil;
    this.showVerdict = showVerdict;
    this.tryVolume = tryVolume;
    this.form = element(dialog, "form", HTMLFormElement);
    unveil(switchOn("unveil"));
    showVerdict(switchOn("verdict"));
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
    const volume = this.form.querySelector('input[name="volume"]');
    if (volume instanceof HTMLInputElement) volume.value = loadPreference("volume") ?? String(DEFAULT_VOLUME);
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
    } else if (input.name === "unveil" || input.name === "verdict" || input.name === "sound") {
      saveSwitch(input.name, input.checked);
      if (input.name === "unveil") this.unveil(input.checked);
      if (input.name === "verdict") this.showVerdict(input.checked);
    } else if (input.name === "volume") {
      savePreference("volume", input.value);
      this.tryVolume();
    }
  }
}
