import { decodeJwt, decodeProtectedHeader, importJWK, type JWK, jwtVerify } from "jose";
import { FRESHNESS_SECONDS, walletNowSeconds } from "../../model/infrastructure/wallet-time.js";
import type { Tenant } from "../../model/keys.js";
import type { Model } from "../../model/model.js";
import { signedByOneOf } from "./attestation-signature.js";
import { oauthError } from "./oauth-error.js";

export const CLIENT_ATTESTATION_HEADER = "oauth-client-attestation";
export const CLIENT_ATTESTATION_POP_HEADER = "oauth-client-attestation-pop";

export type ClientAuthentication =
  | { ok: true; attestedClientId?: string }
  | { ok: false; description: string };

const refuse = (description: string): ClientAuthentication => ({ ok: false, description });

/**
 * The 401 `invalid_client` of a refused wallet attestation (RFC 6749 §5.2). It came in its own
 * headers, not `Authorization`, so there is no `WWW-Authenticate` challenge to answer with.
 */
export const invalidClient = (description: string) =>
  oauthError(401, "invalid_client", description, {}, { "www-authenticate": "" });

/**
 * Attestation-based client authentication (draft-ietf-oauth-attestation-based-client-auth, as
 * HAIP 1.0 profiles it): the `OAuth-Client-Attestation` JWT, by the wallet provider, names the
 * client (`sub`) and its instance key (`cnf.jwk`); the `OAuth-Client-Attestation-PoP` JWT, signed
 * by that key, is for this issuer (`aud`), fresh (`iat`, real time) and used once (`jti`).
 * Neither header: fine unless the model requires attestations. A signature by none of the
 * trusted wallet providers' keys, an expired attestation, or a `client_id` other than its `sub`
 * is refused.
 */
export async function checkClientAttestation(
  headers: (name: string) => string | null,
  model: Model,
  tenant: Tenant,
  expected: { issuer: string; clientId?: string | undefined },
): Promise<ClientAuthentication> {
  const attestation = headers(CLIENT_ATTESTATION_HEADER);
  const pop = headers(CLIENT_ATTESTATION_POP_HEADER);
  if (!attestation && !pop)
    return model.attestations.required
      ? refuse(
          "This issuer requires a wallet attestation: send OAuth-Client-Attestation and OAuth-Client-Attestation-PoP.",
        )
      : { ok: true };
  if (!attestation || !pop)
    return refuse("Send OAuth-Client-Attestation and OAuth-Client-Attestation-PoP together.");
  const now = walletNowSeconds();

  let claims: Record<string, unknown>;
  try {
    const header = decodeProtectedHeader(attestation);
    if (header.typ !== "oauth-client-attestation+jwt")
      return refuse("The wallet attestation's typ must be oauth-client-attestation+jwt.");
    if (header.alg !== "ES256") return refuse("The wallet attestation must be signed with ES256.");
    claims = decodeJwt(attestation);
  } catch {
    return refuse("The wallet attestation is not a JWT.");
  }
  const trusted = model.attestations.trustedKeys;
  if (trusted.length > 0 && !(await signedByOneOf(attestation, trusted)))
    return refuse(
      "The wallet attestation's signature is not by a trusted wallet provider (attestations.trustedKeys).",
    );
  if (typeof claims.exp !== "number" || claims.exp <= now)
    return refuse("The wallet attestation has expired (exp).");
  if (typeof claims.sub !== "string" || claims.sub === "")
    return refuse("The wallet attestation needs sub, the client_id.");
  const instanceKey = (claims.cnf as { jwk?: JWK } | undefined)?.jwk;
  if (!instanceKey || typeof instanceKey !== "object" || "d" in instanceKey)
    return refuse("The wallet attestation needs cnf.jwk, the wallet instance's public key.");
  if (expected.clientId !== undefined && expected.clientId !== claims.sub)
    return refuse("client_id is not the sub of the wallet attestation.");

  let popClaims: Record<string, unknown>;
  try {
    ({ payload: popClaims } = await jwtVerify(pop, await importJWK(instanceKey, "ES256"), {
      typ: "oauth-client-attestation-pop+jwt",
      algorithms: ["ES256"],
      currentDate: new Date(now * 1000),
    }));
  } catch (error) {
    return refuse(
      `The wallet attestation PoP does not verify with cnf.jwk: ${error instanceof Error ? error.message : "malformed"}.`,
    );
  }
  const audience = Array.isArray(popClaims.aud) ? popClaims.aud : [popClaims.aud];
  if (!audience.includes(expected.issuer))
    return refuse(`The wallet attestation PoP's aud must be ${expected.issuer}.`);
  if (popClaims.iss !== undefined && popClaims.iss !== claims.sub)
    return refuse("The wallet attestation PoP's iss must be the attestation's sub.");
  if (typeof popClaims.iat !== "number" || Math.abs(popClaims.iat - now) > FRESHNESS_SECONDS)
    return refuse("The wallet attestation PoP's iat is not fresh.");
  if (typeof popClaims.jti !== "string" || popClaims.jti === "")
    return refuse("The wallet attestation PoP needs a jti.");
  const claimed = model.protocol.issuer.claimProofJti(
    tenant,
    `attestation-pop:${claims.sub}:${popClaims.jti}`,
  );
  if (claimed !== "new")
    return refuse(
      claimed === "replayed"
        ? "The wallet attestation PoP's jti was used before: sign a new PoP for every request."
        : "This issuer has seen too many proofs in the last 10 minutes (limits.dpopProofs); retry shortly.",
    );
  return { ok: true, attestedClientId: claims.sub };
}
