// Builds the workspace's packages one at a time with their output captured, one line each:
// `build @credport/core … ok (1.2 s)`. A failing build prints its captured output and stops with
// its exit code. With package names as arguments, builds those and what they depend on only.
// Used by `pnpm demo` and `pnpm emulator`, whose users want the demo's output, not tsup's.
import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { delimiter, join } from "node:path";

const root = process.cwd();
const packagesDir = join(root, "packages");

/** Every package under packages/ that has a build script, by name. */
const packages = new Map();
for (const entry of readdirSync(packagesDir, { withFileTypes: true })) {
  const file = join(packagesDir, entry.name, "package.json");
  if (!entry.isDirectory() || !existsSync(file)) continue;
  const manifest = JSON.parse(readFileSync(file, "utf8"));
  if (!manifest.scripts?.build) continue;
  packages.set(manifest.name, { dir: join(packagesDir, entry.name), manifest });
}

const workspaceDeps = (manifest, fields) =>
  fields
    .flatMap((field) => Object.keys(manifest[field] ?? {}))
    .filter((name) => packages.has(name));

// What to build: the packages named (and what they need to build), or all of them.
const wanted = new Set();
const want = (name) => {
  if (wanted.has(name)) return;
  wanted.add(name);
  for (const dep of workspaceDeps(packages.get(name).manifest, [
    "dependencies",
    "peerDependencies",
  ]))
    want(dep);
};
const named = process.argv.slice(2);
for (const name of named) {
  if (!packages.has(name)) {
    console.error(`build: no package ${name} under packages/ (${[...packages.keys()].join(", ")})`);
    process.exit(2);
  }
  want(name);
}
if (named.length === 0) for (const name of packages.keys()) wanted.add(name);

// Dependencies first, devDependencies included (a package's types may import them).
const order = [];
const visiting = new Set();
const visit = (name) => {
  if (order.includes(name) || visiting.has(name)) return;
  visiting.add(name);
  const { manifest } = packages.get(name);
  for (const dep of workspaceDeps(manifest, [
    "dependencies",
    "peerDependencies",
    "devDependencies",
  ]))
    if (wanted.has(dep)) visit(dep);
  order.push(name);
};
for (const name of [...wanted].sort()) visit(name);

/** Runs a package's build script as `pnpm run` would: in its folder, its bins on the PATH. */
function build({ dir, manifest }) {
  const bins = [join(dir, "node_modules", ".bin"), join(root, "node_modules", ".bin")];
  return new Promise((resolve) => {
    const child = spawn(manifest.scripts.build, {
      cwd: dir,
      shell: true,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, PATH: [...bins, process.env.PATH].join(delimiter) },
    });
    const output = [];
    child.stdout.on("data", (chunk) => output.push(chunk));
    child.stderr.on("data", (chunk) => output.push(chunk));
    child.on("error", (error) => output.push(Buffer.from(String(error))));
    child.on("close", (code) => resolve({ code: code ?? 1, output: Buffer.concat(output) }));
  });
}

for (const name of order) {
  const started = performance.now();
  process.stdout.write(`build ${name} … `);
  const { code, output } = await build(packages.get(name));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (code === 0) {
    process.stdout.write(`ok (${seconds} s)\n`);
    continue;
  }
  process.stdout.write(`failed (${seconds} s)\n`);
  process.stderr.write(output);
  process.exit(code);
}
