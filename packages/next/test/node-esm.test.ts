// Issue 14, "Loads outside a bundler": the built entries load under plain Node with the
// react-server condition, as they do when an app lists @credport/next in serverExternalPackages.
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const dist = (file: string) => fileURLToPath(new URL(`../dist/${file}`, import.meta.url));
const run = (args: string[]) =>
  execFileSync(process.execPath, ["--conditions=react-server", ...args], {
    cwd: fileURLToPath(new URL("..", import.meta.url)),
    encoding: "utf8",
    stdio: "pipe",
  });

describe("the built package under plain Node", () => {
  it("the ESM entry imports", () => {
    const out = run([
      "--input-type=module",
      "-e",
      `const m = await import(${JSON.stringify(dist("index.js"))}); console.log(Object.keys(m).sort().join(","));`,
    ]);
    expect(out).toMatch(/createCredportHandlers/);
    expect(out).toMatch(/getVerifiedSession/);
  });

  it("the CommonJS entry requires", () => {
    const out = run([
      "-e",
      `console.log(Object.keys(require(${JSON.stringify(dist("index.cjs"))})).sort().join(","));`,
    ]);
    expect(out).toMatch(/createCredportHandlers/);
  });
});
