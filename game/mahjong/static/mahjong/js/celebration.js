// @ts-check
// The short celebration of a cleared board (a classic win, an arcade level): the last pair
// fades out as every removal does (render.js), and a burst of sparks in the tiles' colours
// flies out from the middle of the board and falls away, about 1.2 s, on a canvas laid over
// the board. The overlay takes no input and the end dialog opens at once, over it. With
// prefers-reduced-motion there is no burst at all. While it runs the board canvas carries
// data-celebrating="true" (for styles and tests).

/** How long the burst lasts, in ms. */
export const CELEBRATION_MS = 1200;

const SPARK_COUNT = 48;
const COLOURS = ["#f2b705", "#d9412b", "#2f8f5b", "#ffffff", "#3a78c2"];
const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

/**
 * @typedef {{angle: number, speed: number, size: number, colour: string}} Spark
 * @typedef {{reach: number, fall: number, alpha: number}} BurstFrame
 */

/**
 * The burst's sparks: evenly spread round the circle, each a little faster or slower and
 * larger or smaller than its neighbours, the same every time (a test can draw it again).
 * @param {number} [count]
 * @returns {Spark[]}
 */
export function sparks(count = SPARK_COUNT) {
  return Array.from({ length: count }, (_, k) => ({
    angle: (2 * Math.PI * k) / count + (k % 3) * 0.07,
    speed: 0.55 + 0.45 * ((k * 7) % 11) / 10,
    size: 2 + (k % 4),
    colour: COLOURS[k % COLOURS.length],
  }));
}

/**
 * Where the burst stands `elapsed` ms after it started, or null before it and once it is over:
 * how far the sparks have flown (0 to 1 of the radius, fast then slowing), how far they have
 * fallen since, and their opacity (full, then fading over the last 40%).
 * @param {number} elapsed
 * @param {number} [duration]
 * @returns {BurstFrame | null}
 */
export function burstAt(elapsed, duration = CELEBRATION_MS) {
  if (!(elapsed >= 0 && elapsed < duration)) return null;
  const p = elapsed / duration;
  return { reach: 1 - (1 - p) ** 3, fall: p * p * 0.35, alpha: p < 0.6 ? 1 : 1 - (p - 0.6) / 0.4 };
}

/**
 * A spark's place in a frame, from the burst's centre, for a burst of `radius` CSS px.
 * @param {Spark} spark @param {BurstFrame} frame @param {number} radius
 */
export function sparkAt(spark, frame, radius) {
  const distance = spark.speed * frame.reach * radius;
  return { x: Math.cos(spark.angle) * distance, y: Math.sin(spark.angle) * distance + frame.fall * radius };
}

export class Celebration {
  /**
   * @param {HTMLCanvasElement} board the board's canvas
   * @param {object} [options]
   * @param {() => boolean} [options.reducedMotion]
   */
  constructor(board, { reducedMotion = () => window.matchMedia(REDUCED_MOTION).matches } = {}) {
    this.board = board;
    this.reducedMotion = reducedMotion;
    /** @type {HTMLCanvasElement | null} */
    this.overlay = null;
    this.frame = 0;
  }

  /** Start the burst over the board (once at a time); false if the player asked for less motion. */
  start() {
    this.stop();
    if (this.reducedMotion()) return false;
    const box = this.board.getBoundingClientRect();
    const ratio = window.devicePixelRatio || 1;
    const overlay = document.createElement("canvas");
    overlay.className = "play-celebration";
    overlay.setAttribute("aria-hidden", "true");
    overlay.width = Math.round(box.width * ratio);
    overlay.height = Math.round(box.height * ratio);
    Object.assign(overlay.style, {
      position: "fixed", left: `${box.left}px`, top: `${box.top}px`,
      width: `${box.width}px`, height: `${box.height}px`, pointerEvents: "none", zIndex: "5",
    });
    document.body.append(overlay);
    this.overlay = overlay;
    this.board.dataset.celebrating = "true";
    const spread = sparks();
    const radius = Math.min(box.width, box.height) * 0.45;
    const started = performance.now();
    /** @param {number} now */
    const step = (now) => {
      const frame = burstAt(now - started);
      if (!frame) {
        this.stop();
        return;
      }
      drawBurst(overlay, ratio, spread, frame, radius);
      this.frame = requestAnimationFrame(step);
    };
    this.frame = requestAnimationFrame(step);
    return true;
  }

  /** End the burst now (a new board, a second win). */
  stop() {
    cancelAnimationFrame(this.frame);
    this.overlay?.remove();
    this.overlay = null;
    delete this.board.dataset.celebrating;
  }
}

/**
 * @param {HTMLCanvasElement} overlay @param {number} ratio device pixels per CSS px
 * @param {Spark[]} spread @param {BurstFrame} frame @param {number} radius
 */
function drawBurst(overlay, ratio, spread, frame, radius) {
  const context = overlay.getContext("2d");
  if (!context) return;
  context.setTransform(ratio, 0, 0, ratio, 0, 0);
  context.clearRect(0, 0, overlay.width, overlay.height);
  context.globalAlpha = frame.alpha;
  const cx = overlay.width / ratio / 2;
  const cy = overlay.height / ratio / 2;
  for (const spark of spread) {
    const { x, y } = sparkAt(spark, frame, radius);
    context.fillStyle = spark.colour;
    context.beginPath();
    context.arc(cx + x, cy + y, spark.size, 0, 2 * Math.PI);
    context.fill();
  }
}
