// `pnpm test:fast`: the unit tier — every package's tests on its sources (`@credport/source`), with
// no build, no browser, no pack and no `next build`. Prints its wall time at the end.
// Arguments go to Vitest: `pnpm test:fast --watch`, `pnpm test:fast packages/core`, `-t name`.
// `pnpm test:matrix` (`--matrix`): the rest of the fast tier's matrices, on the sources as well —
// the session attack suites over each adapter, the client and service suites over the emulator.
import { spawnSync } from "node:child_process";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";

/** The fast tier's configuration: the packages' fast-tier projects joined, one per environment. */
const FAST_CONFIG = "vitest.fast.config.ts";

/** The matrix tier's projects: the fast tier runs the first entry of each matrix, these the rest. */
export const MATRIX_PROJECTS = ["server-matrix", "session-matrix", "service-matrix"];

const root = fileURLToPath(new URL("..", import.meta.url));
const matrix = process.argv.includes("--matrix");
const tier = matrix ? "test:matrix" : "test:fast";
const args = process.argv.slice(2).filter((arg) => arg !== "--matrix");
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
    ...(matrix ? MATRIX_PROJECTS.map((name) => `--project=${name}`) : [`--config=${FAST_CONFIG}`]),
    ...args,
  ],
  { cwd: root, stdio: "inherit" },
);
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`\n${tier}: ${vitest.status === 0 ? "passed" : "FAILED"} in ${seconds} s (wall time)`);
process.exit(vitest.status ?? 1);
