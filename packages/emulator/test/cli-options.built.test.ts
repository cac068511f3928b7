import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { exportJWK, generateKeyPair } from "jose";
import { afterAll, describe, expect, it } from "vitest";
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
      "--trust-wallet-provider",
      "--trust-issuer",
      "--require-attestations",
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

describe("wallet provider trust", () => {
  const folder = mkdtempSync(join(tmpdir(), "credport-trust-"));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  const file = (name: string, content: unknown) => {
    const path = join(folder, name);
    writeFileSync(path, typeof content === "string" ? content : JSON.stringify(content));
    return path;
  };

  it("a JWK Set file and --require-attestations reach the issuer: metadata requires attestations, the terminal says whose", async () => {
    const { publicKey, privateKey } = await generateKeyPair("ES256", { extractable: true });
    const jwks = file("provider.json", { keys: [await exportJWK(publicKey)] });
    const single = file("second.json", await exportJWK((await generateKeyPair("ES256")).publicKey));
    const cli = await startCli([
      "--port",
      "0",
      "--trust-wallet-provider",
      jwks,
      "--trust-wallet-provider",
      single,
      "--require-attestations",
    ]);
    try {
      expect(cli.out).toContain(
        "Wallet and key attestations: required, signed by 2 trusted wallet provider keys.",
      );
      const base = /listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(cli.out)![1]!;
      const project = /Test project (\S+) /.exec(cli.out)![1]!;
      const metadata = await fetch(
        `${base}/oid4vci/issuers/${project}.test/.well-known/oauth-authorization-server`,
      ).then((r) => r.json());
      expect(metadata.token_endpoint_auth_methods_supported).toEqual(["attest_jwt_client_auth"]);
      // The provider's private key is nowhere in what the emulator prints.
      expect(cli.out).not.toContain(String((await exportJWK(privateKey)).d));
    } finally {
      await cli.stop();
    }
  });

  it("without trust: attestations accepted when presented, signatures unchecked, and the terminal says how to trust", async () => {
    const cli = await startCli(["--port", "0"]);
    try {
      expect(cli.out).toContain(
        "Wallet and key attestations: accepted when presented, signatures unchecked (--trust-wallet-provider <jwks file>).",
      );
    } finally {
      await cli.stop();
    }
  });

  it("a missing file, a file that is not JSON, a private key or another curve: one line naming the option and the file", async () => {
    const { privateKey } = await generateKeyPair("ES256", { extractable: true });
    const rsa = (await generateKeyPair("RS256", { extractable: true })).publicKey;
    const cases = [
      [join(folder, "nope.json"), "no such file"],
      [file("text.json", "not json"), "not a JSON file holding a JWK or a JWK Set"],
      [file("empty.json", { keys: [] }), "the JWK Set holds no keys"],
      [
        file("private.json", await exportJWK(privateKey)),
        "key 0 is a private key; give the public key only",
      ],
      [
        file("rsa.json", { keys: [await exportJWK(rsa)] }),
        "key 0 is not an EC P-256 key (kty EC, crv P-256, x, y)",
      ],
    ] as const;
    const d = String((await exportJWK(privateKey)).d);
    // One CLI process per case, side by side: each exits as soon as it has read its option.
    const runs = cases.map(([path]) => spawnCli(["--port", "0", "--trust-wallet-provider", path]));
    for (const [i, [path, why]] of cases.entries()) {
      const cli = runs[i]!;
      expect(await cli.exited).not.toBe(0);
      expect(cli.err.trim()).toBe(`credport-emulator: --trust-wallet-provider ${path}: ${why}`);
      expect(cli.err).not.toContain(d);
    }
  });
});
