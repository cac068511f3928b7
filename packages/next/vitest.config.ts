import { fileURLToPath } from "node:url";
import { defineProject } from "vitest/config";
import { fastTests, fromSources } from "../../vitest.shared.js";

export default defineProject({
  ...fromSources,
  resolve: {
    ...fromSources.resolve,
    // `server-only` throws outside React Server Components bundling; Next replaces it the same way.
    alias: {
      "server-only": fileURLToPath(new URL("./test/support/empty-module.ts", import.meta.url)),
    },
  },
  test: {
    name: "next",
    ...fastTests,
    environment: "node",
    server: { deps: { inline: ["@credport/next"] } },
  },
});
