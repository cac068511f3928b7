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
      "--data",
      "--env-file",
      "--forward-webhooks-to",
      "--help",
      "--host",
      "--in-memory",
      "--port",
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
