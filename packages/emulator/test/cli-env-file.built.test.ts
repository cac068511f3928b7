import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, expect, it } from "vitest";
import { readEnvFile, startCli } from "./support/cli-process.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Runs the emulator until it is ready, returns what it printed and the env file, then stops it. */
async function runEmulator(args: string[], envFile: string) {
  const cli = await startCli(["--port", "0", "--env-file", envFile, ...args]);
  try {
    const out = cli.out;
    const text = readFileSync(envFile, "utf8");
    const env = readEnvFile(envFile);
    // The written keys work against the running emulator.
    const policies = await fetch(`${env.CREDPORT_BASE_URL}/v1/policies`, {
      headers: { "x-service-key": env.CREDPORT_SECRET_KEY! },
    });
    expect(policies.status).toBe(200);
    return { out, text, env };
  } finally {
    // Waits for the exit: the emulator writes its state (beside the env file) as it stops.
    await cli.stop();
  }
}

function scratchFile(content: string) {
  const dir = mkdtempSync(join(tmpdir(), "credport-env-file-"));
  dirs.push(dir);
  const file = join(dir, ".env.local");
  writeFileSync(file, content, { mode: 0o644 });
  return file;
}

it("--env-file fills an empty file with every variable an app needs, session secret included, for the user only", async () => {
  // Node itself checks that a file named by `--env-file` exists, even after the script name
  // (nodejs/node#54232), so users create it first (the README's template, or `touch`).
  const file = scratchFile("");
  const { out, env } = await runEmulator([], file);
  expect(Object.keys(env).sort()).toEqual([
    "CREDPORT_BASE_URL",
    "CREDPORT_PROJECT_ID",
    "CREDPORT_PUBLISHABLE_KEY",
    "CREDPORT_SECRET_KEY",
    "CREDPORT_SESSION_SECRET",
    "CREDPORT_WEBHOOK_SECRET",
    "NEXT_PUBLIC_CREDPORT_BASE_URL",
    "NEXT_PUBLIC_CREDPORT_PUBLISHABLE_KEY",
  ]);
  expect(env.CREDPORT_SECRET_KEY).toMatch(/^sk_test_\w{24,}$/);
  expect(env.CREDPORT_PUBLISHABLE_KEY).toMatch(/^pk_test_\w{24,}$/);
  expect(env.CREDPORT_WEBHOOK_SECRET).toMatch(/^whsec_\w{24,}$/);
  expect(env.NEXT_PUBLIC_CREDPORT_PUBLISHABLE_KEY).toBe(env.CREDPORT_PUBLISHABLE_KEY);
  expect(env.NEXT_PUBLIC_CREDPORT_BASE_URL).toBe(env.CREDPORT_BASE_URL);
  expect(env.CREDPORT_SESSION_SECRET!.length).toBeGreaterThanOrEqual(32);
  // The project the keys belong to: the `aud` of its signed results.
  expect(env.CREDPORT_PROJECT_ID).toMatch(/^proj_/);
  expect(out).toContain(`Test project ${env.CREDPORT_PROJECT_ID} `);
  expect(out).toContain(`CREDPORT_BASE_URL=${env.CREDPORT_BASE_URL}`);
  expect(out).toContain(`Written to ${file}`);
  expect(out).not.toContain(env.CREDPORT_SESSION_SECRET);
  expect(statSync(file).mode & 0o777).toBe(0o600);
});

it("refreshes an existing file in place: other lines stay, a good session secret stays", async () => {
  const secret = "kept-session-secret-0123456789abcdefghij";
  const file = scratchFile(
    [
      "# my app",
      "DATABASE_URL=postgres://localhost/app",
      `CREDPORT_SECRET_KEY=sk_test_${"0".repeat(24)}`,
      `CREDPORT_SESSION_SECRET=${secret}`,
      "export CREDPORT_BASE_URL=http://127.0.0.1:1",
      "",
    ].join("\n"),
  );
  const { text, env } = await runEmulator([], file);
  const lines = text.split("\n");
  expect(lines[0]).toBe("# my app");
  expect(lines[1]).toBe("DATABASE_URL=postgres://localhost/app");
  expect(lines[2]).toMatch(/^CREDPORT_SECRET_KEY=sk_test_\w{24,}$/);
  expect(lines[2]).not.toContain("0".repeat(24));
  expect(lines[3]).toBe(`CREDPORT_SESSION_SECRET=${secret}`);
  expect(lines[4]).toBe(`CREDPORT_BASE_URL=${env.CREDPORT_BASE_URL}`);
  expect(text.match(/CREDPORT_BASE_URL=/g)).toHaveLength(2); // itself and NEXT_PUBLIC_…, once each
});

it("replaces a session secret shorter than 32 characters; --public-prefix names the browser's variables", async () => {
  const file = scratchFile("CREDPORT_SESSION_SECRET=short\n");
  const { env } = await runEmulator(["--public-prefix", "VITE_"], file);
  expect(env.CREDPORT_SESSION_SECRET).not.toBe("short");
  expect(env.CREDPORT_SESSION_SECRET!.length).toBeGreaterThanOrEqual(32);
  expect(env.VITE_CREDPORT_PUBLISHABLE_KEY).toBe(env.CREDPORT_PUBLISHABLE_KEY);
  expect(env.VITE_CREDPORT_BASE_URL).toBe(env.CREDPORT_BASE_URL);
  expect(env).not.toHaveProperty("NEXT_PUBLIC_CREDPORT_BASE_URL");
});

it("fills in the README's .env.local template: placeholders replaced, a real session secret generated", async () => {
  const readme = readFileSync(
    fileURLToPath(new URL("../../../README.md", import.meta.url)),
    "utf8",
  );
  const template = /### Keys and `\.env\.local`[\s\S]*?```sh\n([\s\S]*?)```/.exec(readme)![1]!;
  const file = scratchFile(template);
  const { text, env } = await runEmulator([], file);
  expect(text).not.toContain("...");
  expect(text).toContain("# Server only: never ship these to a browser.");
  expect(env.CREDPORT_SESSION_SECRET).toMatch(/^[\w-]{43}$/);
  expect(env.NEXT_PUBLIC_CREDPORT_BASE_URL).toBe(env.CREDPORT_BASE_URL);
});
