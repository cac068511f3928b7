import { defineProject } from "vitest/config";

// Real-browser tests: every file runs in Chromium, Firefox and WebKit (`describeEngines`).
export default defineProject({
  test: {
    name: "react-e2e",
    include: ["test/e2e/**/*.test.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
