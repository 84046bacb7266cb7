// node --test tests/client/js/ : log_text.js writes a log's text form exactly as the engine does.
// The scenarios of tests/conformance/vectors/play.json carry the engine's events (every step's
// expect.events, which conformance.test.mjs checks state.js logs the same) and log_text, what the
// engine's log_to_text makes of them; pytest checks that parse_log_text reads it back.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { logToText } from "../../../game/mahjong/static/mahjong/js/log_text.js";

const play = JSON.parse(readFileSync(new URL("../../conformance/vectors/play.json", import.meta.url), "utf8"));

for (const scenario of play.scenarios) {
  test(`log text: ${scenario.mode} play, ${scenario.name}, as the engine writes it`, () => {
    const events = scenario.steps.flatMap((step) => step.expect.events);
    assert.ok(events.length > 0, "a scenario logs events");
    assert.equal(logToText(events), scenario.log_text);
  });
}

test("log text: the vectors use every type of event", () => {
  const types = new Set(play.scenarios.flatMap((sc) => sc.steps.flatMap((step) => step.expect.events.map((e) => e.type))));
  assert.deepEqual([...types].sort(), ["hint", "match", "next_level", "pause", "resume", "shuffle", "undo"]);
});

test("log text: an empty log is an empty text", () => {
  assert.equal(logToText([]), "");
});

test("log text: times are deltas from the event before, the first from 0, and may repeat", () => {
  const log = [
    { t: 0, type: "hint" }, { t: 1830, type: "match", a: 12, b: 97 }, { t: 1830, type: "undo" },
    { t: 604800000, type: "next_level" },
  ];
  assert.equal(logToText(log), "h0 m1830.12.97 u0 n604798170");
});

test("log text: a log the engine could not read throws instead of being sent", () => {
  assert.throws(() => logToText([{ t: 10, type: "hint" }, { t: 9, type: "hint" }]), /log event 1: time 9 after 10/);
  assert.throws(() => logToText([{ t: 0, type: "jump" }]), /log event 0: unknown type jump/);
  assert.throws(() => logToText([{ t: 1.5, type: "hint" }]), /log event 0/);
});
