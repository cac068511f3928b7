import { calculateJwkThumbprint, decodeJwt, decodeProtectedHeader, type JWK } from "jose";
import { walletNowSeconds } from "../../model/infrastructure/wallet-time.js";
import type { ResolvedAttestationTrust } from "../../model/pki/attestation-trust.js";
import { signedByOneOf } from "../oauth/attestation-signature.js";

/**
 * A key attestation in a proof's `key_attestation` header (OpenID4VCI 1.0 Appendix D.1, F.1):
 * `typ` `key-attestation+jwt`, ES256, signed by a trusted wallet provider (when any is configured),
 * `iat` not in the future, `exp` (when present) not past, and the proof's key among its
 * `attested_keys`. Returns why not, or `undefined` when it holds.
 */
export async function checkKeyAttestation(
  jwt: string,
  holderJwk: JWK,
  trust: ResolvedAttestationTrust,
): Promise<string | undefined> {
  let claims: Record<string, unknown>;
  try {
    const header = decodeProtectedHeader(jwt);
    if (header.typ !== "key-attestation+jwt")
      return "the key attestation's typ must be key-attestation+jwt";
    if (header.alg !== "ES256") return "the key attestation must be signed with ES256";
    claims = decodeJwt(jwt);
  } catch {
    return "the key attestation is not a JWT";
  }
  if (trust.trustedKeys.length > 0 && !(await signedByOneOf(jwt, trust.trustedKeys)))
    return "the key attestation's signature is not by a trusted wallet provider (attestations.trustedKeys)";
  const now = walletNowSeconds();
  if (typeof claims.iat !== "number" || claims.iat > now + 300)
    return "the key attestation needs an iat that is not in the future";
  if (claims.exp !== undefined && (typeof claims.exp !== "number" || claims.exp <= now))
    return "the key attestation has expired (exp)";
  if (!Array.isArray(claims.attested_keys) || claims.attested_keys.length === 0)
    return "the key attestation needs attested_keys";
  const holder = await calculateJwkThumbprint(holderJwk, "sha256");
  for (const key of claims.attested_keys) {
    try {
      if ((await calculateJwkThumbprint(key as JWK, "sha256")) === holder) return undefined;
    } catch {
      // Not a key; look at the next.
    }
  }
  return "the proof's key is not among the key attestation's attested_keys";
}
