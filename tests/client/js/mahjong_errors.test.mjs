// node --test tests/client/js/ : the Mahjong client's texts for the score API's own refusals
// (game/mahjong/static/mahjong/js/errors.js). Every code the Mahjong app registers
// (game/mahjong/apps.py api_error_codes) has a sentence of its own, which the player reads
// instead of the house's "the server could not do what was asked".
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import "./static_files.mjs";

const { ApiError } = await import("../../../game/core/static/core/js/api.js");
const { UNKNOWN_ERROR_TEXT } = await import("../../../game/core/static/core/js/api_errors.js");
const { MAHJONG_ERROR_TEXTS, apiErrorText } = await import("../../../game/mahjong/static/mahjong/js/errors.js");

const ROOT = new URL("../../../", import.meta.url);

/** The codes of the `api_error_codes={...}` block of the Mahjong app's registry entry. */
function registeredCodes() {
  const source = readFileSync(new URL("game/mahjong/apps.py", ROOT), "utf-8");
  const block = source.match(/api_error_codes=\{(.*?)\n\s*\}/s);
  assert.ok(block, "apps.py names its API error codes");
  return [...block[1].matchAll(/^\s*"(\w+)":/gm)].map((m) => m[1]);
}

test("every code the Mahjong API registers has a text, and no other", () => {
  const codes = registeredCodes();
  assert.ok(codes.includes("copied_log"));
  assert.deepEqual(Object.keys(MAHJONG_ERROR_TEXTS).sort(), [...codes].sort());
  const texts = Object.values(MAHJONG_ERROR_TEXTS);
  assert.equal(new Set(texts).size, texts.length, "each code in its own words");
  // A sentence (the naming rule ends with the punctuation a name may hold: ". - _ ' ! ?").
  for (const text of texts) assert.match(text, /^[A-Z].*[.?]$/);
});

test("a refused submission shows the Mahjong text for its own codes and the house's for the others", () => {
  for (const code of registeredCodes()) {
    const text = apiErrorText(new ApiError(code, 400, "the server's words"));
    assert.equal(text, MAHJONG_ERROR_TEXTS[code]);
    assert.notEqual(text, UNKNOWN_ERROR_TEXT);
  }
  const throttled = new ApiError("throttled", 429);
  assert.equal(apiErrorText(throttled), throttled.message);
});
