import { defineProject } from "vitest/config";
import { BENCH_TESTS } from "../../vitest.shared.js";

// After `pnpm build`: the benchmark guard on the emulator's figures.
export default defineProject({
  test: {
    name: "emulator-bench",
    include: BENCH_TESTS,
    environment: "node",
  },
});
