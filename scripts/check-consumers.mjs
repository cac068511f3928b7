// `pnpm check:consumers`: the packed tier. One `pnpm pack` of every package, then the consumer
// matrix (scripts/consumer-matrix.mjs) and the fresh apps made from the README
// (`vitest --project fresh-apps`) both install those tarballs, as users get them. Needs `pnpm build`.
// `pnpm check:consumers <app>…` (apps of examples/fresh-apps, e.g. playwright-vite-app) installs and
// tests only those apps (their test files are named after them), without the consumer matrix:
// one app's check, for a busy machine.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const apps = process.argv.slice(2).filter((arg) => arg !== "--");
const tarballs = mkdtempSync(join(tmpdir(), "credport-tarballs-"));
const started = performance.now();
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
let status = 1;
try {
  execFileSync("pnpm", ["-r", "--filter", "./packages/*", "pack", "--pack-destination", tarballs], {
    cwd: root,
    stdio: "pipe",
  });
  console.log(`check:consumers: packed ${readdirSync(tarballs).length} tarballs in ${elapsed()}`);
  const env = {
    ...process.env,
    CREDPORT_TARBALLS: tarballs,
    ...(apps.length ? { CREDPORT_FRESH_APPS: apps.join(",") } : {}),
  };
  const vitest = [join(root, "node_modules/.bin/vitest"), ["run", "--project", "fresh-apps"]];
  const steps = apps.length
    ? [[vitest[0], [...vitest[1], ...apps.map((app) => `test/${app}.`)]]]
    : [[process.execPath, [join(root, "scripts/consumer-matrix.mjs")]], vitest];
  for (const [command, args] of steps) {
    status = spawnSync(command, args, { cwd: root, env, stdio: "inherit" }).status ?? 1;
    if (status !== 0) break;
  }
} finally {
  rmSync(tarballs, { recursive: true, force: true });
}
console.log(`check:consumers: ${status === 0 ? "passed" : "FAILED"} in ${elapsed()}`);
process.exit(status);
