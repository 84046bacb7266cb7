// @ts-check
// localStorage for one game's client. Every key is namespaced "miaojong:<game>:<name>", so
// the games of the house never read each other's data. Storage may be missing or refuse
// (private browsing, a full quota, disabled): then writes quietly fail and reads give null.

/** @returns {Storage | null} */
function browserStorage() {
  try {
    return window.localStorage ?? null;
  } catch {
    return null; // a browser that forbids storage throws on the mere access
  }
}

export class GameStorage {
  /**
   * @param {string} game the game's name in the keys, e.g. "mahjong"
   * @param {Record<string, string>} [oldKeys] keys of before the namespaces, mapped to their
   *   new names: moved once, on the first access, so that no player loses what was kept.
   */
  constructor(game, oldKeys = {}) {
    this.prefix = `miaojong:${game}:`;
    this.oldKeys = oldKeys;
    this.migrated = false;
  }

  /** @param {string} name */
  key(name) {
    return this.prefix + name;
  }

  /** @param {string} name @returns {string | null} */
  read(name) {
    const storage = this.open();
    try {
      return storage?.getItem(this.key(name)) ?? null;
    } catch {
      return null;
    }
  }

  /** @param {string} name @param {string} value @returns {boolean} whether it was kept */
  write(name, value) {
    const storage = this.open();
    if (!storage) return false;
    try {
      storage.setItem(this.key(name), value);
      return true;
    } catch {
      return false;
    }
  }

  /** @param {string} name */
  remove(name) {
    try {
      this.open()?.removeItem(this.key(name));
    } catch {
      /* storage unavailable: nothing to remove */
    }
  }

  /** The storage, once the old keys were moved. */
  open() {
    const storage = browserStorage();
    if (storage && !this.migrated) {
      this.migrated = true;
      migrateKeys(storage, this.oldKeys, (name) => this.key(name));
    }
    return storage;
  }
}

/**
 * Move each old key's value to its new key, unless the new key holds something already
 * (then that is newer). An old key is removed only once its value is safe.
 * @param {Storage} storage
 * @param {Record<string, string>} oldKeys
 * @param {(name: string) => string} newKey
 */
function migrateKeys(storage, oldKeys, newKey) {
  for (const [oldKey, name] of Object.entries(oldKeys)) {
    try {
      const value = storage.getItem(oldKey);
      if (value === null) continue;
      if (storage.getItem(newKey(name)) === null) storage.setItem(newKey(name), value);
      storage.removeItem(oldKey);
    } catch {
      /* a full quota: the old key stays, and moves on a later visit */
    }
  }
}
