// Dry run of the release flow, on a scratch copy of the workspace:
// 1. `changeset version` moves every @credport package to one version and writes changelogs;
// 2. `pnpm pack` yields a tarball per package (from the workspace itself);
// 3. every tarball is checked: same version, no tests or sources, no source maps pointing outside
//    the package, nothing that looks like a secret.
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const scratch = mkdtempSync(join(tmpdir(), "credport-release-"));
const problems = [];

const SECRET_PATTERNS = [
  /\bsk_(test|live)_[A-Za-z0-9]{24,}/,
  /\bpk_live_[A-Za-z0-9]{24,}/,
  /\bwhsec_[A-Za-z0-9]{24,}/,
  /-----BEGIN [A-Z ]*PRIVATE KEY-----/,
];
const FORBIDDEN_FILES = [/(^|\/)test\//, /\.test\.[cm]?[jt]sx?$/, /(^|\/)src\//, /\.env/];

try {
  // Only what `changeset version` and `pnpm pack` read: manifests, changesets, built output.
  for (const item of ["package.json", "pnpm-workspace.yaml", ".changeset"]) {
    cpSync(join(root, item), join(scratch, item), { recursive: true });
  }
  for (const name of readdirSync(join(root, "packages"))) {
    const from = join(root, "packages", name);
    const filter = (path) => !path.includes("node_modules") && !path.endsWith(".tsbuildinfo");
    cpSync(from, join(scratch, "packages", name), { recursive: true, filter });
  }
  const bin = join(root, "node_modules/.bin");
  execFileSync(join(bin, "changeset"), ["version"], { cwd: scratch, stdio: "pipe" });

  const versions = new Map();
  for (const name of readdirSync(join(scratch, "packages"))) {
    const dir = join(scratch, "packages", name);
    const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
    versions.set(pkg.name, pkg.version);
    if (!existsSync(join(dir, "CHANGELOG.md")))
      problems.push(`${pkg.name}: no CHANGELOG.md written`);
  }
  const distinct = new Set(versions.values());
  if (distinct.size !== 1)
    problems.push(`versions differ: ${JSON.stringify(Object.fromEntries(versions))}`);

  const out = join(scratch, "tarballs");
  // Packed from the real workspace (pnpm needs installed dependencies to rewrite `workspace:`).
  execFileSync("pnpm", ["-r", "--filter", "./packages/*", "pack", "--pack-destination", out], {
    cwd: root,
    stdio: "pipe",
  });
  for (const tarball of readdirSync(out)) {
    const path = join(out, tarball);
    const files = execFileSync("tar", ["-tzf", path], { encoding: "utf8" }).trim().split("\n");
    for (const file of files) {
      if (FORBIDDEN_FILES.some((re) => re.test(file.replace(/^package\//, "")))) {
        problems.push(`${tarball}: ships ${file}`);
      }
      const text = execFileSync("tar", ["-xzOf", path, file], {
        encoding: "utf8",
        maxBuffer: 1 << 28,
      });
      if (SECRET_PATTERNS.some((re) => re.test(text)))
        problems.push(`${tarball}: ${file} holds something shaped like a secret`);
      if (file.endsWith(".map") && /"sources":\s*\[[^\]]*"\.\.\/\.\.\//.test(text)) {
        problems.push(`${tarball}: ${file} points at sources outside the package`);
      }
    }
    const pkg = JSON.parse(
      execFileSync("tar", ["-xzOf", path, "package/package.json"], { encoding: "utf8" }),
    );
    for (const [dep, range] of Object.entries({ ...pkg.dependencies, ...pkg.peerDependencies })) {
      if (String(range).startsWith("workspace:"))
        problems.push(`${tarball}: ${dep} still ${range}`);
    }
  }
  console.log(
    `release dry run: every package moves to ${[...distinct].join(", ")}; ${readdirSync(out).length} tarballs checked`,
  );
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

if (problems.length > 0) {
  console.error(`release dry run found ${problems.length} problem(s):\n- ${problems.join("\n- ")}`);
  process.exit(1);
}
console.log("release dry run: ok");
