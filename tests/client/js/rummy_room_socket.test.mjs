// node --test tests/client/js/ : an online room's WebSocket (game/rummy/static/rummy/js/room_socket.js)
// over a stand-in WebSocket and stand-in timers: hello first with the last position, answers
// by id, refusals with their code, reconnection with backoff, the ping's deadline, and the
// closes after which it must not come back by itself.
import assert from "node:assert/strict";
import { test } from "node:test";

import "./static_files.mjs";

const { ApiError } = await import("../../../game/core/static/core/js/api.js");
const { RoomSocket, TIMING, roomSocketUrl } = await import("../../../game/rummy/static/rummy/js/room_socket.js");

/** Timers that run only when the test moves the clock on. */
class FakeClock {
  constructor() {
    this.now = 0;
    this.nextHandle = 1;
    /** @type {Map<number, {at: number, run: () => void}>} */
    this.timers = new Map();
  }

  setTimeout(run, ms) {
    const handle = this.nextHandle++;
    this.timers.set(handle, { at: this.now + ms, run });
    return handle;
  }

  clearTimeout(handle) {
    this.timers.delete(handle);
  }

  /** Move on by `ms`, running every timer that falls due, in order. */
  advance(ms) {
    const end = this.now + ms;
    for (;;) {
      const due = [...this.timers.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.timers.delete(due[0]);
      this.now = due[1].at;
      due[1].run();
    }
    this.now = end;
  }
}

/** A stand-in WebSocket: the test opens it, sends it messages and closes it. */
class FakeSocket {
  static made = [];

  constructor(url) {
    this.url = url;
    this.readyState = 0;
    this.sent = [];
    this.closedWith = null;
    this.onopen = this.onmessage = this.onclose = this.onerror = null;
    FakeSocket.made.push(this);
  }

  send(text) {
    if (this.readyState !== 1) throw new Error("not open");
    this.sent.push(JSON.parse(text));
  }

  close(code) {
    this.closedWith = code ?? 1000;
    this.readyState = 3;
  }

  open() {
    this.readyState = 1;
    this.onopen?.({});
  }

  receive(message) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }

  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

const stateAt = (hand, number, more = {}) => ({ match: "M", hand, number, seat: 0, mode: "online", events: [], ...more });

/** A socket on the stand-ins, with what it told its handlers. */
function harness(random = () => 0.5) {
  FakeSocket.made = [];
  const clock = new FakeClock();
  const told = { states: [], presence: [], statuses: [], closed: [] };
  let wake = () => {};
  const socket = new RoomSocket({
    url: "ws://example.test/ws/rummy/rooms/M/",
    key: "secret",
    WebSocket: FakeSocket,
    timers: clock,
    random,
    onWake: (callback) => {
      wake = callback;
    },
    handlers: {
      state: (state, replyTo) => told.states.push([state.number, replyTo]),
      presence: (presence) => told.presence.push(presence),
      status: (status) => told.statuses.push(status),
      closed: (code, error) => told.closed.push([code, error?.code ?? null]),
    },
  });
  const last = () => FakeSocket.made.at(-1);
  /** Open the newest connection and answer its hello. */
  const answerHello = (state = stateAt(1, 0)) => {
    last().open();
    last().receive({ type: "state", reply_to: null, state });
  };
  return { socket, clock, told, last, answerHello, wake: () => wake() };
}

test("the address follows the page's scheme", () => {
  assert.equal(roomSocketUrl({ protocol: "https:", host: "miaojong.example" }, "/ws/rummy/rooms/", "ab_C-1"), "wss://miaojong.example/ws/rummy/rooms/ab_C-1/");
  assert.equal(roomSocketUrl({ protocol: "http:", host: "127.0.0.1:8000" }, "/ws/rummy/rooms/", "x"), "ws://127.0.0.1:8000/ws/rummy/rooms/x/");
});

test("hello goes first with the key and no position; the answer opens the room", () => {
  const { socket, told, last } = harness();
  socket.open();
  assert.equal(last().url, "ws://example.test/ws/rummy/rooms/M/");
  assert.equal(socket.status, "connecting");
  last().open();
  assert.deepEqual(last().sent, [{ type: "hello", key: "secret", hand: null, number: null }]);
  assert.equal(socket.status, "connecting", "open only once hello is answered");
  last().receive({ type: "state", reply_to: null, state: stateAt(1, 4) });
  assert.equal(socket.status, "open");
  assert.deepEqual(told.states, [[4, null]]);
  assert.deepEqual(told.statuses, ["open"]);
  assert.deepEqual(socket.seen, { hand: 1, number: 4 });
});

test("requests are answered by id, refusals reject with the server's code, news goes to the handlers", async () => {
  const { socket, told, last, answerHello } = harness();
  await assert.rejects(socket.request({ type: "sync", hand: null, number: null }), (e) => e instanceof ApiError && e.code === "offline");
  socket.open();
  answerHello();
  const draw = socket.request({ type: "act", hand: 1, number: 0, action: { type: "draw" } });
  const consent = socket.request({ type: "next_hand", hand: 1 });
  const [first, second] = last().sent.slice(1);
  assert.deepEqual(first, { type: "act", hand: 1, number: 0, action: { type: "draw" }, id: first.id });
  assert.notEqual(first.id, second.id);
  // Answered out of order: each promise gets its own answer.
  last().receive({ type: "error", reply_to: second.id, code: "hand_not_over", error: "not yet" });
  last().receive({ type: "state", reply_to: first.id, state: stateAt(1, 1) });
  assert.equal((await draw).number, 1);
  await assert.rejects(consent, (e) => e instanceof ApiError && e.code === "hand_not_over" && e.detail === "not yet");
  const play = socket.request({ type: "act", hand: 1, number: 2, action: { type: "play", after: [] } });
  const id = last().sent.at(-1).id;
  last().receive({ type: "error", reply_to: id, code: "illegal_table", error: "bad", reason: "invalid_set", set: 2 });
  await assert.rejects(play, (e) => e.code === "illegal_table" && e.data.reason === "invalid_set" && e.data.set === 2);
  last().receive({ type: "state", reply_to: null, state: stateAt(1, 2) });
  last().receive({ type: "presence", connected: [true, false], joined: true });
  assert.deepEqual(told.states, [[0, null], [1, first.id], [2, null]]);
  assert.deepEqual(told.presence, [{ connected: [true, false], joined: true }]);
  last().receive("not a message at all");
  assert.equal(socket.status, "open");
});

test("the silence check brings the news a busy server failed to deliver", () => {
  const { socket, clock, last, answerHello, told } = harness();
  socket.open();
  answerHello(stateAt(1, 3));
  clock.advance(TIMING.pingMs);
  const check = last().sent.at(-1);
  last().receive({ type: "state", reply_to: check.id, state: stateAt(1, 5) });
  assert.deepEqual(told.states, [[3, null], [5, null]], "shown as news, like a push");
  assert.deepEqual(socket.seen, { hand: 1, number: 5 });
});

test("the waits are spread by a quarter either way, so that clients do not all come back at once", () => {
  for (const [random, expected] of [[0, 750], [0.999, 1250]]) {
    const { socket, clock, last, answerHello } = harness(() => random);
    socket.open();
    answerHello(stateAt(1, 0));
    last().drop(1006);
    const before = FakeSocket.made.length;
    const start = clock.now;
    while (FakeSocket.made.length === before) clock.advance(10);
    assert.ok(Math.abs(clock.now - start - expected) <= 10, `${clock.now - start} ms, not ${expected}`);
    socket.stop();
  }
});

test("a dropped connection comes back after 1 s, 2 s, 4 s... at most 15 s, with the last position seen", async () => {
  const { socket, clock, last, answerHello } = harness();
  socket.open();
  answerHello(stateAt(2, 7));
  const waiting = socket.request({ type: "sync", hand: 2, number: 7 });
  last().drop(1006);
  await assert.rejects(waiting, (e) => e.code === "offline");
  assert.equal(socket.status, "reconnecting");
  const waits = [];
  for (let attempt = 0; attempt < 6; attempt++) {
    const before = FakeSocket.made.length;
    const start = clock.now;
    while (FakeSocket.made.length === before) clock.advance(250);
    waits.push(clock.now - start);
    last().drop(1006); // the server is still away
  }
  assert.deepEqual(waits, [1000, 2000, 4000, 8000, 15_000, 15_000]);
  clock.advance(15_000);
  answerHello(stateAt(2, 9));
  assert.deepEqual(FakeSocket.made.at(-1).sent[0], { type: "hello", key: "secret", hand: 2, number: 7 });
  assert.equal(socket.status, "open");
  // Once in again, the next drop starts from 1 s once more.
  last().drop(1011);
  const before = FakeSocket.made.length;
  clock.advance(999);
  assert.equal(FakeSocket.made.length, before);
  clock.advance(1);
  assert.equal(FakeSocket.made.length, before + 1);
  last().open();
  assert.deepEqual(last().sent[0], { type: "hello", key: "secret", hand: 2, number: 9 });
});

test("a silent connection is checked; one that does not answer in time is dropped and opened anew", async () => {
  const { socket, clock, last, answerHello, told } = harness();
  socket.open();
  answerHello(stateAt(1, 3));
  const first = last();
  clock.advance(TIMING.pingMs - 1);
  assert.equal(first.sent.length, 1, "no check while there is no silence to check");
  clock.advance(1);
  const check = first.sent.at(-1);
  assert.deepEqual({ ...check, id: 0 }, { type: "sync", id: 0, hand: 1, number: 3 }, "a sync from the last position seen");
  clock.advance(TIMING.pongMs - 1);
  first.receive({ type: "state", reply_to: check.id, state: stateAt(1, 3) });
  assert.deepEqual(told.states, [[3, null]], "an answer with nothing new is no news");
  clock.advance(TIMING.pingMs - 1);
  assert.equal(FakeSocket.made.length, 1, "an answered check keeps the connection");
  clock.advance(1);
  const pending = socket.request({ type: "sync", hand: 1, number: 3 });
  assert.equal(first.sent.filter((m) => m.type === "sync").length, 3);
  // The second check goes unanswered, and the server never closes: the client does.
  clock.advance(TIMING.pongMs);
  assert.equal(first.closedWith, 4000);
  await assert.rejects(pending, (e) => e.code === "offline");
  assert.equal(socket.status, "reconnecting");
  clock.advance(TIMING.retryMs);
  assert.equal(FakeSocket.made.length, 2);
  last().open();
  assert.deepEqual(last().sent[0], { type: "hello", key: "secret", hand: 1, number: 3 });
  // The stale connection's late events no longer count.
  first.receive({ type: "state", reply_to: null, state: stateAt(1, 99) });
  first.drop(1006);
  assert.deepEqual(socket.seen, { hand: 1, number: 3 });
  assert.equal(FakeSocket.made.length, 2);
});

test("a connection that never opens or whose hello goes unanswered is given up and tried again", () => {
  const { socket, clock, last } = harness();
  socket.open();
  clock.advance(TIMING.pongMs);
  assert.equal(last().closedWith, 4000);
  clock.advance(TIMING.retryMs);
  assert.equal(FakeSocket.made.length, 2);
  last().open();
  clock.advance(TIMING.pongMs);
  assert.equal(last().closedWith, 4000, "hello sent, no answer");
});

test("the page shown again or the network back tries at once, or checks an open connection", () => {
  const { socket, clock, last, answerHello, wake } = harness();
  socket.open();
  answerHello();
  last().drop(1006);
  clock.advance(500);
  assert.equal(FakeSocket.made.length, 1);
  wake();
  assert.equal(FakeSocket.made.length, 2, "no waiting for the backoff");
  answerHello();
  wake();
  assert.equal(last().sent.at(-1).type, "sync");
  clock.advance(TIMING.pongMs);
  assert.equal(last().closedWith, 4000);
});

test("replaced, or closed for the seat, the room or its expiry: no coming back by itself", async () => {
  for (const how of ["message", 4409]) {
    const { socket, clock, told, last, answerHello } = harness();
    socket.open();
    answerHello();
    const pending = socket.request({ type: "sync", hand: 1, number: 0 });
    if (how === "message") last().receive({ type: "replaced" });
    last().drop(4409);
    await assert.rejects(pending, (e) => e.code === "replaced" || e.code === "offline");
    assert.equal(socket.status, "replaced");
    clock.advance(60_000);
    assert.equal(FakeSocket.made.length, 1, `replaced by ${how}`);
    assert.deepEqual(told.closed, []);
    // Play here: the player asks, and it connects again.
    socket.open();
    assert.equal(FakeSocket.made.length, 2);
    answerHello();
    assert.equal(socket.status, "open");
  }
  for (const [code, refusal] of [[4403, "credential_invalid"], [4404, "not_found"], [4410, "room_expired"]]) {
    const { socket, clock, told, last, wake } = harness();
    socket.open();
    last().open();
    last().receive({ type: "error", reply_to: null, code: refusal, error: "no" });
    last().drop(code);
    clock.advance(60_000);
    wake();
    assert.equal(FakeSocket.made.length, 1, `close ${code}`);
    assert.equal(socket.status, "closed");
    assert.deepEqual(told.closed, [[code, refusal]]);
  }
});

test("a close for no hello in time (4401) or a server restart (1012) is tried again", () => {
  for (const code of [4401, 1012, 1000]) {
    const { socket, clock, last, answerHello } = harness();
    socket.open();
    answerHello();
    last().drop(code);
    clock.advance(TIMING.retryMs);
    assert.equal(FakeSocket.made.length, 2, `close ${code}`);
  }
});

test("a message too large for the server (close 1009) fails its request with that reason, then reconnects", async () => {
  const { socket, clock, last, answerHello } = harness();
  socket.open();
  answerHello();
  const play = socket.request({ type: "act", hand: 1, number: 0, action: { type: "play", after: [] } });
  last().drop(1009);
  await assert.rejects(play, (e) => e instanceof ApiError && e.code === "message_too_large");
  clock.advance(TIMING.retryMs);
  assert.equal(FakeSocket.made.length, 2);
});

test("replaced just after a hello was given up unanswered: taken back once, as that hello is this tab's own", async () => {
  const { socket, clock, last, answerHello } = harness();
  socket.open();
  last().open(); // hello sent, and no answer in time: a busy server may still read it later
  clock.advance(TIMING.pongMs);
  assert.equal(last().closedWith, 4000);
  clock.advance(TIMING.retryMs);
  answerHello();
  last().receive({ type: "replaced" });
  last().drop(4409);
  assert.equal(socket.status, "reconnecting", "not shown as open elsewhere");
  clock.advance(TIMING.retryMs);
  assert.equal(FakeSocket.made.length, 3, "the seat is opened again");
  answerHello();
  assert.equal(socket.status, "open");
  // Once only: another tab that takes the seat now has it.
  last().receive({ type: "replaced" });
  assert.equal(socket.status, "replaced");
  clock.advance(60_000);
  assert.equal(FakeSocket.made.length, 3);
});

test("a hello given up long ago no longer excuses a replacement once a later check was answered", () => {
  const { socket, clock, last, answerHello } = harness();
  socket.open();
  last().open();
  clock.advance(TIMING.pongMs);
  clock.advance(TIMING.retryMs);
  answerHello(stateAt(1, 2));
  clock.advance(TIMING.pingMs);
  const check = last().sent.at(-1);
  assert.equal(check.type, "sync");
  last().receive({ type: "state", reply_to: check.id, state: stateAt(1, 2) });
  last().drop(4409);
  assert.equal(socket.status, "replaced");
  clock.advance(60_000);
  assert.equal(FakeSocket.made.length, 2);
});
