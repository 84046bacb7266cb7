// node --test tests/client/js/ : the match this browser keeps per mode
// (game/rummy/static/rummy/js/session.js), over a stand-in localStorage and a stand-in API.
import assert from "node:assert/strict";
import { test } from "node:test";

import { installLocalStorage } from "./local_storage.mjs";
import "./static_files.mjs";

const storage = installLocalStorage();
const items = storage.items;

const { ApiError } = await import("../../../game/core/static/core/js/api.js");
const { MatchSession, heldSeats, keptMatchText, matchStorageKey, parseKeptMatch, sessionNoteText } = await import(
  "../../../game/rummy/static/rummy/js/session.js"
);

const stateOf = (match) => ({ match, number: 0, view: {} });

/** A stand-in seat API: matches m1, m2... created; `known` are the ones the server still has. */
function standInApi(known = new Set()) {
  const calls = [];
  let made = 0;
  return {
    calls,
    known,
    create: async (mode, level) => {
      calls.push(["create", mode, level]);
      const match = `m${++made}`;
      known.add(match);
      const credentials = heldSeats(mode).map((seat) => ({ seat, key: `${match}-key${seat}` }));
      return { match, credentials, state: stateOf(match) };
    },
    state: async (match, key, since) => {
      calls.push(["state", match, key, since]);
      if (match === "offline") throw new ApiError("offline");
      if (!known.has(match)) throw new ApiError("not_found", 404);
      if (key !== `${match}-key0`) throw new ApiError("credential_invalid", 403);
      return stateOf(match);
    },
  };
}

test("a first visit starts a match and keeps its keys; the next visit resumes it", async () => {
  items.clear();
  const api = standInApi();
  const first = await new MatchSession(api, "computer").resume("hard");
  assert.deepEqual([first.state.match, first.note, first.created], ["m1", null, true]);
  assert.deepEqual(api.calls[0], ["create", "computer", "hard"]);
  const again = new MatchSession(api, "computer");
  const resumed = await again.resume("easy");
  assert.deepEqual([resumed.state.match, resumed.note, resumed.created], ["m1", null, false]);
  assert.deepEqual(api.calls.at(-1), ["state", "m1", "m1-key0", 0]);
  assert.equal(again.key(0), "m1-key0");
  assert.throws(() => again.key(1), /no seat 1/);
});

test("the two modes keep their matches apart; pass and play holds both seats", async () => {
  items.clear();
  const api = standInApi();
  await new MatchSession(api, "computer").resume("easy");
  const local = new MatchSession(api, "local");
  await local.resume("easy");
  assert.deepEqual([local.key(0), local.key(1)], ["m2-key0", "m2-key1"]);
  assert.notEqual(matchStorageKey("computer"), matchStorageKey("local"));
  assert.equal(parseKeptMatch(items.get(matchStorageKey("computer")), "computer").match, "m1");
  assert.equal(parseKeptMatch(items.get(matchStorageKey("local")), "local").match, "m2");
});

test("a damaged kept match, or one the server lost or refuses, gives a note and a new match", async () => {
  for (const bad of ["{not json", "null", "[]", JSON.stringify({ format: 1, mode: "local", match: "m9", keys: ["a"] }),
    JSON.stringify({ format: 1, mode: "computer", match: "", keys: ["a"] })]) {
    items.clear();
    items.set(matchStorageKey("local"), bad);
    const opened = await new MatchSession(standInApi(), "local").resume("easy");
    assert.deepEqual([opened.note, opened.created], ["damaged", true], bad);
  }
  items.clear();
  const api = standInApi();
  await new MatchSession(api, "computer").resume("easy");
  api.known.delete("m1");
  const lost = await new MatchSession(api, "computer").resume("easy");
  assert.deepEqual([lost.state.match, lost.note], ["m2", "lost"]);
  items.set(matchStorageKey("computer"), keptMatchText("computer", { match: "m2", credentials: [{ seat: 0, key: "forged" }] }));
  assert.equal((await new MatchSession(api, "computer").resume("easy")).note, "lost");
  for (const note of ["damaged", "lost", "unkept"]) assert.match(sessionNoteText(note), /^[A-Z].*\.$/);
});

test("a server out of reach is no reason to forget the match", async () => {
  items.clear();
  items.set(matchStorageKey("computer"), keptMatchText("computer", { match: "offline", credentials: [{ seat: 0, key: "k" }] }));
  await assert.rejects(new MatchSession(standInApi(), "computer").resume("easy"), (error) => error.code === "offline");
  assert.equal(parseKeptMatch(items.get(matchStorageKey("computer")), "computer").match, "offline");
});

test("storage that refuses to keep anything still plays, and says the match will not last", async () => {
  items.clear();
  storage.refuseWrites = true;
  try {
    const opened = await new MatchSession(standInApi(), "computer").resume("easy");
    assert.deepEqual([opened.state.match, opened.note], ["m1", "unkept"]);
  } finally {
    storage.refuseWrites = false;
  }
});
