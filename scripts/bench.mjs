// Runs every package's benchmarks (packages/*/bench/*.bench.mjs) one after another; each prints its figures.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
for (const name of readdirSync(join(root, "packages"))) {
  const dir = join(root, "packages", name, "bench");
  if (!existsSync(dir)) continue;
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith(".bench.mjs"))
    .sort()) {
    console.log(`\n== @credport/${name} ${file}`);
    execFileSync(process.execPath, [join(dir, file)], {
      stdio: "inherit",
      cwd: join(root, "packages", name),
    });
  }
}
