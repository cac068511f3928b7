import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, expect, it } from "vitest";

const script = fileURLToPath(new URL("../../../scripts/build-quiet.mjs", import.meta.url));
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A workspace whose packages' builds are chatty scripts. */
function workspace(packages: Record<string, { build: string; dependencies?: string[] }>) {
  const root = mkdtempSync(join(tmpdir(), "credport-quiet-build-"));
  dirs.push(root);
  for (const [name, { build, dependencies = [] }] of Object.entries(packages)) {
    const dir = join(root, "packages", name.replace(/^@[^/]+\//, ""));
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, "package.json"),
      JSON.stringify({
        name,
        scripts: { build },
        dependencies: Object.fromEntries(dependencies.map((d) => [d, "workspace:*"])),
      }),
    );
  }
  return root;
}

const run = (root: string, args: string[] = []) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(process.execPath, [script, ...args], { cwd: root }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });

const chatty = (word: string) =>
  `node -e "for (let i = 0; i < 20; i++) console.log('${word} building… dist/index.js 12 KB'); console.error('DTS ${word}')"`;

it("builds dependencies first, one line per package, none of the builds' output", async () => {
  const root = workspace({
    "@x/server": { build: chatty("server"), dependencies: ["@x/core"] },
    "@x/core": { build: chatty("core") },
    "@x/react": { build: chatty("react"), dependencies: ["@x/core"] },
  });
  const { code, stdout, stderr } = await run(root, ["@x/server"]);
  expect(code).toBe(0);
  expect(stderr).toBe("");
  // Only what @x/server needs, in order; @x/react is left alone.
  expect(stdout).toMatch(
    /^build @x\/core … ok \(\d+\.\d s\)\nbuild @x\/server … ok \(\d+\.\d s\)\n$/,
  );
});

it("a failing build shows its captured output and stops with its exit code", async () => {
  const root = workspace({
    "@x/core": { build: `node -e "console.log('src/a.ts(1,1): error TS2304'); process.exit(3)"` },
    "@x/server": { build: chatty("server"), dependencies: ["@x/core"] },
  });
  const { code, stdout, stderr } = await run(root);
  expect(code).toBe(3);
  expect(stdout).toMatch(/^build @x\/core … failed \(\d+\.\d s\)\n$/);
  expect(stderr).toContain("error TS2304");
});

it("pnpm demo and pnpm emulator build quietly", () => {
  const manifest = JSON.parse(
    readFileSync(fileURLToPath(new URL("../../../package.json", import.meta.url)), "utf8"),
  ) as { scripts: Record<string, string> };
  for (const name of ["demo", "emulator"]) {
    expect(manifest.scripts[name]).toMatch(/^node scripts\/build-quiet\.mjs /);
    expect(manifest.scripts[name]).not.toMatch(/pnpm build/);
  }
});
