// @ts-check
// What the player reads when the Mahjong API refuses a submitted game for a reason of its own
// (game/mahjong/apps.py api_error_codes): the fair-play checks of POST /api/scores/. The house's
// codes (throttled, token_expired...) keep core/js/api_errors.js's texts.

import { gettext } from "../../core/js/i18n.js";

/** @typedef {import("../../core/js/api.js").ApiError} ApiError */

/** One text for each of the Mahjong API's own codes; tests/client/js/mahjong_errors.test.mjs checks them. */
export const MAHJONG_ERROR_TEXTS = Object.freeze({
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
