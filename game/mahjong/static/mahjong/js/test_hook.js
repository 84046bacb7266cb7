// @ts-check
// The automation hook the entry module puts on window.miaojong, for the end-to-end tests and
// the browser benchmark (keep it stable; it only reads, it never plays):
//   tileCenter(index) -> {x, y}: client (viewport) CSS pixels of the visible centre of the top
//     face of the tile at position `index` of the deal (as in the API), or null when that tile
//     is removed or there is no board (in the close-up it may lie outside the canvas, panned
//     away);
//   state() -> a plain JSON snapshot: {code, mode ("classic" | "arcade"), daily (null or the
//     daily challenge's date), status, level, score, tiles (face or null per position),
//     selected, hint, moves, hints, elapsedMs (game clock: ms since the deal was shown),
//     stopwatchMs (the classic clock shown), style, view ("board" | "closeup"), zoom}, or null
//     before the first deal;
//   boardBox() -> {x, y, w, h, tile}: the drawn board's box (every tile with its depth) in
//     client CSS pixels and the tile width in CSS px, or null before the first board.
// performance.mark("miaojong:first-board") is set right after the first board is drawn (a
// restored game that was paused when the page was left shows its "Paused" cover: a tap or P
// resumes it); render.js sets it.

/**
 * @typedef {object} TestHook
 * @property {(index: number) => {x: number, y: number} | null} tileCenter
 * @property {() => object | null} state
 * @property {() => {x: number, y: number, w: number, h: number, tile: number} | null} boardBox
 */

/**
 * @param {object} sources
 * @param {import("./session.js").PlaySession} sources.session
 * @param {Pick<import("./render.js").BoardRenderer, "clientCenter" | "viewName" | "zoom" | "getView" | "extent" | "canvas">} sources.board
 * @param {() => string | null} sources.style the tile style shown
 * @returns {Readonly<TestHook>}
 */
export function testHook({ session, board, style }) {
  return Object.freeze({
    tileCenter: (index) => {
      const game = session.game;
      if (!game || !Number.isInteger(index) || game.tiles[index] == null) return null;
      return board.clientCenter(index);
    },
    boardBox: () => {
      const view = board.getView();
      if (!view) return null;
      const canvas = board.canvas.getBoundingClientRect();
      const { w, h } = board.extent;
      return { x: canvas.left + view.x, y: canvas.top + view.y, w: w * view.scale, h: h * view.scale, tile: view.scale };
    },
    state: () => {
      const game = session.game;
      if (!game) return null;
      const s = game.s;
      const now = session.now();
      return JSON.parse(JSON.stringify({
        code: s.code,
        mode: s.mode,
        daily: s.daily,
        status: s.status,
        level: s.level,
        score: game.score,
        tiles: s.tiles,
        selected: s.selected,
        hint: s.hint,
        moves: s.moves,
        hints: s.hints,
        elapsedMs: now,
        stopwatchMs: game.stopwatch(now),
        style: style(),
        view: board.viewName(),
        zoom: board.zoom(),
      }));
    },
  });
}
