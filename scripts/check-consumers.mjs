// `pnpm check:consumers`: the packed tier. One `pnpm pack` of every package, then the consumer
// matrix (scripts/consumer-matrix.mjs) and the fresh apps made from the README
// (`vitest --project fresh-apps`) both install those tarballs, as users get them. Needs `pnpm build`.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
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
  const env = { ...process.env, CREDPORT_TARBALLS: tarballs };
  for (const [command, args] of [
    [process.execPath, [join(root, "scripts/consumer-matrix.mjs")]],
    [join(root, "node_modules/.bin/vitest"), ["run", "--project", "fresh-apps"]],
  ]) {
    status = spawnSync(command, args, { cwd: root, env, stdio: "inherit" }).status ?? 1;
    if (status !== 0) break;
  }
} finally {
  rmSync(tarballs, { recursive: true, force: true });
}
console.log(`check:consumers: ${status === 0 ? "passed" : "FAILED"} in ${elapsed()}`);
process.exit(status);
