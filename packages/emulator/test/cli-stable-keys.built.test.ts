import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { readEnvFile, startCli } from "./support/cli-process.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** An app folder with an empty `.env.local`, as the Getting-started command makes it. */
function appFolder() {
  const dir = mkdtempSync(join(tmpdir(), "credport-stable-keys-"));
  dirs.push(dir);
  const envFile = join(dir, ".env.local");
  writeFileSync(envFile, "");
  return { dir, envFile };
}

const policies = (env: Record<string, string>, secretKey = env.CREDPORT_SECRET_KEY!) =>
  fetch(`${env.CREDPORT_BASE_URL}/v1/policies`, { headers: { "x-service-key": secretKey } });

async function createVerification(env: Record<string, string>) {
  const response = await fetch(`${env.CREDPORT_BASE_URL}/v1/verifications`, {
    method: "POST",
    headers: { "x-service-key": env.CREDPORT_SECRET_KEY!, "content-type": "application/json" },
    body: JSON.stringify({ policy_id: "preset_age_over_18" }),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string; client_token: string };
}

const browserStatus = (
  env: Record<string, string>,
  verification: { id: string; client_token: string },
  publishableKey: string,
) =>
  fetch(`${env.CREDPORT_BASE_URL}/v1/verifications/${verification.id}/status`, {
    headers: {
      authorization: `Bearer ${verification.client_token}`,
      "x-publishable-key": publishableKey,
    },
  });

it("--env-file keeps the same keys across restarts, next to the env file, git-ignored and for the user only", async () => {
  const { dir, envFile } = appFolder();
  const first = await startCli(["--port", "0", "--env-file", envFile], { cwd: dir });
  const before = readEnvFile(envFile);
  const verification = await createVerification(before);
  await first.stop();

  const second = await startCli(["--port", "0", "--env-file", envFile], { cwd: dir });
  try {
    const after = readEnvFile(envFile);
    for (const name of [
      "CREDPORT_SECRET_KEY",
      "CREDPORT_PUBLISHABLE_KEY",
      "CREDPORT_WEBHOOK_SECRET",
      "CREDPORT_PROJECT_ID",
      "CREDPORT_SESSION_SECRET",
      "NEXT_PUBLIC_CREDPORT_PUBLISHABLE_KEY",
    ])
      expect(after[name], name).toBe(before[name]);
    // The keys of the first run still authenticate, the publishable one included.
    expect((await policies(after, before.CREDPORT_SECRET_KEY)).status).toBe(200);
    expect(
      (await browserStatus(after, verification, before.CREDPORT_PUBLISHABLE_KEY!)).status,
    ).toBe(200);
    expect(second.out).toContain("the same keys at the next start");
  } finally {
    await second.stop();
  }
  // Where the state went: beside the env file, ignored by git, readable by this user only.
  const data = join(dir, ".credport", "emulator.json");
  expect(statSync(data).mode & 0o777).toBe(0o600);
  expect(statSync(join(dir, ".credport")).mode & 0o777).toBe(0o700);
  expect(readFileSync(join(dir, ".credport", ".gitignore"), "utf8")).toMatch(/^\*$/m);
});

it("a key from an earlier run whose state is gone is refused with a 401 that says to restart the dev server", async () => {
  const { dir, envFile } = appFolder();
  const first = await startCli(["--port", "0", "--env-file", envFile], { cwd: dir });
  const old = readEnvFile(envFile);
  const oldVerification = await createVerification(old);
  await first.stop();
  // The state is deleted (or the emulator ran --in-memory): the next run has new keys.
  rmSync(join(dir, ".credport"), { recursive: true });

  const second = await startCli(["--port", "0", "--env-file", envFile], { cwd: dir });
  try {
    const current = readEnvFile(envFile);
    expect(current.CREDPORT_SECRET_KEY).not.toBe(old.CREDPORT_SECRET_KEY);
    // An app that still holds the old keys (a dev server not restarted, an inlined build).
    const refused = await policies(current, old.CREDPORT_SECRET_KEY);
    expect(refused.status).toBe(401);
    const body = (await refused.json()) as { code: string; message: string };
    expect(body.code).toBe("invalid_api_key");
    expect(body.message).toContain("earlier emulator run");
    expect(body.message).toContain("restart your dev server (and rebuild if the key was inlined)");
    expect(body.message).not.toContain(old.CREDPORT_SECRET_KEY);

    const verification = await createVerification(current);
    const browser = await browserStatus(current, verification, old.CREDPORT_PUBLISHABLE_KEY!);
    expect(browser.status).toBe(401);
    const browserBody = (await browser.json()) as { message: string };
    expect(browserBody.message).toContain("earlier emulator run");
    expect(oldVerification.id).not.toBe(verification.id);

    // A well-formed key the emulator never issued keeps the plain message.
    const foreign = await policies(current, `sk_test_${"a1B2c3D4e5".repeat(3)}xy`);
    expect(foreign.status).toBe(401);
    const foreignBody = (await foreign.json()) as { code: string; message: string };
    expect(foreignBody.code).toBe("invalid_api_key");
    expect(foreignBody.message).not.toContain("earlier emulator run");

    // The emulator's terminal says it too, without the key.
    await second.waitFor("earlier emulator run");
    expect(second.out).not.toContain(old.CREDPORT_SECRET_KEY);
  } finally {
    await second.stop();
  }
});

it("--in-memory keeps nothing on disk: every start has new keys", async () => {
  const { dir, envFile } = appFolder();
  const first = await startCli(["--port", "0", "--env-file", envFile, "--in-memory"], {
    cwd: dir,
  });
  const before = readEnvFile(envFile);
  expect(first.out).toContain("State lives in memory");
  await first.stop();
  expect(existsSync(join(dir, ".credport"))).toBe(false);
  const second = await startCli(["--port", "0", "--env-file", envFile, "--in-memory"], {
    cwd: dir,
  });
  await second.stop();
  expect(readEnvFile(envFile).CREDPORT_SECRET_KEY).not.toBe(before.CREDPORT_SECRET_KEY);
});
