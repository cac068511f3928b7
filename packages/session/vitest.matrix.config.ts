import { defineProject } from "vitest/config";
import { fromSources, matrixProject } from "../../vitest.shared.js";

// `pnpm test:matrix`: the attack suites over the adapters (Hono, Express 4 and 5, Fastify); the
// fast tier runs them over the plain Fetch handler.
export default defineProject({
  ...fromSources,
  test: matrixProject("session-matrix", new URL(".", import.meta.url), [
    "frameworks",
    "walledFrameworks",
  ]),
});
