// @ts-check
// The match with the server, the referee: opening the page (resume or start), confirming a
// turn, drawing, passing, the next hand, a new match, the computer's level. After each answer
// the position is shown: against the computer, the player's own move first, a pause, then the
// computer's move, animated and announced; in pass and play, the hand-over screen until the
// next player presses Continue (then that seat's view is fetched with its own credential). A
// refused or failed request leaves the draft as it was and says why (errors.js); an action of
// another tab (stale_turn) reloads the position; a failure to reach the server offers Retry.
// In an online room the requests go over the room's socket (room_play.js hands in a transport
// shaped like the seat API), and the other player's moves come by themselves (receive()).

import { gettext, interpolate } from "../../core/js/i18n.js";
import { describeMove } from "./announce.js";
import { animateTable, thinkingMs, tilePlaces, wait } from "./computer_turn.js";
import { clearDraft, loadDraft } from "./draft_store.js";
import { RUMMY_ERROR_TEXTS, failureText, isRetryable, isSeatLost, refusalText } from "./errors.js";
import { rememberLevel } from "./prefs.js";
import { MatchSession, heldSeats, sessionNoteText } from "./session.js";
import { tileName } from "./texts.js";

/**
 * @typedef {import("./seat_api.js").SeatApi} SeatApi
 * @typedef {import("./seat_api.js").SeatState} SeatState
 * @typedef {import("./seat_api.js").SeatEvent} SeatEvent
 * @typedef {import("./seat_api.js").TurnAction} TurnAction
 *
 * What the game asks of the server: the seat API, or an online room's socket in its shape.
 * @typedef {Pick<SeatApi, "state" | "act" | "nextHand" | "setLevel">} SeatTransport
 *
 * @typedef {object} GameParts
 * @property {SeatTransport} api
 * @property {MatchSession | import("./room_session.js").RoomSession} session
 * @property {import("./play_screen.js").PlayScreen} screen
 * @property {import("./handover.js").Handover} handover
 * @property {import("./end_loader.js").EndDialog} end the end-of-hand dialog
 * @property {HTMLElement} table the table's element (animations)
 * @property {() => string} level the level for a new match
 * @property {(level: string) => string} levelName a level's name, translated
 */

/** Codes after which the position shown is not the server's: fetch it again (the codes game/rummy/apps.py
 * marks stale; tests/client/test_code_lists.py holds them equal). */
const RELOAD_CODES = new Set(["stale_turn", "not_your_turn", "hand_over", "pool_empty", "pool_not_empty", "hand_not_over"]);

/**
 * The table before event `index` of `events`: the last play's table before it, else `start`.
 * @param {SeatEvent[]} events
 * @param {number} index
 * @param {string[][]} start the table before the first of `events`
 */
function tableBefore(events, index, start) {
  for (let i = index - 1; i >= 0; i--) {
    const after = events[i].after;
    if (events[i].type === "play" && after) return after;
  }
  return start;
}

export class RummyGame {
  /** @param {GameParts} parts */
  constructor(parts) {
    this.parts = parts;
    /** "loading" until a position is shown, "failed" when none could be. */
    this.phase = "loading";
    /** Counts the positions shown: a move still playing out stops when a newer one comes. */
    this.shown = 0;
  }

  get screen() {
    return this.parts.screen;
  }

  /** Open this browser's match of the page's mode, or a new one. */
  async start() {
    const { session, screen } = this.parts;
    if (!(session instanceof MatchSession)) return; // an online room starts from its socket
    this.phase = "loading";
    try {
      const { state, note, created } = await session.resume(this.parts.level());
      if (note) screen.refuse(sessionNoteText(note));
      this.#opened(state, { fresh: created, animate: false });
    } catch (error) {
      this.phase = "failed";
      this.#fail(error, () => this.start());
    }
  }

  /**
   * A state the server sent by itself (an online room): the other player's move, the next
   * hand, or news of the room at the position shown (who joined, who wants a new hand), which
   * leaves the turn in progress as it is. An older position than the one shown is ignored.
   * @param {SeatState} state
   */
  receive(state) {
    const shown = this.phase === "ready" ? this.screen.state : null;
    if (!shown || state.hand !== shown.hand) {
      if (shown && state.hand < shown.hand) return;
      this.#opened(state, { fresh: false, animate: false });
    } else if (state.number === shown.number) {
      this.screen.refresh(state);
      this.parts.end.update(state);
    } else if (state.number > shown.number) {
      const first = state.events[0]?.n;
      const start = first === shown.number + 1 ? shown.view.table : first === 1 ? [] : undefined;
      void this.#arrive(state, state.seat, { start });
    }
  }

  /** A new deal of the hand shown, which replaces it whatever was shown (a freed seat). @param {SeatState} state */
  replace(state) {
    this.#opened(state, { fresh: false, animate: false });
  }

  /**
   * A match or a hand just opened: against the computer, show it (a new hand the computer
   * began is played out); in pass and play, ask for the device to go to the player to move,
   * unless the match is brand new (Player 1 has it).
   * @param {SeatState} state seat 0's view (or the viewer's), with the hand's whole log
   * @param {{fresh: boolean, animate: boolean}} how
   */
  #opened(state, how) {
    this.phase = "ready";
    this.parts.end.close();
    if (state.mode === "local" && state.view.result === null && !(how.fresh && state.view.turn === 0)) {
      this.#handOver(state, /** @type {number} */ (state.view.turn), "");
      return;
    }
    void this.#arrive(state, state.seat, { animate: how.animate, start: [] });
  }

  /**
   * Show a state of `seat`: the other player's last move marked (and, when asked, played out
   * after a pause, from the table before it), the kept draft if it is of this position.
   * @param {SeatState} state
   * @param {number} seat
   * @param {{animate?: boolean, start?: string[][]}} [how] `start`: the table before state.events[0]
   */
  async #arrive(state, seat, how = {}) {
    const { screen, handover } = this.parts;
    const generation = ++this.shown;
    handover.hide();
    const events = state.events;
    const last = events.at(-1);
    const theirs = last && last.seat !== seat ? last : null;
    const before = theirs && how.start ? tableBefore(events, events.length - 1, how.start) : null;
    const mine = [...events].reverse().find((event) => event.seat === seat);
    const drawnTile = mine?.type === "draw" ? mine.tile ?? null : null;
    /** @type {Map<string, DOMRect[]> | null} */
    let places = null;
    if (how.animate && theirs && state.mode === "computer" && before) {
      screen.show(state, seat, { table: before, drawnTile, activity: gettext("The computer is thinking…") });
      screen.parts.announcer.say(gettext("The computer is thinking…"));
      await wait(thinkingMs());
      if (generation !== this.shown) return;
      // The level may have changed meanwhile (the menu stays open to the player).
      if (screen.state?.match === state.match && screen.state.number === state.number) state = screen.state;
      places = tilePlaces(this.parts.table);
    }
    const laid = theirs?.type === "play" ? { played: theirs.played ?? [], before } : null;
    screen.show(state, seat, { laid, drawnTile, draft: this.#restored(state, seat) });
    if (theirs) screen.parts.announcer.say(describeMove(state.mode, theirs.seat, theirs, before ?? []));
    if (places) await animateTable(this.parts.table, places, screen.laid);
    if (state.view.result) this.parts.end.show(state);
  }

  /** The kept draft of this position, if any (and a note if one could not be restored). @param {SeatState} state @param {number} seat */
  #restored(state, seat) {
    if (state.view.result || state.view.turn !== seat) return null;
    const position = { match: state.match, seat, hand: state.hand, number: state.number };
    const found = loadDraft(position, state.view.table, state.view.rack);
    if (found.status === "restored") return found.draft;
    if (found.status === "mismatch" || found.status === "damaged") {
      this.screen.refuse(gettext("Your unfinished turn could not be restored, so it starts again from the table as it is."));
    }
    return null;
  }

  /**
   * Pass and play: hide the rack until `seat`'s player takes the device.
   * @param {SeatState} state
   * @param {number} seat
   * @param {string} news
   */
  #handOver(state, seat, news) {
    const { screen, handover } = this.parts;
    this.shown += 1;
    // Nothing of the last rack stays in the page or in the state kept: not its tiles, not the
    // tile just drawn, not what was said of them ("You drew blue 1.").
    screen.parts.announcer.clear();
    screen.parts.notice.clear();
    const events = state.events.map((event) => ({ n: event.n, seat: event.seat, type: event.type, after: event.after, played: event.played }));
    screen.show({ ...state, view: { ...state.view, rack: [] }, events }, state.seat, { hideRack: true });
    handover.show(seat, news, () => this.#load(seat));
  }

  /** Fetch and show `seat`'s view (its whole hand's log, to mark the last move). @param {number} seat */
  async #load(seat) {
    const { api, session, screen } = this.parts;
    if (!session.match) return;
    screen.setBusy(true);
    try {
      const state = await api.state(session.match, session.key(seat), 0);
      screen.busy = false;
      if (state.mode === "local" && state.view.result === null && state.view.turn !== seat && !this.parts.handover.shown) {
        this.#handOver(state, /** @type {number} */ (state.view.turn), "");
        return;
      }
      await this.#arrive(state, seat, { start: [] });
    } catch (error) {
      screen.setBusy(false);
      this.#fail(error, () => this.#load(seat));
    }
  }

  /** Whether the turn may be confirmed, drawn or passed now; if the room waits, say what for. */
  #mayAct() {
    const { screen } = this;
    if (!screen.playable || !screen.turn || !screen.state) return false;
    if (screen.hold) screen.refuse(screen.hold);
    return !screen.hold;
  }

  confirm() {
    const turn = this.screen.turn;
    if (!this.#mayAct() || !turn) return;
    if (!turn.status.canConfirm) {
      this.screen.refuse(turn.hint);
      return;
    }
    this.#act({ type: "play", after: turn.after });
  }

  draw() {
    const { screen } = this;
    if (!this.#mayAct() || !screen.turn || !screen.state) return;
    if (screen.state.view.pool_size === 0) {
      screen.refuse(RUMMY_ERROR_TEXTS.pool_empty);
      return;
    }
    if (screen.turn.changed) {
      const text = refusalText("reset_first");
      screen.parts.notice.show(text, { action: { label: gettext("Reset and draw"), run: () => {
        screen.reset();
        this.draw();
      } } });
      screen.parts.announcer.say(text);
      return;
    }
    this.#act({ type: "draw" });
  }

  pass() {
    const { screen } = this;
    if (!this.#mayAct() || !screen.turn || !screen.state) return;
    if (screen.state.view.pool_size > 0) {
      screen.refuse(RUMMY_ERROR_TEXTS.pool_not_empty);
      return;
    }
    if (screen.turn.changed) {
      screen.refuse(gettext("You have changed the table: reset your changes before passing, or confirm them."));
      return;
    }
    this.#act({ type: "pass" });
  }

  /** @param {TurnAction} action */
  async #act(action) {
    const { api, session, screen } = this.parts;
    const state = screen.state;
    const seat = screen.seat;
    if (!state || !screen.playable) return;
    screen.parts.notice.clear();
    screen.setBusy(true);
    let next;
    try {
      next = await api.act(state.match, session.key(seat), state.hand, state.number, action);
    } catch (error) {
      screen.setBusy(false);
      this.#fail(error, () => this.#act(action));
      return;
    }
    clearDraft(state.match, seat);
    screen.busy = false;
    const mine = next.events.find((event) => event.seat === seat);
    if (mine?.type === "draw" && mine.tile) {
      screen.parts.announcer.say(interpolate(gettext("You drew %(tile)s."), { tile: tileName(mine.tile) }));
    }
    const start = state.view.table;
    if (next.mode === "local" && next.view.result === null && mine) {
      this.#handOver(next, 1 - seat, describeMove("local", seat, mine, start));
      return;
    }
    await this.#arrive(next, seat, { animate: true, start });
  }

  /** The next hand, once this one is over. */
  async nextHand() {
    const { api, session, screen, end } = this.parts;
    const state = screen.state;
    if (!state || !state.view.result || !session.match || screen.busy) return;
    end.close();
    screen.setBusy(true);
    try {
      const next = await api.nextHand(session.match, session.key(screen.seat), state.hand);
      screen.busy = false;
      // Online, this is this player's consent: the next hand comes once both have asked.
      if (next.mode === "online") {
        screen.render();
        this.receive(next);
        // The dialog closed with the click; while the other player has not agreed, it comes back
        // to say so (its New hand pressed, its note "Waiting for Player 2...").
        const shown = screen.state;
        if (shown && shown.hand === state.hand && shown.view.result) end.show(shown);
        return;
      }
      this.#opened(next, { fresh: false, animate: true });
    } catch (error) {
      screen.setBusy(false);
      this.#fail(error, () => this.nextHand());
    }
  }

  /** A new match (at `level` against the computer), in place of this one. @param {string | null} level */
  async newMatch(level) {
    const { session, screen } = this.parts;
    if (!(session instanceof MatchSession)) return;
    const chosen = level ?? this.parts.level();
    if (level) rememberLevel(level);
    const old = session.match;
    screen.parts.notice.clear();
    screen.setBusy(true);
    try {
      const { state, note } = await session.fresh(chosen);
      if (old) for (const seat of heldSeats(session.mode)) clearDraft(old, seat);
      screen.busy = false;
      if (note) screen.refuse(sessionNoteText(note));
      this.#opened(state, { fresh: true, animate: true });
    } catch (error) {
      screen.setBusy(false);
      this.#fail(error, () => this.newMatch(level));
    }
  }

  /** The computer's level from its next move on; the position stays exactly as it is. @param {string} level */
  async setLevel(level) {
    const { api, session, screen } = this.parts;
    rememberLevel(level);
    const state = screen.state;
    if (!state || state.mode !== "computer" || !session.match) return;
    try {
      const next = await api.setLevel(session.match, session.key(0), level);
      if (next.hand !== state.hand || next.number !== state.number) {
        await this.#load(0);
        return;
      }
      screen.state = { ...state, level: next.level };
      screen.render();
      const text = interpolate(gettext("The computer now plays at level %(level)s."), { level: this.parts.levelName(level) });
      // Said on screen too, not only to screen readers: the notice floats over the table.
      screen.parts.notice.show(text);
      screen.parts.announcer.say(text);
    } catch (error) {
      this.#fail(error, () => this.setLevel(level));
    }
  }

  /**
   * Tell the player what went wrong, with the way out that fits; the draft is never touched.
   * @param {unknown} error
   * @param {() => void} retry
   */
  #fail(error, retry) {
    const { screen } = this;
    const text = failureText(error);
    const code = /** @type {{code?: string}} */ (error)?.code ?? "";
    const notice = screen.parts.notice;
    if (screen.state?.mode === "online" && (isSeatLost(error) || code === "offline" || code === "replaced")) {
      // The room's socket reconnects by itself, and the room's panel says what else to do.
      screen.parts.announcer.say(text);
    } else if (isSeatLost(error)) {
      const lost = `${text} ${gettext("This match cannot go on.")}`;
      notice.show(lost, { kind: "error", action: { label: gettext("Start a new match"), run: () => this.newMatch(null) } });
      screen.parts.announcer.say(lost);
    } else if (isRetryable(error)) {
      notice.show(text, { kind: "error", action: { label: gettext("Retry"), run: retry } });
      screen.parts.announcer.say(text);
    } else if (RELOAD_CODES.has(code) && this.parts.session.match) {
      notice.show(text);
      screen.parts.announcer.say(text);
      void this.#load(screen.seat);
    } else {
      notice.show(text, { kind: "error" });
      screen.parts.announcer.say(text);
    }
    if (!screen.state) screen.parts.status.message(gettext("The game could not be loaded."));
    if (!(error instanceof Error && "code" in error)) console.error(error);
  }
}
