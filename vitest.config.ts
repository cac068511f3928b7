import { defineConfig } from "vitest/config";

// Every project of every tier; the `test:*` scripts pick a tier by project name (README,
// "Development"): `core`, `server`, … (fast, on the sources; `pnpm test:fast` runs them joined,
// vitest.fast.config.ts), `*-built`,
// `example-demo` and `example-node-issuer` (on `dist`), `*-e2e`, `example-next-app` and
// `example-express-react` (real browsers), `*-bench`, `fresh-apps` (the packed tarballs, run by
// `check:consumers`).
export default defineConfig({
  test: {
    projects: [
      "packages/*/vitest.config.ts",
      "packages/*/vitest.built.config.ts",
      "packages/*/vitest.e2e.config.ts",
      "packages/*/vitest.bench.config.ts",
      "packages/*/vitest.matrix.config.ts",
      "examples/*/vitest.config.ts",
      "test/*/vitest.config.ts",
      "test/*/vitest.built.config.ts",
      "test/*/vitest.bench.config.ts",
      "test/*/vitest.matrix.config.ts",
    ],
  },
});
