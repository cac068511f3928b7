import type { Tenant } from "../model/keys.js";
import type { Model } from "../model/model.js";
import {
  credentialEndpoint,
  credentialIssuer,
  nonceEndpoint,
  PRE_AUTHORIZED_GRANT,
  tokenEndpoint,
} from "./urls.js";

/**
 * Credential issuer metadata (OpenID4VCI 1.0 §12.2): one configuration per definition the tenant
 * can issue, all of them. No `batch_credential_issuance`: one proof, one credential.
 */
export function issuerMetadata(model: Model, baseUrl: string, tenant: Tenant) {
  const configurations: Record<string, unknown> = {};
  for (const definition of model.definitions.allPublished(tenant)) {
    configurations[definition.credentialDefinitionId] = {
      format: "dc+sd-jwt",
      vct: definition.vct,
      cryptographic_binding_methods_supported: ["jwk"],
      credential_signing_alg_values_supported: ["ES256"],
      proof_types_supported: { jwt: { proof_signing_alg_values_supported: ["ES256"] } },
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
 * The issuer is its own authorization server (RFC 8414), for the pre-authorized code grant only.
 * `response_types_supported` is REQUIRED (§2); with no authorization endpoint there is no response
 * type to offer, and an empty list says exactly that.
 */
export function authorizationServerMetadata(baseUrl: string, tenant: Tenant) {
  return {
    issuer: credentialIssuer(baseUrl, tenant),
    token_endpoint: tokenEndpoint(baseUrl, tenant),
    response_types_supported: [],
    grant_types_supported: [PRE_AUTHORIZED_GRANT],
    "pre-authorized_grant_anonymous_access_supported": true,
  };
}
