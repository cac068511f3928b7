import { defineProject } from "vitest/config";
import { fromSources, matrixProject, sharedModules } from "../../vitest.shared.js";

// `pnpm test:matrix`: the service suites over the HTTP emulator; the fast tier runs them over msw.
export default defineProject({
  ...fromSources,
  test: {
    ...matrixProject("service-matrix", new URL(".", import.meta.url), ["TRANSPORTS"]),
    ...sharedModules,
    setupFiles: ["./test/support/contract-watch.ts"],
  },
});
