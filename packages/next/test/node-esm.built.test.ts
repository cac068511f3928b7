// Issue 14, "Loads outside a bundler": the built entries load under plain Node, as Node's own
// resolver loads them when an app lists @credport/next in `serverExternalPackages` (no export
// conditions beyond Node's) or a server bundler or test runner sets `react-server`.
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const packageDir = fileURLToPath(new URL("..", import.meta.url));
const run = (conditions: string[], args: string[]) =>
  execFileSync(process.execPath, [...conditions, ...args], {
    cwd: packageDir,
    encoding: "utf8",
    stdio: "pipe",
  });

// By the package's name, so that its `exports` map (and the conditions in it) decides the file.
const importByName = [
  "--input-type=module",
  "-e",
  'const m = await import("@credport/next"); console.log(Object.keys(m).sort().join(","));',
];
const requireByName = [
  "-e",
  'console.log(Object.keys(require("@credport/next")).sort().join(","));',
];

describe.each([
  ["plain Node (serverExternalPackages)", []],
  ["node --conditions=react-server", ["--conditions=react-server"]],
])("the built package under %s", (_, conditions) => {
  it("the ESM entry imports", () => {
    const out = run(conditions, importByName);
    expect(out).toMatch(/createCredportHandlers/);
    expect(out).toMatch(/getVerifiedSession/);
  });

  it("the CommonJS entry requires", () => {
    const out = run(conditions, requireByName);
    expect(out).toMatch(/createCredportHandlers/);
    expect(out).toMatch(/getVerifiedSession/);
  });
});
