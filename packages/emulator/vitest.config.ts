import { defineProject } from "vitest/config";
import { fastTests, fromSources, sharedModules } from "../../vitest.shared.js";

export default defineProject({
  ...fromSources,
  test: {
    name: "emulator",
    ...fastTests,
    ...sharedModules,
    environment: "node",
    // Contract tests: every exchange with the emulator is checked against the wire contract.
    setupFiles: ["../../test/service/test/support/contract-watch.ts"],
  },
});
