// node --test tests/client/js/ : the settings' switches (settings.js) over a stand-in localStorage.
import assert from "node:assert/strict";
import { test } from "node:test";

import { installLocalStorage } from "./local_storage.mjs";
import "./static_files.mjs";

const storage = installLocalStorage();
const { SWITCH_DEFAULTS, saveSwitch, switchOn } = await import("../../../game/mahjong/static/mahjong/js/settings.js");
const { LAYER_LOOK, layerLook } = await import("../../../game/mahjong/static/mahjong/js/tile_bitmaps.js");

test("marks are on, blocked tiles veiled, the verdict shown and sound off until the player says otherwise", () => {
  storage.items.clear();
  assert.deepEqual(SWITCH_DEFAULTS, { marks: true, unveil: false, verdict: true, sound: false });
  assert.equal(switchOn("marks"), true);
  assert.equal(switchOn("unveil"), false);
  assert.equal(switchOn("verdict"), true);
  assert.equal(switchOn("sound"), false);
});

test("a switch is stored as on or off and read back", () => {
  storage.items.clear();
  saveSwitch("marks", false);
  saveSwitch("sound", true);
  assert.deepEqual([...storage.items.values()].sort(), ["off", "on"]);
  assert.equal(switchOn("marks"), false);
  assert.equal(switchOn("sound"), true);
  saveSwitch("marks", true);
  assert.equal(switchOn("marks"), true);
});

test("anything else stored reads as the default", () => {
  for (const stored of ["yes", "", "ON", "1"]) {
    assert.equal(switchOn("marks", () => stored), true, stored);
    assert.equal(switchOn("sound", () => stored), false, stored);
  }
});

test("higher layers get darker edges and longer shadows, the top look holding above", () => {
  for (let z = 1; z < LAYER_LOOK.length; z++) {
    assert.ok(LAYER_LOOK[z].shadow > LAYER_LOOK[z - 1].shadow, `layer ${z}`);
    assert.ok(LAYER_LOOK[z].alpha > LAYER_LOOK[z - 1].alpha, `layer ${z}`);
    assert.ok(parseInt(LAYER_LOOK[z].low.slice(1, 3), 16) < parseInt(LAYER_LOOK[z - 1].low.slice(1, 3), 16));
  }
  assert.equal(LAYER_LOOK[0].shadow, 0, "the bottom layer casts no shadow on the felt");
  assert.equal(layerLook(9), LAYER_LOOK[LAYER_LOOK.length - 1]);
  assert.equal(layerLook(-1), LAYER_LOOK[0]);
});
