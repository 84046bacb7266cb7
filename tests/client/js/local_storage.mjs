// A stand-in for the browser's localStorage (node has none), installed as window.localStorage:
// `items` is what it holds; with `refuseWrites` on, writes fail as a full storage's do.
export function installLocalStorage() {
  const storage = { items: new Map(), refuseWrites: false };
  globalThis.window = {
    ...globalThis.window,
    localStorage: {
      getItem: (k) => (storage.items.has(k) ? storage.items.get(k) : null),
      setItem: (k, v) => {
        if (storage.refuseWrites) throw new DOMException("full", "QuotaExceededError");
        storage.items.set(k, String(v));
      },
      removeItem: (k) => storage.items.delete(k),
    },
  };
  return storage;
}
