// ESLint's recommended rules over the browser clients (plain ES modules, no bundler) and
// their Node tests. Run: node_modules/.bin/eslint .
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: [".venv/", "node_modules/", "staticfiles/", "htmlcov/"] },
  {
    files: ["game/**/static/**/js/**/*.js"],
    ...js.configs.recommended,
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: globals.browser },
  },
  {
    files: ["tests/client/js/**/*.mjs", "eslint.config.mjs"],
    ...js.configs.recommended,
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: globals.node },
  },
];
