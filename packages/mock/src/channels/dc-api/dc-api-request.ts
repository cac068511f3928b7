import { importJWK, SignJWT } from "jose";
import type { Model } from "../../model/model.js";
import type { VerificationRecord } from "../../model/records/verification-record.js";
import { RESPONSE_ENC_VALUES, STATIC_DISCOVERY_AUDIENCE } from "../openid4vp-request.js";
import type { PresentationRequest } from "../presentation-channel.js";
import {
  DC_API_SIGNED,
  DC_API_UNSIGNED,
  type DigitalCredentialRequest,
  dcApiKeyName,
} from "./dc-api-protocols.js";

/**
 * The `dc_api_requests` entry of a verification created with `expected_origins`, ready to pass
 * as `navigator.credentials.get({ digital: { requests } })` (OpenID4VP 1.0 Appendix A), asking
 * for what the verifier asks (`request`: the format's DCQL query and `vp_formats_supported`):
 *
 * - `haip`: `openid4vp-v1-signed`, `data.request` the request object signed as the redirect
 *   flow's is (`x509_hash` client_id, its access certificate in `x5c`), with `expected_origins`,
 *   `response_mode` `dc_api.jwt` to an ephemeral ECDH-ES key of this request in
 *   `client_metadata.jwks`, and the nonce; no `response_uri`, no `redirect_uri`, no `state`: the
 *   browser carries the answer back to the page.
 * - `plain`: `openid4vp-v1-unsigned`, `data` the parameters themselves, `response_mode` `dc_api`;
 *   no `client_id`: the browser names the page's origin to the wallet.
 */
export async function dcApiRequestFor(
  model: Model,
  baseUrl: string,
  verification: VerificationRecord,
  request: PresentationRequest,
): Promise<DigitalCredentialRequest> {
  const tenant = verification.tenant;
  const vpFormats = { vp_formats_supported: request.vpFormatsSupported };
  if (model.profile !== "haip")
    return {
      protocol: DC_API_UNSIGNED,
      data: {
        response_type: "vp_token",
        response_mode: "dc_api",
        nonce: verification.nonce,
        dcql_query: request.dcqlQuery,
        client_metadata: vpFormats,
      },
    };
  const verifier = await model.protocol.verifier.keysFor(tenant);
  const responseKey = await model.protocol.verifier.responseKeyFor(
    tenant,
    dcApiKeyName(verification.id),
  );
  const jws = await new SignJWT({
    response_type: "vp_token",
    client_id: await model.protocol.verifier.clientIdFor(tenant, baseUrl),
    response_mode: "dc_api.jwt",
    nonce: verification.nonce,
    expected_origins: [...(verification.expectedOrigins ?? [])],
    dcql_query: request.dcqlQuery,
    client_metadata: {
      jwks: { keys: [responseKey.publicJwk] },
      encrypted_response_enc_values_supported: [...RESPONSE_ENC_VALUES],
      ...vpFormats,
    },
  })
    .setProtectedHeader({
      alg: "ES256",
      typ: "oauth-authz-req+jwt",
      x5c: [await model.protocol.verifier.certificateFor(tenant, baseUrl)],
    })
    .setAudience(STATIC_DISCOVERY_AUDIENCE)
    .setIssuedAt(Math.floor(model.clock.now() / 1000))
    .sign(await importJWK(verifier.privateJwk, "ES256"));
  return { protocol: DC_API_SIGNED, data: { request: jws } };
}
