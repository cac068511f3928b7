import { defineProject } from "vitest/config";
import { builtTests } from "../../vitest.shared.js";

// After `pnpm build`: tests of what users install (the built entries, by the package's name).
export default defineProject({
  test: {
    name: "server-built",
    ...builtTests,
    environment: "node",
    // Contract tests: every exchange with the mock is checked against the wire contract.
    setupFiles: ["../../test/service/test/support/contract-watch.ts"],
  },
});
