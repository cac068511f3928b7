// Issue 14, "Loads outside a bundler", the other half: the package loads under plain Node, yet a
// Client Component that imports it still fails `next build` — with Turbopack (Next 16's default)
// and with webpack (`--webpack`, Next 15's default) — so no secret-handling code reaches a browser.
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const packageDir = fileURLToPath(new URL("..", import.meta.url));
let app: string;

beforeAll(() => {
  // A fresh app inside the repository, so that `next`, `react` and this package's dependencies are
  // found from it, with the built package copied into its node_modules as npm installs it (the
  // fixture's own package.json keeps Node from resolving the name to this package's source scope).
  app = mkdtempSync(join(packageDir, ".generated-client-import-"));
  cpSync(fileURLToPath(new URL("./fixtures/client-component-import", import.meta.url)), app, {
    recursive: true,
  });
  for (const file of ["package.json", "dist"])
    cpSync(join(packageDir, file), join(app, "node_modules/@credport/next", file), {
      recursive: true,
    });
});

afterAll(() => {
  if (app) rmSync(app, { recursive: true, force: true });
});

describe.each([
  ["Turbopack", []],
  ["webpack", ["--webpack"]],
])("next build (%s) of a Client Component importing @credport/next", (_, flags) => {
  it("fails, naming server-only and the importing component", () => {
    const build = spawnSync(join(packageDir, "node_modules/.bin/next"), ["build", ...flags], {
      cwd: app,
      encoding: "utf8",
      env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
    });
    const output = `${build.stdout}${build.stderr}`;
    expect(build.status, output).not.toBe(0);
    // The refusal, not some other build error (a missing module, a type error).
    expect(output).toMatch(/'server-only' cannot be imported from a Client Component module/);
    expect(output).toMatch(/app[/\\]page\.tsx/);
    expect(output).not.toMatch(/Module not found|Type error/);
  }, 300_000);
});
