/**
 * Where each operation of the REST API lives, by its operation ID: the HTTP method, the path
 * template (`{name}` parameters) and the key casing of its JSON bodies. Plain data, free of zod,
 * so that the server client reads it eagerly (its edge bundle keeps only these rows) while the
 * operations table (`OPERATIONS`, operations.ts) attaches the schemas and documentation to the same
 * IDs, and the mock's routes, OpenAPI and the client all read the one declaration. Paths written out
 * in full: template strings at the top of a module keep it in every bundle.
 */
export const OPERATION_ROUTES = {
  createCredentialDefinition: {
    method: "POST",
    path: "/v1/issuer/credential-definitions",
    casing: "camel",
  },
  listCredentialDefinitions: {
    method: "GET",
    path: "/v1/issuer/credential-definitions",
    casing: "camel",
  },
  getCredentialDefinition: {
    method: "GET",
    path: "/v1/issuer/credential-definitions/{credentialDefinitionId}",
    casing: "camel",
  },
  updateCredentialDefinition: {
    method: "PATCH",
    path: "/v1/issuer/credential-definitions/{credentialDefinitionId}",
    casing: "camel",
  },
  publishCredentialDefinition: {
    method: "POST",
    path: "/v1/issuer/credential-definitions/{credentialDefinitionId}/publish",
    casing: "camel",
  },
  archiveCredentialDefinition: {
    method: "POST",
    path: "/v1/issuer/credential-definitions/{credentialDefinitionId}/archive",
    casing: "camel",
  },
  createOffer: { method: "POST", path: "/v1/openid4vc/issuance/offer", casing: "camel" },
  listIssuanceSessions: { method: "GET", path: "/v1/openid4vc/issuance", casing: "camel" },
  getIssuanceSession: {
    method: "GET",
    path: "/v1/openid4vc/issuance/{issuanceId}",
    casing: "camel",
  },
  cancelIssuanceSession: {
    method: "POST",
    path: "/v1/openid4vc/issuance/{issuanceId}/cancel",
    casing: "camel",
  },
  revokeIssuedCredential: {
    method: "POST",
    path: "/v1/openid4vc/issuance/{issuanceId}/revoke",
    casing: "camel",
  },
  createPolicy: { method: "POST", path: "/v1/policies", casing: "snake" },
  listPolicies: { method: "GET", path: "/v1/policies", casing: "snake" },
  getPolicy: { method: "GET", path: "/v1/policies/{policyId}", casing: "snake" },
  archivePolicy: { method: "POST", path: "/v1/policies/{policyId}/archive", casing: "snake" },
  createVerification: { method: "POST", path: "/v1/verifications", casing: "snake" },
  listVerifications: { method: "GET", path: "/v1/verifications", casing: "snake" },
  getVerification: { method: "GET", path: "/v1/verifications/{verificationId}", casing: "snake" },
  getVerificationStatus: {
    method: "GET",
    path: "/v1/verifications/{verificationId}/status",
    casing: "snake",
  },
  streamVerificationStatus: {
    method: "GET",
    path: "/v1/verifications/{verificationId}/events",
    casing: "snake",
  },
  getVerificationResult: {
    method: "GET",
    path: "/v1/verifications/{verificationId}/result",
    casing: "snake",
  },
  cancelVerification: {
    method: "POST",
    path: "/v1/verifications/{verificationId}/cancel",
    casing: "snake",
  },
  getResultKeys: { method: "GET", path: "/v1/.well-known/jwks.json", casing: "snake" },
} as const satisfies Record<string, OperationRoute>;

/** Where one operation lives (a row of `OPERATION_ROUTES`). */
export interface OperationRoute {
  /** `POST`s take an `Idempotency-Key`; `GET`s are safe to retry. */
  method: "GET" | "POST" | "PATCH";
  /** With `{name}` parameters, e.g. `/v1/verifications/{verificationId}`. */
  path: string;
  /**
   * Key casing of the JSON bodies on the wire: `snake` (policies, verifications; clients map the
   * top-level keys to and from camelCase) or `camel` (credential definitions, issuance).
   */
  casing: "camel" | "snake";
}

/** An operation's stable name (the OpenAPI `operationId`), e.g. `getVerification`. */
export type OperationId = keyof typeof OPERATION_ROUTES;
