import { defineConfig } from "tsup";

export default defineConfig({
  entry: { index: "src/index.ts", wallet: "src/wallet.ts", engine: "src/engine.ts" },
  format: ["esm", "cjs"],
  dts: true,
  clean: true,
  sourcemap: false,
  target: "es2022",
  treeshake: true,
  // cborg publishes ESM only (an `import` condition, no `require`): Node cannot require() it, so
  // the build carries its own copy, and the CommonJS entries load (Playwright runs the tests of a
  // project without "type": "module" as CommonJS, @credport/testing and this package with them).
  noExternal: ["cborg"],
});
