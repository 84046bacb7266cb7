// @ts-check
// The end-of-hand dialog as the game holds it from the start: its module (end_of_hand.js) is
// fetched the first time a hand ends, not with the table, since most visits end no hand. Until
// then there is no dialog open to update or close.

/** @typedef {import("./seat_api.js").SeatState} SeatState */
/** @typedef {Pick<import("./end_of_hand.js").EndOfHand, "show" | "update" | "close">} EndDialog */

/**
 * @param {HTMLDialogElement} dialog
 * @param {string} sprite
 * @param {() => void} newHand
 * @param {(error: unknown) => void} fail when the module cannot be fetched
 * @returns {EndDialog}
 */
export function endOfHandWhenNeeded(dialog, sprite, newHand, fail) {
  /** @type {Promise<import("./end_of_hand.js").EndOfHand> | null} */
  let loading = null;
  /** @type {import("./end_of_hand.js").EndOfHand | null} */
  let ready = null;
  /** @type {SeatState | null} the state to show once the module is here (none once closed meanwhile) */
  let wanted = null;
  return {
    show(state) {
      if (ready) return ready.show(state);
      wanted = state;
      loading ??= import("./end_of_hand.js").then(({ EndOfHand }) => (ready = new EndOfHand(dialog, sprite, newHand)));
      loading.then(
        (end) => {
          if (wanted) end.show(wanted);
          wanted = null;
        },
        (error) => {
          loading = null; // the next hand's end tries again
          fail(error);
        },
      );
      return undefined;
    },
    update(state) {
      if (ready) ready.update(state);
      else if (wanted) wanted = state;
    },
    close() {
      wanted = null;
      ready?.close();
    },
  };
}
