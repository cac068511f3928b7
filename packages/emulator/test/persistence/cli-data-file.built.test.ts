import { spawn } from "node:child_process";
import { mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// The `credport-emulator` CLI as installed (bin → dist), with `--data`: after `pnpm build`.
// The data file itself is tested on the sources in data-file.test.ts.
const tempDir = () => mkdtemp(join(tmpdir(), "credport-data-"));

describe("the emulator's data file, from the CLI", () => {
  const bin = fileURLToPath(new URL("../../bin/credport-emulator.js", import.meta.url));
  const runCli = (args: string[], cwd: string) => {
    const child = spawn(process.execPath, [bin, ...args], {
      cwd,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (c) => (out += c));
    child.stderr.on("data", (c) => (err += c));
    const ready = new Promise<string>((resolve, reject) => {
      child.stdout.on("data", () => out.includes("Ctrl-C") && resolve(out));
      child.on("exit", (code) => reject(Object.assign(new Error(`exited ${code}`), { code, err })));
    });
    ready.catch(() => {}); // a run meant to fail is awaited through `stopped`
    const stopped = new Promise<number | null>((resolve) => child.on("exit", resolve));
    return { child, ready, stopped, output: () => ({ out, err }) };
  };

  // Three CLI starts, each making or reading the test CA (~0.6 s of @peculiar/x509 on 2 busy cores).
  it("credport-emulator --data prints the same keys after a restart; without it, nothing is written", {
    timeout: 20_000,
  }, async () => {
    const dir = await tempDir();
    const first = runCli(["--port", "0", "--data", "state.json"], dir);
    const out1 = await first.ready;
    expect(out1).toContain("Dashboard:");
    expect(out1).toMatch(/Test wallet: +http:\/\/127\.0\.0\.1:\d+\/wallet/);
    first.child.kill("SIGTERM");
    await first.stopped;
    const second = runCli(["--port", "0", "--data", "state.json"], dir);
    const out2 = await second.ready;
    second.child.kill("SIGTERM");
    await second.stopped;
    const keys = (out: string) =>
      out.match(/CREDPORT_(SECRET_KEY|PUBLISHABLE_KEY|WEBHOOK_SECRET)=\S+/g);
    expect(keys(out2)).toEqual(keys(out1));
    expect(keys(out1)).toHaveLength(3);

    const bare = await tempDir();
    const memory = runCli(["--port", "0"], bare);
    const out3 = await memory.ready;
    const url = /CREDPORT_BASE_URL=(\S+)/.exec(out3)![1]!;
    const key = /CREDPORT_SECRET_KEY=(\S+)/.exec(out3)![1]!;
    await fetch(`${url}/v1/openid4vc/issuance/offer`, {
      method: "POST",
      headers: { "x-service-key": key, "content-type": "application/json" },
      body: JSON.stringify({
        credentialDefinitionId: "credport.email.v1",
        claims: { email: "a@b.c" },
      }),
    });
    memory.child.kill("SIGTERM");
    await memory.stopped;
    expect(await readdir(bare)).toEqual([]);
  });

  it("credport-emulator refuses a corrupt --data file with a clear message and exit code 1", async () => {
    const dir = await tempDir();
    await writeFile(join(dir, "state.json"), "garbage");
    const run = runCli(["--port", "0", "--data", "state.json"], dir);
    const code = await run.stopped;
    expect(code).toBe(1);
    expect(run.output().err).toMatch(
      /the data file state\.json is not usable: it is not valid JSON/,
    );
    expect(await readFile(join(dir, "state.json"), "utf8")).toBe("garbage");
  });
});
