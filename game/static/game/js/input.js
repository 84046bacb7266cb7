// Taps and keys to game actions. Pointer taps on the canvas select the topmost tile under
// them; keys: H hint, U undo, S shuffle, T tile style, P pause, N new game; the arrows move
// a focus ring over the free tiles and Enter or Space selects the focused one.

export const KEYS = Object.freeze({ h: "hint", u: "undo", s: "shuffle", t: "style", p: "pause", n: "new" });

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

function typing(target) {
  return target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
}

/**
 * Wire the canvas and the keyboard. `handlers`: tap(i), action(name), focusMove([dx, dy]),
 * focusSelect(); `hitTest(clientX, clientY)` gives a tile index or -1; `enabled()` says
 * whether the board takes input now (no dialog open).
 */
export function attachInput(canvas, { hitTest, handlers, enabled = () => true }) {
  let down = null;
  canvas.addEventListener("pointerdown", (event) => {
    if (event.button !== 0) return;
    down = { x: event.clientX, y: event.clientY, id: event.pointerId };
  });
  canvas.addEventListener("pointerup", (event) => {
    if (!down || down.id !== event.pointerId) return;
    const moved = Math.hypot(event.clientX - down.x, event.clientY - down.y);
    down = null;
    if (moved > 12 || !enabled()) return;
    event.preventDefault();
    handlers.tap(hitTest(event.clientX, event.clientY));
  });
  canvas.addEventListener("pointercancel", () => {
    down = null;
  });

  const onKey = (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey || typing(event.target) || !enabled()) return;
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
  return () => document.removeEventListener("keydown", onKey);
}
