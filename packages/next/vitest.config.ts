import { fileURLToPath } from "node:url";
import { defineProject } from "vitest/config";
import { fastTests, fromSources, sharedModules } from "../../vitest.shared.js";

const support = (file: string) => fileURLToPath(new URL(`./test/support/${file}`, import.meta.url));

export default defineProject({
  ...fromSources,
  resolve: {
    ...fromSources.resolve,
    alias: [
      // `server-only` throws outside React Server Components bundling; Next replaces it the same
      // way.
      { find: "server-only", replacement: support("empty-module.ts") },
      // Outside Next, `next/headers` and `next/server` have no request to read. The files of a
      // worker share modules, so the sources get the fakes in every file (the tests that read a
      // request also say so with `vi.mock`): never the real module in one file, a mock in the next.
      { find: /^next\/headers(\.js)?$/, replacement: support("next-headers-module.ts") },
      { find: /^next\/server(\.js)?$/, replacement: support("next-server-module.ts") },
    ],
  },
  test: {
    name: "next",
    ...fastTests,
    ...sharedModules,
    environment: "node",
    server: { deps: { inline: ["@credport/next"] } },
  },
});
