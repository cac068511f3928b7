import { createHash, X509Certificate } from "node:crypto";
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
 * so that an end-entity key cannot mint certificates; the leaf is not self-signed.
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
  return anchor ? undefined : "x5c does not chain to a trusted root";
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
