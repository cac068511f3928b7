// `pnpm test:fast`: the unit tier — every package's tests on its sources (`@credport/source`), with
// no build, no browser, no pack and no `next build`. Prints its wall time at the end.
// Arguments go to Vitest: `pnpm test:fast --watch`, `pnpm test:fast packages/core`, `-t name`.
import { spawnSync } from "node:child_process";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";

/** The fast tier's Vitest projects (each package's `vitest.config.ts`). */
export const FAST_PROJECTS = [
  "core",
  "server",
  "session",
  "browser",
  "mock",
  "service",
  "emulator",
  "next",
  "react",
];

const root = fileURLToPath(new URL("..", import.meta.url));
const args = process.argv.slice(2);
const watch = args.includes("--watch") || args.includes("-w");
const started = performance.now();
const vitest = spawnSync(
  fileURLToPath(new URL("../node_modules/.bin/vitest", import.meta.url)),
  [
    ...(watch ? [] : ["run"]),
    // One worker per core (Vitest's default leaves one core to itself): the main process only
    // transforms, and these tests are CPU-bound; about half the wall time on 2 cores.
    ...(watch || args.some((arg) => arg.startsWith("--maxWorkers"))
      ? []
      : [`--maxWorkers=${availableParallelism()}`]),
    ...FAST_PROJECTS.map((name) => `--project=${name}`),
    ...args,
  ],
  { cwd: root, stdio: "inherit" },
);
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(
  `\ntest:fast: ${vitest.status === 0 ? "passed" : "FAILED"} in ${seconds} s (wall time)`,
);
process.exit(vitest.status ?? 1);
