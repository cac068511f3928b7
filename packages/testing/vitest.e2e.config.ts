import { defineProject } from "vitest/config";
import { E2E_TESTS, fromSources } from "../../vitest.shared.js";

// The kit driving real Chromium (playwright-core) against a small shop on @credport/session.
export default defineProject({
  ...fromSources,
  test: {
    name: "testing-e2e",
    include: E2E_TESTS,
    environment: "node",
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
