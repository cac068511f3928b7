import { defineProject } from "vitest/config";
import { fromSources, matrixProject } from "../../vitest.shared.js";

// `pnpm test:matrix`: the client's suites against the HTTP emulator; the fast tier against msw.
export default defineProject({
  ...fromSources,
  test: {
    ...matrixProject("server-matrix", new URL(".", import.meta.url), ["SERVICES"]),
    setupFiles: ["../../test/service/test/support/contract-watch.ts"],
  },
});
