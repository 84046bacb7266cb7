// @ts-check
// The Mahjong API's endpoints (/api/deals/, /api/solve/, /api/scores/), over the house's
// JSON requests (core/js/api.js: failures are ApiErrors with translated messages).

import { createApiRequest } from "../../core/js/api.js";
import { logToText } from "./log_text.js";

/**
 * @typedef {import("./game_data.js").Deal} Deal
 * @typedef {import("./game_data.js").Shuffled} Shuffled
 * @typedef {import("./rules.js").Tiles} Tiles
 * @typedef {{layout: string, mode: string} | {code: string, mode: string} | {daily: string}} DealRequest
 */

/** @param {string} base the API's root, e.g. "/api/" */
export function createMahjongApi(base) {
  const request = createApiRequest(base);
  /** @param {string} c */
  const code = (c) => encodeURIComponent(c);
  return {
    /** A new deal: of a layout, of a game code, or the daily challenge. @param {DealRequest} body @returns {Promise<Deal>} */
    deal: (body) => request("POST", "deals/", body),
    /** An arcade level's deal. @param {string} c @param {number} level @param {string} mode @returns {Promise<Deal>} */
    dealAt: (c, level, mode) => request("GET", `deals/${code(c)}/?level=${level}&mode=${mode}`),
    /**
     * The tiles left, shuffled by the server.
     * @param {string} c
     * @param {{level: number, shuffle: number, tiles: Tiles}} body
     * @returns {Promise<Shuffled>}
     */
    shuffle: (c, body) => request("POST", `deals/${code(c)}/shuffle/`, body),
    /**
     * Is the board winnable (with a plan)? With removals (the last pairs taken, oldest first), a lost
     * board also gets the undos back to a winnable one.
     * @param {string} layout @param {Tiles} tiles @param {{a: number, b: number, fa: string, fb: string}[]} [removals]
     * @returns {Promise<{winnable: boolean | null, plan: [number, number][] | null, undos?: number | null}>}
     */
    solve: (layout, tiles, removals) => request("POST", "solve/", { layout, tiles, removals }),
    /**
     * The log goes in its text form, which keeps a long arcade game within the body limit.
     * @param {string} token
     * @param {string} name
     * @param {import("./game_data.js").GameEvent[]} log
     * @returns {Promise<{rank: number | null}>}
     */
    submitScore: (token, name, log) => request("POST", "scores/", { token, name, log: logToText(log) }),
  };
}

/** @typedef {ReturnType<typeof createMahjongApi>} MahjongApi */
