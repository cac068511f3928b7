import { defineProject } from "vitest/config";
import { E2E_TESTS } from "../../vitest.shared.js";

// Real-browser tests: every file runs in Chromium, Firefox and WebKit (`describeEngines`).
export default defineProject({
  test: {
    name: "browser-e2e",
    include: E2E_TESTS,
    environment: "node",
    // Beyond a WebKit session's worst start (3 attempts of 30 s, test/browsers/src/webkit.ts), so
    // that a slow start fails as its own error, not as a test timeout.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
