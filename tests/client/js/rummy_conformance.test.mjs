// node --test tests/client/js/ : the Rummy conformance vectors of tests/conformance/vectors/rummy_*.json
// (written by tests/conformance/make_rummy_vectors.py from the Python engine, the referee) replayed
// through sets.js. Any difference fails the test naming the vector and what differed.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { isDeepStrictEqual } from "node:util";

import {
  checkTurn, describeSet, isSet, setReading, setReadings, setValue,
} from "../../../game/rummy/static/rummy/js/sets.js";

const VECTORS = new URL("../../conformance/vectors/", import.meta.url);
const load = (name) => JSON.parse(readFileSync(new URL(name, VECTORS), "utf8"));
const { sets } = load("rummy_sets.json");
const { turns } = load("rummy_turns.json");

const show = (value) => JSON.stringify(value === undefined ? null : value);

/** Every key on which sets.js differs from the engine, one line each. */
function differences(engine, js) {
  return [...new Set([...Object.keys(engine), ...Object.keys(js)])]
    .sort()
    .filter((key) => !isDeepStrictEqual(engine[key], js[key]))
    .map((key) => `${key}: engine ${show(engine[key])}, sets.js ${show(js[key])}`);
}

/** Fail with every vector that differs (not just the first), so one run shows the whole damage. */
function replay(vectors, name, check) {
  const failures = [];
  for (const vector of vectors) {
    const lines = check(vector);
    if (lines.length) failures.push(`  ${name(vector)}:\n${lines.map((line) => `    ${line}`).join("\n")}`);
  }
  if (failures.length) {
    assert.fail(`${failures.length} of ${vectors.length} vectors differ from the engine:\n${failures.slice(0, 20).join("\n")}`);
  }
}

test("conformance: the vector files hold enough to test", () => {
  assert.ok(sets.length >= 500, `only ${sets.length} set vectors`);
  assert.ok(turns.length >= 300, `only ${turns.length} turn vectors`);
  const reasons = new Set(turns.map((t) => t.error ?? t.verdict.reason ?? "legal"));
  for (const reason of ["legal", "malformed", "invalid_set", "tile_left_table", "not_from_rack", "nothing_played",
    "opening_changed_table", "opening_too_low"]) {
    assert.ok(reasons.has(reason), `no turn vector ends with ${reason}`);
  }
});

test("conformance: isSet, the readings and the value of every set vector", () => {
  replay(sets, (v) => show(v.tiles.join(" ")), (v) => {
    const readings = setReadings(v.tiles);
    return differences(
      { is_set: v.is_set, readings: v.readings, value: v.value, first: v.readings[0] ?? null },
      { is_set: isSet(v.tiles), readings, value: setValue(v.tiles), first: setReading(v.tiles) },
    );
  });
});

test("conformance: describeSet agrees with the engine on what is a set, its reading and its value", () => {
  replay(sets, (v) => show(v.tiles.join(" ")), (v) => {
    const description = describeSet(v.tiles);
    const engine = v.is_set ? { valid: true, reading: v.readings[0], value: v.value } : { valid: false };
    const js = description.valid ? description : { valid: false };
    return differences(engine, js);
  });
});

test("conformance: checkTurn gives the engine's verdict on every turn vector", () => {
  replay(turns, (v) => v.name, (v) => {
    if (v.error === "malformed") {
      try {
        const verdict = checkTurn(v.table, v.rack, v.after, v.opened);
        return [`the engine finds the input malformed, sets.js answers ${show(verdict)}`];
      } catch (error) {
        return error instanceof TypeError ? [] : [`sets.js fails otherwise: ${error}`];
      }
    }
    const verdict = checkTurn(v.table, v.rack, v.after, v.opened);
    // Compared whole as well as key by key: to_json() leaves out keys, it never sends them as null.
    return isDeepStrictEqual(verdict, v.verdict) ? [] : [...differences(v.verdict, verdict), `whole: ${show(verdict)}`];
  });
});
