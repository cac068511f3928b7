import { defineConfig } from "tsup";

export default defineConfig({
  entry: {
    index: "src/index.ts",
    playwright: "src/playwright.ts",
    "browser-guard": "src/browser-guard.ts",
  },
  format: ["esm", "cjs"],
  dts: true,
  clean: true,
  sourcemap: false,
  target: "es2022",
  treeshake: true,
  // Test tooling on the user's machine: the workspace packages and Playwright stay imports.
  external: ["@playwright/test"],
});
