// @ts-check
// The room's box above the table, for what the status line has no room for: to whoever opens an
// invitation without a seat in the room, whose room it is and Take the second seat (nothing is
// taken before that tap, so a host who opens their own link elsewhere is warned first); while
// the second seat is free, the invitation to send (the link, Copy link, and Share where the device can
// share); this seat open in another tab or window (Play here, which takes it back); a room that
// cannot be played here (full, closed, gone, or a seat no longer valid) with the way to a new
// one. Its data-show attribute names what it shows, for the browser tests.

import { gettext } from "../../core/js/i18n.js";

/**
 * @typedef {"full" | "expired" | "not_found" | "lost"} ClosedKind
 * @typedef {"offer" | "invite" | "away" | "replaced" | ClosedKind} PanelKind
 */

/** @param {string} tag @param {string} className @param {string} [id] */
function make(tag, className, id) {
  const made = document.createElement(tag);
  made.className = className;
  if (id) made.id = id;
  return made;
}

export class RoomPanel {
  /**
   * @param {HTMLElement} root the box (#rummy-room), hidden while it has nothing to say
   * @param {string} lobbyUrl where rooms are created
   * @param {(text: string) => void} say reads a text out (the page's live region)
   */
  constructor(root, lobbyUrl, say) {
    this.root = root;
    this.say = say;
    this.text = make("p", "rummy-room-text", "rummy-room-text");
    this.share = make("div", "rummy-room-share");
    this.link = /** @type {HTMLInputElement} */ (make("input", "rummy-room-link", "rummy-room-link"));
    this.link.type = "url";
    this.link.readOnly = true;
    this.link.setAttribute("aria-label", gettext("The room's link"));
    this.link.addEventListener("focus", () => this.link.select());
    this.copyButton = this.#button("rummy-room-copy", gettext("Copy link"), () => void this.#copy());
    this.shareButton = this.#button("rummy-room-share", gettext("Share"), () => void this.#share());
    this.share.append(this.link, this.copyButton, this.shareButton);
    this.said = make("p", "rummy-room-said", "rummy-room-said");
    /** @type {(() => void) | null} */
    this.onPlayHere = null;
    this.here = this.#button("rummy-room-here", gettext("Play here"), () => this.onPlayHere?.());
    this.lobby = /** @type {HTMLAnchorElement} */ (make("a", "button rummy-room-lobby", "rummy-room-lobby"));
    this.lobby.href = lobbyUrl;
    this.lobby.textContent = gettext("Create a new room");
    this.own = make("p", "rummy-room-said", "rummy-room-own");
    /** @type {(() => void) | null} */
    this.onTake = null;
    this.take = this.#button("rummy-room-take", gettext("Take the second seat"), () => this.onTake?.());
    this.take.classList.remove("button-quiet");
    /** @type {(() => void) | null} */
    this.onFree = null;
    this.free = this.#button("rummy-room-free", gettext("Free the second seat"), () => this.onFree?.());
    root.replaceChildren(this.text, this.own, this.take, this.share, this.said, this.here, this.free, this.lobby);
    /** @type {PanelKind | null} */
    this.kind = null;
    this.hide();
  }

  /**
   * An invitation opened in a browser that holds no seat of the room: whose room it is, and
   * what to do if it is one's own. @param {() => void} take takes the second seat
   */
  offer(take) {
    this.onTake = take;
    this.own.textContent = gettext("Is this your own room, opened on another device? Then do not take the seat: play on the device where you created the room, and send this link to your friend.");
    this.#show("offer", gettext("This is Player 1's room: they invite you to play Tile Rummy with them. Take the second seat to play as Player 2."));
    this.take.focus({ preventScroll: true });
  }

  /** While the second seat is free: the link to send. @param {string} url */
  invite(url) {
    if (this.kind === "invite" && this.link.value === url) return;
    this.link.value = url;
    this.shareButton.hidden = typeof navigator.share !== "function";
    this.said.textContent = "";
    this.#show("invite", gettext("Send this link to the friend you want to play with: they open it and take the second seat."));
  }

  /**
   * The host, while Player 2 is away: the way out if they cannot come back.
   * @param {() => void} free frees their seat
   */
  away(free) {
    this.onFree = free;
    this.#show("away", gettext("Player 2 is away. If they cannot come back (their browser forgot its seat, or they changed device), free their seat: the hand in play is dealt again and a new link replaces the old one."));
  }

  /** This seat is played in another tab or window. @param {() => void} playHere takes it back */
  replaced(playHere) {
    this.onPlayHere = playHere;
    this.#show("replaced", gettext("This game is open in another tab or window. Play here to go on in this one: the other will stop."));
  }

  /** The room cannot be played here. @param {ClosedKind} kind */
  closed(kind) {
    const texts = {
      full: gettext("Both seats of this room are taken already. To play, create a room of your own and send its link to a friend."),
      expired: gettext("Nobody played in this room for a week, so it has closed."),
      not_found: gettext("This room no longer exists."),
      lost: gettext("The seat this browser kept in this room is no longer valid (Player 1 may have freed it for someone else), so the game cannot go on here."),
    };
    this.#show(kind, texts[kind]);
  }

  hide() {
    this.kind = null;
    this.root.hidden = true;
    delete this.root.dataset.show;
  }

  /** What the box shows ("" when hidden). */
  get shown() {
    return this.kind ?? "";
  }

  /** @param {PanelKind} kind @param {string} text */
  #show(kind, text) {
    const changed = this.kind !== kind;
    this.kind = kind;
    this.text.textContent = text;
    this.share.hidden = kind !== "invite";
    this.said.hidden = kind !== "invite";
    this.here.hidden = kind !== "replaced";
    this.own.hidden = kind !== "offer";
    this.take.hidden = kind !== "offer";
    this.free.hidden = kind !== "away";
    this.lobby.hidden = kind === "invite" || kind === "replaced" || kind === "offer" || kind === "away";
    this.root.dataset.show = kind;
    this.root.hidden = false;
    if (changed) this.say(text);
  }

  async #copy() {
    try {
      await navigator.clipboard.writeText(this.link.value);
      this.#said(gettext("The link is copied: send it to your friend."));
    } catch {
      // No clipboard for this page (an insecure address, a refusal): the player copies it.
      this.link.focus();
      this.link.select();
      this.#said(gettext("Select the link and copy it to send it."));
    }
  }

  async #share() {
    try {
      await navigator.share({ title: gettext("Tile Rummy"), text: gettext("Come and play Tile Rummy with me."), url: this.link.value });
    } catch {
      /* the player closed the share sheet, or the device could not share: the link is still there */
    }
  }

  /** @param {string} text */
  #said(text) {
    this.said.textContent = text;
    this.say(text);
  }

  /** @param {string} id @param {string} label @param {() => void} run */
  #button(id, label, run) {
    const button = /** @type {HTMLButtonElement} */ (make("button", "button button-quiet", id));
    button.type = "button";
    button.textContent = label;
    button.addEventListener("click", run);
    return button;
  }
}
