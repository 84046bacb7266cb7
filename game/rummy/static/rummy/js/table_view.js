// @ts-check
// The table: the sets of the draft in rows that wrap, each a .rset of tile buttons, with a "+"
// while tiles are selected (add them to this set) and, on a set that is none, a mark that
// tells why (on hover, focus, or a tap). Between the sets lie the gaps a dragged tile can
// drop into, to start a new set there. Drop targets carry data-drop ("set", "gap", "table")
// and data-index, which drag.js reads.

import { gettext, interpolate } from "../../core/js/i18n.js";
import { setLabel, setSummary } from "./texts.js";
import { tileButton } from "./tile_element.js";

/**
 * @typedef {import("./turn.js").Turn} Turn
 * @typedef {object} TableLook
 * @property {ReadonlySet<string>} laid ids the other player laid in their last play
 * @property {string | null} focusId the roving tab stop, if it is on the table
 * @property {boolean} interactive whether the player may change the table now
 */

export class TableView {
  /**
   * @param {HTMLElement} root the table's element (data-drop="table")
   * @param {string} sprite
   */
  constructor(root, sprite) {
    this.root = root;
    this.sprite = sprite;
    /** @type {number | null} the invalid set whose reason was opened by a tap */
    this.explained = null;
    root.addEventListener("click", (event) => {
      const mark = event.target instanceof Element ? event.target.closest(".rset-mark") : null;
      if (!(mark instanceof HTMLElement)) return;
      const index = Number(mark.dataset.index);
      this.explained = this.explained === index ? null : index;
      for (const other of root.querySelectorAll(".rset-mark")) {
        const open = other === mark && this.explained === index;
        other.setAttribute("aria-expanded", String(open));
        other.closest(".rset")?.classList.toggle("rset--explained", open);
      }
    });
  }

  /**
   * Show the turn's table.
   * @param {Turn} turn
   * @param {TableLook} look
   */
  render(turn, look) {
    const { draft } = turn;
    const sets = turn.status.sets;
    const selecting = look.interactive && turn.selected.length > 0;
    if (this.explained !== null && sets[this.explained]?.valid !== false) this.explained = null;
    /** @type {Element[]} */
    const nodes = [];
    if (!draft.table.length) {
      const empty = document.createElement("p");
      empty.className = "rummy-table-empty";
      empty.textContent = gettext("The table is empty: the sets laid will appear here.");
      nodes.push(empty);
    }
    nodes.push(gap(0));
    draft.table.forEach((ids, index) => {
      const texts = ids.map((id) => turn.text(id));
      const set = document.createElement("div");
      set.className = "rset";
      set.dataset.drop = "set";
      set.dataset.index = String(index);
      set.setAttribute("role", "group");
      set.setAttribute("aria-label", setLabel(index, texts, sets[index]));
      for (const id of ids) {
        set.append(tileButton(this.sprite, id, turn.text(id), {
          selected: turn.isSelected(id),
          laid: look.laid.has(id),
          focusable: id === look.focusId,
        }));
      }
      if (!sets[index].valid) {
        set.classList.add("rset--invalid");
        set.classList.toggle("rset--explained", this.explained === index);
        set.append(...this.#mark(index, setSummary(sets[index])));
      }
      // Always there on the player's turn, seen only with a selection: selecting never reflows the table.
      if (look.interactive) set.append(addButton(index));
      nodes.push(set, gap(index + 1));
    });
    this.root.replaceChildren(...nodes);
    this.root.classList.toggle("rummy-table--selecting", selecting);
    this.placeReasons();
  }

  /**
   * Keep each reason's bubble inside the table: it hangs from its set, shifted sideways
   * (--why-shift) when the set is near an edge. Measured hidden, once drawn.
   */
  placeReasons() {
    const edges = this.root.getBoundingClientRect();
    for (const why of this.root.querySelectorAll(".rset-why")) {
      if (!(why instanceof HTMLElement)) continue;
      why.style.setProperty("--why-shift", "0px");
      why.classList.add("rset-why--measured");
      const box = why.getBoundingClientRect();
      why.classList.remove("rset-why--measured");
      const shift = Math.max(Math.min(0, edges.right - 4 - box.right), edges.left + 4 - box.left);
      why.style.setProperty("--why-shift", `${Math.round(shift)}px`);
    }
  }

  /** The tile buttons in table order. @returns {HTMLElement[]} */
  tiles() {
    return [...this.root.querySelectorAll(".rtile")].filter((el) => el instanceof HTMLElement);
  }

  /**
   * The mark of an invalid set and its reason, which shows on hover, on focus or after a tap.
   * The set carries .rset--invalid (tiles.css: the dashed outline); this mark replaces the
   * stylesheet's cross badge with a cross that can be focused, in the set's row of tiles.
   * @param {number} index
   * @param {string} reason
   */
  #mark(index, reason) {
    const why = document.createElement("span");
    const id = `rummy-why-${index}`;
    const mark = document.createElement("button");
    mark.type = "button";
    mark.className = "rset-mark";
    mark.dataset.index = String(index);
    // A cross, as the rules describe an invalid set; it sits beside the +, never over it.
    mark.textContent = "✕";
    mark.setAttribute("aria-label", interpolate(gettext("Why set %(n)s is not valid"), { n: index + 1 }));
    mark.setAttribute("aria-describedby", id);
    mark.setAttribute("aria-expanded", String(this.explained === index));
    why.className = "rset-why";
    why.id = id;
    why.setAttribute("role", "tooltip");
    why.textContent = reason.charAt(0).toUpperCase() + reason.slice(1);
    return [mark, why];
  }
}

/** @param {number} index */
function gap(index) {
  const element = document.createElement("div");
  element.className = "rgap";
  element.dataset.drop = "gap";
  element.dataset.index = String(index);
  element.setAttribute("aria-hidden", "true");
  return element;
}

/** @param {number} index */
function addButton(index) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "rset-add";
  button.dataset.add = String(index);
  button.textContent = "+";
  button.setAttribute("aria-label", interpolate(gettext("Add the selected tiles to set %(n)s"), { n: index + 1 }));
  return button;
}
