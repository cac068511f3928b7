import { credentialFormatOf } from "../../formats/formats.js";
import type { Tenant } from "../../model/keys.js";
import type { Model } from "../../model/model.js";
import { DPOP_ALGS } from "../oauth/oauth-error.js";
import {
  AUTHORIZATION_CODE_GRANT,
  authorizationEndpoint,
  credentialEndpoint,
  credentialIssuer,
  nonceEndpoint,
  PRE_AUTHORIZED_GRANT,
  parEndpoint,
  tokenEndpoint,
} from "./urls.js";

/**
 * Credential issuer metadata (OpenID4VCI 1.0 §12.2): one configuration per definition the tenant
 * can issue, all of them. No `batch_credential_issuance`: one proof, one credential. Under `haip`,
 * each configuration has a `scope` (its ID: what a wallet asks for at PAR, HAIP 1.0), and
 * `key_attestations_required` when the model requires attestations.
 */
export function issuerMetadata(model: Model, baseUrl: string, tenant: Tenant) {
  const configurations: Record<string, unknown> = {};
  const haip = model.profile === "haip";
  for (const definition of model.definitions.allPublished(tenant)) {
    const format = credentialFormatOf(definition);
    if (!format) continue;
    configurations[definition.credentialDefinitionId] = {
      ...format.issuerConfiguration(definition),
      ...(haip ? { scope: definition.credentialDefinitionId } : {}),
      proof_types_supported: {
        jwt: {
          proof_signing_alg_values_supported: ["ES256"],
          ...(haip && model.attestations.required ? { key_attestations_required: {} } : {}),
        },
      },
      credential_metadata: {
        display: [{ name: definition.title }],
        claims: definition.claims.map((claim) => ({
          path: claim.path,
          mandatory: claim.mandatory,
          ...(claim.display ? { display: claim.display } : {}),
        })),
      },
    };
  }
  return {
    credential_issuer: credentialIssuer(baseUrl, tenant),
    credential_endpoint: credentialEndpoint(baseUrl, tenant),
    nonce_endpoint: nonceEndpoint(baseUrl, tenant),
    display: [{ name: "Credport emulator issuer" }],
    credential_configurations_supported: configurations,
  };
}

/**
 * The issuer is its own authorization server (RFC 8414). Under `plain`, for the pre-authorized
 * code grant only: with no authorization endpoint there is no response type to offer, and the
 * REQUIRED `response_types_supported` (§2) is an empty list. Under `haip` (HAIP 1.0), also the
 * authorization code grant, through PAR only, with PKCE S256, DPoP, and `iss` in the authorization
 * response; wallet attestation is the client authentication it names (`attest_jwt_client_auth`).
 */
export function authorizationServerMetadata(model: Model, baseUrl: string, tenant: Tenant) {
  const plain = {
    issuer: credentialIssuer(baseUrl, tenant),
    token_endpoint: tokenEndpoint(baseUrl, tenant),
    response_types_supported: [] as string[],
    grant_types_supported: [PRE_AUTHORIZED_GRANT],
    "pre-authorized_grant_anonymous_access_supported": true,
  };
  if (model.profile !== "haip") return plain;
  return {
    ...plain,
    authorization_endpoint: authorizationEndpoint(baseUrl, tenant),
    pushed_authorization_request_endpoint: parEndpoint(baseUrl, tenant),
    require_pushed_authorization_requests: true,
    response_types_supported: ["code"],
    response_modes_supported: ["query"],
    grant_types_supported: [AUTHORIZATION_CODE_GRANT, PRE_AUTHORIZED_GRANT],
    "pre-authorized_grant_anonymous_access_supported": !model.attestations.required,
    code_challenge_methods_supported: ["S256"],
    dpop_signing_alg_values_supported: [...DPOP_ALGS],
    authorization_response_iss_parameter_supported: true,
    token_endpoint_auth_methods_supported: model.attestations.required
      ? ["attest_jwt_client_auth"]
      : ["none", "attest_jwt_client_auth"],
    client_attestation_signing_alg_values_supported: ["ES256"],
    client_attestation_pop_signing_alg_values_supported: ["ES256"],
    scopes_supported: model.definitions
      .allPublished(tenant)
      .map((definition) => definition.credentialDefinitionId),
  };
}
