// @ts-check
// JSON requests to the API (/api/...) over fetch, for every game's client. Any failure
// becomes an ApiError with the HTTP status (0 when the server was not reached) and a code:
// the API's stable error code, or "offline" / "bad_answer" for the client's own failures.
// Its message is the translated text for the code (api_errors.js), fit to show; its `data` is
// the error answer's JSON (null when there was none), for codes that say more (a field, a reason).

import { errorText } from "./api_errors.js";

export class ApiError extends Error {
  /**
   * @param {string} code
   * @param {number} status
   * @param {string} [detail] the server's English message, for the console only
   * @param {any} [data] the error answer's JSON, null when it is none
   */
  constructor(code, status = 0, detail = "", data = null) {
    super(errorText(code));
    this.name = "ApiError";
    this.code = code;
    this.status = status;
    this.detail = detail;
    /** @type {any} */
    this.data = data;
  }
}

/**
 * More about one request: `headers` are sent besides Accept and Content-Type (a credential,
 * say: `{Authorization: "Seat <key>"}`).
 * @typedef {{headers?: Record<string, string>}} RequestOptions
 */

/** @typedef {(method: string, path: string, body?: unknown, more?: RequestOptions) => Promise<any>} ApiRequest */

/**
 * A request function for the API under `base`: resolves with the answer's JSON.
 * @param {string} base
 * @returns {ApiRequest}
 */
export function createApiRequest(base = "/api/") {
  const root = base.endsWith("/") ? base : `${base}/`;
  return async function request(method, path, body, more = {}) {
    /** @type {RequestInit & {headers: Record<string, string>}} */
    const options = { method, headers: { ...more.headers, Accept: "application/json" } };
    if (body !== undefined) {
      options.headers["Content-Type"] = "application/json";
      options.body = JSON.stringify(body);
    }
    let response;
    try {
      response = await fetch(root + path, options);
    } catch {
      throw new ApiError("offline");
    }
    /** @type {any} the answer's JSON, null when it is none */
    const data = await response.json().catch(() => null);
    if (!response.ok) {
      const code = data && typeof data.code === "string" ? data.code : "";
      const detail = data && typeof data.error === "string" ? data.error : `HTTP ${response.status}`;
      throw new ApiError(code, response.status, detail, data);
    }
    if (data === null) throw new ApiError("bad_answer", response.status);
    return data;
  };
}
