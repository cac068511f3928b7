import { defineProject } from "vitest/config";
import { E2E_TESTS } from "../../vitest.shared.js";

// The emulator's face (dashboard and wallet page) driven by a person in Chromium.
export default defineProject({
  test: {
    name: "emulator-e2e",
    include: E2E_TESTS,
    environment: "node",
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
