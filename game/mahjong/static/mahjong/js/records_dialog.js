// @ts-check
// The content of the records dialog: the best classic times, the arcade high score and the
// statistics, from the records kept in this browser (records.js).

import { formatTime } from "../../core/js/clock.js";
import { gettext, interpolate, ngettext } from "../../core/js/i18n.js";
import { formatDate, formatNumber } from "../../core/js/numbers.js";

/** @param {string} text */
function heading(text) {
  const h = document.createElement("h3");
  h.textContent = text;
  return h;
}

/** @param {string} text */
function paragraph(text) {
  const p = document.createElement("p");
  p.textContent = text;
  return p;
}

/** A stored ISO date as the page's language writes a day. @param {string} iso */
function day(iso) {
  return formatDate(iso, undefined, { fallback: iso });
}

/** @param {string} text */
function subheading(text) {
  const h = document.createElement("h4");
  h.textContent = text;
  return h;
}

/** One layout's best times. @param {import("./records.js").ClassicWin[]} best */
function bestTimes(best) {
  const table = document.createElement("table");
  table.className = "play-records-times";
  const head = table.createTHead().insertRow();
  for (const text of ["#", gettext("Time"), gettext("Date")]) {
    const th = document.createElement("th");
    th.scope = "col";
    th.textContent = text;
    head.append(th);
  }
  const body = table.createTBody();
  best.forEach((entry, k) => {
    const row = body.insertRow();
    for (const text of [k + 1, formatTime(entry.timeMs), day(entry.date)]) {
      row.insertCell().textContent = String(text);
    }
  });
  return table;
}

/**
 * The records dialog's content: the best times layout by layout (each layout has its own ten,
 * as a time on one layout says nothing about another), the arcade high score, the statistics.
 * @param {import("./records.js").Records} records
 * @param {(id: string) => string} layoutName
 * @returns {HTMLElement[]}
 */
export function recordsContent(records, layoutName) {
  /** @type {HTMLElement[]} */
  const parts = [heading(gettext("Best classic times"))];
  const layouts = Object.keys(records.classicBest).filter((id) => records.classicBest[id].length).sort();
  for (const id of layouts) {
    parts.push(subheading(layoutName(id)), bestTimes(records.classicBest[id]));
  }
  if (!layouts.length) parts.push(paragraph(gettext("No classic game won yet.")));
  parts.push(heading(gettext("Arcade high score")));
  const best = records.arcadeBest;
  parts.push(paragraph(best
    ? interpolate(gettext("%(score)s points, level %(level)s, %(layout)s, %(date)s"),
      { score: formatNumber(best.score), level: best.level, layout: layoutName(best.layout), date: day(best.date) })
    : gettext("No arcade game played yet.")));
  parts.push(heading(gettext("Statistics")));
  const stats = document.createElement("ul");
  const { games, wins, hints } = records.stats;
  for (const text of [
    interpolate(ngettext("%(n)s game started", "%(n)s games started", games), { n: games }),
    interpolate(ngettext("%(n)s board cleared", "%(n)s boards cleared", wins), { n: wins }),
    interpolate(ngettext("%(n)s hint used", "%(n)s hints used", hints), { n: hints }),
  ]) {
    const li = document.createElement("li");
    li.textContent = text;
    stats.append(li);
  }
  parts.push(stats);
  return parts;
}
