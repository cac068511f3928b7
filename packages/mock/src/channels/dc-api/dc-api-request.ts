import { importJWK, SignJWT } from "jose";
import type { Model } from "../../model/model.js";
import type { VerificationRecord } from "../../model/verification-record.js";
import { dcqlQueryFor } from "../../protocol/dcql-query.js";
import { RESPONSE_ENC_VALUES, STATIC_DISCOVERY_AUDIENCE } from "../../protocol/request-object.js";
import {
  DC_API_SIGNED,
  DC_API_UNSIGNED,
  type DigitalCredentialRequest,
  dcApiKeyName,
} from "./dc-api-protocols.js";

const VP_FORMATS = {
  vp_formats_supported: {
    "dc+sd-jwt": { "sd-jwt_alg_values": ["ES256"], "kb-jwt_alg_values": ["ES256"] },
  },
};

/**
 * The `dc_api_requests` of a verification created with `expected_origins`, ready to pass as
 * `navigator.credentials.get({ digital: { requests } })` (OpenID4VP 1.0 Appendix A):
 *
 * - `haip`: `openid4vp-v1-signed`, `data.request` the request object signed as the redirect
 *   flow's is (`x509_hash` client_id, its access certificate in `x5c`), with `expected_origins`,
 *   `response_mode` `dc_api.jwt` to an ephemeral ECDH-ES key of this request in
 *   `client_metadata.jwks`, the DCQL query (with `trusted_authorities`) and the nonce; no
 *   `response_uri`, no `redirect_uri`, no `state`: the browser carries the answer back to the page.
 * - `plain`: `openid4vp-v1-unsigned`, `data` the parameters themselves, `response_mode` `dc_api`;
 *   no `client_id`: the browser names the page's origin to the wallet.
 */
export async function dcApiRequestsFor(
  model: Model,
  baseUrl: string,
  verification: VerificationRecord,
  expectedOrigins: readonly string[],
): Promise<DigitalCredentialRequest[]> {
  const tenant = verification.tenant;
  if (model.profile !== "haip") {
    return [
      {
        protocol: DC_API_UNSIGNED,
        data: {
          response_type: "vp_token",
          response_mode: "dc_api",
          nonce: verification.nonce,
          dcql_query: dcqlQueryFor(verification.policy),
          client_metadata: VP_FORMATS,
        },
      },
    ];
  }
  const verifier = await model.protocol.verifierKeysFor(tenant);
  const responseKey = await model.protocol.responseKeyFor(tenant, dcApiKeyName(verification.id));
  const request = {
    response_type: "vp_token",
    client_id: await model.protocol.verifierClientIdFor(tenant, baseUrl),
    response_mode: "dc_api.jwt",
    nonce: verification.nonce,
    expected_origins: [...expectedOrigins],
    dcql_query: dcqlQueryFor(verification.policy, {
      trustedAuthority: await model.ca.keyIdentifier(),
    }),
    client_metadata: {
      jwks: { keys: [responseKey.publicJwk] },
      encrypted_response_enc_values_supported: [...RESPONSE_ENC_VALUES],
      ...VP_FORMATS,
    },
  };
  const jws = await new SignJWT(request)
    .setProtectedHeader({
      alg: "ES256",
      typ: "oauth-authz-req+jwt",
      x5c: [await model.protocol.verifierCertificateFor(tenant, baseUrl)],
    })
    .setAudience(STATIC_DISCOVERY_AUDIENCE)
    .setIssuedAt(Math.floor(model.clock.now() / 1000))
    .sign(await importJWK(verifier.privateJwk, "ES256"));
  return [{ protocol: DC_API_SIGNED, data: { request: jws } }];
}
