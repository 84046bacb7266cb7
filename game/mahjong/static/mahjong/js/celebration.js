// @ts-check
// The moment of a cleared board (a classic win, an arcade level): the last pair fades out as
// every removal does (render.js), then a burst of sparks and little tiles in the tiles' colours
// flies out from the middle of the board and falls away under the words of the moment ("Board
// cleared!"), about 1.4 s, on a canvas laid over the board, sized to the board (so that a
// phone sees it as well as a wide screen). The overlay takes no input; start() resolves when
// it is over, and the end dialog opens then. With prefers-reduced-motion there is no burst
// and it resolves at once. While it runs the board canvas carries data-celebrating="true"
// (for styles and tests).

/** How long the burst lasts, in ms. */
export const CELEBRATION_MS = 1400;

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
    size: 3 + (k % 4) * 1.5,
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
    /** @type {(() => void) | null} resolves the moment in progress */
    this.finish = null;
  }

  /**
   * Start the moment over the board (once at a time), with `words` in the middle; resolves when
   * it is over, at once if the player asked for less motion.
   * @param {string} [words]
   * @returns {Promise<void>}
   */
  start(words = "") {
    this.stop();
    if (this.reducedMotion()) return Promise.resolve();
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
    const radius = Math.min(box.width, box.height) * 0.48;
    const started = performance.now();
    return new Promise((done) => {
      this.finish = done;
      /** @param {number} now */
      const step = (now) => {
        const frame = burstAt(now - started);
        if (!frame) {
          this.stop();
          return;
        }
        drawBurst(overlay, ratio, spread, frame, radius, words);
        this.frame = requestAnimationFrame(step);
      };
      this.frame = requestAnimationFrame(step);
    });
  }

  /** End the burst now (a new board, a second win). */
  stop() {
    cancelAnimationFrame(this.frame);
    this.overlay?.remove();
    this.overlay = null;
    delete this.board.dataset.celebrating;
    const finish = this.finish;
    this.finish = null;
    finish?.();
  }
}

/**
 * One frame: the sparks (every third one a little tile, turning as it flies), then the words,
 * growing in over the first fifth and fading with the sparks.
 * @param {HTMLCanvasElement} overlay @param {number} ratio device pixels per CSS px
 * @param {Spark[]} spread @param {BurstFrame} frame @param {number} radius @param {string} words
 */
function drawBurst(overlay, ratio, spread, frame, radius, words) {
  const context = overlay.getContext("2d");
  if (!context) return;
  context.setTransform(ratio, 0, 0, ratio, 0, 0);
  context.clearRect(0, 0, overlay.width, overlay.height);
  context.globalAlpha = frame.alpha;
  const cx = overlay.width / ratio / 2;
  const cy = overlay.height / ratio / 2;
  const scale = Math.max(1, radius / 160);
  spread.forEach((spark, k) => {
    const { x, y } = sparkAt(spark, frame, radius);
    if (k % 3 === 0) {
      const w = spark.size * 2.4 * scale;
      context.save();
      context.translate(cx + x, cy + y);
      context.rotate(spark.angle + frame.reach * 4 * (k % 2 ? 1 : -1));
      context.fillStyle = "#fbf7ec";
      context.strokeStyle = spark.colour;
      context.lineWidth = Math.max(1.5, w / 6);
      context.beginPath();
      context.roundRect?.(-w / 2, -w * 0.65, w, w * 1.3, w / 5);
      context.fill();
      context.stroke();
      context.restore();
      return;
    }
    context.fillStyle = spark.colour;
    context.beginPath();
    context.arc(cx + x, cy + y, spark.size * scale, 0, 2 * Math.PI);
    context.fill();
  });
  if (!words) return;
  const grow = Math.min(1, frame.reach * 2.5);
  const size = Math.round(Math.min(64, Math.max(24, radius * 0.22)) * (0.7 + 0.3 * grow));
  context.font = `700 ${size}px system-ui, sans-serif`;
  context.textAlign = "center";
  context.textBaseline = "middle";
  context.lineWidth = Math.max(3, size / 8);
  context.strokeStyle = "rgba(9, 63, 55, 0.85)";
  context.strokeText(words, cx, cy, overlay.width / ratio - 16);
  context.fillStyle = "#fff6d5";
  context.fillText(words, cx, cy, overlay.width / ratio - 16);
}
