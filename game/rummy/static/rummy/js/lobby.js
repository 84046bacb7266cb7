// @ts-check
// The online lobby (templates/rummy/online.html): Create a room, which keeps its first seat
// in this browser and opens the room's page, and the rooms this browser holds a seat of
// (room_session.js), each a link to its page, the one opened last first.

import { element } from "../../core/js/dom.js";
import { gettext, interpolate } from "../../core/js/i18n.js";
import { failureText } from "./errors.js";
import { Notice } from "./notice.js";
import { RoomSession, cannotKeepText, keptRooms, roomPageUrl } from "./room_session.js";
import { createRoomApi } from "./seat_api.js";

/**
 * The lobby's config (views.py online_lobby).
 * @typedef {object} LobbyConfig
 * @property {string} language
 * @property {string} roomsUrl
 * @property {string} roomUrlTemplate
 * @property {string} inviteSlot
 */

/** How many characters of the invitation name a room in the list. */
const NAME_CHARS = 6;

export class Lobby {
  /** @param {HTMLElement} root #rummy-lobby @param {LobbyConfig} config */
  constructor(root, config) {
    this.config = config;
    this.session = new RoomSession(createRoomApi(config.roomsUrl));
    this.create = element(root, "#rummy-lobby-create", HTMLButtonElement);
    this.notice = new Notice(element(root, "#rummy-lobby-notice", HTMLElement));
    this.rooms = element(root, "#rummy-lobby-rooms", HTMLElement);
    this.list = element(root, "#rummy-lobby-list", HTMLElement);
    this.create.addEventListener("click", () => void this.#create());
  }

  start() {
    this.#list();
    this.create.disabled = false;
  }

  /** The rooms this browser holds, as links. */
  #list() {
    const dates = new Intl.DateTimeFormat(this.config.language, { dateStyle: "medium", timeStyle: "short" });
    const items = keptRooms().map((room) => {
      const item = document.createElement("li");
      item.className = "rummy-lobby-room";
      item.dataset.invite = room.invite;
      const link = document.createElement("a");
      link.href = roomPageUrl(this.config, room.invite);
      link.textContent = interpolate(gettext("Room %(name)s"), { name: room.invite.slice(0, NAME_CHARS) });
      const about = document.createElement("span");
      about.className = "rummy-lobby-room-about";
      const seat = room.seat === 0 ? gettext("You are Player 1") : gettext("You are Player 2");
      const when = interpolate(gettext("last opened %(date)s"), { date: dates.format(room.at) });
      about.textContent = `${seat} · ${when}`;
      item.append(link, " ", about);
      return item;
    });
    this.list.replaceChildren(...items);
    this.rooms.hidden = items.length === 0;
  }

  async #create() {
    this.create.disabled = true;
    this.notice.clear();
    try {
      const { invite, kept } = await this.session.create();
      if (kept) {
        location.assign(roomPageUrl(this.config, invite));
        return;
      }
      this.notice.show(cannotKeepText(), { kind: "error" });
    } catch (error) {
      this.notice.show(failureText(error), { kind: "error", action: { label: gettext("Retry"), run: () => void this.#create() } });
    }
    this.create.disabled = false;
  }
}
