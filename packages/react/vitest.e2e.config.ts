import { defineProject } from "vitest/config";

// Real-browser tests: every file runs in Chromium, Firefox and WebKit (`describeEngines`).
export default defineProject({
  test: {
    name: "react-e2e",
    include: ["test/e2e/**/*.test.ts"],
    environment: "node",
    // Beyond a WebKit session's worst start (3 attempts of 30 s, test/browsers/src/webkit.ts): a
    // test timed out while its session starts would leave that MiniBrowser window open, in front
    // of the next tests' windows, and WebKit throttles the timers of covered pages.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
