import type { X509Certificate } from "node:crypto";
import { exportJWK, generateKeyPair, type JWK } from "jose";
import { issueMdoc, type MdocIssueInput } from "../../../src/formats/mso-mdoc/issue-mdoc.js";
import type { MdocBinding } from "../../../src/formats/mso-mdoc/presentation-binding.js";
import type { MdocVerifyContext } from "../../../src/formats/mso-mdoc/verify-device-response.js";
import { TestCertificateAuthority } from "../../../src/model/pki/test-ca.js";

export const AV = "eu.europa.ec.av.1";
export const DAY = 24 * 60 * 60 * 1000;

export async function keyPair(): Promise<{ privateJwk: JWK; publicJwk: JWK }> {
  const { privateKey, publicKey } = await generateKeyPair("ES256", { extractable: true });
  return { privateJwk: await exportJWK(privateKey), publicJwk: await exportJWK(publicKey) };
}

/** A test CA (the mock's own), a document signer under it, and a holder key. */
export async function mdocWorld() {
  const ca = new TestCertificateAuthority();
  const signerKeys = await keyPair();
  const leaf = await ca.issueLeaf({
    commonName: "mdoc document signer",
    publicJwk: signerKeys.publicJwk,
    dnsNames: ["issuer.example"],
  });
  const holder = await keyPair();
  const root = await ca.rootCertificate();
  const issue = (overrides: Partial<MdocIssueInput> = {}) =>
    issueMdoc({
      docType: AV,
      nameSpaces: { [AV]: { age_over_18: true, age_over_21: false, issuing_country: "EU" } },
      holderPublicJwk: holder.publicJwk,
      signed: new Date(),
      validFrom: new Date(Date.now() - DAY),
      validUntil: new Date(Date.now() + 30 * DAY),
      status: { idx: 7, uri: "https://issuer.example/status" },
      signer: { privateJwk: signerKeys.privateJwk, x5chain: [leaf] },
      ...overrides,
    });
  return { ca, root, rootPem: await ca.rootPem(), signerKeys, leaf, holder, issue };
}

export const redirectBinding: MdocBinding = {
  channel: "redirect",
  clientId: "x509_hash:abc",
  nonce: "nonce-1",
  responseUri: "https://verifier.example/response",
};

export function verifyContext(
  root: X509Certificate,
  overrides: Partial<MdocVerifyContext> = {},
): MdocVerifyContext {
  return {
    binding: redirectBinding,
    docTypes: [AV],
    claims: [{ path: [AV, "age_over_18"], values: [true] }],
    trustedRoots: [root],
    now: new Date(),
    certificateNow: new Date(),
    statusOf: () => ({ ok: true, status: 0 }),
    ...overrides,
  };
}

export const b64u = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");
