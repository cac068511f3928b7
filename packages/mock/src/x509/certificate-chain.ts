import { createHash, X509Certificate } from "node:crypto";
import { AsnConvert } from "@peculiar/asn1-schema";
import { BasicConstraints, Certificate, id_ce_basicConstraints } from "@peculiar/asn1-x509";
import type { JWK } from "jose";

// Generic X.509 path checks over node:crypto, with no Credport protocol in them: the mock's
// verifier and the test wallet both use them, as both use jose.

/** The `x509_hash` client identifier value of a leaf: base64url SHA-256 of its DER (OpenID4VP 1.0 §5.9.3). */
export const x509Hash = (base64Der: string) =>
  createHash("sha256").update(Buffer.from(base64Der, "base64")).digest("base64url");

/**
 * Why an `x5c` chain does not lead to one of `roots`, or `undefined` when it does: each certificate
 * is in its validity period at `now` and signed by the next, the last by a root (which the chain
 * must not carry: HAIP leaves the trust anchor out); every certificate that signs another is a CA
 * (basic constraints `cA`; OpenSSL's issuer check adds key usage `keyCertSign` when it is present),
 * so that an end-entity key cannot mint certificates; no CA (the root included) is followed by more
 * intermediate CAs than its basic constraints' `pathLenConstraint` allows (RFC 5280 §4.2.1.9); the
 * leaf is not self-signed.
 */
export function chainProblem(
  x5c: unknown,
  roots: readonly X509Certificate[],
  now: Date,
): string | undefined {
  if (!Array.isArray(x5c) || x5c.length === 0 || x5c.some((c) => typeof c !== "string"))
    return "x5c is not a non-empty array of certificates";
  let chain: X509Certificate[];
  try {
    chain = (x5c as string[]).map((c) => new X509Certificate(Buffer.from(c, "base64")));
  } catch {
    return "x5c holds something that is not a DER certificate";
  }
  const inPeriod = (cert: X509Certificate) =>
    new Date(cert.validFrom) <= now && now <= new Date(cert.validTo);
  if (chain[0]!.checkIssued(chain[0]!) && chain[0]!.verify(chain[0]!.publicKey))
    return "the x5c leaf is self-signed";
  for (const [i, cert] of chain.entries()) {
    if (!inPeriod(cert)) return `x5c[${i}] is not valid at this time`;
    if (roots.some((root) => root.raw.equals(cert.raw)))
      return "x5c carries the trust anchor, which HAIP leaves out";
    const next = chain[i + 1];
    if (next && !(cert.checkIssued(next) && cert.verify(next.publicKey)))
      return `x5c[${i}] is not signed by x5c[${i + 1}]`;
    if (next && !next.ca) return `x5c[${i + 1}] signs a certificate but is not a CA`;
  }
  const last = chain.at(-1)!;
  const anchor = roots.find(
    (root) => root.ca && last.checkIssued(root) && last.verify(root.publicKey) && inPeriod(root),
  );
  if (!anchor) return "x5c does not chain to a trusted root";
  return pathLengthProblem(chain, anchor);
}

/**
 * Whether a CA of the path — the anchor, then each intermediate `x5c[j]` (j ≥ 1) — is followed by
 * more intermediate CA certificates than its `pathLenConstraint`; self-issued intermediates do not
 * count (RFC 5280 §4.2.1.9).
 */
function pathLengthProblem(chain: X509Certificate[], anchor: X509Certificate): string | undefined {
  const counted = (upTo: number) =>
    chain.slice(1, upTo).filter((cert) => cert.subject !== cert.issuer).length;
  const anchorLimit = pathLengthOf(anchor);
  if (anchorLimit === null) return "the trusted root's basic constraints cannot be read";
  if (anchorLimit !== undefined && counted(chain.length) > anchorLimit)
    return `the trusted root has pathLenConstraint ${anchorLimit}, but ${counted(chain.length)} intermediate CA certificates follow it`;
  for (let j = chain.length - 1; j >= 1; j--) {
    const limit = pathLengthOf(chain[j]!);
    if (limit === null) return `x5c[${j}]'s basic constraints cannot be read`;
    if (limit !== undefined && counted(j) > limit)
      return `x5c[${j}] has pathLenConstraint ${limit}, but ${counted(j)} intermediate CA certificates follow it`;
  }
  return undefined;
}

/**
 * A certificate's basic constraints `pathLenConstraint`: `undefined` when it sets none, `null`
 * when the extension cannot be read (never taken as "no limit").
 */
function pathLengthOf(cert: X509Certificate): number | undefined | null {
  try {
    const parsed = AsnConvert.parse(cert.raw, Certificate);
    const extension = parsed.tbsCertificate.extensions?.find(
      (e) => e.extnID === id_ce_basicConstraints,
    );
    if (!extension) return undefined;
    return AsnConvert.parse(extension.extnValue.buffer, BasicConstraints).pathLenConstraint;
  } catch {
    return null;
  }
}

/** The leaf of an `x5c` chain as a Node certificate, or `undefined` when there is none. */
export function x5cLeaf(x5c: unknown): X509Certificate | undefined {
  if (!Array.isArray(x5c) || typeof x5c[0] !== "string") return undefined;
  try {
    return new X509Certificate(Buffer.from(x5c[0], "base64"));
  } catch {
    return undefined;
  }
}

/** The leaf's public key as a JWK (for comparing with the key that signed). */
export function leafPublicJwk(cert: X509Certificate): JWK {
  const { kty, crv, x, y } = cert.publicKey.export({ format: "jwk" }) as JWK;
  return { kty, crv, x, y } as JWK;
}
