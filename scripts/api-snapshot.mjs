// The public surface of every package (its built .d.ts entries, comments stripped) against the
// snapshot committed in api/. `--update` rewrites the snapshot, but only for packages that a pending
// changeset names: a surface change without a changeset fails the build.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const update = process.argv.includes("--update");
const snapshots = join(root, "api");
mkdirSync(snapshots, { recursive: true });

const changesets = readdirSync(join(root, ".changeset"))
  .filter((f) => f.endsWith(".md") && f !== "README.md")
  .map((f) => readFileSync(join(root, ".changeset", f), "utf8"))
  .join("\n");

const surface = (text) =>
  text
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/^\s*\/\/.*$/gm, "")
    .split("\n")
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== "")
    .join("\n");

const problems = [];
for (const name of readdirSync(join(root, "packages")).sort()) {
  const pkg = JSON.parse(readFileSync(join(root, "packages", name, "package.json"), "utf8"));
  const dist = join(root, "packages", name, "dist");
  // Every ESM declaration file, shared chunks included, with the chunks' content hashes taken out.
  const current = `${readdirSync(dist)
    .filter((f) => f.endsWith(".d.ts"))
    .sort()
    .map(
      (f) =>
        `// ${f.replace(/-[A-Za-z0-9_]{8}\.d\.ts$/, ".d.ts")}\n${surface(readFileSync(join(dist, f), "utf8"))}`,
    )
    .join("\n")
    .replace(/-[A-Za-z0-9_]{8}\.js/g, ".js")}\n`;
  const file = join(snapshots, `${name}.d.ts`);
  const committed = existsSync(file) ? readFileSync(file, "utf8") : undefined;
  if (committed === current) continue;
  if (!update) {
    problems.push(
      `${pkg.name}: the public surface changed; add a changeset and run pnpm api:update`,
    );
  } else if (!changesets.includes(`"${pkg.name}"`)) {
    problems.push(
      `${pkg.name}: the public surface changed but no pending changeset names ${pkg.name}`,
    );
  } else {
    writeFileSync(file, current);
    console.log(`api snapshot updated: ${file.slice(root.length)}`);
  }
}
if (problems.length > 0) {
  console.error(problems.join("\n"));
  process.exit(1);
}
console.log(update ? "api snapshots: up to date" : "api snapshots: the public surface matches");
