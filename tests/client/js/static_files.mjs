// Import this first, then the client's modules with `await import(...)`: a module of one app
// imports another app's by its URL under /static/ (e.g. ../../core/js/api.js from
// /static/mahjong/js/), where Django's static files finders merge every app's static folder.
// On disk those files live in their own app (game/core/static/core/js/), so Node is taught
// the same lookup (static_files_hooks.mjs). Static `import` statements cannot be used for the
// client's modules: they are all resolved before this module runs.
import { register } from "node:module";

register("./static_files_hooks.mjs", import.meta.url);
