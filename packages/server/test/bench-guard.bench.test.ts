// The benchmark guard catches a slower pipeline: with every client call made 5 % slower (a busy
// wait of 5 % of a raw call's median inside the client's fetch; CREDPORT_BENCH_SLOWDOWN, which only
// this test sets), `bench --check` of the per-call ratio fails against bench/baseline.json. The
// unchanged tree passing the same check is `pnpm bench:check`, run right after this project.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";

const root = fileURLToPath(new URL("../../..", import.meta.url));

it("a 5 % slower getStatus fails bench --check", () => {
  const run = spawnSync(
    process.execPath,
    ["scripts/bench.mjs", "--check", "--parts=ratio", "--packages=server"],
    {
      cwd: root,
      env: { ...process.env, CREDPORT_BENCH_SLOWDOWN: "0.05" },
      encoding: "utf8",
    },
  );
  expect(run.stdout).toMatch(/each client call waits [\d.]+ µs more/);
  expect(run.status).toBe(1);
  expect(run.stderr).toMatch(/server\.get-status\.ratio\.median: FAIL/);
}, 600_000);
