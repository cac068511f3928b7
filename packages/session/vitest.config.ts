import { defineProject } from "vitest/config";
import { fastTests, firstOfMatrix, fromSources } from "../../vitest.shared.js";

export default defineProject({
  ...fromSources,
  test: {
    name: "session",
    ...fastTests,
    environment: "node",
    ...firstOfMatrix,
  },
});
