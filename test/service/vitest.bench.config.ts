import { defineProject } from "vitest/config";
import { BENCH_TESTS } from "../../vitest.shared.js";

// After `pnpm build`: a benchmark's campaign, scaled down, asserting on what it measures.
export default defineProject({
  test: {
    name: "service-bench",
    include: BENCH_TESTS,
    environment: "node",
  },
});
