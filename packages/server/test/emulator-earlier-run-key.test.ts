import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startEmulator } from "@credport/emulator";
import { afterEach, expect, it } from "vitest";
import { Credport, CredportAuthenticationError } from "../src/index.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

it("a secret key of an earlier emulator run fails with a message that says to restart the dev server", async () => {
  const dir = mkdtempSync(join(tmpdir(), "credport-earlier-run-"));
  dirs.push(dir);
  // The first run kept its state in a file, which is then deleted: the next run has new keys.
  const first = await startEmulator({ dataFile: join(dir, "emulator.json") });
  const oldKey = first.keys.secretKey;
  await first.close();
  rmSync(join(dir, "emulator.json"));
  const second = await startEmulator({ dataFile: join(dir, "emulator.json") });
  try {
    const credport = new Credport({ secretKey: oldKey, baseUrl: second.url, maxRetries: 0 });
    const error = await credport.policies.list().then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(CredportAuthenticationError);
    expect(error).toMatchObject({ code: "invalid_api_key", status: 401 });
    const { message } = error as Error;
    expect(message).toContain("earlier emulator run");
    expect(message).toContain("restart your dev server (and rebuild if the key was inlined)");
    expect(message).not.toContain(oldKey);
  } finally {
    await second.close();
  }
});
