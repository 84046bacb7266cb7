// @ts-check
// The game's optional sounds, one for each thing that happens: a tile chosen, a pair taken, a
// tap refused, a hint, a shuffle, an undo and a cleared board. Off by default; the settings
// dialog stores the choice (savePreference("sound", "on" | "off")) and one volume for all
// (savePreference("volume", "0".."100")), read at the moment of playing, so a change counts at
// once. Every sound is synthesised with the Web Audio API from the shapes below (no audio
// files): each tone rises over a few milliseconds and dies away exponentially, as a struck
// thing does, so that none starts or stops with a click. The AudioContext is made only on the
// first sound played with the setting on, which follows a tap or a key: browsers let audio
// start only after a gesture.

import { DEFAULT_VOLUME, switchOn } from "./settings.js";
import { loadPreference } from "./storage.js";

/**
 * One tone of a sound: a wave at `frequency` Hz (gliding to `glideTo` if given), starting
 * `at` s after the sound starts, rising to `gain` in `attack` s, then dying away in `decay` s.
 * @typedef {{frequency: number, glideTo?: number, at: number, attack: number, decay: number, gain: number}} Tone
 * @typedef {{wave: OscillatorType, tones: Tone[]}} SoundShape
 * @typedef {"select" | "pair" | "refused" | "hint" | "shuffle" | "undo" | "win"} SoundName
 */

/** The quietest gain an envelope starts from and dies to (an exponential ramp cannot reach 0). */
export const SILENCE = 0.0001;

/** @type {Readonly<Record<SoundName, SoundShape>>} */
export const SOUNDS = Object.freeze({
  // A light wooden tick, quieter than the pair: a tile lifted.
  select: { wave: "triangle", tones: [
    { frequency: 1480, glideTo: 1320, at: 0, attack: 0.003, decay: 0.045, gain: 0.08 },
  ] },
  // Two tiles set down one on the other: two quick clicks, the second lower.
  pair: { wave: "triangle", tones: [
    { frequency: 1320, glideTo: 990, at: 0, attack: 0.004, decay: 0.06, gain: 0.15 },
    { frequency: 1046.5, glideTo: 830, at: 0.045, attack: 0.004, decay: 0.07, gain: 0.12 },
  ] },
  // Low, short and dull: unlike the clicks, so that a refused tap is heard as one.
  refused: { wave: "sine", tones: [{ frequency: 190, glideTo: 150, at: 0, attack: 0.008, decay: 0.14, gain: 0.22 }] },
  // A soft question: a fifth going up (A5, E6).
  hint: { wave: "sine", tones: [
    { frequency: 880, at: 0, attack: 0.012, decay: 0.2, gain: 0.09 },
    { frequency: 1318.5, at: 0.09, attack: 0.012, decay: 0.3, gain: 0.09 },
  ] },
  // Tiles stirred: a quick run of soft clicks, each a little higher.
  shuffle: { wave: "triangle", tones: [0, 1, 2, 3, 4, 5].map((k) => (
    { frequency: 520 + 90 * k, glideTo: 460 + 90 * k, at: 0.035 * k, attack: 0.003, decay: 0.045, gain: 0.07 + 0.01 * (k % 2) }
  )) },
  // The pair put back: a fourth going down (A5, E5).
  undo: { wave: "sine", tones: [
    { frequency: 880, at: 0, attack: 0.01, decay: 0.12, gain: 0.1 },
    { frequency: 659.3, at: 0.07, attack: 0.01, decay: 0.18, gain: 0.1 },
  ] },
  // A major arpeggio going up (C6, E6, G6, C7), the last note held longer.
  win: {
    wave: "sine",
    tones: [
      { frequency: 1046.5, at: 0, attack: 0.01, decay: 0.35, gain: 0.13 },
      { frequency: 1318.5, at: 0.11, attack: 0.01, decay: 0.35, gain: 0.13 },
      { frequency: 1568, at: 0.22, attack: 0.01, decay: 0.45, gain: 0.13 },
      { frequency: 2093, at: 0.33, attack: 0.012, decay: 0.9, gain: 0.12 },
    ],
  },
});

/**
 * The stored volume as a gain for all sounds: 0 to 1, on a square law (the ear hears loudness
 * so), the default for anything unreadable.
 * @param {string | null} stored "0" to "100"
 */
export function volumeGain(stored) {
  const value = stored === null || stored === "" ? Number.NaN : Number(stored);
  const volume = Number.isFinite(value) ? Math.min(100, Math.max(0, value)) : DEFAULT_VOLUME;
  return (volume * volume) / 10_000;
}

/** How long a sound lasts, in seconds. @param {SoundShape} shape */
export function soundLength(shape) {
  return Math.max(...shape.tones.map((tone) => tone.at + tone.attack + tone.decay));
}

/**
 * A tone's gain `t` s after its sound starts, as the scheduled ramps make it: silent before
 * `at`, a straight rise over the attack, an exponential fall to silence over the decay.
 * @param {Tone} tone
 * @param {number} t
 */
export function gainAt(tone, t) {
  const since = t - tone.at;
  if (since <= 0) return SILENCE;
  if (since < tone.attack) return SILENCE + (tone.gain - SILENCE) * (since / tone.attack);
  const fall = (since - tone.attack) / tone.decay;
  if (fall >= 1) return SILENCE;
  return tone.gain * (SILENCE / tone.gain) ** fall;
}

export class Sounds {
  /**
   * @param {object} [options]
   * @param {() => boolean} [options.enabled] whether the player turned sounds on
   * @param {() => number} [options.volume] the gain for all sounds, 0 to 1
   * @param {() => AudioContext} [options.createContext]
   */
  constructor({
    enabled = () => switchOn("sound"),
    volume = () => volumeGain(loadPreference("volume")),
    createContext = () => new AudioContext(),
  } = {}) {
    this.enabled = enabled;
    this.volume = volume;
    this.createContext = createContext;
    /** @type {AudioContext | null} */
    this.context = null;
    /** @type {GainNode | null} every sound goes through it: the volume */
    this.master = null;
  }

  /** Play the sound `name` if the setting is on. @param {SoundName} name */
  play(name) {
    if (!this.enabled()) return;
    try {
      const volume = this.volume();
      if (volume <= 0) return;
      const context = this.context ?? (this.context = this.createContext());
      if (context.state === "suspended") void context.resume();
      if (!this.master) {
        this.master = context.createGain();
        this.master.connect(context.destination);
      }
      this.master.gain.value = volume;
      schedule(context, this.master, SOUNDS[name], context.currentTime);
    } catch (error) {
      // No audio here (or it is blocked): the game goes on silently.
      console.info("no sound:", error);
    }
  }
}

/**
 * Each tone as an oscillator through its own gain envelope into `output`, from `start` on.
 * @param {AudioContext} context
 * @param {AudioNode} output
 * @param {SoundShape} shape
 * @param {number} start the context's time, in seconds
 */
function schedule(context, output, shape, start) {
  for (const tone of shape.tones) {
    const begin = start + tone.at;
    const peak = begin + tone.attack;
    const end = peak + tone.decay;
    const oscillator = context.createOscillator();
    oscillator.type = shape.wave;
    oscillator.frequency.setValueAtTime(tone.frequency, begin);
    if (tone.glideTo) oscillator.frequency.exponentialRampToValueAtTime(tone.glideTo, end);
    const gain = context.createGain();
    gain.gain.setValueAtTime(SILENCE, begin);
    gain.gain.linearRampToValueAtTime(tone.gain, peak);
    gain.gain.exponentialRampToValueAtTime(SILENCE, end);
    oscillator.connect(gain).connect(output);
    oscillator.start(begin);
    oscillator.stop(end + 0.02);
  }
}
