import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "browser",
    include: ["test/**/*.test.ts", "test/**/*.test.tsx"],
    exclude: ["test/e2e/**"],
    environment: "node",
  },
});
