// @ts-check
// The game clock: whole milliseconds since the deal was shown, on the monotonic
// performance.now(), never going back. A restored game goes on from where it was saved,
// plus the wall time that passed since (so the log never claims less time than passed,
// and never more than the server saw since it dealt the board).

export class GameClock {
  /** @param {number} startMs */
  constructor(startMs = 0) {
    this.origin = performance.now() - startMs;
    this.last = startMs;
  }

  /**
   * A clock that goes on from a saved reading.
   * @param {number} savedMs
   * @param {number | undefined} savedWallMs Date.now() when it was saved
   */
  static resume(savedMs, savedWallMs) {
    const away = Number.isFinite(savedWallMs) ? Math.max(0, Date.now() - Number(savedWallMs)) : 0;
    return new GameClock(Math.max(0, Math.round(savedMs + away)));
  }

  now() {
    this.last = Math.max(this.last, Math.floor(performance.now() - this.origin));
    return this.last;
  }
}

/**
 * m:ss (or h:mm:ss) for a stopwatch.
 * @param {number} ms
 */
export function formatTime(ms) {
  const total = Math.floor(Math.max(0, ms) / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}
