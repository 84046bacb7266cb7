// @ts-check
// What the player reads when the Mahjong API refuses a request for a reason of its own
// (game/mahjong/apps.py api_error_codes): a deal token, a move log or a name POST /api/scores/
// cannot take, and its fair-play checks. The house's codes (throttled, busy...) keep
// core/js/api_errors.js's texts.

import { gettext } from "../../core/js/i18n.js";

/** @typedef {import("../../core/js/api.js").ApiError} ApiError */

/** One text for each of the Mahjong API's own codes; tests/client/js/mahjong_errors.test.mjs checks them. */
export const MAHJONG_ERROR_TEXTS = Object.freeze({
  token_invalid: gettext("This game cannot be submitted: its deal does not come from this server."),
  token_expired: gettext("This game is too old to be submitted: scores are taken up to 24 hours after the deal."),
  already_submitted: gettext("A score was already submitted for this game."),
  name_invalid: gettext("This name cannot be used. A name has 1 to 24 characters: letters, digits, spaces and . - _ ' ! ?"),
  log_too_long: gettext("This game has too many moves to be submitted."),
  log_malformed: gettext("The moves of this game could not be read."),
  log_illegal: gettext("The moves of this game break the rules, so it cannot be submitted."),
  not_cleared: gettext("A classic game can be submitted only once its board is cleared."),
  impossible_time: gettext("This game claims more time than has passed since its deal."),
  impossible_timing: gettext("This game was not taken: some of its moves came faster than a person can play them."),
  copied_log: gettext("This game was not taken: the same moves were already submitted for this deal."),
  daily_closed: gettext("This daily challenge has closed: its day is over. Today’s challenge is open."),
});

/**
 * The translated text for a refused request: the Mahjong API's own, else the house's.
 * @param {ApiError} error
 */
export function apiErrorText(error) {
  if (Object.hasOwn(MAHJONG_ERROR_TEXTS, error.code)) {
    return MAHJONG_ERROR_TEXTS[/** @type {keyof typeof MAHJONG_ERROR_TEXTS} */ (error.code)];
  }
  return error.message;
}
