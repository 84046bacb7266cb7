// @ts-check
// An online room's table: takes this browser's seat (room_session.js), connects the room's
// socket (room_socket.js) and ties them to the game (game.js) and the page. The states the
// server sends by themselves go to the game, which shows them like the computer's moves; who
// is connected and how the socket is doing decide what the game waits for (room_texts.js,
// on the status line); the room's box (room_view.js) shows the invitation, "open in another
// tab" or a room that cannot be played. The game acts through transport(): the socket's
// requests in the seat API's shape.
//
// For the browser tests, localStorage "miaojong:rummy:test:socket-ms" (a number of ms) is the
// socket's time unit instead of a second: the first reconnection waits one unit, the longest
// 15, a silence of 20 is checked with a ping that must be answered within 10.

import { ApiError } from "../../core/js/api.js";
import { gettext } from "../../core/js/i18n.js";
import { GameStorage } from "../../core/js/storage.js";
import { failureText } from "./errors.js";
import { RoomSession, cannotKeepText, roomNoteText, roomPageUrl } from "./room_session.js";
import { RoomSocket, roomSocketUrl } from "./room_socket.js";
import { roomHold } from "./room_texts.js";

/**
 * The room page's config (views.py online_room).
 * @typedef {object} RoomConfig
 * @property {string} invite
 * @property {string} socketPath "/ws/rummy/rooms/"
 * @property {string} lobbyUrl
 * @property {string} roomUrlTemplate
 * @property {string} inviteSlot
 *
 * @typedef {object} RoomParts
 * @property {RoomConfig} config
 * @property {RoomSession} session
 * @property {import("./room_view.js").RoomPanel} panel
 * @property {Pick<import("./seat_api.js").SeatApi, "freeSeat">} seats the seat API (the host frees the second seat)
 *
 * The table, made after the room (the game acts through the room's transport).
 * @typedef {object} RoomTable
 * @property {import("./game.js").RummyGame} game
 * @property {import("./play_screen.js").PlayScreen} screen
 *
 * @typedef {import("./seat_api.js").SeatState} SeatState
 * @typedef {import("./room_socket.js").SocketStatus} SocketStatus
 * @typedef {import("./room_view.js").ClosedKind} ClosedKind
 */

const store = new GameStorage("rummy");
const SOCKET_MS_OVERRIDE = "test:socket-ms";
/** @type {Record<number, ClosedKind>} */
const CLOSED_KINDS = { 4403: "lost", 4404: "not_found", 4410: "expired" };
/** @type {Record<string, ClosedKind>} */
const REFUSED_KINDS = { room_full: "full", room_expired: "expired", not_found: "not_found" };

/** The socket's timing: the normal one, or the browser tests' unit (see above). */
export function socketTiming() {
  const kept = store.read(SOCKET_MS_OVERRIDE);
  if (kept === null || !/^\d{1,5}$/.test(kept)) return {};
  const unit = Math.max(1, Number(kept));
  return { retryMs: unit, maxRetryMs: 15 * unit, pingMs: 20 * unit, pongMs: 10 * unit };
}

export class RoomPlay {
  /** @param {RoomParts} parts */
  constructor(parts) {
    this.parts = parts;
    /** @type {RoomTable | null} */
    this.table = null;
    /** @type {RoomSocket | null} */
    this.socket = null;
    this.joined = false;
    this.connected = [false, false];
    /** The seats seen connected once: a player who comes again is "back". @type {Set<number>} */
    this.met = new Set();
    /** Whether a state came: until then, whether the guest joined is not known. */
    this.heard = false;
    /** @type {ClosedKind | null} why the room cannot be played here, once that is known */
    this.closedKind = null;
  }

  /** @returns {SocketStatus} */
  get status() {
    if (this.closedKind) return "closed";
    return this.socket?.status ?? "connecting";
  }

  /** @param {RoomTable} table */
  attach(table) {
    this.table = table;
  }

  /** The table (an error of the page's wiring if it is not attached yet). */
  get #table() {
    if (!this.table) throw new Error("the room has no table: call attach() first");
    return this.table;
  }

  /** What the game waits for now (the status line; Confirm, Draw and Pass wait with it). */
  hold() {
    const state = this.table?.screen.state;
    if (!state) return null;
    return roomHold({ status: this.status, joined: this.joined, connected: this.connected }, state);
  }

  /** The room's requests in the seat API's shape, for the game (the match and key are the socket's). */
  transport() {
    /** @param {Parameters<RoomSocket["request"]>[0]} message */
    const request = (message) => (this.socket ? this.socket.request(message) : Promise.reject(new ApiError("offline")));
    return {
      /** @returns {Promise<SeatState>} */
      state: () => request({ type: "sync", hand: null, number: null }),
      /** @param {string} _match @param {string} _key @param {number} hand @param {number} number @param {import("./seat_api.js").TurnAction} action */
      act: (_match, _key, hand, number, action) => request({ type: "act", hand, number, action }),
      /** @param {string} _match @param {string} _key @param {number} hand */
      nextHand: (_match, _key, hand) => request({ type: "next_hand", hand }),
      /** @returns {Promise<SeatState>} */
      setLevel: () => Promise.reject(new ApiError("not_vs_computer")),
    };
  }

  /** Take this browser's seat (the kept one, else the second seat once asked to), then connect. */
  async start() {
    const { session, config } = this.parts;
    const { screen, game } = this.#table;
    const found = session.resume(config.invite);
    if (found.note) screen.refuse(roomNoteText(found.note));
    if (!found.kept) {
      // Nothing is taken before the player says so: it may be the host's own link, opened elsewhere.
      // No rack yet: the dock is out of the way while the invitation is read.
      const dock = screen.parts.root.querySelector("#rummy-dock");
      if (dock instanceof HTMLElement) dock.hidden = true;
      await new Promise((resolve) => {
        screen.parts.status.message(gettext("An invitation to a room"));
        this.parts.panel.offer(() => resolve(undefined));
      });
      if (dock instanceof HTMLElement) dock.hidden = false;
      this.parts.panel.hide();
      screen.parts.status.message(gettext("Taking your seat in the room…"));
      try {
        const { note } = await session.join(config.invite);
        if (note) screen.refuse(roomNoteText(note));
      } catch (error) {
        game.phase = "failed";
        const kind = REFUSED_KINDS[/** @type {{code?: string}} */ (error)?.code ?? ""];
        if (kind) this.#cannotPlay(kind);
        else {
          const text = failureText(error);
          screen.parts.notice.show(text, { kind: "error", action: { label: gettext("Retry"), run: () => void this.start() } });
          screen.parts.announcer.say(text);
          screen.parts.status.message(gettext("The game could not be loaded."));
        }
        return;
      }
    }
    screen.parts.status.message(gettext("Connecting…"));
    const seat = /** @type {number} */ (session.seat);
    this.socket = new RoomSocket({
      url: roomSocketUrl(location, config.socketPath, /** @type {string} */ (session.match)),
      key: session.key(seat),
      timing: socketTiming(),
      handlers: {
        state: (state, replyTo) => this.#state(state, replyTo),
        presence: ({ connected, joined }) => this.#presence(connected, joined),
        status: (status) => this.#status(status),
        closed: (code) => this.#cannotPlay(CLOSED_KINDS[code] ?? "not_found"),
      },
    });
    this.socket.open();
  }

  /** The game menu's new room: created in this browser, then its page. */
  async createAnother() {
    const { config } = this.parts;
    const { screen } = this.#table;
    try {
      const { invite, kept } = await new RoomSession(this.parts.session.api).create();
      if (kept) location.assign(roomPageUrl(config, invite));
      else screen.refuse(cannotKeepText());
    } catch (error) {
      screen.refuse(failureText(error));
    }
  }

  /** What the browser tests read (test_hook.js). */
  facts() {
    const state = this.table?.screen.state;
    return {
      status: this.status,
      seat: this.parts.session.seat,
      joined: this.joined,
      connected: [...this.connected],
      consents: state?.consents ?? null,
      invite: this.parts.config.invite,
      hold: this.hold(),
      panel: this.parts.panel.shown,
    };
  }

  /** @param {SeatState} state @param {unknown} replyTo */
  #state(state, replyTo) {
    const heard = this.heard;
    this.heard = true;
    if (Array.isArray(state.connected)) this.#connected(state.connected);
    // An answer is shown by the request that asked for it; news is the game's to show.
    if (replyTo === null) this.#table.game.receive(state);
    if (state.joined && !this.joined && heard) this.#table.screen.parts.announcer.say(gettext("Player 2 has joined the room."));
    this.joined = Boolean(state.joined);
    this.#changed();
  }

  /** @param {boolean[]} connected */
  #connected(connected) {
    this.connected = [...connected];
    connected.forEach((here, seat) => {
      if (here) this.met.add(seat);
    });
  }

  /** @param {boolean[]} connected @param {boolean} joined */
  #presence(connected, joined) {
    const other = 1 - (this.parts.session.seat ?? 0);
    const wasHere = this.connected[other];
    const met = this.met.has(other);
    this.#connected(connected);
    this.joined = joined;
    this.#changed();
    if (!this.heard || wasHere === this.connected[other] || this.status !== "open") return;
    const say = this.#table.screen.parts.announcer;
    if (!this.connected[other]) say.say(this.hold() ?? "");
    else if (!met) say.say(gettext("Player 2 is here: the game can begin."));
    else say.say(other === 0 ? gettext("Player 1 is back: the game goes on.") : gettext("Player 2 is back: the game goes on."));
  }

  /** @param {SocketStatus} status */
  #status(status) {
    const say = this.#table.screen.parts.announcer;
    if (status === "reconnecting" && this.heard) say.say(gettext("The connection was lost: reconnecting…"));
    if (status === "open" && this.heard) say.say(gettext("Connected again."));
    this.#changed();
  }

  /** @param {ClosedKind} kind */
  #cannotPlay(kind) {
    this.closedKind = kind;
    if (kind !== "full") this.parts.session.forget();
    if (!this.#table.screen.state) this.#table.screen.parts.status.message(gettext("This room cannot be played here."));
    this.#changed();
  }

  /**
   * The host frees the second seat of a guest who cannot come back: the hand is dealt again
   * (shown in place of the old one), the seat is kept under the new invitation, and the
   * page's address becomes the new link's.
   */
  async #free() {
    const { session, config, seats } = this.parts;
    const { screen, game } = this.#table;
    if (!session.match) return;
    try {
      const state = await seats.freeSeat(session.match, session.key(0));
      if (typeof state.invite !== "string" || !state.invite) throw new TypeError("the server sent no invitation");
      session.move(state.invite);
      config.invite = state.invite;
      history.replaceState(null, "", roomPageUrl(config, state.invite));
      this.joined = false;
      game.replace(state);
      const text = gettext("The second seat is free: the hand in play was dealt again, and a new link replaces the old one. Send it to the friend you want to play with.");
      screen.parts.notice.show(text);
      screen.parts.announcer.say(text);
      this.#changed();
    } catch (error) {
      screen.refuse(failureText(error));
    }
  }

  /** Take the seat back from the other tab or window (which then stops). */
  #playHere() {
    this.parts.panel.hide();
    this.socket?.open();
  }

  /** Show the room's box for what is so now, and the table with what it waits for. */
  #changed() {
    const { panel, session, config } = this.parts;
    if (this.closedKind) panel.closed(this.closedKind);
    else if (this.status === "replaced") panel.replaced(() => this.#playHere());
    else if (this.heard && session.seat === 0 && !this.joined) {
      panel.invite(new URL(roomPageUrl(config, config.invite), location.href).href);
    } else if (this.heard && session.seat === 0 && this.status === "open" && !this.connected[1]) {
      panel.away(() => void this.#free());
    } else panel.hide();
    this.#table.screen.render();
  }
}
