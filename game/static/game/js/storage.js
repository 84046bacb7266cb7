// The game in progress in localStorage, saved after every move. Anything unreadable
// (damaged, an older format, storage disabled) reads as "no saved game".

import { Game } from "./state.js";

export const STORAGE_KEY = "miaojong.play.v1";

function store() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Save the game with the clock reading t and its style; false if storage is unavailable. */
export function saveGame(game, t, style) {
  const storage = store();
  if (!storage) return false;
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify({ state: game.toJSON(), t, wall: Date.now(), style }));
    return true;
  } catch {
    return false;
  }
}

/** {game, t, wall, style} or null. */
export function loadGame() {
  const storage = store();
  if (!storage) return null;
  let data;
  try {
    data = JSON.parse(storage.getItem(STORAGE_KEY) || "null");
  } catch {
    data = null;
  }
  const game = data && typeof data === "object" ? Game.fromJSON(data.state) : null;
  if (!game || !Number.isInteger(data.t) || data.t < game.s.now) {
    if (data !== null) clearGame();
    return null;
  }
  return { game, t: data.t, wall: data.wall, style: data.style };
}

export function clearGame() {
  try {
    store()?.removeItem(STORAGE_KEY);
  } catch {
    /* storage unavailable: nothing to clear */
  }
}

export function savePreference(name, value) {
  try {
    store()?.setItem(`miaojong.${name}`, value);
  } catch {
    /* ignore */
  }
}

export function loadPreference(name) {
  try {
    return store()?.getItem(`miaojong.${name}`) ?? null;
  } catch {
    return null;
  }
}
