// `--trust-issuer <pem file>` on the built CLI: another issuer's root (a CA made here, not the
// emulator's) is trusted by the spawned emulator's verifier — its SD-JWT VC, presented by the test
// wallet, verifies, and the root is in the haip request object's trusted_authorities — and a file
// that is missing, not a certificate or not a CA stops the start with one line naming the flag.
// Each spawns emulators: they get a minute on a busy machine.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createModel } from "@credport/mock";
import { createTestWallet } from "@credport/mock/wallet";
import { decodeJwt, exportJWK, generateKeyPair, importJWK, SignJWT } from "jose";
import { afterAll, describe, expect, it } from "vitest";
import { spawnCli, startCli } from "./support/cli-process.js";

const VCT = "https://example.test/vct/badge-v1";

describe("--trust-issuer", () => {
  const folder = mkdtempSync(join(tmpdir(), "credport-trust-issuer-"));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  const file = (name: string, content: string) => {
    const path = join(folder, name);
    writeFileSync(path, content);
    return path;
  };
  const pemOf = (base64Der: string) =>
    `-----BEGIN CERTIFICATE-----\n${base64Der.match(/.{1,64}/g)!.join("\n")}\n-----END CERTIFICATE-----\n`;

  /** Another issuer's CA (a second model's test CA: not the spawned emulator's) and a signer under it. */
  async function outsideIssuer() {
    const ca = createModel().ca;
    const { publicKey, privateKey } = await generateKeyPair("ES256", { extractable: true });
    const publicJwk = await exportJWK(publicKey);
    const leaf = await ca.issueLeaf({
      commonName: "Outside issuer",
      publicJwk,
      dnsNames: ["issuer.outside.example"],
    });
    return { ca, leaf, privateJwk: await exportJWK(privateKey) };
  }

  it("a root file makes the emulator verify that issuer's credentials and name it in trusted_authorities", async () => {
    const outside = await outsideIssuer();
    const rootFile = file("outside-root.pem", await outside.ca.rootPem());
    const cli = await startCli(["--port", "0", "--trust-issuer", rootFile]);
    try {
      expect(cli.out).toContain("Trusted issuers: 1 root from --trust-issuer");
      const base = /listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(cli.out)![1]!;
      const secretKey = /CREDPORT_SECRET_KEY=(\S+)/.exec(cli.out)![1]!;
      const service = async (path: string, body?: unknown) => {
        const response = await fetch(`${base}${path}`, {
          method: body === undefined ? "GET" : "POST",
          headers: { "x-service-key": secretKey, "content-type": "application/json" },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        return (await response.json()) as Record<string, string>;
      };
      await service("/v1/issuer/credential-definitions", {
        credentialDefinitionId: "badge-v1",
        vct: VCT,
        format: "dc+sd-jwt",
        title: "Employee badge",
        claims: [{ path: ["given_name"], mandatory: true }],
        lifecycleStatus: "published",
      });
      const policy = await service("/v1/policies", {
        name: "Badge",
        credential_definition_id: "badge-v1",
        fields: [{ path: ["given_name"] }],
      });
      const started = await service("/v1/verifications", { policy_id: policy.policy_id });

      const request = decodeJwt(
        await fetch(
          new URL(started.authorization_request_uri!).searchParams.get("request_uri")!,
        ).then((r) => r.text()),
      ) as { dcql_query: { credentials: { trusted_authorities: { values: string[] }[] }[] } };
      expect(request.dcql_query.credentials[0]!.trusted_authorities[0]!.values).toContain(
        await outside.ca.keyIdentifier(),
      );

      const wallet = await createTestWallet({ identity: false });
      const disclosure = Buffer.from(JSON.stringify(["salt-1", "given_name", "Grace"])).toString(
        "base64url",
      );
      const digest = Buffer.from(
        await crypto.subtle.digest("SHA-256", new TextEncoder().encode(disclosure)),
      ).toString("base64url");
      const now = Math.floor(Date.now() / 1000);
      const jwt = await new SignJWT({
        iss: "https://issuer.outside.example",
        iat: now,
        exp: now + 3600,
        vct: VCT,
        cnf: { jwk: wallet.publicJwk },
        _sd: [digest],
        _sd_alg: "sha-256",
      })
        .setProtectedHeader({ alg: "ES256", typ: "dc+sd-jwt", x5c: [outside.leaf] })
        .sign(await importJWK(outside.privateJwk, "ES256"));
      await wallet.present(started.authorization_request_uri!, {
        credential: {
          format: "dc+sd-jwt",
          sdJwt: `${jwt}~${disclosure}~`,
          vct: VCT,
          issuer: "https://issuer.outside.example",
          claims: { given_name: "Grace" },
        },
      });
      expect(await service(`/v1/verifications/${started.id}/result`)).toMatchObject({
        status: "verified",
        claims: { given_name: "Grace" },
      });
    } finally {
      await cli.stop();
    }
  }, 60_000);

  it("a missing file, a file that is not a certificate, a certificate that is not a CA: one line naming the flag and the file", async () => {
    const outside = await outsideIssuer();
    const cases = [
      [join(folder, "nope.pem"), "no such file"],
      [file("text.pem", "not a certificate"), "is not a certificate"],
      [file("leaf.pem", pemOf(outside.leaf)), "is not a CA certificate"],
    ] as const;
    for (const [path, message] of cases) {
      const cli = spawnCli(["--port", "0", "--trust-issuer", path]);
      expect(await cli.exited).not.toBe(0);
      const lines = cli.err.trim().split("\n");
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(`credport-emulator: --trust-issuer ${path}`);
      expect(lines[0]).toContain(message);
    }
  }, 60_000);
});
