import { defineConfig } from "tsup";

export default defineConfig({
  entry: { index: "src/index.ts", contract: "src/contract/index.ts", pipeline: "src/pipeline.ts" },
  format: ["esm", "cjs"],
  dts: true,
  clean: true,
  sourcemap: false,
  target: "es2022",
  treeshake: true,
  // One copy of the error classes for both entries, in the CommonJS build too.
  splitting: true,
});
