import { decodeProtectedHeader, importJWK, type JWK, jwtVerify } from "jose";

/** How far a proof's or key binding's `iat` may be from the service's clock. */
export const FRESHNESS_SECONDS = 300;

/**
 * Checks an `openid4vci-proof+jwt`: ES256, the holder's public key in the `jwk` header, `aud` the
 * credential issuer, a fresh `iat`, and the `nonce` we handed out. Returns the holder key.
 */
export async function verifyProofJwt(
  jwt: unknown,
  expected: { audience: string; nowSeconds: number; consumeNonce: (nonce: unknown) => boolean },
): Promise<{ ok: true; holderJwk: JWK } | { ok: false; reason: string }> {
  if (typeof jwt !== "string") return { ok: false, reason: "no proof JWT" };
  try {
    const header = decodeProtectedHeader(jwt);
    if (header.typ !== "openid4vci-proof+jwt")
      return { ok: false, reason: "typ must be openid4vci-proof+jwt" };
    if (header.alg !== "ES256" || !header.jwk)
      return { ok: false, reason: "ES256 with a jwk header is required" };
    if ("d" in header.jwk) return { ok: false, reason: "the jwk header holds a private key" };
    const key = await importJWK(header.jwk, "ES256");
    const { payload } = await jwtVerify(jwt, key, {
      audience: expected.audience,
      currentDate: new Date(expected.nowSeconds * 1000),
      typ: "openid4vci-proof+jwt",
    });
    if (
      typeof payload.iat !== "number" ||
      Math.abs(payload.iat - expected.nowSeconds) > FRESHNESS_SECONDS
    ) {
      return { ok: false, reason: "iat is not fresh" };
    }
    if (!expected.consumeNonce(payload.nonce))
      return { ok: false, reason: "unknown or used nonce" };
    const { kty, crv, x, y } = header.jwk;
    return { ok: true, holderJwk: { kty, crv, x, y } };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : "invalid proof" };
  }
}
