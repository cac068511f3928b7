import { importJWK, SignJWT } from "jose";
import { presentationResponseUrl, verifierClientId } from "../http/handoff-uris.js";
import type { Model } from "../model/model.js";
import type { VerificationRecord } from "../model/verification-record.js";
import { dcqlQueryFor } from "./dcql-query.js";

/** OpenID4VP 1.0 §5.8: the audience of a request object when the wallet is not known (static discovery). */
export const STATIC_DISCOVERY_AUDIENCE = "https://self-issued.me/v2";

/**
 * The signed request object (JAR, RFC 9101) of a verification: `typ` oauth-authz-req+jwt, signed
 * with the key behind the did:jwk of the verification's project environment — each is its own
 * verifier — (`kid` = the DID's `#0` key), DCQL query and
 * direct_post to the verification's response URI, `state` the verification ID.
 */
export async function signedRequestObject(
  model: Model,
  baseUrl: string,
  verification: VerificationRecord,
): Promise<string> {
  const verifier = await model.protocol.verifierKeysFor(verification.tenant);
  const request = {
    response_type: "vp_token",
    client_id: verifierClientId(verifier.did),
    response_mode: "direct_post",
    response_uri: presentationResponseUrl(baseUrl, verification.id),
    nonce: verification.nonce,
    state: verification.id,
    dcql_query: dcqlQueryFor(verification.policy),
    client_metadata: {
      vp_formats_supported: {
        "dc+sd-jwt": { "sd-jwt_alg_values": ["ES256"], "kb-jwt_alg_values": ["ES256"] },
      },
    },
  };
  return new SignJWT(request)
    .setProtectedHeader({ alg: "ES256", typ: "oauth-authz-req+jwt", kid: verifier.kid })
    .setAudience(STATIC_DISCOVERY_AUDIENCE)
    .setIssuedAt(Math.floor(model.clock.now() / 1000))
    .sign(await importJWK(verifier.privateJwk, "ES256"));
}
