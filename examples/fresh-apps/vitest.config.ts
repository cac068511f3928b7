import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "fresh-apps",
    include: ["test/**/*.test.ts"],
    environment: "node",
    // One install of the packed packages for every test file here (see test/global-setup.ts).
    globalSetup: ["test/global-setup.ts"],
    testTimeout: 180_000,
    hookTimeout: 300_000,
  },
});
