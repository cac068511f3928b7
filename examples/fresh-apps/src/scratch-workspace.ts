import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The apps of the scratch workspace, each a folder of `fixtures/` installed with the others. */
export const APPS = [
  "next-app",
  "vite-app",
  "vite-dev",
  "react-router-app",
  "tanstack-start-app",
  "playwright-next-app",
  "playwright-vite-app",
  "readme-check",
] as const;

/** One of {@link APPS}. */
export type FreshApp = (typeof APPS)[number];

/** Apps that start from another app's files (copied first), then add or replace their own. */
const BASED_ON: Partial<Record<FreshApp, FreshApp>> = {
  // The dev-server check is the Vite app with a Fastify backend beside it.
  "vite-dev": "vite-app",
  // The Playwright check of the Vite + Express app: its index.html, its own dependencies.
  "playwright-vite-app": "vite-app",
};

/**
 * The apps to install: those named in CREDPORT_FRESH_APPS (comma-separated; `pnpm check:consumers
 * <app>…` sets it to run one app's test without installing the rest), else all of them.
 */
export function selectedApps(): FreshApp[] {
  const names = (process.env.CREDPORT_FRESH_APPS ?? "").split(",").filter(Boolean);
  if (names.length === 0) return [...APPS];
  const unknown = names.filter((name) => !(APPS as readonly string[]).includes(name));
  if (unknown.length)
    throw new Error(
      `CREDPORT_FRESH_APPS: no fresh app named ${unknown.join(", ")} (the apps: ${APPS.join(", ")})`,
    );
  return names as FreshApp[];
}

/**
 * The environment without the `npm_config_*` settings that `pnpm test` passes down from this
 * repository's workspace: the scratch workspace is a user's project, with pnpm's defaults.
 */
function installEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(npm_|pnpm_)/i.test(name)),
  );
}

/**
 * Packs the built packages as npm would publish them (or takes the tarballs in CREDPORT_TARBALLS)
 * and installs them, with one `pnpm install` (offline when the store has everything), into a
 * scratch workspace holding every fixture app.
 * Each app lists only what its README tells users to install; the tarballs replace `@credport/*`.
 */
export function createScratchWorkspace(repoRoot: string, fixtures: string): string {
  const scratch = mkdtempSync(join(tmpdir(), "credport-fresh-apps-"));
  // `pnpm check:consumers` packs once for the consumer matrix and these apps (CREDPORT_TARBALLS).
  let tarballs = process.env.CREDPORT_TARBALLS;
  if (!tarballs) {
    tarballs = join(scratch, "tarballs");
    mkdirSync(tarballs);
    execFileSync(
      "pnpm",
      ["-r", "--filter", "./packages/*", "pack", "--pack-destination", tarballs],
      { cwd: repoRoot, stdio: "pipe" },
    );
  }
  const overrides = Object.fromEntries(
    readdirSync(tarballs).map((file) => [
      `@credport/${/^credport-(\w+)-/.exec(file)![1]}`,
      `file:${join(tarballs, file)}`,
    ]),
  );
  const apps = selectedApps();
  for (const app of apps) {
    const base = BASED_ON[app];
    if (base) cpSync(join(fixtures, base), join(scratch, app), { recursive: true });
    cpSync(join(fixtures, app), join(scratch, app), { recursive: true });
  }
  writeFileSync(
    join(scratch, "package.json"),
    JSON.stringify({
      name: "fresh-apps",
      private: true,
      pnpm: { overrides, onlyBuiltDependencies: ["esbuild"] },
    }),
  );
  writeFileSync(
    join(scratch, "pnpm-workspace.yaml"),
    `packages:\n${apps.map((a) => `  - ${a}\n`).join("")}`,
  );
  try {
    execFileSync(
      "pnpm",
      ["install", "--prefer-offline", "--config.confirmModulesPurge=false", "--reporter=silent"],
      { cwd: scratch, stdio: "pipe", encoding: "utf8", env: installEnv() },
    );
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    rmSync(scratch, { recursive: true, force: true });
    throw new Error(`pnpm install of the fresh apps failed:\n${stdout ?? ""}${stderr ?? ""}`);
  }
  return scratch;
}
