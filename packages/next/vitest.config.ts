import { fileURLToPath } from "node:url";
import { defineProject } from "vitest/config";

export default defineProject({
  resolve: {
    // `server-only` throws outside React Server Components bundling; Next replaces it the same way.
    alias: {
      "server-only": fileURLToPath(new URL("./test/support/empty-module.ts", import.meta.url)),
    },
  },
  test: {
    name: "next",
    include: ["test/**/*.test.ts"],
    environment: "node",
    server: { deps: { inline: ["@credport/next"] } },
  },
});
