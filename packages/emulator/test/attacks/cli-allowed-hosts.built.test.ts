/**
 * DNS rebinding, from the command line: `--allowed-hosts` adds names to those the emulator answers
 * (the guard itself is tested in dns-rebinding.test.ts). Runs the built CLI.
 */
import { expect, it } from "vitest";
import { spawnCli, startCli } from "../support/cli-process.js";
import { rawRequest } from "./raw-http.js";

it("credport-emulator --allowed-hosts adds names, and --help documents it", async () => {
  const help = spawnCli(["--help"]);
  await new Promise((closed) => help.child.on("close", closed)); // stdout read to its end
  expect(help.out).toContain("--allowed-hosts");

  const cli = await startCli(["--port", "0", "--allowed-hosts", "my.tunnel.example"]);
  try {
    const url = /CREDPORT_BASE_URL=(\S+)/.exec(cli.out)![1]!;
    const allowed = await rawRequest(`${url}/__emulator/state`, {
      headers: { host: "my.tunnel.example" },
    });
    expect(allowed.status).toBe(200);
    const refused = await rawRequest(`${url}/__emulator/state`, {
      headers: { host: "attacker.example" },
    });
    expect(refused.status).toBe(403);
  } finally {
    await cli.stop();
  }
});
