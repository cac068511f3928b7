import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      "packages/*/vitest.config.ts",
      "packages/*/vitest.e2e.config.ts",
      "examples/*/vitest.config.ts",
    ],
  },
});
