// Runs publint and attw on every built package; exits non-zero on any problem.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const packagesDir = join(root, "packages");
let failed = false;
for (const name of readdirSync(packagesDir)) {
  const dir = join(packagesDir, name);
  const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
  for (const [tool, args] of [
    ["publint", ["--strict"]],
    ["attw", ["--pack", ".", "--profile", pkg.attwProfile ?? "node16"]],
  ]) {
    try {
      execFileSync(join(root, "node_modules/.bin", tool), args, { cwd: dir, stdio: "pipe" });
      console.log(`ok    ${tool} ${pkg.name}`);
    } catch (error) {
      failed = true;
      console.log(`FAIL  ${tool} ${pkg.name}\n${error.stdout}${error.stderr}`);
    }
  }
}
process.exit(failed ? 1 : 0);
