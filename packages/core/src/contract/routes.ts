/**
 * Where each operation of the REST API lives, by its operation ID: the HTTP method, the path
 * template (`{name}` parameters) and the key casing of its JSON bodies (`snake`). The one
 * declaration of each endpoint: the operations table (`OPERATIONS`) attaches the schemas
 * (`OPERATION_SCHEMAS`) and the documentation to the same IDs, OpenAPI and the mock's routes are
 * built from it, and the server's resources call operations by ID. Plain data, free of zod, so
 * that the server client reads it without loading the contract. Paths written out in full:
 * template strings at the top of a module keep it in every bundle.
 */
export const OPERATION_ROUTES = {
  createCredentialDefinition: {
    method: "POST",
    path: "/v1/issuer/credential-definitions",
    snake: false,
  },
  listCredentialDefinitions: {
    method: "GET",
    path: "/v1/issuer/credential-definitions",
    snake: false,
  },
  getCredentialDefinition: {
    method: "GET",
    path: "/v1/issuer/credential-definitions/{credentialDefinitionId}",
    snake: false,
  },
  updateCredentialDefinition: {
    method: "PATCH",
    path: "/v1/issuer/credential-definitions/{credentialDefinitionId}",
    snake: false,
  },
  publishCredentialDefinition: {
    method: "POST",
    path: "/v1/issuer/credential-definitions/{credentialDefinitionId}/publish",
    snake: false,
  },
  archiveCredentialDefinition: {
    method: "POST",
    path: "/v1/issuer/credential-definitions/{credentialDefinitionId}/archive",
    snake: false,
  },
  createOffer: { method: "POST", path: "/v1/openid4vc/issuance/offer", snake: false },
  listIssuanceSessions: { method: "GET", path: "/v1/openid4vc/issuance", snake: false },
  getIssuanceSession: {
    method: "GET",
    path: "/v1/openid4vc/issuance/{issuanceId}",
    snake: false,
  },
  cancelIssuanceSession: {
    method: "POST",
    path: "/v1/openid4vc/issuance/{issuanceId}/cancel",
    snake: false,
  },
  getIssuanceTimeline: {
    method: "GET",
    path: "/v1/openid4vc/issuance/{issuanceId}/timeline",
    snake: false,
  },
  revokeIssuedCredential: {
    method: "POST",
    path: "/v1/openid4vc/issuance/{issuanceId}/revoke",
    snake: false,
  },
  createPolicy: { method: "POST", path: "/v1/policies", snake: true },
  listPolicies: { method: "GET", path: "/v1/policies", snake: true },
  getPolicy: { method: "GET", path: "/v1/policies/{policyId}", snake: true },
  archivePolicy: { method: "POST", path: "/v1/policies/{policyId}/archive", snake: true },
  createVerification: { method: "POST", path: "/v1/verifications", snake: true },
  listVerifications: { method: "GET", path: "/v1/verifications", snake: true },
  getVerification: { method: "GET", path: "/v1/verifications/{verificationId}", snake: true },
  getVerificationStatus: {
    method: "GET",
    path: "/v1/verifications/{verificationId}/status",
    snake: true,
  },
  streamVerificationStatus: {
    method: "GET",
    path: "/v1/verifications/{verificationId}/events",
    snake: true,
  },
  getVerificationResult: {
    method: "GET",
    path: "/v1/verifications/{verificationId}/result",
    snake: true,
  },
  getVerificationTimeline: {
    method: "GET",
    path: "/v1/verifications/{verificationId}/timeline",
    snake: true,
  },
  submitDcApiResponse: {
    method: "POST",
    path: "/v1/verifications/{verificationId}/dc-api-response",
    snake: true,
  },
  cancelVerification: {
    method: "POST",
    path: "/v1/verifications/{verificationId}/cancel",
    snake: true,
  },
  getResultKeys: { method: "GET", path: "/v1/.well-known/jwks.json", snake: true },
} as const satisfies Record<string, OperationRoute>;

/** Where one operation lives (a row of `OPERATION_ROUTES`). */
export interface OperationRoute {
  /** `POST`s take an `Idempotency-Key`; `GET`s are safe to retry. */
  method: "GET" | "POST" | "PATCH";
  /** With `{name}` parameters, e.g. `/v1/verifications/{verificationId}`. */
  path: string;
  /**
   * Key casing of the JSON bodies on the wire: `true` for snake_case (policies, verifications;
   * clients map the top-level keys to and from camelCase), `false` for camelCase (credential
   * definitions, issuance).
   */
  snake: boolean;
}

/** An operation's stable name (the OpenAPI `operationId`), e.g. `getVerification`. */
export type OperationId = keyof typeof OPERATION_ROUTES;
