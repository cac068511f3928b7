import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The apps of the scratch workspace, each a folder of `fixtures/` installed with the others. */
export const APPS = ["next-app", "vite-app", "readme-check"] as const;

/**
 * Packs the built packages as npm would publish them and installs them, with one `pnpm install`
 * (offline when the store has everything), into a scratch workspace holding every fixture app.
 * Each app lists only what its README tells users to install; the tarballs replace `@credport/*`.
 */
export function createScratchWorkspace(repoRoot: string, fixtures: string): string {
  const scratch = mkdtempSync(join(tmpdir(), "credport-fresh-apps-"));
  const tarballs = join(scratch, "tarballs");
  mkdirSync(tarballs);
  execFileSync("pnpm", ["-r", "--filter", "./packages/*", "pack", "--pack-destination", tarballs], {
    cwd: repoRoot,
    stdio: "pipe",
  });
  const overrides = Object.fromEntries(
    readdirSync(tarballs).map((file) => [
      `@credport/${/^credport-(\w+)-/.exec(file)![1]}`,
      `file:${join(tarballs, file)}`,
    ]),
  );
  for (const app of APPS) cpSync(join(fixtures, app), join(scratch, app), { recursive: true });
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
    `packages:\n${APPS.map((a) => `  - ${a}\n`).join("")}`,
  );
  execFileSync(
    "pnpm",
    ["install", "--prefer-offline", "--config.confirmModulesPurge=false", "--reporter=silent"],
    { cwd: scratch, stdio: "pipe" },
  );
  return scratch;
}
