import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "@playwright/test";

// The kit's fixtures under @playwright/test, as a user's config runs them (the built package, by
// its name), in Debian's Chromium. playwright-fixtures.built.test.ts runs it and reads the results.
export default defineConfig({
  testDir: ".",
  testMatch: "*.spec.ts",
  // Its traces and last-run record, out of the repository.
  outputDir: join(tmpdir(), "credport-testing-fixtures-results"),
  timeout: 60_000,
  workers: 1,
  use: {
    launchOptions: process.env.CHROMIUM_PATH ? { executablePath: process.env.CHROMIUM_PATH } : {},
  },
});
