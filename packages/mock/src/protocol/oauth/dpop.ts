import { createHash } from "node:crypto";
import { calculateJwkThumbprint, decodeProtectedHeader, importJWK, jwtVerify } from "jose";
import { FRESHNESS_SECONDS, walletNowSeconds } from "../../model/infrastructure/wallet-time.js";
import type { Tenant } from "../../model/keys.js";
import type { Model } from "../../model/model.js";

/** What the request a DPoP proof comes with must match (RFC 9449 §4.3). */
export interface DpopExpectation {
  method: string;
  /** The endpoint's URL as its metadata advertises it (what a wallet signs as `htu`). */
  url: string;
  /** At a protected resource: the access token, whose hash must be the proof's `ath`. */
  accessToken?: string;
  /** At a protected resource: the thumbprint of the key the token is bound to. */
  jkt?: string;
}

export type DpopCheck =
  | { ok: true; jkt: string }
  | { ok: false; error: "invalid_dpop_proof" | "use_dpop_nonce"; description: string };

const invalid = (description: string): DpopCheck => ({
  ok: false,
  error: "invalid_dpop_proof",
  description,
});

/** `ath` (RFC 9449 §4.2): base64url SHA-256 of the access token's ASCII. */
export const accessTokenHash = (token: string) =>
  createHash("sha256").update(token, "ascii").digest("base64url");

/** A URL without query and fragment, as `htu` is compared (RFC 9449 §4.3 step 9). */
function withoutQuery(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    parsed.search = "";
    parsed.hash = "";
    return parsed.href;
  } catch {
    return undefined;
  }
}

/**
 * Checks the `DPoP` header of a request (RFC 9449 §4.3) at the tenant's issuer: one proof, `typ`
 * `dpop+jwt`, ES256 with a public `jwk` header, a valid signature, `htm` and `htu` of this
 * request, an `iat` within {@link FRESHNESS_SECONDS} of real time (wallets sign with their own
 * clock, not the service's shifted one), `ath` and the bound key at a resource, the issuer's
 * current server nonce (else `use_dpop_nonce`), and a `jti` never seen before at this issuer.
 * `verifyDpopJwt` of `@openid4vc/oauth2` leaves the last two to its caller; this does both.
 */
export async function checkDpopProof(
  header: string | null,
  model: Model,
  tenant: Tenant,
  expected: DpopExpectation,
): Promise<DpopCheck> {
  if (!header) return invalid("A DPoP proof is required: send it in the DPoP header (RFC 9449).");
  // Headers.get joins repeated headers with ", "; a JWT has no comma.
  if (header.includes(",")) return invalid("Send exactly one DPoP header.");
  let payload: Record<string, unknown>;
  let jkt: string;
  try {
    const protectedHeader = decodeProtectedHeader(header);
    if (protectedHeader.typ !== "dpop+jwt")
      return invalid("The DPoP proof's typ must be dpop+jwt.");
    if (protectedHeader.alg !== "ES256")
      return invalid(
        "The DPoP proof must be signed with ES256 (dpop_signing_alg_values_supported).",
      );
    const jwk = protectedHeader.jwk;
    if (jwk?.kty !== "EC" || jwk.crv !== "P-256" || "d" in jwk)
      return invalid("The DPoP proof's jwk header must be a public EC P-256 key.");
    const key = await importJWK(jwk, "ES256");
    ({ payload } = await jwtVerify(header, key, {
      typ: "dpop+jwt",
      currentDate: new Date(walletNowSeconds() * 1000),
    }));
    jkt = await calculateJwkThumbprint(jwk, "sha256");
  } catch (error) {
    return invalid(
      `The DPoP proof does not verify: ${error instanceof Error ? error.message : "malformed"}.`,
    );
  }
  if (typeof payload.jti !== "string" || payload.jti === "" || payload.jti.length > 256)
    return invalid("The DPoP proof needs a jti (a unique identifier, at most 256 characters).");
  if (payload.htm !== expected.method)
    return invalid(`The DPoP proof's htm must be ${expected.method}, the method of this request.`);
  const htu = typeof payload.htu === "string" ? withoutQuery(payload.htu) : undefined;
  if (htu === undefined || htu !== withoutQuery(expected.url))
    return invalid(`The DPoP proof's htu must be ${expected.url}, the URL of this request.`);
  const now = walletNowSeconds();
  if (typeof payload.iat !== "number" || Math.abs(payload.iat - now) > FRESHNESS_SECONDS)
    return invalid(
      `The DPoP proof's iat is not within ${FRESHNESS_SECONDS} seconds of the current time.`,
    );
  if (expected.accessToken !== undefined) {
    if (typeof payload.ath !== "string")
      return invalid("The DPoP proof needs ath, the hash of the access token it is sent with.");
    if (payload.ath !== accessTokenHash(expected.accessToken))
      return invalid("The DPoP proof's ath is not the hash of this access token.");
  }
  if (expected.jkt !== undefined && jkt !== expected.jkt)
    return invalid(
      "The DPoP proof is signed by another key than the one the access token is bound to.",
    );
  if (!model.protocol.issuer.dpopNonceGood(tenant, payload.nonce))
    return {
      ok: false,
      error: "use_dpop_nonce",
      description:
        payload.nonce === undefined
          ? "This issuer requires a DPoP nonce: sign the proof again with the DPoP-Nonce of this answer."
          : "The DPoP nonce is unknown or stale: sign the proof again with the DPoP-Nonce of this answer.",
    };
  const claimed = model.protocol.issuer.claimProofJti(tenant, `dpop:${jkt}:${payload.jti}`);
  if (claimed === "replayed")
    return invalid("The DPoP proof's jti was used before: sign a new proof for every request.");
  if (claimed === "full")
    return invalid(
      "This issuer has seen too many DPoP proofs in the last 10 minutes (limits.dpopProofs); retry shortly.",
    );
  return { ok: true, jkt };
}
