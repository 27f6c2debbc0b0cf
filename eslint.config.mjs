// The site's JavaScript: ESLint's recommended rules, for the browser (pages, board,
// engine client), the engine's worker, the search worker's addition, the build's Node
// scripts (hooks/*.mjs, crescent_site/*.mjs), and the JavaScript's unit tests (tests/js/,
// on Node's test runner).
// Formatting is Prettier's (.prettierrc.json). `make test` runs both in check mode.
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["site/", ".venv/", "build/", "overrides/"] },
  js.configs.recommended,
  {
    files: ["docs/assets/js/**/*.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: globals.browser },
  },
  {
    files: ["docs/assets/js/engine/worker.js"],
    languageOptions: { globals: globals.worker },
  },
  {
    // Appended to Material's search worker (hooks/search.py): a classic worker script.
    files: ["crescent_site/*.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "script", globals: globals.worker },
  },
  {
    files: ["hooks/**/*.mjs", "crescent_site/*.mjs", "eslint.config.mjs"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: globals.node },
  },
  {
    files: ["tests/js/**/*.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: globals.node },
  },
  {
    // Workbox copies its runtime-caching functions into the service worker.
    files: ["hooks/offline.mjs"],
    languageOptions: { globals: { ...globals.node, self: "readonly" } },
  },
];
