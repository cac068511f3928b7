// Runs size-limit in every package that has a .size-limit.json budget; fails if any budget is exceeded.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
let failed = false;
for (const name of readdirSync(join(root, "packages"))) {
  const dir = join(root, "packages", name);
  if (!existsSync(join(dir, ".size-limit.json"))) continue;
  console.log(`\n== @credport/${name}`);
  try {
    execFileSync(join(root, "node_modules/.bin/size-limit"), [], { stdio: "inherit", cwd: dir });
  } catch {
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
