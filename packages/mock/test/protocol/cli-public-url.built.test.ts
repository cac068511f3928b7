import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import { send } from "./raw-protocol.js";

// The `credport-emulator` CLI as installed (bin → dist), with `--public-url`: after `pnpm build`.
// The public base URL itself is tested on the sources in public-base-url.test.ts.
it("credport-emulator --public-url prints that base and issues URLs on it", async () => {
  const bin = fileURLToPath(new URL("../../bin/credport-emulator.js", import.meta.url));
  const child = spawn(
    process.execPath,
    [bin, "--port", "0", "--public-url", "https://tunnel.example/credport/"],
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
    expect(out).toContain("CREDPORT_BASE_URL=https://tunnel.example/credport\n");
    const local = /listening at (http:\/\/\S+)/.exec(out)![1]!;
    const secretKey = /CREDPORT_SECRET_KEY=(sk_test_\w+)/.exec(out)![1]!;
    const verification = await send(`${local}/v1/verifications`, {
      method: "POST",
      headers: { "x-service-key": secretKey, "content-type": "application/json" },
      body: JSON.stringify({ policy_id: "preset_age_over_18" }),
    });
    const requestUri = new URL(
      verification.body.authorization_request_uri as string,
    ).searchParams.get("request_uri");
    expect(requestUri).toBe(
      `https://tunnel.example/credport/oid4vp/requests/${verification.body.id}`,
    );
  } finally {
    child.kill("SIGTERM");
  }
});

it("credport-emulator refuses a --public-url that is not a URL", async () => {
  const bin = fileURLToPath(new URL("../../bin/credport-emulator.js", import.meta.url));
  const child = spawn(process.execPath, [bin, "--port", "0", "--public-url", "tunnel.example"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let err = "";
  child.stderr.on("data", (chunk) => {
    err += chunk;
  });
  const code = await new Promise((resolve) => child.on("exit", resolve));
  expect(code).toBe(2);
  expect(err).toContain("--public-url");
});
