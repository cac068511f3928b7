import { importJWK, SignJWT } from "jose";
import { presentationResponseUrl } from "../../http/handoff-uris.js";
import type { Model } from "../../model/model.js";
import type { VerificationRecord } from "../../model/records/verification-record.js";
import type { PresentationRequest } from "../presentation-channel.js";

/** OpenID4VP 1.0 §5.8: the audience of a request object when the wallet is not known (static discovery). */
export const STATIC_DISCOVERY_AUDIENCE = "https://self-issued.me/v2";

/** The content encryptions a HAIP verifier accepts for `direct_post.jwt` (HAIP 1.0 §5). */
export const RESPONSE_ENC_VALUES = ["A128GCM", "A256GCM"] as const;

/**
 * The signed request object (JAR, RFC 9101) of a verification: `typ` oauth-authz-req+jwt, signed
 * with the verification's project environment's verifier key — each is its own verifier — with the
 * DCQL query and formats the verifier asked for, `state` the verification ID and the response URI.
 * The profile decides the rest:
 *
 * - `plain`: `client_id` the key's did:jwk (`kid` its `#0` key), `direct_post`;
 * - `haip`: `client_id` `x509_hash:` (or `x509_san_dns:`) of the project's access certificate,
 *   carried in `x5c` (the leaf only: the test CA signs leaves directly, and the trust anchor stays
 *   out), `direct_post.jwt` encrypted to an ephemeral ECDH-ES key of this verification in
 *   `client_metadata.jwks`, and DCQL `trusted_authorities` naming the test CA.
 */
export async function signedRequestObject(
  model: Model,
  baseUrl: string,
  verification: VerificationRecord,
  presentationRequest: PresentationRequest,
): Promise<string> {
  const tenant = verification.tenant;
  const verifier = await model.protocol.verifier.keysFor(tenant);
  const haip = model.profile === "haip";
  const vpFormats = { vp_formats_supported: presentationRequest.vpFormatsSupported };
  const request = {
    response_type: "vp_token",
    client_id: await model.protocol.verifier.clientIdFor(tenant, baseUrl),
    response_mode: haip ? "direct_post.jwt" : "direct_post",
    response_uri: presentationResponseUrl(baseUrl, verification.id),
    nonce: verification.nonce,
    state: verification.id,
    dcql_query: presentationRequest.dcqlQuery,
    client_metadata: haip
      ? {
          jwks: {
            keys: [
              (await model.protocol.verifier.responseKeyFor(tenant, verification.id)).publicJwk,
            ],
          },
          encrypted_response_enc_values_supported: [...RESPONSE_ENC_VALUES],
          ...vpFormats,
        }
      : vpFormats,
  };
  const header = haip
    ? {
        alg: "ES256",
        typ: "oauth-authz-req+jwt",
        x5c: [await model.protocol.verifier.certificateFor(tenant, baseUrl)],
      }
    : { alg: "ES256", typ: "oauth-authz-req+jwt", kid: verifier.kid };
  return new SignJWT(request)
    .setProtectedHeader(header)
    .setAudience(STATIC_DISCOVERY_AUDIENCE)
    .setIssuedAt(Math.floor(model.clock.now() / 1000))
    .sign(await importJWK(verifier.privateJwk, "ES256"));
}
