import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "example-express-react",
    include: ["test/**/*.test.ts"],
    environment: "node",
    // One `vite build` of the example per run (`pnpm build`, as a user runs it before `start`).
    globalSetup: ["test/support/build-once.ts"],
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
