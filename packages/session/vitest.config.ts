import { defineProject } from "vitest/config";
import { fastTests, firstOfMatrix, fromSources, sharedModules } from "../../vitest.shared.js";

export default defineProject({
  ...fromSources,
  test: {
    name: "session",
    ...fastTests,
    ...sharedModules,
    environment: "node",
    ...firstOfMatrix,
    setupFiles: ["./test/support/fetch-globals.ts"],
  },
});
