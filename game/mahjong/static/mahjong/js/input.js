// @ts-check
// Pointer, touch and keys to game actions. A tap (mouse, pen or finger, through pointer
// events) selects the tile it means; one finger or the mouse drags the board, two fingers
// pinch it, a double tap (finger or pen) switches between the close-up and the whole board,
// the wheel (and a touchpad's pinch) zooms. Keys: H hint, U undo, S shuffle, T tile style,
// P pause, N new game, Z close-up / whole board; the arrows move a focus ring over the free
// tiles and Enter or Space selects the focused one.

import { DOUBLE_TAP_MS, isDoubleTap, panBy, pinchView, zoomAt } from "./view.js";

/** @type {Readonly<Record<string, string>>} */
export const KEYS = Object.freeze({
  h: "hint", u: "undo", s: "shuffle", t: "style", p: "pause", n: "new", z: "view",
});

// A press that moves further than this (CSS px) is a drag, not a tap: a shaky click still counts.
const DRAG_PX = 10;
// A second tap this close (CSS px) to a tap that would take a pair is a double tap on that
// tile; further off, on a phone's small tiles, it means the tile beside or under it.
const MATCH_DOUBLE_TAP_PX = 10;
// How far off a face a tap still counts (fingers are wide, the mouse is precise).
/** @type {Readonly<Record<string, number>>} */
const TAP_TOLERANCE = { touch: 8, pen: 5, mouse: 0 };

/** @typedef {[number, number]} Direction [dx, dy] */
/** @type {Readonly<Record<string, Direction>>} */
const DIRECTIONS = Object.freeze({
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
});

/**
 * The candidate to move the focus to from `current` in direction [dx, dy], pure:
 * `centers` maps an index to {x, y}; the nearest one ahead, favouring the straight line.
 * With no current focus, the top-left candidate. Null when nothing lies that way.
 * @param {(i: number) => import("./view.js").Point} centers
 * @param {number[]} candidates
 * @param {number | null} current
 * @param {Direction} direction
 * @returns {number | null}
 */
export function nextFocus(centers, candidates, current, [dx, dy]) {
  if (!candidates.length) return null;
  if (current === null || !candidates.includes(current)) {
    return candidates.reduce((best, i) =>
      centers(i).y + centers(i).x < centers(best).y + centers(best).x ? i : best);
  }
  const from = centers(current);
  let best = null;
  let bestCost = Infinity;
  for (const i of candidates) {
    if (i === current) continue;
    const c = centers(i);
    const along = (c.x - from.x) * dx + (c.y - from.y) * dy;
    if (along <= 0.5) continue;
    const across = Math.abs((c.x - from.x) * dy) + Math.abs((c.y - from.y) * dx);
    const cost = along + 2 * across;
    if (cost < bestCost) {
      bestCost = cost;
      best = i;
    }
  }
  return best;
}

/** @param {EventTarget | null} target */
function typing(target) {
  return target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
}

/**
 * The renderer's side of zooming and panning.
 * @typedef {object} BoardView
 * @property {() => import("./view.js").View | null} getView
 * @property {(view: import("./view.js").View) => void} setView
 * @property {(clientX: number, clientY: number) => import("./view.js").Point} toCanvas
 */
/**
 * @typedef {object} InputHandlers
 * @property {(i: number) => boolean | void} tap true when the tap took a pair
 * @property {() => void} [revertTap] undo what the last tap did to the selection (a double tap's first half)
 * @property {(i: number) => boolean} [wouldTake] whether a tap on tile i would take a pair now
 * @property {(i: number | null) => void} [preview] show tile i as chosen while its pair waits (null: no longer)
 * @property {(name: string) => void} action
 * @property {(direction: Direction) => void} focusMove
 * @property {() => void} focusSelect
 * @property {(clientX?: number, clientY?: number) => void} [toggleView]
 */
/**
 * @typedef {object} InputOptions
 * @property {(clientX: number, clientY: number, tolerance: number) => number} hitTest
 * @property {InputHandlers} handlers
 * @property {() => boolean} [enabled]
 * @property {BoardView | null} [board]
 */
/**
 * A gesture in progress: a press (a tap, unless it moves), a pan, or a two-finger pinch.
 * @typedef {{kind: "press" | "pan", id: number, x: number, y: number, last: import("./view.js").Point}
 *   | {kind: "pinch", start: import("./view.js").View, a0: import("./view.js").Point,
 *      b0: import("./view.js").Point, ids: number[]}} Gesture
 */

/**
 * Wire the canvas and the keyboard. `handlers`: tap(i), action(name), focusMove([dx, dy]),
 * focusSelect(), toggleView(clientX, clientY); `hitTest(clientX, clientY, tolerance)` gives a
 * tile index or -1; `enabled()` says whether the board takes input now (no dialog open).
 * `board` (optional: without it, no drag and no zoom) is the renderer's view: getView(),
 * setView(view) (which keeps it within limits), toCanvas(clientX, clientY).
 * @param {HTMLCanvasElement} canvas
 * @param {InputOptions} options
 * A finger's tap that would take a pair waits a double tap's time first (shown chosen), so that
 * a double tap on the match of the selected tile only zooms; any other input takes it at once.
 * @returns {{detach: () => void, flush: () => void}} `flush` takes a waiting pair now (call it
 *   before any other action); `detach` removes the keyboard
 */
export function attachInput(canvas, { hitTest, handlers, enabled = () => true, board = null }) {
  /** @type {Map<number, {x: number, y: number, type: string}>} */
  const pointers = new Map();
  /** @type {Gesture | null} */
  let gesture = null;
  /** @type {import("./view.js").TapRecord | null} */
  let lastTap = null;
  /** @type {{tap: import("./view.js").TapRecord, timer: ReturnType<typeof setTimeout>} | null} */
  let waiting = null;

  /** Take the pair that waits for a possible second tap, now. */
  function flush() {
    const pair = waiting;
    if (!pair) return;
    waiting = null;
    clearTimeout(pair.timer);
    handlers.preview?.(null);
    handlers.tap(pair.tap.target);
  }

  /** @param {PointerEvent} event */
  const point = (event) => ({ x: event.clientX, y: event.clientY });

  /** @param {BoardView} board */
  function startPinch(board) {
    const [a, b] = [...pointers.values()];
    const start = board.getView();
    if (!start) return;
    const ca = board.toCanvas(a.x, a.y);
    const cb = board.toCanvas(b.x, b.y);
    gesture = { kind: "pinch", start, a0: ca, b0: cb, ids: [...pointers.keys()] };
  }

  canvas.addEventListener("pointerdown", (event) => {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    pointers.set(event.pointerId, { ...point(event), type: event.pointerType });
    canvas.setPointerCapture?.(event.pointerId);
    if (pointers.size === 1) {
      gesture = { kind: "press", id: event.pointerId, x: event.clientX, y: event.clientY, last: point(event) };
    } else if (pointers.size === 2 && board) {
      startPinch(board);
    }
  });

  canvas.addEventListener("pointermove", (event) => {
    const pointer = pointers.get(event.pointerId);
    if (!pointer || !gesture) return;
    pointer.x = event.clientX;
    pointer.y = event.clientY;
    if (gesture.kind === "pinch") {
      const [a, b] = gesture.ids.map((id) => pointers.get(id));
      if (!a || !b || !board) return;
      board.setView(pinchView(gesture.start, gesture.a0, gesture.b0,
        board.toCanvas(a.x, a.y), board.toCanvas(b.x, b.y)));
      return;
    }
    if (gesture.id !== event.pointerId) return;
    const moved = Math.hypot(event.clientX - gesture.x, event.clientY - gesture.y);
    if (gesture.kind === "press" && moved > DRAG_PX && board) {
      gesture.kind = "pan";
      // From where the finger went down, so that the board stays under it.
      gesture.last = { x: gesture.x, y: gesture.y };
    }
    if (gesture.kind === "pan" && board) {
      const view = board.getView();
      if (view) board.setView(panBy(view, event.clientX - gesture.last.x, event.clientY - gesture.last.y));
    }
    gesture.last = point(event);
  });

  /** @param {PointerEvent} event @param {boolean} cancelled */
  function release(event, cancelled) {
    if (!pointers.delete(event.pointerId)) return;
    const current = gesture;
    if (pointers.size === 1 && current?.kind === "pinch") {
      // One finger stays after a pinch: it goes on moving the board, never taps.
      const [id, p] = [...pointers.entries()][0];
      gesture = { kind: "pan", id, x: p.x, y: p.y, last: { x: p.x, y: p.y } };
      return;
    }
    if (pointers.size > 0) return;
    gesture = null;
    if (cancelled || current?.kind !== "press" || current.id !== event.pointerId || !enabled()) return;
    event.preventDefault();
    const type = event.pointerType;
    const target = hitTest(event.clientX, event.clientY, TAP_TOLERANCE[type] ?? 0);
    let tap = { x: event.clientX, y: event.clientY, t: event.timeStamp, target };
    if (waiting) {
      const pair = waiting;
      const near = Math.hypot(tap.x - pair.tap.x, tap.y - pair.tap.y) <= MATCH_DOUBLE_TAP_PX;
      if (near && isDoubleTap(pair.tap, tap) && handlers.toggleView) {
        // The second half of a double tap on the match: the pair stays, the board zooms.
        waiting = null;
        clearTimeout(pair.timer);
        handlers.preview?.(null);
        lastTap = null;
        handlers.toggleView(event.clientX, event.clientY);
        return;
      }
      flush();
      lastTap = null;
      // The pair is gone now: the finger meant what lies there on the board as it is now (a
      // tile that the pair uncovered, say).
      tap = { ...tap, target: hitTest(event.clientX, event.clientY, TAP_TOLERANCE[type] ?? 0) };
    }
    const first = lastTap;
    if (type !== "mouse" && handlers.toggleView && first && isDoubleTap(first, tap)) {
      // A double tap zooms and does nothing else: the selection its first half made is taken back.
      lastTap = null;
      handlers.revertTap?.();
      handlers.toggleView(event.clientX, event.clientY);
      return;
    }
    if (type !== "mouse" && handlers.toggleView && handlers.wouldTake?.(tap.target)) {
      handlers.preview?.(tap.target);
      waiting = { tap, timer: setTimeout(flush, DOUBLE_TAP_MS) };
      lastTap = null;
      return;
    }
    handlers.tap(tap.target);
    lastTap = type === "mouse" ? null : tap;
  }

  canvas.addEventListener("pointerup", (event) => release(event, false));
  canvas.addEventListener("pointercancel", (event) => release(event, true));
  canvas.addEventListener("wheel", (event) => {
    // Over the board the wheel zooms (Ctrl + wheel is also a touchpad's pinch) and never
    // scrolls the page: the toolbar would leave the screen. At the whole board, a wheel
    // outwards does nothing.
    if (!board) return;
    event.preventDefault();
    const view = board.getView();
    if (!view) return;
    const p = board.toCanvas(event.clientX, event.clientY);
    const step = event.deltaMode === 1 ? event.deltaY * 16 : event.deltaY;
    const speed = event.ctrlKey ? 0.01 : 0.002;
    board.setView(zoomAt(view, view.scale * Math.exp(-step * speed), p.x, p.y));
}, { passive: false });

  /** @param {KeyboardEvent} event */
  const onKey = (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey || typing(event.target) || !enabled()) return;
    flush();
    const direction = event.target === canvas ? DIRECTIONS[event.key] : undefined;
    if (direction) {
      event.preventDefault();
      handlers.focusMove(direction);
      return;
    }
    if ((event.key === "Enter" || event.key === " ") && event.target === canvas) {
      event.preventDefault();
      handlers.focusSelect();
      return;
    }
    const action = KEYS[event.key.toLowerCase()];
    if (action && !event.repeat) {
      event.preventDefault();
      handlers.action(action);
    }
  };
  document.addEventListener("keydown", onKey);
  return { detach: () => document.removeEventListener("keydown", onKey), flush };
}
