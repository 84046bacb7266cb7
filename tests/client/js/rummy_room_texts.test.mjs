// node --test tests/client/js/ : what an online room's status line says the game waits for, and who
// wants the next hand (game/rummy/static/rummy/js/room_texts.js), read from each seat.
import assert from "node:assert/strict";
import { test } from "node:test";

import "./static_files.mjs";

const { consentText, roomHold } = await import("../../../game/rummy/static/rummy/js/room_texts.js");

const state = (seat, more = {}) => ({ seat, view: { result: null }, consents: [false, false], ...more });
const here = { status: "open", joined: true, connected: [true, true] };

test("nothing is waited for when both players are here and the socket is open", () => {
  assert.equal(roomHold(here, state(0)), null);
  assert.equal(roomHold(here, state(1)), null);
});

test("the socket's troubles come first, then the guest to come, then the other player away", () => {
  assert.equal(roomHold({ ...here, status: "reconnecting", connected: [true, false] }, state(0)), "Reconnecting…");
  assert.equal(roomHold({ ...here, status: "connecting" }, state(0)), "Connecting…");
  assert.equal(roomHold({ ...here, status: "replaced" }, state(1)), "This game is open in another tab or window.");
  assert.match(roomHold({ ...here, status: "closed" }, state(1)), /cannot be played/);
  assert.equal(roomHold({ ...here, joined: false, connected: [true, false] }, state(0)), "Waiting for Player 2 to join: send them the link.");
  assert.equal(roomHold({ ...here, connected: [true, false] }, state(0)), "Player 2 is not connected: the game waits for them.");
  assert.equal(roomHold({ ...here, connected: [false, true] }, state(1)), "Player 1 is not connected: the game waits for them.");
});

test("at the end of a hand, each player reads who has asked for the next one", () => {
  const over = { result: { winner: 0 } };
  assert.equal(roomHold(here, state(0, { view: over, consents: [true, false] })), "Waiting for Player 2 to agree to a new hand.");
  assert.equal(roomHold(here, state(1, { view: over, consents: [true, false] })), "Player 1 wants a new hand: press New hand to start it.");
  assert.equal(roomHold(here, state(1, { view: over })), null);
  assert.equal(consentText([false, true], 0), "Player 2 wants a new hand: press New hand to start it.");
  assert.equal(consentText([false, true], 1), "Waiting for Player 1 to agree to a new hand.");
  assert.equal(consentText([true, true], 1), "");
});
