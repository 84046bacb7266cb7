// @ts-check
// Playing with the keyboard. The tiles (the table's, then the rack's) are one roving tab stop:
// Tab reaches the tile last focused, the arrow keys move between tiles (left and right along
// the table and the rack, up and down to the nearest tile of the row above or below), Home and
// End go to the first and last tile, Enter or Space selects (the tile is a button). Letter
// keys are the toolbar's shortcuts, the same as its buttons (aria-keyshortcuts): G new group,
// U undo, R reset, C confirm, D draw, P pass; + (or A) adds the selected tiles to the set of
// the focused table tile, Escape clears the selection.

/** The shortcut keys and the action each stands for. */
export const SHORTCUTS = Object.freeze({ g: "group", u: "undo", r: "reset", c: "confirm", d: "draw", p: "pass", "+": "add", a: "add" });

/**
 * @typedef {{x: number, y: number, width: number, height: number}} Box
 * @typedef {object} KeyboardHandlers
 * @property {() => boolean} enabled whether keys play now (no dialog, a turn to play)
 * @property {() => HTMLElement[]} tiles every tile button, table first, in order
 * @property {(action: string, focused: HTMLElement | null) => void} run a shortcut's action
 * @property {(id: string) => void} focused the roving tab stop moved to tile `id`
 */

/**
 * The tile the arrow `key` leads to from tile `index` (pure, on the tiles' boxes): the next or
 * previous one, or for up and down the one nearest across in the nearest row above or below.
 * The index itself when there is nowhere to go.
 * @param {readonly Box[]} boxes
 * @param {number} index
 * @param {string} key
 */
export function nextTile(boxes, index, key) {
  const last = boxes.length - 1;
  if (key === "ArrowLeft") return Math.max(0, index - 1);
  if (key === "ArrowRight") return Math.min(last, index + 1);
  if (key === "Home") return 0;
  if (key === "End") return last;
  if (key !== "ArrowUp" && key !== "ArrowDown") return index;
  const here = boxes[index];
  const middle = (/** @type {Box} */ b) => b.y + b.height / 2;
  const centre = (/** @type {Box} */ b) => b.x + b.width / 2;
  const down = key === "ArrowDown";
  const beyond = boxes
    .map((box, i) => ({ box, i }))
    .filter(({ box }) => (down ? middle(box) > here.y + here.height : middle(box) < here.y));
  if (!beyond.length) return index;
  const rowMiddle = down ? Math.min(...beyond.map(({ box }) => middle(box))) : Math.max(...beyond.map(({ box }) => middle(box)));
  const row = beyond.filter(({ box }) => Math.abs(middle(box) - rowMiddle) < here.height / 2);
  row.sort((a, b) => Math.abs(centre(a.box) - centre(here)) - Math.abs(centre(b.box) - centre(here)));
  return row[0].i;
}

/**
 * Whether a key event is for the page's shortcuts: no modifier, not typed into a field, no
 * dialog open.
 * @param {KeyboardEvent} event
 */
function isShortcutEvent(event) {
  if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return false;
  const target = event.target;
  if (target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement) return false;
  return !document.querySelector("dialog[open]");
}

/**
 * @param {HTMLElement} root the game's section
 * @param {KeyboardHandlers} handlers
 */
export function attachKeyboard(root, handlers) {
  root.addEventListener("focusin", (event) => {
    const tile = event.target instanceof Element ? event.target.closest(".rtile[data-id]") : null;
    if (!(tile instanceof HTMLElement)) return;
    for (const other of handlers.tiles()) other.tabIndex = other === tile ? 0 : -1;
    handlers.focused(tile.dataset.id ?? "");
  });
  document.addEventListener("keydown", (event) => {
    if (!isShortcutEvent(event) || !handlers.enabled()) return;
    const focused = document.activeElement instanceof HTMLElement && document.activeElement.matches(".rtile[data-id]")
      && root.contains(document.activeElement) ? document.activeElement : null;
    if (focused && ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"].includes(event.key)) {
      const tiles = handlers.tiles();
      const index = tiles.indexOf(focused);
      if (index < 0) return;
      event.preventDefault();
      const boxes = tiles.map((tile) => tile.getBoundingClientRect());
      tiles[nextTile(boxes, index, event.key)].focus();
      return;
    }
    if (event.key === "Escape") {
      handlers.run("clear", focused);
      return;
    }
    const action = SHORTCUTS[/** @type {keyof typeof SHORTCUTS} */ (event.key.toLowerCase())];
    if (!action) return;
    event.preventDefault();
    handlers.run(action, focused);
  });
}
