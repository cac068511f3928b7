import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";

it("credport-emulator prints the base URL and a fresh test project's keys, and serves the API", async () => {
  const bin = fileURLToPath(new URL("../bin/credport-emulator.js", import.meta.url));
  const child = spawn(process.execPath, [bin, "--port", "0"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
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
    const secretKey = /CREDPORT_SECRET_KEY=(sk_test_\w+)/.exec(out)![1]!;
    expect(out).toMatch(/CREDPORT_PUBLISHABLE_KEY=pk_test_\w{24,}/);
    expect(out).toMatch(/CREDPORT_WEBHOOK_SECRET=whsec_\w{24,}/);
    const response = await fetch(`${url}/v1/policies`, { headers: { "x-service-key": secretKey } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ object: "list", data: [] });
  } finally {
    child.kill("SIGTERM");
  }
});

it("refuses a bad port with a usage line", async () => {
  const bin = fileURLToPath(new URL("../bin/credport-emulator.js", import.meta.url));
  const child = spawn(process.execPath, [bin, "--port", "http"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let err = "";
  child.stderr.on("data", (chunk) => {
    err += chunk;
  });
  const code = await new Promise((resolve) => child.on("exit", resolve));
  expect(code).toBe(2);
  expect(err).toContain("--port must be a number");
});
