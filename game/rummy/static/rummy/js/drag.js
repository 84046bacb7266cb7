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
// sets (a new set at the end), or the rack. Escape cancels the drag.

/** How long a finger must rest on a tile before it lifts for a drag. */
export const LONG_PRESS_MS = 350;
const MOUSE_SLOP_PX = 5;
const TOUCH_SLOP_PX = 10;
/** On touch the dragged tiles float this far above the finger, so that it does not hide them. */
const FINGER_LIFT_PX = 28;

/**
 * @typedef {import("./draft.js").Target} Target
 * @typedef {object} DragHandlers
 * @property {() => boolean} enabled whether tiles may be dragged now
 * @property {(id: string) => string[]} tilesFor the ids to drag when tile `id` is pressed
 * @property {(ids: string[], target: Target) => void} drop
 * @property {(dragging: boolean) => void} changed a drag started or ended
 */

/**
 * The drop target an element belongs to (pure on its data attributes).
 * @param {Element | null} element
 * @param {number} sets how many sets the table has
 * @returns {Target | null}
 */
export function targetOf(element, sets) {
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
    case "rack":
      return { to: "rack" };
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
    /** @type {{ids: string[], avatar: HTMLElement, dx: number, dy: number, target: Target | null, zone: Element | null} | null} */
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
    this.active = { ids, avatar, dx, dy, target: null, zone: null };
    this.root.append(avatar);
    this.root.classList.add("rummy--dragging");
    this.#follow(x, y);
    this.handlers.changed(true);
  }

  /** Move the tiles with the pointer and mark the target under it. @param {number} x @param {number} y */
  #follow(x, y) {
    const active = this.active;
    if (!active) return;
    active.avatar.style.setProperty("--drag-x", `${Math.round(x - active.dx)}px`);
    active.avatar.style.setProperty("--drag-y", `${Math.round(y - active.dy)}px`);
    const under = document.elementFromPoint(x, y);
    const inside = under && this.root.contains(under) ? under : null;
    const zone = inside?.closest("[data-drop]") ?? null;
    if (zone !== active.zone) {
      active.zone?.classList.remove("rummy-drop-target");
      zone?.classList.add("rummy-drop-target");
      active.zone = zone;
    }
    active.target = targetOf(zone, this.setCount());
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
    active.avatar.remove();
    active.zone?.classList.remove("rummy-drop-target");
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
