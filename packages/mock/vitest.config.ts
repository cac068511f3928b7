import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "mock",
    include: ["test/**/*.test.ts", "test/**/*.test.tsx"],
    environment: "node",
    // Contract tests: every exchange with the mock is checked against the wire contract.
    setupFiles: ["./test/support/contract-watch.ts"],
  },
});
