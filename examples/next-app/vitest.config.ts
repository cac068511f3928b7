import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "example-next-app",
    include: ["test/**/*.test.ts"],
    environment: "node",
    testTimeout: 180_000,
    hookTimeout: 240_000,
  },
});
