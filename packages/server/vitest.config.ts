import { defineProject } from "vitest/config";
import { fastTests, firstOfMatrix, fromSources, sharedModules } from "../../vitest.shared.js";

export default defineProject({
  ...fromSources,
  test: {
    name: "server",
    ...fastTests,
    ...sharedModules,
    environment: "node",
    ...firstOfMatrix,
    // Contract tests: every exchange with the mock is checked against the wire contract.
    setupFiles: ["../../test/service/test/support/contract-watch.ts"],
  },
});
