// @ts-check
// What a visitor reads when a request fails. The API answers every error with
// {"error": "<English message for developers>", "code": "<stable code>"}; the client shows
// its own translated text for the code (the codes are game/core/api/errors.py CODES; each game
// words its own codes),
// never the server's message. The texts are looked up when this module loads, which is
// after the page's JavaScript catalogue (a classic script, run before any module).

import { gettext } from "./i18n.js";

/** One text for each code of CODES; tests/client checks that none is missing. */
export const API_ERROR_TEXTS = Object.freeze({
  invalid: gettext("The server could not accept the request: something in it is missing or wrong."),
  malformed_json: gettext("The server could not read the request."),
  unsupported_media_type: gettext("The server could not read the request: it came in a format the server does not take."),
  too_large: gettext("The request is too large for the server."),
  bad_content_length: gettext("The server could not read the request: its size was given wrongly."),
  length_required: gettext("The server could not read the request: it came without its size."),
  too_many_fields: gettext("The request has more parts than the server reads."),
  not_found: gettext("The server does not know what was asked for."),
  method_not_allowed: gettext("The server does not take this kind of request here."),
  not_acceptable: gettext("The server cannot answer in a form this page understands."),
  forbidden: gettext("The server does not allow this request."),
  throttled: gettext("Too many requests in a short time. Please wait a moment and try again."),
  busy: gettext("The server is busy right now. Please try again in a moment."),
  interrupted: gettext("The server was interrupted before it could answer, and nothing was changed. Please try again."),
  internal_error: gettext("An error occurred on the server; it has been noted. Please try again later."),
});

/** The client's own failures, which the server never names. */
export const CLIENT_ERROR_TEXTS = Object.freeze({
  offline: gettext("The server cannot be reached."),
  bad_answer: gettext("The server's answer is not JSON."),
});

/** For a code this client does not know (a newer server, a proxy's error page). */
export const UNKNOWN_ERROR_TEXT = gettext("The server could not do what was asked.");

/** @type {Readonly<Record<string, string>>} */
const TEXTS = { ...API_ERROR_TEXTS, ...CLIENT_ERROR_TEXTS };

/**
 * The translated text for an error code.
 * @param {string} code
 */
export function errorText(code) {
  return Object.hasOwn(TEXTS, code) ? TEXTS[code] : UNKNOWN_ERROR_TEXT;
}
