import { defineProject } from "vitest/config";
import { firstOfMatrix, fromSources, sharedFastTests } from "../../vitest.shared.js";

export default defineProject({
  ...fromSources,
  test: {
    name: "server",
    ...sharedFastTests([]),
    environment: "node",
    ...firstOfMatrix,
    // Contract tests: every exchange with the mock is checked against the wire contract.
    setupFiles: ["../../test/service/test/support/contract-watch.ts"],
  },
});
