import { defineProject } from "vitest/config";
import { firstOfMatrix, fromSources, sharedFastTests } from "../../vitest.shared.js";

/** Files that need a module graph of their own: the `session-isolated` project runs them. */
export const ownModuleGraph = [
  // `vi.mock("iron-session")` counts the unseals the sources make.
  "test/opened-seal-reuse.test.ts",
  // The warning is said once per process.
  "test/memory-store-production-warning.test.ts",
];

export default defineProject({
  ...fromSources,
  test: {
    name: "session",
    ...sharedFastTests(ownModuleGraph),
    environment: "node",
    ...firstOfMatrix,
  },
});
