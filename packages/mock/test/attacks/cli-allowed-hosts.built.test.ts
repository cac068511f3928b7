/**
 * DNS rebinding, from the command line: `--allowed-hosts` adds names to those the emulator answers
 * (the guard itself is tested in dns-rebinding.test.ts). Runs the built CLI.
 */
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import { rawRequest } from "./raw-http.js";

it("credport-emulator --allowed-hosts adds names, and --help documents it", async () => {
  const bin = fileURLToPath(new URL("../../bin/credport-emulator.js", import.meta.url));
  const help = spawn(process.execPath, [bin, "--help"], { stdio: ["ignore", "pipe", "pipe"] });
  let usage = "";
  help.stdout.on("data", (chunk) => {
    usage += chunk;
  });
  await new Promise((resolve) => help.on("exit", resolve));
  expect(usage).toContain("--allowed-hosts");

  const child = spawn(
    process.execPath,
    [bin, "--port", "0", "--allowed-hosts", "my.tunnel.example"],
    {
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  try {
    let out = "";
    await new Promise<void>((resolve, reject) => {
      child.stdout.on("data", (chunk) => {
        out += chunk;
        if (out.includes("Ctrl-C")) resolve();
      });
      child.on("exit", (code) => reject(new Error(`exited with ${code}`)));
    });
    const url = /CREDPORT_BASE_URL=(\S+)/.exec(out)![1]!;
    const allowed = await rawRequest(`${url}/__emulator/state`, {
      headers: { host: "my.tunnel.example" },
    });
    expect(allowed.status).toBe(200);
    const refused = await rawRequest(`${url}/__emulator/state`, {
      headers: { host: "attacker.example" },
    });
    expect(refused.status).toBe(403);
  } finally {
    child.kill("SIGTERM");
  }
});
