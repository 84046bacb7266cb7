// node --test tests/client/js/ : the win celebration's timeline (celebration.js) and the
// sounds' shapes and envelopes (sounds.js), and that no AudioContext exists while sounds are off.
import assert from "node:assert/strict";
import { test } from "node:test";

import "./static_files.mjs";
import { installLocalStorage } from "./local_storage.mjs";

installLocalStorage();
const { CELEBRATION_MS, burstAt, sparkAt, sparks } = await import("../../../game/mahjong/static/mahjong/js/celebration.js");
const { SILENCE, SOUNDS, Sounds, gainAt, soundLength, volumeGain } = await import("../../../game/mahjong/static/mahjong/js/sounds.js");
const { savePreference } = await import("../../../game/mahjong/static/mahjong/js/storage.js");

test("celebration: the moment lasts about a second and a half, and nothing before or after", () => {
  assert.ok(CELEBRATION_MS >= 1000 && CELEBRATION_MS <= 1600);
  assert.equal(burstAt(-1), null);
  assert.equal(burstAt(CELEBRATION_MS), null);
  assert.equal(burstAt(Number.NaN), null);
  assert.deepEqual(burstAt(0), { reach: 0, fall: 0, alpha: 1 });
});

test("celebration: the sparks fly out ever slower, then fade out over the last part", () => {
  const frames = [0, 1, 2, 3, 4, 5, 5.99].map((k) => burstAt((k / 6) * CELEBRATION_MS));
  for (let k = 1; k < frames.length; k++) {
    const [before, now] = [frames[k - 1], frames[k]];
    assert.ok(now.reach > before.reach && now.fall > before.fall);
    assert.ok(now.alpha <= before.alpha);
  }
  const flown = frames.map((f) => f.reach);
  assert.ok(flown[1] - flown[0] > flown[6] - flown[5], "fast first");
  assert.equal(burstAt(0.6 * CELEBRATION_MS).alpha, 1, "full until 60% of the way");
  assert.ok(burstAt(CELEBRATION_MS - 1).alpha < 0.01);
});

test("celebration: sparks go all round, within the radius, the same every time", () => {
  const spread = sparks();
  assert.deepEqual(spread, sparks());
  const frame = burstAt(CELEBRATION_MS / 2);
  const places = spread.map((spark) => sparkAt(spark, frame, 100));
  assert.ok(places.some((p) => p.x > 30) && places.some((p) => p.x < -30));
  assert.ok(places.some((p) => p.y < -30) && places.some((p) => p.y > 30));
  for (const p of places) assert.ok(Math.hypot(p.x, p.y - frame.fall * 100) <= 100.001);
});

test("sounds: one for each thing that happens, each different, short and soft, the win the longest", () => {
  assert.deepEqual(Object.keys(SOUNDS).sort(), ["hint", "pair", "refused", "select", "shuffle", "undo", "win"]);
  const lengths = Object.fromEntries(Object.entries(SOUNDS).map(([name, shape]) => [name, soundLength(shape)]));
  assert.ok(lengths.select < 0.1 && lengths.pair < 0.15 && lengths.refused < 0.25, JSON.stringify(lengths));
  for (const name of ["hint", "shuffle", "undo"]) assert.ok(lengths[name] < 0.5, name);
  for (const [name, length] of Object.entries(lengths)) if (name !== "win") assert.ok(lengths.win > length, name);
  assert.ok(lengths.win < 1.5);
  for (const shape of Object.values(SOUNDS)) {
    for (const tone of shape.tones) {
      assert.ok(tone.gain <= 0.25, "soft");
      assert.ok(tone.attack >= 0.003, "no click at the start: an envelope, not a step");
      assert.ok(tone.decay >= 0.04, "dies away");
    }
  }
  const firstNotes = Object.values(SOUNDS).map((shape) => `${shape.wave}:${shape.tones.map((t) => t.frequency).join(",")}`);
  assert.equal(new Set(firstNotes).size, firstNotes.length, "no two alike");
  // The win rises; undo goes down where the hint goes up.
  const notes = SOUNDS.win.tones.map((tone) => tone.frequency);
  assert.deepEqual(notes, [...notes].sort((a, b) => a - b));
  assert.ok(SOUNDS.hint.tones[1].frequency > SOUNDS.hint.tones[0].frequency);
  assert.ok(SOUNDS.undo.tones[1].frequency < SOUNDS.undo.tones[0].frequency);
});

test("sounds: the volume is a square law from 0 to 100, 70 unless set", () => {
  assert.equal(volumeGain(null), 0.49);
  assert.equal(volumeGain("100"), 1);
  assert.equal(volumeGain("50"), 0.25);
  assert.equal(volumeGain("0"), 0);
  assert.equal(volumeGain("250"), 1);
  assert.equal(volumeGain("loud"), 0.49);
});

test("sounds: an envelope rises over its attack, falls over its decay, and is silent around them", () => {
  const tone = { frequency: 440, at: 0.1, attack: 0.01, decay: 0.3, gain: 0.2 };
  assert.equal(gainAt(tone, 0), SILENCE);
  assert.ok(Math.abs(gainAt(tone, 0.105) - 0.1) < 0.001, "halfway up");
  assert.ok(Math.abs(gainAt(tone, 0.11) - 0.2) < 1e-9, "the peak");
  assert.ok(gainAt(tone, 0.2) < 0.2 && gainAt(tone, 0.2) > gainAt(tone, 0.3));
  assert.equal(gainAt(tone, 0.42), SILENCE);
});

/** A stand-in AudioContext that records the oscillators it is asked for. */
function fakeContext() {
  const made = { oscillators: 0, resumed: 0, gains: [] };
  const param = () => ({ setValueAtTime() {}, linearRampToValueAtTime() {}, exponentialRampToValueAtTime() {} });
  const node = () => ({ connect: (next) => next });
  const context = {
    state: "suspended",
    currentTime: 0,
    destination: {},
    resume() { made.resumed += 1; return Promise.resolve(); },
    createOscillator() { made.oscillators += 1; return { ...node(), frequency: param(), start() {}, stop() {} }; },
    createGain() { const gain = { ...node(), gain: param() }; made.gains.push(gain); return gain; },
  };
  return { made, context };
}

test("sounds: off by default, and no AudioContext until a sound is played with them on", () => {
  let contexts = 0;
  const { made, context } = fakeContext();
  const sounds = new Sounds({ createContext: () => { contexts += 1; return /** @type {any} */ (context); } });
  sounds.play("pair");
  sounds.play("win");
  assert.equal(contexts, 0, "off by default");
  savePreference("sound", "off");
  sounds.play("refused");
  assert.equal(contexts, 0);
  savePreference("sound", "on");
  sounds.play("pair");
  sounds.play("win");
  assert.equal(contexts, 1, "made once, lazily");
  const played = SOUNDS.pair.tones.length + SOUNDS.win.tones.length;
  assert.equal(made.oscillators, played);
  assert.ok(made.resumed >= 1, "a context the browser suspended is resumed");
  assert.equal(made.gains[0].gain.value, 0.49, "all through one volume, 70 by default");
  savePreference("volume", "50");
  sounds.play("select");
  assert.equal(made.gains[0].gain.value, 0.25, "the volume read at the moment of playing");
  savePreference("volume", "0");
  sounds.play("select");
  assert.equal(made.oscillators, played + SOUNDS.select.tones.length, "at volume 0, nothing is played");
  savePreference("volume", "70");
  savePreference("sound", "off");
  sounds.play("pair");
  assert.equal(made.oscillators, played + SOUNDS.select.tones.length, "read at the moment of playing");
});

test("sounds: a browser without audio leaves the game silent, not broken", () => {
  savePreference("sound", "on");
  const sounds = new Sounds({ createContext: () => { throw new Error("no audio"); } });
  const info = console.info;
  console.info = () => {};
  try {
    assert.doesNotThrow(() => sounds.play("win"));
  } finally {
    console.info = info;
  }
});
