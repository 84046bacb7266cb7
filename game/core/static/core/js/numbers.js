// @ts-check
// Numbers and dates as the page's language writes them: 16,900 in English, 16.900 in
// Italian, 16 900 in Polish, Russian and French; "2 December 2026" / "2 grudnia 2026".
// The language is the page's (<html lang>), not the browser's, so a score reads the same
// way as the text around it. Pure apart from that default: pass a language to test.

/** The page's language, or undefined (the browser's default) when there is no page. */
function pageLanguage() {
  const lang = typeof document === "undefined" ? "" : document.documentElement.lang;
  return lang || undefined;
}

/**
 * A whole number (a score, a count) with the language's grouping, always grouped:
 * Intl leaves four-digit numbers ungrouped in Polish ("5000"), which would look unlike
 * the server's pages ("5 000").
 * @param {number} n
 * @param {string} [language] a BCP 47 tag; the page's language by default
 * @returns {string}
 */
export function formatNumber(n, language = pageLanguage()) {
  // "always" is ES2023's (every current browser has it); TypeScript's lib here still types
  // useGrouping as a boolean.
  const always = /** @type {boolean} */ (/** @type {unknown} */ ("always"));
  return new Intl.NumberFormat(language, { maximumFractionDigits: 0, useGrouping: always }).format(n);
}

/**
 * A day as the language writes it in full ("2 December 2026"), or `fallback` when
 * `date` is not a valid date (a record stored by an older version, say).
 * @param {Date | string | number} date a Date, an ISO text or milliseconds since 1970
 * @param {string} [language] a BCP 47 tag; the page's language by default
 * @param {{timeZone?: string, fallback?: string}} [options] the daily challenge's day is UTC's
 * @returns {string}
 */
export function formatDate(date, language = pageLanguage(), options = {}) {
  const day = date instanceof Date ? date : new Date(date);
  if (Number.isNaN(day.getTime())) return options.fallback ?? String(date);
  return new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: options.timeZone }).format(day);
}
