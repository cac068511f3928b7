import { expect, it } from "vitest";
import { spawnCli, startCli } from "./support/cli-process.js";

it("--help lists every option with its default", async () => {
  const cli = spawnCli(["--help"]);
  expect(await cli.exited).toBe(0);
  const options = [...cli.out.matchAll(/^ {2}(--[a-z-]+)/gm)].map((m) => m[1]);
  expect(options.sort()).toEqual(
    [
      "--allow-link-local-webhooks",
      "--allowed-hosts",
      "--client-id-prefix",
      "--data",
      "--env-file",
      "--forward-webhooks-to",
      "--help",
      "--host",
      "--in-memory",
      "--port",
      "--profile",
      "--public-prefix",
      "--public-url",
    ].sort(),
  );
  // Each option's entry (up to the next option) names its default.
  const entries = cli.out.split(/\n(?= {2}--)/).slice(1);
  expect(entries).toHaveLength(options.length);
  for (const entry of entries) expect(entry, entry).toMatch(/default: /);
  expect(cli.out).toMatch(/--port[\s\S]*default: 4010/);
  expect(cli.out).toMatch(/--host[\s\S]*default: 127\.0\.0\.1/);
  expect(cli.out).toMatch(/--public-prefix[\s\S]*default: NEXT_PUBLIC_/);
  expect(cli.out).toContain("CREDPORT_FORWARD_WEBHOOKS_TO");
  expect(cli.out).toMatch(/--profile[\s\S]*default: haip/);
  expect(cli.out).toMatch(/--client-id-prefix[\s\S]*default: x509_hash/);
});

it("an unknown --profile: one line naming the option and the profiles, a non-zero exit", async () => {
  const cli = spawnCli(["--port", "0", "--profile", "haip2"]);
  expect(await cli.exited).not.toBe(0);
  expect(cli.err.split("\n")[0]).toBe(
    "credport-emulator: --profile must be one of haip, plain: got haip2",
  );
});

it("an unknown --client-id-prefix: one line naming the option and the prefixes, a non-zero exit", async () => {
  const cli = spawnCli(["--port", "0", "--client-id-prefix", "did"]);
  expect(await cli.exited).not.toBe(0);
  expect(cli.err.split("\n")[0]).toBe(
    "credport-emulator: --client-id-prefix must be x509_hash or x509_san_dns: got did",
  );
});

it("prints where the test CA root is", async () => {
  const cli = await startCli(["--port", "0"]);
  try {
    const url = /Test CA root \(wallets trust it for HAIP verifiers and issuers\): (\S+)/.exec(
      cli.out,
    )?.[1];
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/__emulator\/ca\.pem$/);
    expect(await (await fetch(url!)).text()).toMatch(/^-----BEGIN CERTIFICATE-----/);
  } finally {
    await cli.stop();
  }
});

it("prints the profile it runs: HAIP by default, plain on request", {
  timeout: 20_000,
}, async () => {
  for (const [args, line] of [
    [[], "Protocol profile: HAIP 1.0, verifier client IDs x509_hash"],
    [["--client-id-prefix", "x509_san_dns"], "verifier client IDs x509_san_dns"],
    [["--profile", "plain"], "Protocol profile: plain"],
  ] as const) {
    const cli = await startCli(["--port", "0", ...args]);
    try {
      expect(cli.out).toContain(line);
    } finally {
      await cli.stop();
    }
  }
});

it("a port that is taken: one line that says to pass --port, a non-zero exit, no stack trace", async () => {
  const first = await startCli(["--port", "0"]);
  try {
    const port = /listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(first.out)![1]!;
    const second = spawnCli(["--port", port]);
    const code = await second.exited;
    expect(code).not.toBe(0);
    expect(second.err).toContain(`port ${port} is taken: pass --port`);
    expect(second.err).not.toMatch(/^\s+at /m);
    expect(second.err.trim().split("\n")).toHaveLength(1);
  } finally {
    await first.stop();
  }
});
