import { defineProject } from "vitest/config";
import { fastTests, fromSources } from "../../vitest.shared.js";

export default defineProject({
  ...fromSources,
  test: { name: "testing", ...fastTests, environment: "node" },
});
