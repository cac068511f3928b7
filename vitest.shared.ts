// The test tiers (README, "Development"): which files each runs and how workspace packages resolve.
import { readdirSync, readFileSync } from "node:fs";
import type { UserWorkspaceConfig } from "vitest/config";

/**
 * The export condition that points each workspace package at its `src` (see the packages'
 * `exports`). Published packages keep it harmlessly: no resolver sets it but this repository's.
 */
export const SOURCE_CONDITION = "@credport/source";

/**
 * The fast tier resolves `@credport/*` to their sources, in Vite and (as Vitest passes the SSR
 * conditions to its workers as `--conditions`) in Node: no build, and no stale `dist` ever read.
 */
export const fromSources = {
  resolve: { conditions: [SOURCE_CONDITION] },
  ssr: { resolve: { conditions: [SOURCE_CONDITION] } },
} satisfies UserWorkspaceConfig;

/** Test files that need `pnpm build` first, by design: they check what users install. */
export const BUILT_TESTS = ["test/**/*.built.test.ts"];
/**
 * What every package's built tier sets. Its tests spawn what users run (a CLI, a bundler, a
 * server) as processes, which on a loaded CI machine takes seconds, not Vitest's default 5.
 */
export const builtTests = { include: BUILT_TESTS, testTimeout: 30_000 };
/** Test files that drive real browsers. */
export const E2E_TESTS = ["test/**/*.e2e.test.ts", "test/e2e/**/*.test.ts"];
/** Scaled-down benchmark campaigns that assert on their figures (they run on `dist`). */
export const BENCH_TESTS = ["test/**/*.bench.test.ts"];

/** What the fast tier of a package runs: every test file but those of the other tiers. */
export const fastTests = {
  include: ["test/**/*.test.ts", "test/**/*.test.tsx"],
  exclude: ["**/node_modules/**", ...BUILT_TESTS, ...E2E_TESTS, ...BENCH_TESTS],
  // A hang guard, not a performance goal (those are `pnpm bench`'s): the CPU-bound files (property
  // tests, hundreds of requests) take seconds on a busy 2-core machine, where Vitest's 5 s failed.
  testTimeout: 15_000,
};

/**
 * The fast tier's projects: a worker's test files share one module graph instead of importing
 * everything again per file (a new worker, then every source module and dependency evaluated
 * again, was most of the tier's time). So a test file leaves nothing behind: environment
 * variables, globals and fake timers restored after each test, servers closed, and no `vi.mock` of
 * a module the sources import. The few files that need a module graph of their own (such a
 * `vi.mock`, a warning said once per process) are listed in their package's `ownModuleGraph` and
 * run in its `<package>-isolated` project (`isolatedProject`).
 */
export const sharedModules = { isolate: false } as const;

/** The fast tier's files of a package but those that need a module graph of their own. */
export function sharedFastTests(ownModuleGraph: string[]) {
  return { ...fastTests, exclude: [...fastTests.exclude, ...ownModuleGraph], ...sharedModules };
}

/**
 * The `<package>-isolated` project: the files of `ownModuleGraph`, each in a new worker (Vitest's
 * default isolation), with the rest of the package's fast-tier configuration (`fast`).
 */
export function isolatedProject(
  fast: UserWorkspaceConfig,
  ownModuleGraph: string[],
): UserWorkspaceConfig {
  return {
    ...fast,
    test: {
      ...fast.test,
      name: `${fast.test?.name}-isolated`,
      include: ownModuleGraph,
      exclude: fastTests.exclude,
      isolate: true,
    },
  };
}

/**
 * The test matrices (every adapter, every transport; test/service/test/support/test-matrix.ts):
 * the fast tier's project runs each suite on the first entry, this `*-matrix` project on the rest.
 * It takes the fast-tier files of the package at `packageDir` with a suite over the matrix
 * (`describe.each(<matrix>`, one of `matrixNames`).
 */
export function matrixProject(
  name: string,
  packageDir: URL,
  matrixNames: string[],
): NonNullable<UserWorkspaceConfig["test"]> {
  const testDir = new URL("./test/", packageDir);
  const naming = new RegExp(`describe\\.each\\(\\s*(${matrixNames.join("|")})\\b`);
  const files = readdirSync(testDir, { recursive: true, encoding: "utf8" }).filter(
    (file) =>
      /\.test\.tsx?$/.test(file) &&
      !/\.(built|e2e|bench)\.test\.tsx?$/.test(file) &&
      naming.test(readFileSync(new URL(file, testDir), "utf8")),
  );
  return {
    name,
    include: files.map((file) => `test/${file}`),
    environment: "node",
    env: { CREDPORT_TEST_MATRIX: "rest" },
    // Each file's first test starts its adapter or emulator cold.
    testTimeout: 15_000,
  };
}

/** What the fast tier's project of a package with a test matrix sets: the first entry only. */
export const firstOfMatrix = { env: { CREDPORT_TEST_MATRIX: "first" } };
