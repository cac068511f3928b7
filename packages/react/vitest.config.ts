import { defineProject } from "vitest/config";

export default defineProject({
  esbuild: { jsx: "automatic" },
  test: {
    name: "react",
    include: ["test/**/*.test.ts", "test/**/*.test.tsx"],
    exclude: ["test/e2e/**"],
    environment: "jsdom",
  },
});
