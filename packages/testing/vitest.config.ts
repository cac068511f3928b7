import { defineProject } from "vitest/config";
import { fastTests, fromSources, sharedModules } from "../../vitest.shared.js";

export default defineProject({
  ...fromSources,
  test: { name: "testing", ...fastTests, ...sharedModules, environment: "node" },
});
