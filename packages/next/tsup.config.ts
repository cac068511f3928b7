import { defineConfig } from "tsup";

export default defineConfig({
  entry: {
    index: "src/index.ts",
    "browser-guard": "src/browser-guard.ts",
    telemetry: "src/telemetry.ts",
  },
  format: ["esm", "cjs"],
  // The guard has no API of its own: the `browser` condition points at the index's types.
  dts: { entry: { index: "src/index.ts", telemetry: "src/telemetry.ts" } },
  clean: true,
  sourcemap: false,
  target: "es2022",
  treeshake: true,
});
