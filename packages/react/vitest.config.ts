import { defineProject } from "vitest/config";
import { fastTests, fromSources, sharedModules } from "../../vitest.shared.js";

export default defineProject({
  ...fromSources,
  test: {
    name: "react",
    ...fastTests,
    ...sharedModules,
    environment: "jsdom",
    setupFiles: ["./test/setup.ts"],
  },
});
