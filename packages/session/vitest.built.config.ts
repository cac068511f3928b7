import { defineProject } from "vitest/config";
import { builtTests } from "../../vitest.shared.js";

// After `pnpm build`: tests of what users install (the built entries, by the package's name).
export default defineProject({
  test: {
    name: "session-built",
    ...builtTests,
    environment: "node",
  },
});
