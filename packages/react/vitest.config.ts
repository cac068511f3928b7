import { defineProject } from "vitest/config";
import { fastTests, fromSources } from "../../vitest.shared.js";

export default defineProject({
  ...fromSources,
  esbuild: { jsx: "automatic" },
  test: {
    name: "react",
    ...fastTests,
    environment: "jsdom",
  },
});
