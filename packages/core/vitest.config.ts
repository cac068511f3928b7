import { defineProject } from "vitest/config";
import { fastTests, fromSources } from "../../vitest.shared.js";

export default defineProject({
  ...fromSources,
  test: {
    name: "core",
    ...fastTests,
    environment: "node",
  },
});
