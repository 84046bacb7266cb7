// Language tabs for translated fields in the admin: one tab bar above the form
// shows the rows of one language at a time (plus the untranslated rows).
// Our own small script, because modeltranslation's tabs need jQuery UI from a
// CDN, which the site's Content-Security-Policy (script-src 'self') refuses.
"use strict";

(function () {
  const FIELD_CLASS = /(?:^|\s)mt-field-[\w-]+-([a-z]{2}(?:_[a-z]+)?)(?:\s|$)/;
  const STORAGE_KEY = "miaojong.admin.language";

  function languageOf(row) {
    const input = row.querySelector(".mt");
    const match = input && input.className.match(FIELD_CLASS);
    return match ? match[1] : null;
  }

  function setUp() {
    const form = document.querySelector("#content-main form");
    if (!form) return;
    const rows = [...form.querySelectorAll(".form-row")].filter((row) => !row.closest(".inline-related"));
    const byLanguage = new Map();
    for (const row of rows) {
      const code = languageOf(row);
      if (!code) continue;
      if (!byLanguage.has(code)) byLanguage.set(code, []);
      byLanguage.get(code).push(row);
    }
    if (byLanguage.size < 2) return;

    const bar = document.createElement("div");
    bar.className = "language-tabs";
    bar.setAttribute("role", "tablist");
    const buttons = new Map();
    for (const [code, languageRows] of byLanguage) {
      const button = document.createElement("button");
      button.type = "button";
      button.setAttribute("role", "tab");
      button.dataset.language = code;
      button.textContent = code.toUpperCase();
      // A language whose fields have errors must not hide them behind a tab.
      if (languageRows.some((row) => row.querySelector(".errorlist"))) button.classList.add("has-errors");
      button.addEventListener("click", () => show(code));
      bar.append(button);
      buttons.set(code, button);
    }
    const firstFieldset = form.querySelector("fieldset");
    (firstFieldset || form).before(bar);

    function show(code) {
      for (const [language, languageRows] of byLanguage) {
        for (const row of languageRows) row.hidden = language !== code;
        buttons.get(language).setAttribute("aria-selected", String(language === code));
      }
      try {
        sessionStorage.setItem(STORAGE_KEY, code);
      } catch (error) {
        // Storage can be off (private windows): the tabs still work.
      }
    }

    const withErrors = [...buttons.values()].find((button) => button.classList.contains("has-errors"));
    let remembered = null;
    try {
      remembered = sessionStorage.getItem(STORAGE_KEY);
    } catch (error) {
      remembered = null;
    }
    const initial = withErrors
      ? withErrors.dataset.language
      : byLanguage.has(remembered) ? remembered : byLanguage.keys().next().value;
    show(initial);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setUp);
  else setUp();
})();
