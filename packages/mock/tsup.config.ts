import { defineConfig } from "tsup";

export default defineConfig({
  entry: { index: "src/index.ts", wallet: "src/wallet.ts", engine: "src/engine.ts" },
  format: ["esm", "cjs"],
  dts: true,
  clean: true,
  sourcemap: false,
  target: "es2022",
  treeshake: true,
});
