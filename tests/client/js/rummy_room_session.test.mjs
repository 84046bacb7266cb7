// node --test tests/client/js/ : the seats this browser keeps in online rooms
// (game/rummy/static/rummy/js/room_session.js), over a stand-in localStorage and a stand-in room API.
import assert from "node:assert/strict";
import { test } from "node:test";

import { installLocalStorage } from "./local_storage.mjs";
import "./static_files.mjs";

const storage = installLocalStorage();
const items = storage.items;

const { ApiError } = await import("../../../game/core/static/core/js/api.js");
const {
  MAX_ROOMS, RoomSession, cannotKeepText, forgetRoom, keptRooms, parseKeptRoom, roomNoteText, roomPageUrl, roomStorageKey,
  roomsIndexKey,
} = await import("../../../game/rummy/static/rummy/js/room_session.js");

/** A stand-in room API: rooms r1, r2... each with invite I<n>; `full` are the rooms whose seat 1 is taken. */
function standInApi() {
  const calls = [];
  const full = new Set();
  let made = 0;
  const answer = (match, seat, invite) => ({
    match,
    credentials: [{ seat, key: `${match}-key${seat}` }],
    state: { match, seat, ...(seat === 0 ? { invite } : {}) },
  });
  return {
    calls,
    full,
    create: async () => {
      calls.push(["create"]);
      made += 1;
      return answer(`r${made}`, 0, `I${made}`.padEnd(16, "x"));
    },
    join: async (invite) => {
      calls.push(["join", invite]);
      if (invite === "gone") throw new ApiError("room_expired", 410);
      if (full.has(invite)) throw new ApiError("room_full", 409);
      full.add(invite);
      return answer(`match-of-${invite}`, 1, invite);
    },
  };
}

test("creating a room keeps seat 0 under its invitation, and the lobby lists it", async () => {
  items.clear();
  const api = standInApi();
  const host = new RoomSession(api);
  const { invite, kept } = await host.create();
  assert.deepEqual([invite, kept], ["I1xxxxxxxxxxxxxx", true]);
  assert.deepEqual(JSON.parse(items.get(roomStorageKey(invite))), { format: 1, match: "r1", seat: 0, key: "r1-key0" });
  assert.equal(roomStorageKey(invite), "miaojong:rummy:room:v1:I1xxxxxxxxxxxxxx");
  assert.deepEqual(keptRooms().map((room) => [room.invite, room.seat]), [[invite, 0]]);
  assert.deepEqual([host.match, host.seat, host.key(0)], ["r1", 0, "r1-key0"]);
  assert.throws(() => host.key(1), /no seat 1/);
});

test("opening an invitation this browser holds a seat of takes it again, with no request", async () => {
  items.clear();
  const api = standInApi();
  const { invite } = await new RoomSession(api).create();
  const again = new RoomSession(api);
  const found = again.resume(invite);
  assert.deepEqual(found, { kept: { match: "r1", seat: 0, key: "r1-key0" }, note: null });
  assert.deepEqual(api.calls, [["create"]], "no request to the seat endpoint");
  assert.equal(again.key(0), "r1-key0");
});

test("a guest takes the second seat once; reopening the link reuses it; another browser finds the room full", async () => {
  items.clear();
  const api = standInApi();
  const guest = new RoomSession(api);
  assert.deepEqual(guest.resume("guestroom0000000"), { kept: null, note: null });
  assert.deepEqual(await guest.join("guestroom0000000"), { note: null });
  assert.deepEqual([guest.match, guest.seat, guest.key(1)], ["match-of-guestroom0000000", 1, "match-of-guestroom0000000-key1"]);
  assert.equal(new RoomSession(api).resume("guestroom0000000").kept.seat, 1);
  assert.equal(api.calls.filter(([call]) => call === "join").length, 1);
  items.clear(); // another browser
  const other = new RoomSession(api);
  await assert.rejects(other.join("guestroom0000000"), (error) => error.code === "room_full");
  await assert.rejects(other.join("gone"), (error) => error.code === "room_expired");
  assert.equal(items.get(roomStorageKey("guestroom0000000")), undefined, "a refused seat is not kept");
  assert.deepEqual(keptRooms(), []);
});

test("a damaged kept seat is forgotten, and the player told", () => {
  for (const bad of ["{not json", "null", "[]", JSON.stringify({ format: 1, match: "m", seat: 2, key: "k" }),
    JSON.stringify({ format: 1, match: "m", seat: 0, key: "" }), JSON.stringify({ format: 2, match: "m", seat: 0, key: "k" })]) {
    items.clear();
    items.set(roomStorageKey("abcdefghijklmnop"), bad);
    assert.equal(parseKeptRoom(bad), "damaged", bad);
    assert.deepEqual(new RoomSession(standInApi()).resume("abcdefghijklmnop"), { kept: null, note: "damaged" }, bad);
    assert.equal(items.has(roomStorageKey("abcdefghijklmnop")), false);
  }
  assert.equal(parseKeptRoom(null), null);
  for (const note of ["damaged", "unkept"]) assert.match(roomNoteText(note), /^[A-Z].*\.$/);
  assert.match(cannotKeepText(), /^[A-Z].*\.$/);
});

test("storage that keeps nothing still seats the player, and says the seat will not last", async () => {
  items.clear();
  storage.refuseWrites = true;
  try {
    const api = standInApi();
    assert.deepEqual(await new RoomSession(api).join("nostorage0000000"), { note: "unkept" });
    assert.equal((await new RoomSession(api).create()).kept, false);
  } finally {
    storage.refuseWrites = false;
  }
});

test("the lobby's list: the room opened last first, forgotten rooms and damaged lists left out, at most MAX_ROOMS", async () => {
  items.clear();
  const api = standInApi();
  const first = (await new RoomSession(api).create()).invite;
  const second = (await new RoomSession(api).create()).invite;
  assert.deepEqual(keptRooms().map((room) => room.invite), [second, first]);
  new RoomSession(api).resume(first);
  assert.deepEqual(keptRooms().map((room) => room.invite), [first, second]);
  assert.ok(keptRooms().every((room) => Number.isFinite(room.at)));
  forgetRoom(first);
  assert.equal(items.has(roomStorageKey(first)), false);
  assert.deepEqual(keptRooms().map((room) => room.invite), [second]);
  items.delete(roomStorageKey(second)); // the seat gone, the list not told
  assert.deepEqual(keptRooms(), []);
  items.set(roomsIndexKey, "{broken");
  assert.deepEqual(keptRooms(), []);
  items.clear();
  for (let n = 0; n < MAX_ROOMS + 2; n++) await new RoomSession(api).create();
  assert.equal(keptRooms().length, MAX_ROOMS);
  assert.equal([...items.keys()].filter((key) => key.includes(":room:v1:")).length, MAX_ROOMS, "the oldest seats go");
});

test("a room's page address comes from the page's template", () => {
  const config = { roomUrlTemplate: "/it/rummy/online/________________/", inviteSlot: "________________" };
  assert.equal(roomPageUrl(config, "Ab-_0123456789xy"), "/it/rummy/online/Ab-_0123456789xy/");
});
