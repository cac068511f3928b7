import { expect, it } from "vitest";
import { send } from "../../../../test/service/test/support/raw-send.js";
import { spawnCli, startCli } from "../support/cli-process.js";

// The `credport-emulator` CLI as installed (bin → dist), with `--public-url`: after `pnpm build`.
// The public base URL itself is tested on the sources in public-base-url.test.ts.
it("credport-emulator --public-url prints that base and issues URLs on it", async () => {
  const cli = await startCli(["--port", "0", "--public-url", "https://tunnel.example/credport/"]);
  try {
    const out = cli.out;
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
    await cli.stop();
  }
});

it("credport-emulator refuses a --public-url that is not a URL", async () => {
  const cli = spawnCli(["--port", "0", "--public-url", "tunnel.example"]);
  const code = await new Promise((closed) => cli.child.on("close", closed)); // stderr read to its end
  const err = cli.err;
  expect(code).toBe(2);
  expect(err).toContain("--public-url");
});
