// @ts-check
// The automation hook the entry module puts on window.miaojong, for the browser tests (keep it
// stable; it only reads, it never plays): state() -> a plain JSON snapshot, or null before any
// position is shown:
//   {phase ("loading" | "failed" | "play" | "busy" | "thinking" | "waiting" | "handover" |
//   "over"), mode, match, seat (the seat shown), hand, number, turn, level, poolSize,
//   opponentTiles, opened, result, table and rack (tile texts as drawn now, the draft
//   included), confirmed {table, rack} (the server's), selected (tile texts), changed,
//   canConfirm, canUndo, dragging, notice (its text, "" when none), live (the last
//   announcement), rackTiles (how many rack tiles are in the page), canAct (Confirm, Draw or
//   Pass may be pressed: the turn is this seat's and no online room holds it), room}.
// room is null but in an online room: {status (the socket's: "connecting" | "open" |
//   "reconnecting" | "replaced" | "closed"), seat (the seat this browser holds, null before
//   one), joined, connected [seat 0, seat 1], consents [seat 0, seat 1] (null before a state),
//   invite, hold (what the status line says the game waits for, or null), panel (what the
//   room's box #rummy-room shows: "" | "invite" | "replaced" | "full" | "expired" |
//   "not_found" | "lost")}; it is also in the snapshot before any position is shown.
// The computer's pause and animations are off when localStorage holds
// "miaojong:rummy:test:pause-ms" (see computer_turn.js); the room socket's delays are short
// when it holds "miaojong:rummy:test:socket-ms" (see room_play.js).

/**
 * @typedef {object} HookSources
 * @property {import("./play_screen.js").PlayScreen} screen
 * @property {import("./game.js").RummyGame} game
 * @property {import("./handover.js").Handover} handover
 * @property {import("./drag.js").TileDrag} drag
 * @property {import("./notice.js").Notice} notice
 * @property {HTMLElement} live
 * @property {HTMLElement} rack
 * @property {import("./room_play.js").RoomPlay | null} room
 */

/** @param {HookSources} sources */
export function testHook({ screen, game, handover, drag, notice, live, rack, room }) {
  /** @returns {string} */
  const phase = () => {
    if (game.phase !== "ready") return game.phase;
    if (handover.shown) return "handover";
    if (screen.over) return "over";
    if (screen.activity) return "thinking";
    if (screen.busy) return "busy";
    return screen.playable ? "play" : "waiting";
  };
  return Object.freeze({
    state: () => {
      const { state, turn } = screen;
      if (!state || !turn) {
        return game.phase === "ready" ? null : { phase: game.phase, notice: notice.shown, room: room ? room.facts() : null };
      }
      const texts = (/** @type {string[]} */ ids) => ids.map((id) => turn.text(id));
      return JSON.parse(JSON.stringify({
        phase: phase(),
        mode: state.mode,
        match: state.match,
        seat: screen.seat,
        hand: state.hand,
        number: state.number,
        turn: state.view.turn,
        level: state.level,
        poolSize: state.view.pool_size,
        opponentTiles: state.view.opponent_tiles,
        opened: state.view.opened,
        result: state.view.result,
        table: turn.draft.table.map(texts),
        rack: texts(turn.draft.rack),
        confirmed: { table: state.view.table, rack: screen.rackHidden ? null : state.view.rack },
        selected: texts([...turn.selected]),
        changed: turn.changed,
        canConfirm: turn.status.canConfirm,
        canUndo: turn.canUndo,
        dragging: drag.dragging,
        notice: notice.shown,
        live: live.textContent ?? "",
        rackTiles: rack.querySelectorAll(".rtile").length,
        canAct: screen.canAct,
        room: room ? room.facts() : null,
      }));
    },
  });
}
