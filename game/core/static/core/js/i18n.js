// @ts-check
// The interface texts, from Django's JavaScript catalogue (/<lang>/jsi18n/, a classic script
// loaded before the modules, which defines the global gettext functions). Without it (the
// node tests, a failed load) the English source texts are shown, never a broken page.
// Callers pass string literals, so that makemessages finds the texts.

/**
 * @typedef {object} Catalogue
 * @property {(text: string) => string} [gettext]
 * @property {(singular: string, plural: string, n: number) => string} [ngettext]
 */

const catalogue = /** @type {Catalogue} */ (globalThis);

/** @param {string} text */
export function gettext(text) {
  return typeof catalogue.gettext === "function" ? catalogue.gettext(text) : text;
}

/** @param {string} singular @param {string} plural @param {number} n */
export function ngettext(singular, plural, n) {
  if (typeof catalogue.ngettext === "function") return catalogue.ngettext(singular, plural, n);
  return n === 1 ? singular : plural;
}

/**
 * Fill %(name)s placeholders, as Django's interpolate(fmt, values, true) does.
 * @param {string} text
 * @param {Record<string, unknown>} [values]
 */
export function interpolate(text, values = {}) {
  return String(text).replace(/%\((\w+)\)s/g, (all, name) => (name in values ? String(values[name]) : all));
}
