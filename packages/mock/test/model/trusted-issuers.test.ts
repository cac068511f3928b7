import { webcrypto } from "node:crypto";
import * as x509 from "@peculiar/x509";
import { describe, expect, it } from "vitest";
import { derToPem, TestCertificateAuthority } from "../../src/model/pki/test-ca.js";
import { TrustedIssuers } from "../../src/model/pki/trusted-issuers.js";

x509.cryptoProvider.set(webcrypto as unknown as Crypto);
const ALGORITHM = { name: "ECDSA", namedCurve: "P-256", hash: "SHA-256" } as const;

/** A self-signed CA made here, valid in the period given. */
async function rootValid(notBefore: Date, notAfter: Date): Promise<string> {
  const keys = (await webcrypto.subtle.generateKey(ALGORITHM, true, [
    "sign",
    "verify",
  ])) as CryptoKeyPair;
  const root = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: "02",
    name: "CN=Expired root",
    notBefore,
    notAfter,
    keys,
    signingAlgorithm: ALGORITHM,
    extensions: [new x509.BasicConstraintsExtension(true, undefined, true)],
  });
  return root.toString("pem");
}

describe("TrustedIssuers.resolve", () => {
  it("reads PEM (a bundle gives each certificate) and DER; key identifiers are the roots' SKI", async () => {
    const first = new TestCertificateAuthority();
    const second = new TestCertificateAuthority();
    const bundle = `${await first.rootPem()}${await second.rootPem()}`;
    const der = Buffer.from((await first.saved()).certificate, "base64");
    const trusted = TrustedIssuers.resolve([bundle, new Uint8Array(der)]);
    expect(trusted.certificates).toHaveLength(3);
    expect(await trusted.keyIdentifiers()).toEqual([
      await first.keyIdentifier(),
      await second.keyIdentifier(),
      await first.keyIdentifier(),
    ]);
    expect(trusted.summaries()[0]!.subject).toContain("Credport emulator test CA");
  });

  it("refuses, naming the entry: not a certificate, not a CA, not valid now, not PEM or bytes", async () => {
    const ca = new TestCertificateAuthority();
    const leaf = await ca.issueLeaf({
      commonName: "Leaf",
      publicJwk: (await webcrypto.subtle.exportKey(
        "jwk",
        ((await webcrypto.subtle.generateKey(ALGORITHM, true, ["sign"])) as CryptoKeyPair)
          .publicKey,
      )) as never,
      dnsNames: ["leaf.example"],
    });
    const day = 24 * 60 * 60 * 1000;
    const expired = await rootValid(new Date(Date.now() - 10 * day), new Date(Date.now() - day));
    const cases: [unknown, RegExp][] = [
      ["hello", /trustedIssuers\[0\] is not a certificate/],
      [
        "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----",
        /trustedIssuers\[0\] is not a certificate/,
      ],
      [derToPem(leaf), /trustedIssuers\[0\] is not a CA certificate/],
      [expired, /trustedIssuers\[0\] is not valid now/],
      [42, /trustedIssuers\[0\] must be a PEM string or DER bytes/],
    ];
    for (const [root, message] of cases) {
      expect(() => TrustedIssuers.resolve([root as string])).toThrow(message);
      try {
        TrustedIssuers.resolve([root as string]);
      } catch (error) {
        expect((error as { code?: string }).code).toBe("invalid_option");
      }
    }
    expect(() =>
      TrustedIssuers.resolve([derToPem(leaf)], (i) => `--trust-issuer file${i}.pem`),
    ).toThrow(/^@credport\/mock: --trust-issuer file0\.pem is not a CA certificate/);
  });
});
