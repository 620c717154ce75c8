// JavaScript lint, run by `make lint` (and so by `make test`) before the suites.
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["dist/", "dist.*/", "dist-autograder/", "node_modules/", ".cache/", "test-results/"] },
  js.configs.recommended,
  {
    // The page, its module worker and the service worker.
    files: ["site/**/*.js"],
    languageOptions: { globals: { ...globals.browser, ...globals.worker, ...globals.serviceworker } },
  },
  {
    // The build writes the service worker's lists in place of these (construir/precache.py).
    files: ["site/sw.js"],
    languageOptions: { globals: { __PRECACHE__: "readonly", __CONSERVAR__: "readonly" } },
  },
  {
    // Node: the grader's runner, the build's helpers, the tests and the bench, whose functions
    // passed to the page (page.evaluate) run in the browser, where the tests inject axe-core.
    files: ["**/*.mjs", "bench/**/*.js"],
    languageOptions: { globals: { ...globals.node, ...globals.browser, axe: "readonly" } },
  },
];
