// @ts-check
// The hint button: the first pair of a winning plan from the board as it stands, never a
// pair that loses (hints.js; the plans and verdicts are the winnability watcher's), or on a
// lost board the undos back to a winnable one, which it offers to undo at once. A hint is
// counted (and in arcade paid for) when a pair is shown, once per board: asking again for
// the hint on the board repeats it, free, and the engine's log gets no second hint event.

import { gettext, interpolate, ngettext } from "../../core/js/i18n.js";
import { hintStillShown } from "./hints.js";

const HINT_BLINK_MS = 160;

/** @typedef {import("./state.js").Game} Game */

/**
 * What a lost board still allows, from the server's search for the fewest tiles it can be
 * played down to ("" when not known). Unproven, the count is what the best play found leaves.
 * @param {import("./winnability_watcher.js").Leftover | null} leftover
 */
export function leftoverText(leftover) {
  if (!leftover) return "";
  const n = leftover.tiles;
  return leftover.proven
    ? interpolate(ngettext("The best you can still do is to leave %(n)s tile.",
      "The best you can still do is to leave %(n)s tiles.", n), { n })
    : interpolate(ngettext("You can still play it down to %(n)s tile.",
      "You can still play it down to %(n)s tiles.", n), { n });
}

export class HintActions {
  /** @param {import("./actions.js").PlayActions} actions the page's actions: session, deps, ui, attempt */
  constructor(actions) {
    this.actions = actions;
    /** Whether a hint waits for the solver's answer. */
    this.hintPending = false;
    this.blinkTimer = 0;
  }

  /**
   * The hint: the first pair of a winning plan from the board as it stands (never a pair that
   * loses), or, on a lost board, the undos back to a winnable one. When nothing is known of
   * the board yet, the solver is asked at once and the hint comes with its answer. The same
   * hint asked for again is shown again, and not counted again.
   */
  async hint() {
    const game = this.actions.session.game;
    if (!game?.canHint || this.hintPending) return;
    if (hintStillShown(game.s)) {
      this.showHint(game, /** @type {[number, number]} */ (game.s.hint), gettext("Hint: %(a)s and %(b)s."));
      return;
    }
    let advice = this.actions.deps.hints.advise(game);
    if (advice.kind === "ask") {
      const board = game.s.tiles.join();
      this.hintPending = true;
      this.actions.ui.announce(gettext("Checking the board for a sure hint…"));
      try {
        await this.actions.deps.hints.askNow();
      } finally {
        this.hintPending = false;
      }
      // Meanwhile the player may have moved on: the answer is for a board no longer there.
      if (this.actions.session.game !== game || game.s.tiles.join() !== board || !game.canHint) return;
      advice = this.actions.deps.hints.advise(game);
    }
    this.giveHint(game, advice);
  }

  /** @param {Game} game @param {import("./hints.js").HintAdvice} advice */
  giveHint(game, advice) {
    if (advice.kind === "ask") {
      this.actions.ui.announce(gettext("No hint yet: the board could not be checked just now. Try again in a moment."));
    } else if (advice.kind === "lost") {
      this.offerUndos(game, advice.undos);
    } else if (advice.pair === null) {
      this.actions.ui.announce(gettext("No sure hint: the solver could not decide this board."));
    } else {
      const pair = advice.pair;
      if (!this.actions.attempt((t) => game.hint(t, pair))) return;
      this.actions.deps.countStats({ hints: 1 });
      this.actions.deps.afterMove();
      this.showHint(game, pair, advice.kind === "sure" ? gettext("Hint: %(a)s and %(b)s.")
        : gettext("No sure hint: the solver could not decide this board. A pair you can take, though it may lose: %(a)s and %(b)s."));
    }
  }

  /**
   * Say the hinted pair and make it blink, so that the eye finds it.
   * @param {Game} game
   * @param {[number, number]} pair
   * @param {string} text with %(a)s and %(b)s for the two tiles
   */
  showHint(game, pair, text) {
    this.actions.deps.sound("hint");
    this.actions.ui.announce(interpolate(text, { a: this.actions.faceAt(game, pair[0]), b: this.actions.faceAt(game, pair[1]) }));
    this.actions.deps.board.reveal(pair[0]);
    clearTimeout(this.blinkTimer);
    const blink = (/** @type {number} */ step) => {
      if (this.actions.session.game !== game || !hintStillShown(game.s) || step > 3) {
        this.actions.deps.refresh();
        return;
      }
      this.actions.deps.board.update({ hint: step % 2 ? null : game.s.hint });
      this.blinkTimer = setTimeout(() => blink(step + 1), HINT_BLINK_MS);
    };
    blink(0);
  }

  /** A lost board: say so, and offer the undos back to a winnable one. @param {Game} game @param {number | null} undos */
  offerUndos(game, undos) {
    const title = gettext("This board can no longer be cleared");
    /** @type {import("../../core/js/dialog.js").DialogButton[]} */
    const buttons = [];
    if (undos) {
      const label = interpolate(ngettext("Undo %(n)s move", "Undo %(n)s moves", undos), { n: undos });
      buttons.push({ id: "play-hint-undo", label, onClick: () => this.undoMoves(undos) });
    }
    if (game.canShuffle) buttons.push({ id: "play-hint-shuffle", label: gettext("Shuffle"), onClick: () => this.actions.shuffle() });
    const text = undos
      ? interpolate(ngettext("Undo %(n)s move to get back to a board that can be cleared.",
        "Undo %(n)s moves to get back to a board that can be cleared.", undos), { n: undos })
      : gettext("No undo of your last moves is known to lead back to a board that can be cleared.");
    const said = `${text} ${leftoverText(this.actions.deps.hints.leftoverFor(game))}`.trim();
    this.actions.ui.announce(`${title}. ${said}`);
    this.actions.ui.openDialog({ title, text: said, buttons });
  }

  /** Undo n moves at once (the lost board's way back). @param {number} n */
  undoMoves(n) {
    const game = this.actions.session.game;
    let undone = 0;
    while (game?.canUndo && !game.paused && undone < n && this.actions.attempt((t) => game.undo(t))) undone += 1;
    if (!undone) return;
    this.actions.deps.sound("undo");
    this.actions.ui.announce(interpolate(ngettext("%(n)s move undone.", "%(n)s moves undone.", undone), { n: undone }));
    this.actions.deps.afterMove(true);
  }
}
