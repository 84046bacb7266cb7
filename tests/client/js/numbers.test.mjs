// node --test tests/client/js/ : numbers.js writes numbers and dates as the page's language does.
import assert from "node:assert/strict";
import { test } from "node:test";

import { formatDate, formatNumber } from "../../../game/core/static/core/js/numbers.js";

// 16900 in each language. French groups with the narrow no-break space (Intl, after CLDR),
// where Django's number_format uses a no-break space: the two look alike.
const GROUPED = [
  ["en", "16,900"],
  ["it", "16.900"],
  ["pl", "16\u00a0900"],
  ["ru", "16\u00a0900"],
  ["fr", "16\u202f900"],
];

for (const [language, expected] of GROUPED) {
  test(`numbers: 16900 in ${language} is ${JSON.stringify(expected)}`, () => {
    assert.equal(formatNumber(16900, language), expected);
  });
}

test("numbers: four digits are grouped in Polish too, as on the server's pages", () => {
  assert.equal(formatNumber(5000, "pl"), "5\u00a0000");
});

test("numbers: small numbers and zero have no separator", () => {
  for (const [language] of GROUPED) assert.equal(formatNumber(0, language), "0");
  assert.equal(formatNumber(950, "fr"), "950");
});

test("numbers: without a page the language falls back to the runtime's, not an error", () => {
  assert.match(formatNumber(16900), /^16\D?900$/);
});

test("dates: a day in full in each language, in UTC when asked", () => {
  const day = "2026-12-02T23:30:00Z";
  assert.equal(formatDate(day, "en", { timeZone: "UTC" }), "December 2, 2026");
  assert.equal(formatDate(day, "pl", { timeZone: "UTC" }), "2 grudnia 2026");
  assert.equal(formatDate(day, "ru", { timeZone: "UTC" }), "2 декабря 2026 г.");
  assert.equal(formatDate(day, "fr", { timeZone: "UTC" }), "2 décembre 2026");
  assert.equal(formatDate(day, "it", { timeZone: "UTC" }), "2 dicembre 2026");
  // The same moment is already the next day east of UTC.
  assert.equal(formatDate(day, "en", { timeZone: "Asia/Tokyo" }), "December 3, 2026");
});

test("dates: an unreadable date gives the fallback, or the text itself", () => {
  assert.equal(formatDate("yesterday", "en", { fallback: "?" }), "?");
  assert.equal(formatDate("yesterday", "en"), "yesterday");
  assert.equal(formatDate(new Date(Number.NaN), "en", { fallback: "" }), "");
});
