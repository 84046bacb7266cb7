// node --test tests/client/js/ : the Rummy client's texts for the seat API's refusals
// (game/rummy/static/rummy/js/errors.js). Every code the Rummy app registers
// (game/rummy/apps.py api_error_codes), every code the room socket refuses with
// (game/rummy/sockets.py) and every reason of an illegal table (game/rummy/engine/turns.py
// Reason) has a sentence of its own.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import "./static_files.mjs";

const { ApiError } = await import("../../../game/core/static/core/js/api.js");
const { ROOM_SOCKET_ERROR_TEXTS, RUMMY_ERROR_TEXTS, failureText, isRetryable, isSeatLost, reasonText, refusalText } = await import(
  "../../../game/rummy/static/rummy/js/errors.js"
);

const ROOT = new URL("../../../", import.meta.url);

/** The codes of the `api_error_codes={...}` block of the Rummy app's registry entry. */
function registeredCodes() {
  const source = readFileSync(new URL("game/rummy/apps.py", ROOT), "utf-8");
  const block = source.match(/api_error_codes=\{(.*?)\n\s*\}/s);
  assert.ok(block, "apps.py names its API error codes");
  return [...block[1].matchAll(/^\s*"(\w+)":/gm)].map((m) => m[1]);
}

/** The codes the room socket refuses with on its own (SocketRefusal and _refuse_and_close in sockets.py). */
function socketCodes() {
  const source = readFileSync(new URL("game/rummy/sockets.py", ROOT), "utf-8");
  return [...new Set([...source.matchAll(/(?:SocketRefusal|_refuse_and_close)\(\s*"(\w+)"/g)].map((m) => m[1]))];
}

/** The values of the engine's Reason enum. */
function reasons() {
  const source = readFileSync(new URL("game/rummy/engine/turns.py", ROOT), "utf-8");
  const block = source.match(/class Reason\(StrEnum\):(.*?)\n\n\n/s);
  assert.ok(block, "turns.py has a Reason enum");
  return [...block[1].matchAll(/^\s+\w+ = "(\w+)"/gm)].map((m) => m[1]);
}

test("every code the Rummy API registers has a text, and no other", () => {
  const codes = registeredCodes();
  assert.ok(codes.length >= 10);
  assert.deepEqual(Object.keys(RUMMY_ERROR_TEXTS).sort(), [...codes].sort());
  const texts = Object.values(RUMMY_ERROR_TEXTS);
  assert.equal(new Set(texts).size, texts.length, "each code in its own words");
  for (const text of texts) assert.match(text, /^[A-Z].*[.]$/);
});

test("every code the room socket refuses with has a text, and no other; the room's own codes are worded", () => {
  const codes = socketCodes();
  assert.deepEqual([...codes].sort(), ["hello_first", "malformed", "message_too_large", "rate_limited", "replaced"]);
  assert.deepEqual(Object.keys(ROOM_SOCKET_ERROR_TEXTS).sort(), [...codes].sort());
  const texts = [...Object.values(ROOM_SOCKET_ERROR_TEXTS), ...Object.values(RUMMY_ERROR_TEXTS)];
  assert.equal(new Set(texts).size, texts.length, "each code in its own words");
  for (const text of Object.values(ROOM_SOCKET_ERROR_TEXTS)) assert.match(text, /^[A-Z].*[.]$/);
  for (const code of [...codes, "opponent_away", "room_full", "room_expired"]) {
    const text = failureText(new ApiError(code, 0, "the server's words"));
    assert.ok(text !== "the server's words" && text === (ROOM_SOCKET_ERROR_TEXTS[code] ?? RUMMY_ERROR_TEXTS[code]), code);
  }
  assert.ok(isRetryable(new ApiError("rate_limited")));
});

test("every reason of an illegal table has its own sentence, with the set and the value", () => {
  const all = reasons();
  assert.deepEqual([...all].sort(), [
    "invalid_set", "not_from_rack", "nothing_played", "opening_changed_table", "opening_too_low", "tile_left_table",
  ]);
  const texts = all.map((reason) => reasonText(reason));
  assert.equal(new Set(texts).size, texts.length);
  assert.ok(!texts.includes(RUMMY_ERROR_TEXTS.illegal_table), "each reason says more than the code");
  assert.equal(reasonText("invalid_set", { set: 2 }), "Set 3 is not a valid set.");
  assert.equal(reasonText("opening_too_low", { value: 24 }), "Your first play is worth 24 points: it needs at least 30.");
  assert.equal(reasonText("a_new_reason"), RUMMY_ERROR_TEXTS.illegal_table);
});

test("a refused request shows the Rummy text, the reason of an illegal table, or the house's text", () => {
  assert.equal(failureText(new ApiError("stale_turn", 409, "reload")), RUMMY_ERROR_TEXTS.stale_turn);
  const illegal = new ApiError("illegal_table", 400, "no", { code: "illegal_table", reason: "invalid_set", set: 0 });
  assert.equal(failureText(illegal), "Set 1 is not a valid set.");
  assert.equal(failureText(new ApiError("illegal_table", 400, "no", null)), RUMMY_ERROR_TEXTS.illegal_table);
  assert.equal(failureText(new ApiError("throttled", 429)), "Too many requests in a short time. Please wait a moment and try again.");
  assert.equal(failureText(new ApiError("offline")), "The server cannot be reached.");
  assert.match(failureText(new TypeError("boom")), /boom/);
});

test("only failures to reach or hear the server offer a retry; a lost seat starts over", () => {
  assert.ok(isRetryable(new ApiError("offline")));
  assert.ok(isRetryable(new ApiError("internal_error", 500)));
  assert.ok(isRetryable(new ApiError("throttled", 429)));
  assert.ok(!isRetryable(new ApiError("stale_turn", 409)));
  assert.ok(!isRetryable(new ApiError("illegal_table", 400)));
  for (const [code, status] of [["not_found", 404], ["credential_invalid", 403], ["credential_missing", 401]]) {
    assert.ok(isSeatLost(new ApiError(code, status)), code);
  }
  assert.ok(!isSeatLost(new ApiError("offline")));
});

test("the draft's refusals are explained", () => {
  assert.match(refusalText("table_tile_to_rack"), /tiles of the table stay on the table/);
  assert.match(refusalText("reset_first"), /reset/);
  assert.notEqual(refusalText("nothing_selected"), refusalText("something else"));
});
