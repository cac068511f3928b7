// basicConstraints pathLenConstraint on trusted-issuer chains (RFC 5280 §4.2.1.9): an outside
// issuer's SD-JWT VC (`x5c`) or mdoc (`x5chain`) whose chain has more intermediate CAs than a CA
// above them allows fails `presentation_invalid` with failure_detail `issuer_not_trusted`; the
// same depth under a root that allows it verifies. CAs made here with @peculiar/x509, the mdoc
// with @owf/mdoc, the SD-JWT VC with jose.
import { webcrypto } from "node:crypto";
import { type Emulator, startEmulator } from "@credport/emulator";
import { createTestWallet, type HeldCredential, type TestWallet } from "@credport/mock/wallet";
import * as x509 from "@peculiar/x509";
import { exportJWK } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { badgeDefinition } from "../support/transports.js";
import { outsideMdoc, outsideSdJwtVc } from "./forge/outside-credentials.js";
import { send } from "./raw-protocol.js";

x509.cryptoProvider.set(webcrypto as unknown as Crypto);
const ALGORITHM = { name: "ECDSA", namedCurve: "P-256", hash: "SHA-256" } as const;
const DAY = 24 * 60 * 60 * 1000;
const AV = "eu.europa.ec.av.1";

interface Made {
  cert: x509.X509Certificate;
  keys: CryptoKeyPair;
}
const keys = async () =>
  (await webcrypto.subtle.generateKey(ALGORITHM, true, ["sign", "verify"])) as CryptoKeyPair;

async function root(name: string, pathLength: number): Promise<Made> {
  const made = await keys();
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    name: `CN=${name}, C=EU`,
    notBefore: new Date(Date.now() - DAY),
    notAfter: new Date(Date.now() + 30 * DAY),
    keys: made,
    signingAlgorithm: ALGORITHM,
    extensions: [
      new x509.BasicConstraintsExtension(true, pathLength, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign, true),
      await x509.SubjectKeyIdentifierExtension.create(made.publicKey),
    ],
  });
  return { cert, keys: made };
}

async function under(parent: Made, ca: boolean): Promise<Made> {
  const made = await keys();
  const cert = await x509.X509CertificateGenerator.create({
    subject: `CN=${ca ? "Intermediate" : "Document signer"} ${Math.random().toString(36).slice(2)}, C=EU`,
    issuer: parent.cert.subject,
    notBefore: new Date(Date.now() - DAY),
    notAfter: new Date(Date.now() + 30 * DAY),
    signingKey: parent.keys.privateKey,
    publicKey: made.publicKey,
    signingAlgorithm: ALGORITHM,
    extensions: [
      new x509.BasicConstraintsExtension(ca, undefined, true),
      new x509.KeyUsagesExtension(
        ca ? x509.KeyUsageFlags.keyCertSign : x509.KeyUsageFlags.digitalSignature,
        true,
      ),
      await x509.AuthorityKeyIdentifierExtension.create(parent.cert),
    ],
  });
  return { cert, keys: made };
}

/** A document signer one intermediate CA below the root: its chain (leaf first) and key. */
async function signerBelowIntermediate(r: Made) {
  const intermediate = await under(r, true);
  const leaf = await under(intermediate, false);
  return {
    chain: [leaf, intermediate].map((m) => Buffer.from(m.cert.rawData).toString("base64")),
    privateJwk: await exportJWK(leaf.keys.privateKey),
  };
}

describe("trusted issuers: basicConstraints pathLenConstraint", () => {
  let emulator: Emulator;
  let wallet: TestWallet;
  let strict: Made;
  let loose: Made;
  const policies: Record<string, string> = {};

  const service = (method: string, path: string, body?: unknown) =>
    send(`${emulator.url}${path}`, {
      method,
      headers: { "x-service-key": emulator.keys.secretKey, "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  beforeAll(async () => {
    strict = await root("Root allowing no intermediate", 0);
    loose = await root("Root allowing one intermediate", 1);
    emulator = await startEmulator({
      port: 0,
      profile: "plain",
      trustedIssuers: [strict.cert.toString("pem"), loose.cert.toString("pem")],
    });
    wallet = await createTestWallet();
    await service("POST", "/v1/issuer/credential-definitions", {
      ...badgeDefinition(),
      lifecycleStatus: "published",
    });
    for (const [format, definition, fields] of [
      ["dc+sd-jwt", "badge-v1", [{ path: ["given_name"] }]],
      [
        "mso_mdoc",
        "credport.age_verification.mdoc.v1",
        [{ path: [AV, "age_over_18"], values: [true] }],
      ],
    ] as const)
      policies[format] = (
        await service("POST", "/v1/policies", {
          name: definition,
          credential_definition_id: definition,
          fields,
        })
      ).body.policy_id as string;
  });
  afterAll(() => emulator.close());

  async function present(credential: HeldCredential) {
    const started = (
      await service("POST", "/v1/verifications", { policy_id: policies[credential.format] })
    ).body as { id: string; authorization_request_uri: string };
    await wallet.present(started.authorization_request_uri, { credential });
    return (await service("GET", `/v1/verifications/${started.id}`)).body;
  }

  it.each([
    ["an SD-JWT VC (x5c)", outsideSdJwtVc],
    ["an mdoc (x5chain)", outsideMdoc],
  ])(
    "%s through an intermediate CA fails under a root with pathLen 0, verifies under pathLen 1",
    async (_, make) => {
      const refused = await present(
        await make(await signerBelowIntermediate(strict), wallet.publicJwk),
      );
      expect(refused).toMatchObject({
        status: "failed",
        failure_code: "presentation_invalid",
        failure_detail: { check: "issuer_not_trusted" },
      });
      // An mdoc's detail says which rule broke; an SD-JWT VC's, what was expected.
      expect((refused.failure_detail as { message: string }).message).toMatch(
        _.includes("mdoc") ? /pathLenConstraint 0/ : /x5c chain ending at a trusted issuer's root/,
      );
      expect(
        await present(await make(await signerBelowIntermediate(loose), wallet.publicJwk)),
      ).toMatchObject({ status: "verified" });
    },
  );
});
