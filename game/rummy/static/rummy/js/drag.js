// @ts-check
// Dragging tiles, on Pointer Events. With a mouse a drag starts as soon as the pressed tile
// moves a few pixels. On a touch screen it starts only after a long press (LONG_PRESS_MS with
// the finger still): a finger that moves earlier is scrolling the page, and the drag is off.
// The page keeps `touch-action: pan-y` on tiles (play.css), so a vertical swipe over them
// scrolls; once a drag is on, the dragged tile gets `touch-action: none` and the touch moves
// are cancelled (a non-passive touchmove listener), so the page does not scroll under the
// finger. Pressing a tile that is selected drags every selected tile.
//
// While dragging, a copy of the tiles follows the pointer and the target under it is marked:
// a set (add the tiles to it), a gap between sets (a new set there), the table around the
// sets (a new set at the end: the last gap is marked), or the rack. On touch the copy floats
// above the finger, and the target is the one under the lifted tile as drawn, not under the
// finger: the tile goes where the player sees it. Near the table's top or bottom edge the
// table scrolls. Escape cancels the drag.

/** How long a finger must rest on a tile before it lifts for a drag. */
export const LONG_PRESS_MS = 350;
const MOUSE_SLOP_PX = 5;
const TOUCH_SLOP_PX = 10;
/** On touch the dragged tiles float this far above the finger, so that it does not hide them. */
const FINGER_LIFT_PX = 28;
/** How near the table's top or bottom edge the lifted tile makes it scroll, and how fast at most (px a frame). */
const EDGE_PX = 40;
const SCROLL_STEP_PX = 12;

/**
 * The point a drag aims at: under a mouse, the pointer (it is on the tile); on touch, the
 * middle of the lifted tile as drawn above the finger (pure).
 * @param {number} x the pointer
 * @param {number} y
 * @param {{dx: number, dy: number, width: number, height: number, touch: boolean}} lift
 */
export function aimPoint(x, y, lift) {
  if (!lift.touch) return { x, y };
  return { x: x - lift.dx + lift.width / 2, y: y - lift.dy + lift.height / 2 };
}

/**
 * How far to scroll the table this frame for a point at `y` (pure): negative near its top,
 * positive near its bottom, faster the nearer the edge; 0 elsewhere.
 * @param {number} y
 * @param {{top: number, bottom: number}} edges the table's box on screen
 */
export function edgeScroll(y, edges) {
  if (y < edges.top - EDGE_PX || y > edges.bottom + EDGE_PX) return 0;
  if (y < edges.top + EDGE_PX) return -Math.ceil(SCROLL_STEP_PX * Math.min(1, (edges.top + EDGE_PX - y) / EDGE_PX));
  if (y > edges.bottom - EDGE_PX) return Math.ceil(SCROLL_STEP_PX * Math.min(1, (y - (edges.bottom - EDGE_PX)) / EDGE_PX));
  return 0;
}

/**
 * @typedef {import("./draft.js").Target} Target
 * @typedef {object} DragHandlers
 * @property {() => boolean} enabled whether tiles may be dragged now
 * @property {(id: string) => string[]} tilesFor the ids to drag when tile `id` is pressed
 * @property {(ids: string[], target: Target) => void} drop
 * @property {(dragging: boolean) => void} changed a drag started or ended
 */

/**
 * The drop target an element belongs to (pure on its data attributes and, on the rack, the
 * tiles' places): on a rack tile, the place before it, or after it when `x` is past its middle.
 * @param {Element | null} element
 * @param {number} sets how many sets the table has
 * @param {number | null} [x] where the drop aims, across
 * @returns {Target | null}
 */
export function targetOf(element, sets, x = null) {
  const zone = element?.closest("[data-drop]");
  if (!(zone instanceof HTMLElement)) return null;
  const index = Number(zone.dataset.index);
  switch (zone.dataset.drop) {
    case "set":
      return { to: "set", index };
    case "gap":
      return { to: "gap", index };
    case "table":
      return { to: "gap", index: sets };
    case "rack": {
      const tile = element?.closest(".rtile[data-id]");
      if (!tile || x === null || !zone.contains(tile)) return { to: "rack" };
      const place = [...zone.querySelectorAll(".rtile[data-id]")].indexOf(tile);
      const box = tile.getBoundingClientRect();
      return { to: "rack", index: place + (x > box.left + box.width / 2 ? 1 : 0) };
    }
    default:
      return null;
  }
}

export class TileDrag {
  /**
   * @param {HTMLElement} root the game's section: tiles and drop targets are inside it
   * @param {() => number} setCount the table's number of sets now
   * @param {DragHandlers} handlers
   */
  constructor(root, setCount, handlers) {
    this.root = root;
    this.setCount = setCount;
    this.handlers = handlers;
    /** @type {{id: string, element: HTMLElement, pointerId: number, touch: boolean, x: number, y: number, timer: number} | null} */
    this.pressed = null;
    /** @type {{ids: string[], avatar: HTMLElement, dx: number, dy: number, width: number, height: number, touch: boolean, x: number, y: number, target: Target | null, mark: Element | null, frame: number} | null} */
    this.active = null;
    this.suppressClick = false;

    root.addEventListener("pointerdown", (event) => this.#down(event));
    root.addEventListener("pointermove", (event) => this.#move(event));
    root.addEventListener("pointerup", (event) => this.#up(event));
    root.addEventListener("pointercancel", () => this.cancel());
    root.addEventListener("lostpointercapture", () => this.cancel());
    // Once a drag is on, the finger's moves are the drag's, never a scroll.
    root.addEventListener("touchmove", (event) => {
      if (this.active && event.cancelable) event.preventDefault();
    }, { passive: false });
    // A long press would open the browser's menu for the tile (or select text).
    root.addEventListener("contextmenu", (event) => {
      if (event.target instanceof Element && event.target.closest(".rtile")) event.preventDefault();
    });
    // The click that ends a drag is no tap on a tile.
    root.addEventListener("click", (event) => {
      if (!this.suppressClick) return;
      event.stopPropagation();
      event.preventDefault();
    }, true);
    document.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && this.active) {
        event.preventDefault();
        this.cancel();
      }
    });
  }

  get dragging() {
    return this.active !== null;
  }

  /** @param {PointerEvent} event */
  #down(event) {
    if (this.pressed || this.active || !event.isPrimary || event.button !== 0 || !this.handlers.enabled()) return;
    const element = event.target instanceof Element ? event.target.closest(".rtile[data-id]") : null;
    if (!(element instanceof HTMLElement) || !this.root.contains(element)) return;
    const touch = event.pointerType !== "mouse";
    this.pressed = {
      id: element.dataset.id ?? "", element, pointerId: event.pointerId, touch, x: event.clientX, y: event.clientY,
      timer: touch ? window.setTimeout(() => this.#begin(event.clientX, event.clientY), LONG_PRESS_MS) : 0,
    };
  }

  /** @param {PointerEvent} event */
  #move(event) {
    const pressed = this.pressed;
    if (!pressed || event.pointerId !== pressed.pointerId) return;
    if (this.active) {
      this.#follow(event.clientX, event.clientY);
      return;
    }
    const moved = Math.hypot(event.clientX - pressed.x, event.clientY - pressed.y);
    if (pressed.touch) {
      // The finger moved before the long press: it is scrolling.
      if (moved > TOUCH_SLOP_PX) this.#release();
    } else if (moved > MOUSE_SLOP_PX) {
      this.#begin(event.clientX, event.clientY);
    }
  }

  /** @param {PointerEvent} event */
  #up(event) {
    const pressed = this.pressed;
    if (!pressed || event.pointerId !== pressed.pointerId) return;
    const active = this.active;
    if (active) {
      this.#follow(event.clientX, event.clientY);
      const { ids, target } = active;
      this.#end();
      if (target) this.handlers.drop(ids, target);
    } else {
      this.#release();
    }
  }

  /** Lift the pressed tiles: the drag is on. @param {number} x @param {number} y */
  #begin(x, y) {
    const pressed = this.pressed;
    if (!pressed || this.active || !this.handlers.enabled()) {
      this.#release();
      return;
    }
    window.clearTimeout(pressed.timer);
    const ids = this.handlers.tilesFor(pressed.id);
    const originals = ids.map((id) => this.root.querySelector(`.rtile[data-id="${id}"]`)).filter((el) => el instanceof HTMLElement);
    const avatar = document.createElement("div");
    avatar.className = "rummy-drag";
    avatar.setAttribute("aria-hidden", "true");
    for (const original of originals) {
      const copy = /** @type {HTMLElement} */ (original.cloneNode(true));
      copy.classList.remove("rtile--selected", "rtile--new", "rtile--drawn");
      copy.removeAttribute("data-id");
      copy.tabIndex = -1;
      avatar.append(copy);
      original.classList.add("rtile--ghost");
    }
    pressed.element.classList.add("rtile--dragging");
    try {
      pressed.element.setPointerCapture(pressed.pointerId);
    } catch {
      /* the pointer is gone already: the next event ends the drag */
    }
    const box = pressed.element.getBoundingClientRect();
    const dx = pressed.touch ? box.width / 2 : pressed.x - box.left;
    const dy = pressed.touch ? box.height + FINGER_LIFT_PX : pressed.y - box.top;
    this.active = { ids, avatar, dx, dy, width: box.width, height: box.height, touch: pressed.touch, x, y, target: null, mark: null, frame: 0 };
    this.root.append(avatar);
    this.root.classList.add("rummy--dragging");
    this.#follow(x, y);
    this.handlers.changed(true);
  }

  /** Move the tiles with the pointer and mark the target under it. @param {number} x @param {number} y */
  #follow(x, y) {
    const active = this.active;
    if (!active) return;
    active.x = x;
    active.y = y;
    active.avatar.style.setProperty("--drag-x", `${Math.round(x - active.dx)}px`);
    active.avatar.style.setProperty("--drag-y", `${Math.round(y - active.dy)}px`);
    this.#aim();
    this.#autoscroll();
  }

  /** Mark exactly what the drop would join: the set or the gap under the lifted tile. */
  #aim() {
    const active = this.active;
    if (!active) return;
    const aim = aimPoint(active.x, active.y, active);
    const under = document.elementFromPoint(aim.x, aim.y);
    const inside = under && this.root.contains(under) ? under : null;
    const zone = inside?.closest("[data-drop]") ?? null;
    active.target = targetOf(inside, this.setCount(), aim.x);
    // The table around the sets means a new set at its end: that gap is what lights up.
    const mark = zone instanceof HTMLElement && zone.dataset.drop === "table"
      ? zone.querySelector(`.rgap[data-index="${this.setCount()}"]`) ?? zone
      : zone;
    if (mark !== active.mark) {
      active.mark?.classList.remove("rummy-drop-target");
      mark?.classList.add("rummy-drop-target");
      active.mark = mark;
    }
  }

  /** While the lifted tile is near the table's top or bottom edge, scroll the table, frame by frame. */
  #autoscroll() {
    const active = this.active;
    if (!active || active.frame) return;
    const table = this.root.querySelector("#rummy-table");
    if (!(table instanceof HTMLElement)) return;
    const step = () => {
      const now = this.active;
      if (!now) return;
      now.frame = 0;
      const aim = aimPoint(now.x, now.y, now);
      const edges = table.getBoundingClientRect();
      const inside = aim.x >= edges.left && aim.x <= edges.right;
      const by = inside ? edgeScroll(aim.y, edges) : 0;
      const before = table.scrollTop;
      if (by) table.scrollTop += by;
      if (table.scrollTop !== before) {
        this.#aim();
        now.frame = window.requestAnimationFrame(step);
      }
    };
    active.frame = window.requestAnimationFrame(step);
  }

  /** Stop a drag (or a press waiting to become one) without dropping anything. */
  cancel() {
    if (this.active) {
      this.#end();
      return;
    }
    this.#release();
  }

  #end() {
    const active = this.active;
    if (!active) return;
    this.active = null;
    window.cancelAnimationFrame(active.frame);
    active.avatar.remove();
    active.mark?.classList.remove("rummy-drop-target");
    for (const ghost of this.root.querySelectorAll(".rtile--ghost, .rtile--dragging")) {
      ghost.classList.remove("rtile--ghost", "rtile--dragging");
    }
    this.root.classList.remove("rummy--dragging");
    this.suppressClick = true;
    window.setTimeout(() => {
      this.suppressClick = false;
    }, 0);
    this.#release();
    this.handlers.changed(false);
  }

  #release() {
    const pressed = this.pressed;
    if (!pressed) return;
    window.clearTimeout(pressed.timer);
    this.pressed = null;
    if (pressed.element.hasPointerCapture?.(pressed.pointerId)) pressed.element.releasePointerCapture(pressed.pointerId);
  }
}
