import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "example-next-app",
    include: ["test/**/*.test.ts"],
    environment: "node",
    // One `next build` of the example per run, shared by every test file.
    globalSetup: ["test/support/build-once.ts"],
    testTimeout: 180_000,
    hookTimeout: 240_000,
  },
});
