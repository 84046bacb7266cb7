// @ts-check
// Showing the other player's move so that it can be followed. The server plays the computer's
// reply in the same request as the player's action; the page first shows the player's own
// move, says "The computer is thinking…" for a short visible pause (THINKING_MS), then shows
// the new table: tiles that were on the table slide from their old places to their new ones
// (FLIP: first, last, invert, play, with the Web Animations API), and the tiles laid from the
// rack come down set by set, marked .rtile--new.
//
// No pause and no animation when the visitor prefers reduced motion, or when
// localStorage["miaojong:rummy:test:pause-ms"] holds a number of milliseconds (the browser
// tests set "0"): that number is then the pause, and animations are off.

import { GameStorage } from "../../core/js/storage.js";

export const THINKING_MS = 700;
const PAUSE_OVERRIDE = "test:pause-ms";
const SLIDE_MS = 420;
const DROP_MS = 320;
const SET_STAGGER_MS = 200;
const store = new GameStorage("rummy");

function override() {
  const kept = store.read(PAUSE_OVERRIDE);
  return kept !== null && /^\d{1,5}$/.test(kept) ? Number(kept) : null;
}

function reducedMotion() {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** Whether moves are animated. */
export function animated() {
  return override() === null && !reducedMotion();
}

/** How long the computer seems to think before its move shows. */
export function thinkingMs() {
  const kept = override();
  if (kept !== null) return kept;
  return reducedMotion() ? 0 : THINKING_MS;
}

/** @param {number} ms */
export function wait(ms) {
  return new Promise((resolve) => {
    window.setTimeout(resolve, ms);
  });
}

/**
 * Where each tile of the table is now, by face, in table order.
 * @param {HTMLElement} table
 * @returns {Map<string, DOMRect[]>}
 */
export function tilePlaces(table) {
  /** @type {Map<string, DOMRect[]>} */
  const places = new Map();
  for (const tile of table.querySelectorAll(".rtile[data-tile]")) {
    const face = /** @type {HTMLElement} */ (tile).dataset.tile ?? "";
    places.set(face, [...(places.get(face) ?? []), tile.getBoundingClientRect()]);
  }
  return places;
}

/**
 * Animate the table just drawn from the one whose places were taken: every tile that was
 * there before slides from its old place (copies of a face in table order), the tiles laid
 * (ids) drop in set by set; the sets that changed glow a moment. Resolves when it is over.
 * @param {HTMLElement} table
 * @param {Map<string, DOMRect[]>} before
 * @param {ReadonlySet<string>} laid
 */
export async function animateTable(table, before, laid) {
  if (!animated() || typeof Element.prototype.animate !== "function") return;
  /** @type {Map<string, number>} */
  const used = new Map();
  /** @type {Animation[]} */
  const running = [];
  const sets = [...table.querySelectorAll(".rset")];
  let order = 0;
  for (const set of sets) {
    let changed = false;
    for (const tile of set.querySelectorAll(".rtile[data-id]")) {
      const element = /** @type {HTMLElement} */ (tile);
      if (laid.has(element.dataset.id ?? "")) {
        changed = true;
        running.push(element.animate(
          [{ opacity: 0, transform: "translateY(-60%) scale(0.85)" }, { opacity: 1, transform: "none" }],
          { duration: DROP_MS, delay: SLIDE_MS / 2 + order * SET_STAGGER_MS, easing: "ease-out", fill: "backwards" },
        ));
        continue;
      }
      const face = element.dataset.tile ?? "";
      const k = used.get(face) ?? 0;
      used.set(face, k + 1);
      const old = before.get(face)?.[k];
      if (!old) continue;
      const now = element.getBoundingClientRect();
      const dx = old.left - now.left;
      const dy = old.top - now.top;
      if (Math.abs(dx) < 1 && Math.abs(dy) < 1) continue;
      changed = true;
      running.push(element.animate(
        [{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }],
        { duration: SLIDE_MS, easing: "cubic-bezier(0.2, 0.7, 0.3, 1)" },
      ));
    }
    if (changed) {
      running.push(set.animate(
        [{ backgroundColor: "rgb(255 214 90 / 0.45)" }, { backgroundColor: "rgb(255 214 90 / 0)" }],
        { duration: 1200, delay: order * SET_STAGGER_MS, fill: "backwards" },
      ));
      order += 1;
    }
  }
  await Promise.all(running.map((animation) => animation.finished.catch(() => undefined)));
}
