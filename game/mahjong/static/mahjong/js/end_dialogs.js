// @ts-check
// The dialog at the end of a board: a classic win (with the time and the place among the
// best times of its layout), an arcade level cleared, an arcade game over, or no more moves,
// each with its way on (a new game, the next level, undo or shuffle) and, for a finished game
// dealt by the server, the form to submit the score.

import { formatTime } from "../../core/js/clock.js";
import { gettext, interpolate, ngettext } from "../../core/js/i18n.js";
import { classicPenaltyMs, pairsTaken } from "./play_screen.js";
import { Status } from "./state.js";
import { formatNumber } from "../../core/js/numbers.js";

/**
 * @typedef {import("./state.js").Game} Game
 * @typedef {import("../../core/js/dialog.js").DialogButton} DialogButton
 * @typedef {import("./ui.js").GameDialog} GameDialog
 * @typedef {{newGame: () => void, nextLevel: () => void, undo: () => void, shuffle: () => void,
 *   restart?: () => void}} WaysOn
 */

export class EndDialogs {
  /**
   * @param {object} deps
   * @param {(dialog: GameDialog) => void} deps.open the page's game dialog
   * @param {Pick<import("./personal_records.js").PersonalRecords, "arcadeResult" | "takeBestPlace">} deps.records
   * @param {(game: Game) => import("./score_submission.js").ScoreForm | null} deps.scoreForm
   * @param {WaysOn} deps.waysOn
   */
  constructor({ open, records, scoreForm, waysOn }) {
    this.open = open;
    this.records = records;
    this.scoreForm = scoreForm;
    this.waysOn = waysOn;
  }

  /**
   * The dialog for how the board stands now, if it has ended; `problem` (a failure that kept
   * the game from going on, translated) comes first in its text.
   * @param {Game} game
   * @param {string} [problem]
   */
  show(game, problem = "") {
    const s = game.s;
    /** @param {GameDialog} dialog */
    const open = (dialog) => this.open(problem ? { ...dialog, text: `${problem} ${dialog.text}` } : dialog);
    /** @type {DialogButton} */
    const newGame = { id: "play-end-new", label: gettext("New game"), onClick: this.waysOn.newGame };
    /** @type {DialogButton[]} */
    const again = this.waysOn.restart
      ? [{ id: "play-end-restart", label: gettext("Play this deal again"), onClick: this.waysOn.restart }] : [];
    if (s.status === Status.CLEARED && s.mode === "classic") {
      let text = interpolate(gettext("You cleared the board in %(time)s with %(moves)s and %(hints)s."), {
        time: formatTime(Number(s.timeMs)),
        moves: interpolate(ngettext("%(n)s move", "%(n)s moves", pairsTaken(s.tiles)), { n: pairsTaken(s.tiles) }),
        hints: interpolate(ngettext("%(n)s hint", "%(n)s hints", s.hints), { n: s.hints }),
      });
      const penalty = classicPenaltyMs(s);
      if (penalty) {
        text += " " + interpolate(gettext("With %(penalty)s added for hints and shuffles, your ranked time is %(ranked)s."), {
          penalty: formatTime(penalty), ranked: formatTime(Number(s.timeMs) + penalty),
        });
      }
      const place = this.records.takeBestPlace();
      if (place) text += " " + interpolate(gettext("That is number %(place)s of your best times on this layout."), { place });
      open({ title: gettext("Board cleared!"), text, buttons: [...again, newGame], score: this.scoreForm(game) });
    } else if (s.status === Status.CLEARED) {
      this.records.arcadeResult(game);
      open({
        title: interpolate(gettext("Level %(level)s cleared!"), { level: s.level }),
        text: interpolate(gettext("Your score is %(score)s and %(shuffles)s. On to the next level!"), {
          score: formatNumber(game.score),
          shuffles: interpolate(ngettext("%(n)s shuffle is left", "%(n)s shuffles are left", Number(game.shufflesLeft)),
            { n: game.shufflesLeft }),
        }),
        buttons: [{ id: "play-next-level", label: gettext("Next level"), onClick: this.waysOn.nextLevel }],
      });
    } else if (s.status === Status.GAME_OVER) {
      const best = this.records.arcadeResult(game);
      let text = interpolate(gettext("Your score is %(score)s at level %(level)s."), { score: formatNumber(game.score), level: s.level });
      if (best) text += " " + gettext("A new high score!");
      open({ title: gettext("Game over"), text, buttons: [...again, newGame], score: this.scoreForm(game) });
    } else if (s.status === Status.NO_MOVES) {
      const buttons = [];
      if (game.canUndo) buttons.push({ id: "play-end-undo", label: gettext("Undo"), onClick: this.waysOn.undo });
      if (game.canShuffle) buttons.push({ id: "play-end-shuffle", label: gettext("Shuffle"), onClick: this.waysOn.shuffle });
      buttons.push(...again, newGame);
      // (An arcade game with no shuffle left is over instead: see Game.checkMoves.)
      const text = gettext("No pair of free tiles is left. Undo a move, shuffle the tiles or start a new game.");
      open({ title: gettext("No more moves"), text, buttons });
    }
  }
}
