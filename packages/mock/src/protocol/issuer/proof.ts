import { decodeProtectedHeader, importJWK, type JWK, jwtVerify } from "jose";
import { FRESHNESS_SECONDS } from "../../model/infrastructure/wallet-time.js";
import { ecPublicJwk } from "../../model/pki/ec-public-jwk.js";

/** Header parameters that name a key other than by `jwk`; at most one may be used (Appendix F.1). */
const OTHER_KEY_HEADERS = ["kid", "x5c", "trust_chain"] as const;

export type ProofCheck =
  | { ok: true; holderJwk: JWK; nonce: string; keyAttestation?: string }
  | { ok: false; reason: string };

/**
 * Checks an `openid4vci-proof+jwt` (OpenID4VCI 1.0 Appendix F.1, F.4) up to, not including, the
 * nonce: ES256, the holder's public key in the `jwk` header and nowhere else, a valid signature,
 * `aud` the credential issuer (a string), an `iat` within {@link FRESHNESS_SECONDS} of
 * `nowSeconds` (the wallet's time, {@link walletNowSeconds}), and a `nonce` claim. Whether that nonce is
 * still good is the caller's question (a stale nonce is `invalid_nonce`, not `invalid_proof`).
 */
export async function verifyProofJwt(
  jwt: string,
  expected: { audience: string; nowSeconds: number },
): Promise<ProofCheck> {
  try {
    const header = decodeProtectedHeader(jwt);
    if (header.typ !== "openid4vci-proof+jwt")
      return { ok: false, reason: "typ must be openid4vci-proof+jwt" };
    if (header.alg !== "ES256" || !header.jwk)
      return { ok: false, reason: "ES256 with a jwk header is required" };
    if (OTHER_KEY_HEADERS.some((name) => name in header))
      return { ok: false, reason: "the jwk header must be the only key reference" };
    if ("d" in header.jwk) return { ok: false, reason: "the jwk header holds a private key" };
    const key = await importJWK(header.jwk, "ES256");
    const { payload } = await jwtVerify(jwt, key, {
      currentDate: new Date(expected.nowSeconds * 1000),
      typ: "openid4vci-proof+jwt",
    });
    if (payload.aud !== expected.audience)
      return { ok: false, reason: "aud must be the credential issuer identifier" };
    if (
      typeof payload.iat !== "number" ||
      Math.abs(payload.iat - expected.nowSeconds) > FRESHNESS_SECONDS
    ) {
      return { ok: false, reason: "iat is not fresh" };
    }
    if (typeof payload.nonce !== "string")
      return { ok: false, reason: "the proof carries no c_nonce" };
    const keyAttestation =
      typeof header.key_attestation === "string" ? { keyAttestation: header.key_attestation } : {};
    return {
      ok: true,
      holderJwk: ecPublicJwk(header.jwk),
      nonce: payload.nonce,
      ...keyAttestation,
    };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : "invalid proof" };
  }
}
