// The test tiers (README, "Development"): which files each runs and how workspace packages resolve.
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { UserWorkspaceConfig } from "vitest/config";

/** The repository's root, which package folders are named from. */
const ROOT = new URL("./", import.meta.url);

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
 * variables, globals and fake timers restored after each test, servers closed. A file that needs
 * a fresh copy of the sources (a `vi.mock` of a module they import, a warning said once per
 * process) imports them after `vi.resetModules()`, and resets them again when it ends if it mocked.
 */
export const sharedModules = { isolate: false } as const;

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

/**
 * The packages' fast-tier projects joined (`vitest.fast.config.ts`): one project per test
 * environment, whose files share one module graph per worker, where each package's project would
 * import core, the mock, msw and zod again in its workers, and a worker that met files of another
 * environment would start again. Their settings are joined (setup files, aliases, inlined
 * dependencies, environment variables), so every package's must agree: shared modules, no two
 * values for one variable.
 */
export function joinedProjects(
  name: string,
  packages: Record<string, UserWorkspaceConfig>,
): UserWorkspaceConfig[] {
  const byEnvironment = new Map<string, JoinedProject>();
  const settingsJoined = new Set<string>();
  for (const [dir, project] of Object.entries(packages)) {
    if (project.test?.isolate !== false)
      throw new Error(`${dir}'s fast tier must share modules (sharedModules)`);
    for (const file of fastTestFiles(dir)) {
      const environment = environmentOf(file, project.test.environment ?? "node");
      let joined = byEnvironment.get(environment);
      if (!joined) {
        joined = newJoinedProject(environment === "node" ? name : `${name}-${environment}`);
        joined.test.environment = environment;
        byEnvironment.set(environment, joined);
      }
      joined.test.include.push(file);
      if (settingsJoined.has(`${environment} ${dir}`)) continue;
      settingsJoined.add(`${environment} ${dir}`);
      joinSettings(joined, dir, project);
    }
  }
  return [...byEnvironment.values()];
}

type JoinedProject = ReturnType<typeof newJoinedProject>;

function newJoinedProject(name: string) {
  return {
    ...fromSources,
    resolve: {
      ...fromSources.resolve,
      alias: [] as { find: string | RegExp; replacement: string }[],
    },
    test: {
      name,
      include: [] as string[],
      setupFiles: [] as string[],
      env: {} as Record<string, string>,
      server: { deps: { inline: [] as (string | RegExp)[] } },
      environment: "node",
      testTimeout: fastTests.testTimeout,
      ...sharedModules,
    },
  };
}

/** Adds a package's settings to a joined project. */
function joinSettings(joined: JoinedProject, dir: string, project: UserWorkspaceConfig): void {
  const test = project.test ?? {};
  const where = `${dir}'s fast tier`;
  for (const file of [test.setupFiles ?? []].flat()) {
    const path = fileURLToPath(new URL(`${dir}/${file}`, ROOT));
    if (!joined.test.setupFiles.includes(path)) joined.test.setupFiles.push(path);
  }
  for (const [key, value] of Object.entries(test.env ?? {})) {
    if (key in joined.test.env && joined.test.env[key] !== value)
      throw new Error(
        `${where} sets ${key} to ${value}, another package to ${joined.test.env[key]}`,
      );
    joined.test.env[key] = String(value);
  }
  const alias = project.resolve?.alias;
  if (alias && !Array.isArray(alias)) throw new Error(`${where}: give resolve.alias as an array`);
  joined.resolve.alias.push(...((alias ?? []) as typeof joined.resolve.alias));
  const inline = test.server?.deps?.inline;
  if (inline === true) throw new Error(`${where}: name the dependencies to inline`);
  joined.test.server.deps.inline.push(...(inline ?? []));
  joined.test.testTimeout = Math.max(joined.test.testTimeout, test.testTimeout ?? 0);
}

/** A package folder's fast-tier files (`fastTests`: not built, e2e or bench), from the root. */
function fastTestFiles(dir: string): string[] {
  return readdirSync(new URL(`${dir}/test/`, ROOT), { recursive: true, encoding: "utf8" })
    .filter(
      (file) =>
        /\.test\.tsx?$/.test(file) &&
        !/\.(built|e2e|bench)\.test\.tsx?$/.test(file) &&
        !file.startsWith("e2e/"),
    )
    .sort()
    .map((file) => `${dir}/test/${file}`);
}

/** The environment a test file names in its first lines (`@vitest-environment`), or `fallback`. */
function environmentOf(file: string, fallback: string): string {
  const head = readFileSync(new URL(file, ROOT), "utf8").slice(0, 400);
  return /@vitest-environment\s+(\S+)/.exec(head)?.[1] ?? fallback;
}
