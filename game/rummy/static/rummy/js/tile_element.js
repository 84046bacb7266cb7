// @ts-check
// One tile in the page: a <button class="rtile"> showing the face from the sprite
// (rummy/tiles.svg, one <symbol id="rt-R7"> per face) and named for screen readers ("red 7").
// The table and the rack make their tiles here, and the end-of-hand dialog its racks (plain
// spans there: nothing to press).

import { gettext, interpolate } from "../../core/js/i18n.js";
import { tileName } from "./texts.js";

const SVG = "http://www.w3.org/2000/svg";

/**
 * The face's drawing: <svg viewBox="0 0 40 56"><use href="SPRITE#rt-R7"/></svg>.
 * @param {string} sprite the sprite's URL
 * @param {string} tile
 */
export function tileFace(sprite, tile) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 40 56");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  const use = document.createElementNS(SVG, "use");
  use.setAttribute("href", `${sprite}#rt-${tile}`);
  svg.append(use);
  return svg;
}

/**
 * How a tile of the turn is shown.
 * @typedef {object} TileLook
 * @property {boolean} [selected]
 * @property {boolean} [laid] laid by the other player in their last play (.rtile--new)
 * @property {boolean} [drawn] the tile this seat drew last
 * @property {boolean} [focusable] the roving tab stop
 */

/**
 * A tile the player can press: select it, drag it, move the keyboard focus onto it.
 * @param {string} sprite
 * @param {string} id the draft's tile id
 * @param {string} tile its text
 * @param {TileLook} look
 */
export function tileButton(sprite, id, tile, look) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "rtile";
  button.classList.toggle("rtile--selected", Boolean(look.selected));
  button.classList.toggle("rtile--new", Boolean(look.laid));
  button.classList.toggle("rtile--drawn", Boolean(look.drawn));
  button.dataset.tile = tile;
  button.dataset.id = id;
  button.tabIndex = look.focusable ? 0 : -1;
  button.setAttribute("aria-pressed", look.selected ? "true" : "false");
  const name = tileName(tile);
  button.setAttribute("aria-label", look.laid ? interpolate(gettext("%(tile)s, just laid"), { tile: name })
    : look.drawn ? interpolate(gettext("%(tile)s, just drawn"), { tile: name }) : name);
  button.append(tileFace(sprite, tile));
  return button;
}

/**
 * A tile only to look at (the racks shown at the end of a hand).
 * @param {string} sprite
 * @param {string} tile
 */
export function tilePicture(sprite, tile) {
  const span = document.createElement("span");
  span.className = "rtile";
  span.dataset.tile = tile;
  span.setAttribute("role", "img");
  span.setAttribute("aria-label", tileName(tile));
  span.append(tileFace(sprite, tile));
  return span;
}
