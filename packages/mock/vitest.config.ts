import { defineProject } from "vitest/config";
import { fastTests, fromSources, sharedModules } from "../../vitest.shared.js";

// The mock's own unit tests. Its behaviour as the service is tested in test/service, over msw and
// over the emulator (which builds on the mock, so those tests live beside both).
export default defineProject({
  ...fromSources,
  test: {
    name: "mock",
    ...fastTests,
    ...sharedModules,
    environment: "node",
  },
});
