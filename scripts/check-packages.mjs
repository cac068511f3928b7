// Runs publint and attw on every built package, and checks what npm shows of it: repository,
// homepage and bugs in the manifest, and README links that work on npmjs.com (absolute, since npm
// resolves no relative link). Exits non-zero on any problem.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const REPOSITORY = "https://github.com/credport/credport";

/** What npm shows of a package beyond its code. */
function publishingProblems(pkg, dir, name) {
  const problems = [];
  if (pkg.repository?.url !== `git+${REPOSITORY}.git`)
    problems.push(`repository.url must be git+${REPOSITORY}.git`);
  if (pkg.repository?.directory !== `packages/${name}`)
    problems.push(`repository.directory must be packages/${name}`);
  if (!pkg.homepage?.startsWith(`${REPOSITORY}/`))
    problems.push(`homepage must be under ${REPOSITORY}`);
  if (pkg.bugs?.url !== `${REPOSITORY}/issues`)
    problems.push(`bugs.url must be ${REPOSITORY}/issues`);
  const readme = readFileSync(join(dir, "README.md"), "utf8");
  for (const [, target] of readme.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (!/^(https?:|mailto:|#)/.test(target))
      problems.push(
        `README link ${target} is relative: npm cannot follow it; link ${REPOSITORY}/…`,
      );
  }
  return problems;
}

const root = new URL("..", import.meta.url).pathname;
const packagesDir = join(root, "packages");
let failed = false;
for (const name of readdirSync(packagesDir)) {
  const dir = join(packagesDir, name);
  const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
  const problems = publishingProblems(pkg, dir, name);
  if (problems.length > 0) failed = true;
  console.log(
    problems.length === 0
      ? `ok    npm page ${pkg.name}`
      : `FAIL  npm page ${pkg.name}\n      ${problems.join("\n      ")}`,
  );
  // Stylesheets (`@credport/react/styles.css`) have no types or JavaScript for attw to resolve.
  const stylesheets = Object.keys(pkg.exports ?? {}).filter((entry) => entry.endsWith(".css"));
  const attwArgs = ["--pack", ".", "--profile", pkg.attwProfile ?? "node16"];
  if (stylesheets.length > 0) attwArgs.push("--exclude-entrypoints", ...stylesheets);
  for (const [tool, args] of [
    ["publint", ["--strict"]],
    ["attw", attwArgs],
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
