import { expect, it } from "vitest";
import { spawnCli, startCli } from "./support/cli-process.js";

it("credport-emulator prints the base URL and a fresh test project's keys, and serves the API", async () => {
  const cli = await startCli(["--port", "0"]);
  try {
    const out = cli.out;
    const url = /CREDPORT_BASE_URL=(\S+)/.exec(out)![1]!;
    const secretKey = /CREDPORT_SECRET_KEY=(sk_test_\w+)/.exec(out)![1]!;
    expect(out).toMatch(/CREDPORT_PUBLISHABLE_KEY=pk_test_\w{24,}/);
    expect(out).toMatch(/CREDPORT_WEBHOOK_SECRET=whsec_\w{24,}/);
    const response = await fetch(`${url}/v1/policies`, { headers: { "x-service-key": secretKey } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ object: "list", data: [] });
  } finally {
    await cli.stop();
  }
});

it("refuses a bad port with a usage line", async () => {
  const cli = spawnCli(["--port", "http"]);
  const code = await new Promise((closed) => cli.child.on("close", closed)); // stderr read to its end
  const err = cli.err;
  expect(code).toBe(2);
  expect(err).toContain("--port must be a number");
});
