// @ts-check
// Entry point of the Tile Rummy pages: reads the page's config, makes the parts (each module one
// concern) and wires them to each other and to the page. Nothing else happens here; the only
// global is the automation hook, window.miaojong (test_hook.js). The table's page is the same
// in the three modes; online, the game goes through the room (room_play.js). The online lobby
// and the page of a room that is gone start here too.

import { element } from "../../core/js/dom.js";
import { gettext, interpolate } from "../../core/js/i18n.js";
import { Announcer } from "./announce.js";
import { TileDrag } from "./drag.js";
import { endOfHandWhenNeeded } from "./end_loader.js";
import { failureText } from "./errors.js";
import { RummyGame } from "./game.js";
import { Handover } from "./handover.js";
import { attachKeyboard } from "./keyboard.js";
import { GameMenu } from "./level_menu.js";
import { Lobby } from "./lobby.js";
import { Notice } from "./notice.js";
import { PlayScreen } from "./play_screen.js";
import { preferredLevel } from "./prefs.js";
import { RackView } from "./rack_view.js";
import { RoomPlay } from "./room_play.js";
import { RoomSession, forgetRoom } from "./room_session.js";
import { RoomPanel } from "./room_view.js";
import { createRoomApi, createSeatApi } from "./seat_api.js";
import { MatchSession } from "./session.js";
import { StatusView } from "./status_view.js";
import { TableView } from "./table_view.js";
import { testHook } from "./test_hook.js";
import { Toolbar } from "./toolbar.js";

/**
 * The page's config (game/rummy/views.py _config).
 * @typedef {object} RummyConfig
 * @property {string} language
 * @property {import("./seat_api.js").Mode} mode
 * @property {string} matchesUrl
 * @property {string} sprite
 * @property {{key: string, name: string}[]} levels in the menu's order; the first is a first visit's
 * @property {string} otherModeUrl
 * @property {string | null} [rulesUrl]
 * @property {string} [roomsUrl] online: the rest is the room's (views.py online_room)
 * @property {string} [invite]
 * @property {string} [socketPath]
 * @property {string} [lobbyUrl]
 * @property {string} [roomUrlTemplate]
 * @property {string} [inviteSlot]
 */

/** The room of an online table's page, or null. @param {RummyConfig} config @param {HTMLElement} root @param {Announcer} announcer */
function roomOf(config, root, announcer) {
  const { invite, socketPath, roomsUrl, lobbyUrl, roomUrlTemplate, inviteSlot } = config;
  if (config.mode !== "online" || !invite || !socketPath || !roomsUrl || !lobbyUrl || !roomUrlTemplate || !inviteSlot) return null;
  const panel = new RoomPanel(element(root, "#rummy-room", HTMLElement), lobbyUrl, (text) => announcer.say(text));
  const session = new RoomSession(createRoomApi(roomsUrl));
  const seats = createSeatApi(config.matchesUrl);
  return new RoomPlay({ config: { invite, socketPath, lobbyUrl, roomUrlTemplate, inviteSlot }, session, panel, seats });
}

/**
 * The computer's level on the bar ("Computer: Easy"), a button that opens the game menu.
 * @param {HTMLElement} root
 * @param {string | null} name the level's name, or null when there is no computer
 */
function showLevel(root, name) {
  const chip = root.querySelector("#rummy-level");
  if (!(chip instanceof HTMLElement)) return;
  chip.hidden = name === null;
  const text = name === null ? "" : interpolate(gettext("Computer: %(level)s"), { level: name });
  if (chip.textContent !== text) chip.textContent = text;
}

/** @param {RummyConfig} config @param {HTMLElement} root */
function startRummyPage(config, root) {
  const levels = config.levels.map((level) => level.key);
  const live = element(root, "#rummy-live", HTMLElement);
  const tableElement = element(root, "#rummy-table", HTMLElement);
  const rackElement = element(root, "#rummy-rack", HTMLElement);
  const notice = new Notice(element(root, "#rummy-notice", HTMLElement));
  const announcer = new Announcer(live);
  const room = roomOf(config, root, announcer);
  const seatApi = createSeatApi(config.matchesUrl);
  const api = room ? room.transport() : seatApi;
  const session = room ? room.parts.session : new MatchSession(seatApi, config.mode === "local" ? "local" : "computer");
  const table = new TableView(tableElement, config.sprite);
  const actions = /** @type {Record<string, () => void>} */ ({});
  const toolbar = new Toolbar(root, (action) => actions[action]?.());
  const screen = new PlayScreen({
    table,
    rack: new RackView(rackElement, element(root, "#rummy-rack-label", HTMLElement), config.sprite),
    status: new StatusView(element(root, "#rummy-status", HTMLElement)),
    toolbar,
    notice,
    announcer,
    hint: element(root, "#rummy-hint", HTMLElement),
    root,
    hold: () => room?.hold() ?? null,
    level: (key) => showLevel(root, key ? config.levels.find((level) => level.key === key)?.name ?? key : null),
  });
  const handover = new Handover(element(root, "#rummy-handover", HTMLElement), element(root, "#rummy-dock", HTMLElement));
  /** @type {RummyGame} */
  const game = new RummyGame({
    api,
    session,
    screen,
    handover,
    end: endOfHandWhenNeeded(element(root, "#rummy-end", HTMLDialogElement), config.sprite, () => game.nextHand(), (error) =>
      notice.show(failureText(error), { kind: "error" })),
    table: tableElement,
    level: () => preferredLevel(levels),
    levelName: (key) => config.levels.find((level) => level.key === key)?.name ?? key,
  });
  room?.attach({ game, screen });
  const menu = new GameMenu(element(root, "#rummy-menu", HTMLDialogElement), {
    level: () => screen.state?.level ?? null,
    // Online, a new room leaves this one as it is: nothing is lost, nothing to ask.
    inProgress: () => !room && Boolean(screen.state && !screen.state.view.result && (screen.state.number > 0 || screen.turn?.changed)),
    setLevel: (level) => game.setLevel(level),
    newMatch: (level) => (room ? room.createAnother() : game.newMatch(level)),
  });
  Object.assign(actions, {
    group: () => screen.group(),
    undo: () => screen.undo(),
    reset: () => screen.reset(),
    confirm: () => game.confirm(),
    draw: () => game.draw(),
    pass: () => game.pass(),
    "sort-colour": () => screen.sort("colour"),
    "sort-number": () => screen.sort("number"),
    "new-hand": () => game.nextHand(),
    menu: () => menu.open(config.mode === "computer" ? preferredLevel(levels) : null),
    level: () => menu.open(preferredLevel(levels)),
  });

  // A tap, a click, Enter or Space on a tile selects it; the "+" of a set adds the selection.
  root.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const add = target?.closest(".rset-add");
    if (add instanceof HTMLElement) {
      screen.addTo(Number(add.dataset.add));
      return;
    }
    const tile = target?.closest(".rtile[data-id]");
    if (tile instanceof HTMLElement && root.contains(tile)) screen.toggle(tile.dataset.id ?? "");
  });
  const drag = new TileDrag(root, () => screen.turn?.draft.table.length ?? 0, {
    enabled: () => screen.playable,
    tilesFor: (id) => screen.dragged(id),
    drop: (ids, target) => screen.drop(ids, target),
    changed: (dragging) => {
      screen.dragging = dragging;
    },
  });
  attachKeyboard(root, {
    enabled: () => !drag.dragging && !handover.shown,
    tiles: () => [...table.tiles(), ...[...rackElement.querySelectorAll(".rtile")].filter((el) => el instanceof HTMLElement)],
    run: (action, focused) => {
      if (action === "clear") screen.clearSelection();
      else if (action === "add") screen.addToFocusedSet(focused);
      else actions[action]?.();
    },
    focused: (id) => {
      screen.focusId = id;
    },
  });

  window.addEventListener("resize", () => table.placeReasons());

  /** @type {Window & {miaojong?: object}} */ (window).miaojong = testHook({ screen, game, handover, drag, notice, live, rack: rackElement, room });
  void (room ? room.start() : game.start());
}

const root = document.getElementById("rummy");
const configElement = document.getElementById("rummy-config");
if (root && configElement) startRummyPage(JSON.parse(configElement.textContent ?? "{}"), root);
const lobby = document.getElementById("rummy-lobby");
const lobbyConfig = document.getElementById("rummy-lobby-config");
if (lobby && lobbyConfig) new Lobby(lobby, JSON.parse(lobbyConfig.textContent ?? "{}")).start();
// A room that is gone: this browser's seat of it is forgotten, so the lobby stops listing it.
const gone = document.getElementById("rummy-room-gone")?.dataset.invite;
if (gone) forgetRoom(gone);
