import { defineProject } from "vitest/config";
import { builtTests } from "../../vitest.shared.js";

// After `pnpm build`: tests of what users install (the CLI as `npx credport-emulator` runs it).
export default defineProject({
  test: {
    name: "emulator-built",
    ...builtTests,
    environment: "node",
    // Contract tests: every exchange with the emulator is checked against the wire contract.
    setupFiles: ["../../test/service/test/support/contract-watch.ts"],
  },
});
