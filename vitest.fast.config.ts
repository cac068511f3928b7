import { defineConfig } from "vitest/config";
import browser from "./packages/browser/vitest.config.js";
import core from "./packages/core/vitest.config.js";
import emulator from "./packages/emulator/vitest.config.js";
import mock from "./packages/mock/vitest.config.js";
import next from "./packages/next/vitest.config.js";
import react from "./packages/react/vitest.config.js";
import server from "./packages/server/vitest.config.js";
import session from "./packages/session/vitest.config.js";
import testing from "./packages/testing/vitest.config.js";
import service from "./test/service/vitest.config.js";
import { joinedProjects } from "./vitest.shared.js";

// `pnpm test:fast` (scripts/test-fast.mjs): the packages' fast-tier projects (their
// `vitest.config.ts`, which `pnpm vitest run --project <name>` runs one by one) joined into one
// per environment, `fast` and `fast-jsdom`, so that a worker imports the sources and their
// dependencies once for all of them.
export default defineConfig({
  test: {
    projects: [
      ...joinedProjects("fast", {
        "packages/core": core,
        "packages/server": server,
        "packages/browser": browser,
        "packages/session": session,
        "packages/next": next,
        "packages/mock": mock,
        "packages/emulator": emulator,
        "packages/react": react,
        "packages/testing": testing,
        "test/service": service,
      }),
    ],
  },
});
