import { X509Certificate } from "node:crypto";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Emulator, startEmulator } from "@credport/emulator";
import { createTestWallet } from "@credport/mock/wallet";
import { afterEach, describe, expect, it } from "vitest";

const tempDir = () => mkdtemp(join(tmpdir(), "credport-ca-"));
const certOf = (pem: string) =>
  new X509Certificate(Buffer.from(pem.replace(/-----[A-Z ]+-----|\s/g, ""), "base64"));

/** The test CA: made once per data file, exported, and the same client_id after a restart. */
describe("the emulator's test CA", () => {
  const running: Emulator[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((e) => e.close()));
  });
  const start = async (options: Parameters<typeof startEmulator>[0]) => {
    const emulator = await startEmulator(options);
    running.push(emulator);
    return emulator;
  };
  const verificationClientId = async (emulator: Emulator) => {
    const response = await fetch(`${emulator.url}/v1/verifications`, {
      method: "POST",
      headers: { "x-service-key": emulator.keys.secretKey, "content-type": "application/json" },
      body: JSON.stringify({ policy_id: "preset_age_over_18" }),
    });
    const body = (await response.json()) as { authorization_request_uri: string };
    return new URL(body.authorization_request_uri).searchParams.get("client_id")!;
  };

  it("exports a P-256 CA root at /__emulator/ca.pem and on the Emulator object, the same", async () => {
    const emulator = await start({ port: 0 });
    const response = await fetch(`${emulator.url}/__emulator/ca.pem`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/x-pem-file");
    const pem = await response.text();
    expect(pem).toBe(emulator.caCertificatePem);
    const root = certOf(pem);
    expect(root.ca).toBe(true);
    expect(root.publicKey.asymmetricKeyDetails).toMatchObject({ namedCurve: "prime256v1" });
    expect(pem).not.toMatch(/PRIVATE KEY/);
  });

  it("keeps the root and each project's x509_hash client_id across a restart with the same data file", async () => {
    const dataFile = join(await tempDir(), "state.json");
    const first = await start({ port: 0, dataFile });
    const clientId = await verificationClientId(first);
    expect(clientId).toMatch(/^x509_hash:[A-Za-z0-9_-]{43}$/);
    const pem = first.caCertificatePem;
    const port = Number(new URL(first.url).port);
    running.splice(0);
    await first.close();

    const second = await start({ port, dataFile });
    expect(second.caCertificatePem).toBe(pem);
    expect(await verificationClientId(second)).toBe(clientId);

    // Another data file: another CA.
    const other = await start({ port: 0, dataFile: join(await tempDir(), "state.json") });
    expect(other.caCertificatePem).not.toBe(pem);
  });

  it("x509_san_dns on request: the client_id names the host wallets reach, and the test wallet presents", async () => {
    const emulator = await start({
      port: 0,
      host: "localhost",
      verifierClientIdPrefix: "x509_san_dns",
    });
    const response = await fetch(`${emulator.url}/v1/verifications`, {
      method: "POST",
      headers: { "x-service-key": emulator.keys.secretKey, "content-type": "application/json" },
      body: JSON.stringify({ policy_id: "preset_age_over_18" }),
    });
    const created = (await response.json()) as { id: string; authorization_request_uri: string };
    expect(new URL(created.authorization_request_uri).searchParams.get("client_id")).toBe(
      "x509_san_dns:localhost",
    );
    const wallet = await createTestWallet({ trustedRoots: [emulator.caCertificatePem] });
    await wallet.present(created.authorization_request_uri);
    expect(emulator.model.verifications.findForProtocol(created.id)?.status).toBe("verified");
  });

  it("the plain profile keeps the did:jwk client_id", async () => {
    const emulator = await start({ port: 0, profile: "plain" });
    expect(await verificationClientId(emulator)).toMatch(/^decentralized_identifier:did:jwk:/);
  });
});
