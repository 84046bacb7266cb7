// @ts-check
// The seat's rack: its tiles in the draft's order (sorted by colour or number when the player
// asked), which wrap into rows. It is a drop target (data-drop="rack") for tiles laid this
// turn. In pass and play its tiles are removed from the page, not hidden, while the device
// goes to the other player (clear()).

import { gettext, interpolate, ngettext } from "../../core/js/i18n.js";
import { tileButton } from "./tile_element.js";

/**
 * @typedef {import("./turn.js").Turn} Turn
 * @typedef {object} RackLook
 * @property {string | null} drawnId the tile this seat drew last, if it is on the rack
 * @property {string | null} focusId the roving tab stop, if it is on the rack
 */

export class RackView {
  /**
   * @param {HTMLElement} root the rack's element (data-drop="rack")
   * @param {HTMLElement} label the rack's heading ("Your rack: 14 tiles")
   * @param {string} sprite
   */
  constructor(root, label, sprite) {
    this.root = root;
    this.label = label;
    this.sprite = sprite;
  }

  /**
   * @param {Turn} turn
   * @param {RackLook} look
   * @param {string} owner whose rack it is, in pass and play ("Player 2"), or "" for "Your rack"
   */
  render(turn, look, owner) {
    const ids = turn.draft.rack;
    this.root.replaceChildren(...ids.map((id) => tileButton(this.sprite, id, turn.text(id), {
      selected: turn.isSelected(id),
      drawn: id === look.drawnId,
      focusable: id === look.focusId,
    })));
    const count = interpolate(ngettext("%(n)s tile", "%(n)s tiles", ids.length), { n: ids.length });
    this.label.textContent = owner
      ? interpolate(gettext("%(player)s's rack · %(count)s"), { player: owner, count })
      : interpolate(gettext("Your rack · %(count)s"), { count });
    this.root.classList.toggle("rummy-rack--empty", ids.length === 0);
    // Big racks get smaller tiles, never below the touch size (play.css).
    this.root.classList.toggle("rummy-rack--crowded", ids.length > 28);
  }

  /** Take every tile out of the page (the hand-over screen, the end of a hand). */
  clear() {
    this.root.replaceChildren();
    this.label.textContent = "";
  }

  /** The tile buttons in rack order. @returns {HTMLElement[]} */
  tiles() {
    return [...this.root.querySelectorAll(".rtile")].filter((el) => el instanceof HTMLElement);
  }
}
