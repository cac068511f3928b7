import { type ChildProcess, spawn } from "node:child_process";
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, expect, it } from "vitest";

// `npx credport-emulator` with @credport/mock installed: for one version, the mock's old bin names
// the new package and runs @credport/emulator's CLI when it is installed.
const OLD_BIN = join(
  dirname(createRequire(import.meta.url).resolve("@credport/mock/package.json")),
  "bin",
  "credport-emulator.js",
);

let child: ChildProcess | undefined;
let folder: string | undefined;
afterEach(() => {
  child?.kill("SIGTERM");
  if (folder) rmSync(folder, { recursive: true, force: true });
  child = folder = undefined;
});

function run(bin: string, args: string[], cwd: string) {
  // Without NODE_PATH: pnpm's bin shims set it to the store's hoisted packages, which an app lacks.
  const { NODE_PATH: _, ...env } = process.env;
  const started = spawn(process.execPath, [bin, ...args], {
    cwd,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  child = started;
  let out = "";
  let err = "";
  started.stdout!.on("data", (chunk) => (out += chunk));
  started.stderr!.on("data", (chunk) => (err += chunk));
  const exited = new Promise<number | null>((resolve) => started.on("close", resolve));
  return { exited, output: () => ({ out, err }) };
}

it("says the emulator moved, then runs @credport/emulator's CLI with the same options", async () => {
  const cli = run(OLD_BIN, ["--port", "0"], fileURLToPath(new URL("..", import.meta.url)));
  await expect.poll(() => cli.output().out, { timeout: 20_000 }).toMatch(/CREDPORT_BASE_URL=(\S+)/);
  await expect.poll(() => cli.output().err).toContain("the emulator moved to @credport/emulator");
  const { out } = cli.output();
  const url = /CREDPORT_BASE_URL=(\S+)/.exec(out)![1]!;
  const secretKey = /CREDPORT_SECRET_KEY=(sk_test_\w+)/.exec(out)![1]!;
  const response = await fetch(`${url}/v1/policies`, { headers: { "x-service-key": secretKey } });
  expect(response.status).toBe(200);
});

it("without @credport/emulator installed, says how to install it and exits 1", async () => {
  // The bin alone, in a folder where no @credport/emulator resolves.
  folder = mkdtempSync(join(tmpdir(), "credport-old-bin-"));
  writeFileSync(join(folder, "package.json"), '{ "type": "module" }');
  const bin = join(folder, "credport-emulator.js");
  copyFileSync(OLD_BIN, bin);
  const cli = run(bin, ["--port", "0"], folder);
  expect(await cli.exited, JSON.stringify(cli.output())).toBe(1);
  expect(cli.output().err).toContain("is not installed: npm i -D @credport/emulator");
  expect(cli.output().out).toBe("");
});
