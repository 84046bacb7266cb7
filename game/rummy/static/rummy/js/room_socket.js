// @ts-check
// An online room's WebSocket, /ws/rummy/rooms/<match>/ (the protocol is in the docstring of
// game/rummy/sockets.py). The seat's key goes in the first message, hello, never in the
// address, with the last position seen (hand, number), so that a reconnection gets only what
// it missed. request() sends act, next_hand or sync with an id and resolves with the state
// answering that id, or rejects with an ApiError (core/js/api.js) carrying the server's code,
// so that errors.js words it like an HTTP refusal. What the server sends by itself (the other
// player's move, who is connected, "replaced") goes to the handlers.
//
// A connection can die without anyone noticing (a phone asleep, a Wi-Fi change), so the
// client checks for itself: after PING_MS of silence it asks (a sync from the last position
// seen, which also brings any news a busy server failed to push; a ping before the seat is
// open), and a connection that does not answer within PONG_MS (or does not open and answer
// hello in that time) is dropped and opened anew. Each new attempt waits twice as long as the last (1 s, 2 s, 4 s... at most
// 15 s), except when the page becomes visible again or the browser goes online: then at
// once. A close for a message too large (1009) fails the requests waiting with that reason
// (errors.js has its text) and reconnects. A seat opened in another tab ("replaced", close 4409) or a close that names the seat,
// the room or its expiry as the reason (4403, 4404, 4410) stops the attempts: only open()
// starts again. But a hello given up unanswered may still reach a busy server after the next
// connection's, and take the seat from this very tab: while one is out, "replaced" is taken for
// that once, and the seat opened again. The WebSocket constructor and the timers can be handed
// in, for the tests.

import { ApiError } from "../../core/js/api.js";

/** @typedef {import("./seat_api.js").SeatState} SeatState */

/** The server's close codes after which trying again cannot help (sockets.py). */
export const FINAL_CLOSES = Object.freeze([4403, 4404, 4410]);
export const REPLACED_CLOSE = 4409;
/** The WebSocket close for a message larger than the server reads (it refuses it unread). */
export const TOO_LARGE_CLOSE = 1009;
const OPEN = 1; // WebSocket.OPEN, which a stand-in socket need not define

/**
 * @typedef {object} SocketTiming milliseconds
 * @property {number} retryMs the first wait before reconnecting (doubled at each attempt)
 * @property {number} maxRetryMs the longest wait
 * @property {number} pingMs silence after which the connection is checked
 * @property {number} pongMs how long an answer may take (a pong; the hello's, when opening)
 */
export const TIMING = Object.freeze({ retryMs: 1000, maxRetryMs: 15_000, pingMs: 20_000, pongMs: 10_000 });

/**
 * "connecting" (the first time), "open" (hello answered: requests may go), "reconnecting"
 * (waiting or trying again), "replaced" (the seat is open elsewhere), "closed" (for good).
 * @typedef {"connecting" | "open" | "reconnecting" | "replaced" | "closed"} SocketStatus
 *
 * @typedef {{connected: boolean[], joined: boolean}} Presence
 *
 * @typedef {object} SocketHandlers
 * @property {(state: SeatState, replyTo: unknown) => void} [state] every state, answers included (replyTo null for news)
 * @property {(presence: Presence) => void} [presence]
 * @property {(status: SocketStatus) => void} [status]
 * @property {(code: number, error: ApiError | null) => void} [closed] a final close, with the refusal before it
 *
 * The part of a WebSocket this module uses.
 * @typedef {object} WebSocketLike
 * @property {number} readyState
 * @property {(data: string) => void} send
 * @property {(code?: number) => void} close
 * @property {((event: any) => void) | null} onopen
 * @property {((event: any) => void) | null} onmessage
 * @property {((event: any) => void) | null} onclose
 * @property {((event: any) => void) | null} onerror
 *
 * @typedef {object} Timers
 * @property {(run: () => void, ms: number) => unknown} setTimeout
 * @property {(handle: unknown) => void} clearTimeout
 *
 * @typedef {object} RoomSocketOptions
 * @property {string} url ws(s)://host/ws/rummy/rooms/<match>/
 * @property {string} key the seat's credential
 * @property {SocketHandlers} handlers
 * @property {Partial<SocketTiming>} [timing]
 * @property {new (url: string) => WebSocketLike} [WebSocket]
 * @property {Timers} [timers]
 * @property {() => number} [random] in [0, 1), for the reconnection's spread
 * @property {(wake: () => void) => void} [onWake] calls `wake` when a connection is worth trying at once
 */

/**
 * The socket address of match `match` for a page at `location`.
 * @param {{protocol: string, host: string}} location
 * @param {string} path "/ws/rummy/rooms/"
 * @param {string} match
 */
export function roomSocketUrl(location, path, match) {
  return `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}${path}${encodeURIComponent(match)}/`;
}

/** The browser's moments to try at once: the page shown again, the network back. @param {() => void} wake */
function browserWake(wake) {
  if (typeof document === "undefined") return;
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") wake();
  });
  window.addEventListener("online", wake);
}

/** @type {Timers} */
const browserTimers = {
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(/** @type {number} */ (handle)),
};

export class RoomSocket {
  /** @param {RoomSocketOptions} options */
  constructor(options) {
    this.url = options.url;
    this.key = options.key;
    this.handlers = options.handlers;
    this.timing = { ...TIMING, ...options.timing };
    this.WebSocket = options.WebSocket ?? /** @type {new (url: string) => WebSocketLike} */ (globalThis.WebSocket);
    this.timers = options.timers ?? browserTimers;
    /** The id of the silence check's sync, whose answer is not any request's. @type {number | null} */
    this.checkId = null;
    this.random = options.random ?? Math.random;
    /** @type {SocketStatus} */
    this.status = "connecting";
    /** The position of the last state received, sent with hello. @type {{hand: number, number: number} | null} */
    this.seen = null;
    /** @type {WebSocketLike | null} */
    this.socket = null;
    /** Whether hello was answered on this connection (requests may go). */
    this.ready = false;
    this.attempts = 0;
    /** Hellos given up unanswered, which a busy server may still read after a newer connection's. */
    this.strayHellos = 0;
    this.nextId = 1;
    /** @type {Map<number, {resolve: (state: SeatState) => void, reject: (error: ApiError) => void}>} */
    this.pending = new Map();
    /** @type {ApiError | null} the last refusal that answered no request (a hello's) */
    this.lastError = null;
    /** @type {{retry: unknown, ping: unknown, deadline: unknown}} */
    this.timer = { retry: null, ping: null, deadline: null };
    (options.onWake ?? browserWake)(() => this.#wake());
  }

  /** Connect (again): the first time, and after "replaced" or a final close when the player asks. */
  open() {
    this.attempts = 0;
    this.strayHellos = 0;
    this.lastError = null;
    this.#connect(this.status === "connecting" ? "connecting" : "reconnecting");
  }

  /** Stop for good: no more messages, no more attempts. */
  stop() {
    const socket = this.#detach();
    this.#dropPending();
    socket?.close(1000);
    this.#setStatus("closed");
  }

  /**
   * Send a request and wait for its answer: act, next_hand or sync.
   * @param {{type: "act" | "next_hand" | "sync", [field: string]: unknown}} message
   * @returns {Promise<SeatState>}
   */
  request(message) {
    const socket = this.socket;
    if (!this.ready || !socket) return Promise.reject(new ApiError("offline"));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      if (!this.#send(socket, { ...message, id })) {
        this.pending.delete(id);
        reject(new ApiError("offline"));
      }
    });
  }

  /** @param {SocketStatus} status */
  #connect(status) {
    this.#detach();
    this.#clear("retry");
    this.#setStatus(status);
    /** @type {WebSocketLike} */
    let socket;
    try {
      socket = new this.WebSocket(this.url);
    } catch {
      this.#retry();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      const seen = this.seen;
      this.#send(socket, { type: "hello", key: this.key, hand: seen?.hand ?? null, number: seen?.number ?? null });
    };
    socket.onmessage = (event) => {
      if (this.socket === socket) this.#receive(event.data);
    };
    socket.onclose = (event) => {
      if (this.socket === socket) this.#closed(Number(event?.code ?? 1006));
    };
    socket.onerror = () => undefined; // a close event follows, which says what to do
    this.#expectAnswer();
  }

  /** @param {unknown} text */
  #receive(text) {
    let message;
    try {
      message = JSON.parse(String(text));
    } catch {
      return; // not ours to read: the connection lives on
    }
    if (!message || typeof message !== "object") return;
    this.#heard();
    if (message.type === "state" && message.state && typeof message.state === "object") {
      const state = /** @type {SeatState} */ (message.state);
      const before = this.seen;
      this.seen = { hand: state.hand, number: state.number };
      if (message.reply_to === this.checkId && message.reply_to !== null) {
        // The silence check's answer is news only if it holds actions not seen yet. A server that
        // has answered it long after the hello is no longer reading hellos given up before.
        this.checkId = null;
        this.strayHellos = 0;
        if (before && before.hand === state.hand && before.number === state.number) return;
        this.handlers.state?.(state, null);
        return;
      }
      if (!this.ready) {
        this.ready = true;
        this.attempts = 0;
        this.lastError = null;
        this.#setStatus("open");
      }
      const waiting = this.#take(message.reply_to);
      this.handlers.state?.(state, message.reply_to ?? null);
      waiting?.resolve(state);
    } else if (message.type === "presence") {
      this.handlers.presence?.({ connected: message.connected, joined: Boolean(message.joined) });
    } else if (message.type === "error") {
      const code = typeof message.code === "string" ? message.code : "";
      const error = new ApiError(code, 0, typeof message.error === "string" ? message.error : "", message);
      const waiting = this.#take(message.reply_to);
      if (waiting) waiting.reject(error);
      else this.lastError = error;
    } else if (message.type === "replaced") {
      this.#replaced();
    }
  }

  /** @param {number} code */
  #closed(code) {
    this.#detach();
    // The request that sent a message too large says so (errors.js words it), not "offline".
    this.#dropPending(code === TOO_LARGE_CLOSE ? new ApiError("message_too_large") : undefined);
    if (code === REPLACED_CLOSE) this.#replaced();
    else if (FINAL_CLOSES.includes(code)) {
      this.#setStatus("closed");
      this.handlers.closed?.(code, this.lastError);
    } else this.#retry();
  }

  #replaced() {
    if (this.strayHellos > 0) {
      // Most likely by this tab's own hello, read late: the seat is still this tab's to take back.
      this.strayHellos -= 1;
      this.#dead();
      return;
    }
    const socket = this.#detach();
    this.#dropPending(new ApiError("replaced"));
    socket?.close(1000);
    this.#setStatus("replaced");
  }

  /** No answer in time: the connection is gone, whether or not anyone noticed. */
  #dead() {
    if (this.socket && !this.ready && this.socket.readyState === OPEN) this.strayHellos += 1;
    const socket = this.#detach();
    this.#dropPending();
    try {
      socket?.close(4000);
    } catch {
      /* a socket that cannot even close is dropped all the same */
    }
    this.#retry();
  }

  #retry() {
    // Spread over ±25 %: after a server restart its clients do not all come back at once.
    const spread = 0.75 + 0.5 * this.random();
    const delay = Math.round(Math.min(this.timing.retryMs * 2 ** this.attempts, this.timing.maxRetryMs) * spread);
    this.attempts += 1;
    this.#setStatus("reconnecting");
    this.timer.retry = this.timers.setTimeout(() => {
      this.timer.retry = null;
      this.#connect("reconnecting");
    }, delay);
  }

  /** The page is seen again or the network is back: try now, or check the connection now. */
  #wake() {
    if (this.timer.retry !== null) this.#connect("reconnecting");
    else if (this.ready) this.#ping();
  }

  /** A message arrived: the connection works; check it again after a silence. */
  #heard() {
    this.#clear("deadline");
    this.#clear("ping");
    if (this.socket) this.timer.ping = this.timers.setTimeout(() => this.#ping(), this.timing.pingMs);
  }

  #ping() {
    this.#clear("ping");
    const socket = this.socket;
    if (!socket) return;
    // Once the seat is open, the check is a sync from the last position seen: besides proving
    // the connection alive, it brings any news a busy server failed to deliver.
    if (this.ready && this.seen) {
      this.checkId = this.nextId++;
      this.#send(socket, { type: "sync", id: this.checkId, hand: this.seen.hand, number: this.seen.number });
    } else {
      this.#send(socket, { type: "ping", id: this.nextId++ });
    }
    this.#expectAnswer();
  }

  #expectAnswer() {
    if (this.timer.deadline !== null) return;
    this.timer.deadline = this.timers.setTimeout(() => {
      this.timer.deadline = null;
      this.#dead();
    }, this.timing.pongMs);
  }

  /** @param {WebSocketLike} socket @param {object} message whether it could be sent */
  #send(socket, message) {
    if (socket.readyState !== OPEN) return false;
    try {
      socket.send(JSON.stringify(message));
      return true;
    } catch {
      return false;
    }
  }

  /** @param {unknown} replyTo */
  #take(replyTo) {
    if (typeof replyTo !== "number") return null;
    const waiting = this.pending.get(replyTo) ?? null;
    this.pending.delete(replyTo);
    return waiting;
  }

  /** Every request waiting for an answer fails: the connection that carried it is gone. */
  #dropPending(error = new ApiError("offline")) {
    const waiting = [...this.pending.values()];
    this.pending.clear();
    for (const request of waiting) request.reject(error);
  }

  /** Forget the current connection (its events no longer count) and its timers. */
  #detach() {
    const socket = this.socket;
    this.socket = null;
    this.ready = false;
    this.#clear("ping");
    this.#clear("deadline");
    if (socket) socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
    return socket;
  }

  /** @param {"retry" | "ping" | "deadline"} name */
  #clear(name) {
    if (this.timer[name] !== null) this.timers.clearTimeout(this.timer[name]);
    this.timer[name] = null;
  }

  /** @param {SocketStatus} status */
  #setStatus(status) {
    if (this.status === status) return;
    this.status = status;
    this.handlers.status?.(status);
  }
}
