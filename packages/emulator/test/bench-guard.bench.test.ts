// The benchmark guard catches a slower emulator: with every browser status read made 5 % slower (a
// busy wait of 5 % of its median round trip, inside the emulator's handling of the request;
// CREDPORT_BENCH_SLOWDOWN, which only this test sets), `bench --check` of the emulator's round-trip
// ratio fails against bench/baseline.json. The unchanged tree passing the same check is
// `pnpm bench:check`, run after the bench projects.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";

const root = fileURLToPath(new URL("../../..", import.meta.url));

it("a 5 % slower status read in the emulator fails bench --check", () => {
  const run = spawnSync(
    process.execPath,
    ["scripts/bench.mjs", "--check", "--quick", "--parts=ratio", "--packages=emulator"],
    {
      cwd: root,
      env: { ...process.env, CREDPORT_BENCH_SLOWDOWN: "0.05" },
      encoding: "utf8",
    },
  );
  expect(run.stdout).toMatch(/each status read waits [\d.]+ µs more/);
  expect(run.status).toBe(1);
  expect(run.stderr).toMatch(/emulator\.status-read\.round-trip\.over-bare: FAIL/);
}, 600_000);
