// node --test tests/client/js/ : the Rummy client keeps one concern per module, as Mahjong's
// does: each module of game/rummy/static/rummy/js is type-checked (@ts-check) and at most
// MAX_LINES long. The draft's own modules (sets.js, draft.js and its parts, draft_store.js)
// belong to the rules port and are checked by their own tests.
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { test } from "node:test";

const FOLDER = new URL("../../../game/rummy/static/rummy/js/", import.meta.url);
const MAX_LINES = 400;
const RULES_PORT = new Set(["sets.js", "draft.js", "arrange.js", "draft_restore.js", "draft_store.js"]);

test("every module of the table is type-checked and at most 400 lines", () => {
  const modules = readdirSync(FOLDER).filter((name) => name.endsWith(".js") && !RULES_PORT.has(name));
  assert.ok(modules.includes("main.js") && modules.length >= 10, modules.join(", "));
  for (const name of modules) {
    const source = readFileSync(new URL(name, FOLDER), "utf-8");
    assert.ok(source.startsWith("// @ts-check\n"), `${name} starts with // @ts-check`);
    const lines = source.split("\n").length - 1;
    assert.ok(lines <= MAX_LINES, `${name} has ${lines} lines (at most ${MAX_LINES})`);
  }
});

test("no module but the entry touches the page at load: the entry only wires", () => {
  for (const name of readdirSync(FOLDER).filter((n) => n.endsWith(".js") && n !== "main.js")) {
    const source = readFileSync(new URL(name, FOLDER), "utf-8");
    assert.doesNotMatch(source, /^(document|window)\./m, `${name} runs page code at the top level`);
  }
});
