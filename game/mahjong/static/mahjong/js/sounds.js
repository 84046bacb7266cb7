// @ts-check
// The game's optional sounds: a soft click when a pair is taken, a dull knock when a tap is
// refused (a tile that is not free), a short rising chime when a board is cleared. Off by
// default; the settings dialog stores the choice (savePreference("sound", "on" | "off")), read
// at the moment of playing, so a change counts at once. Every sound is synthesised with the
// Web Audio API from the shapes below (no audio files), and the AudioContext is made only on
// the first sound played with the setting on, which follows a tap or a key: browsers let
// audio start only after a gesture.

import { switchOn } from "./settings.js";

/**
 * One tone of a sound: a wave at `frequency` Hz (gliding to `glideTo` if given), starting
 * `at` s after the sound starts, rising to `gain` in `attack` s, then dying away in `decay` s.
 * @typedef {{frequency: number, glideTo?: number, at: number, attack: number, decay: number, gain: number}} Tone
 * @typedef {{wave: OscillatorType, tones: Tone[]}} SoundShape
 * @typedef {"pair" | "refused" | "win"} SoundName
 */

/** The quietest gain an envelope starts from and dies to (an exponential ramp cannot reach 0). */
export const SILENCE = 0.0001;

/** @type {Readonly<Record<SoundName, SoundShape>>} */
export const SOUNDS = Object.freeze({
  // Short and high, falling a little: a tile set down on the table.
  pair: { wave: "triangle", tones: [{ frequency: 1320, glideTo: 880, at: 0, attack: 0.004, decay: 0.07, gain: 0.16 }] },
  // Low, short and dull: unlike the click, so that a refused tap is heard as one.
  refused: { wave: "sine", tones: [{ frequency: 190, glideTo: 150, at: 0, attack: 0.008, decay: 0.14, gain: 0.22 }] },
  // A major triad going up (C6, E6, G6), the last note held longer.
  win: {
    wave: "sine",
    tones: [
      { frequency: 1046.5, at: 0, attack: 0.01, decay: 0.35, gain: 0.14 },
      { frequency: 1318.5, at: 0.11, attack: 0.01, decay: 0.35, gain: 0.14 },
      { frequency: 1568, at: 0.22, attack: 0.01, decay: 0.7, gain: 0.16 },
    ],
  },
});

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
   * @param {() => AudioContext} [options.createContext]
   */
  constructor({ enabled = () => switchOn("sound"), createContext = () => new AudioContext() } = {}) {
    this.enabled = enabled;
    this.createContext = createContext;
    /** @type {AudioContext | null} */
    this.context = null;
  }

  /** Play the sound `name` if the setting is on. @param {SoundName} name */
  play(name) {
    if (!this.enabled()) return;
    try {
      const context = this.context ?? (this.context = this.createContext());
      if (context.state === "suspended") void context.resume();
      schedule(context, SOUNDS[name], context.currentTime);
    } catch (error) {
      // No audio here (or it is blocked): the game goes on silently.
      console.info("no sound:", error);
    }
  }
}

/**
 * Each tone as an oscillator through its own gain envelope, from `start` on.
 * @param {AudioContext} context
 * @param {SoundShape} shape
 * @param {number} start the context's time, in seconds
 */
function schedule(context, shape, start) {
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
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(begin);
    oscillator.stop(end + 0.02);
  }
}
