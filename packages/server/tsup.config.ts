import { readFileSync } from "node:fs";
import { defineConfig } from "tsup";

const { version } = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8"));

export default defineConfig({
  entry: { index: "src/index.ts", redis: "src/redis/index.ts", telemetry: "src/telemetry.ts" },
  format: ["esm", "cjs"],
  dts: true,
  clean: true,
  sourcemap: false,
  target: "es2022",
  treeshake: true,
  define: { __CREDPORT_VERSION__: JSON.stringify(version) },
});
