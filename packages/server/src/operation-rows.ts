import type * as Schemas from "./contract-schemas.js";

/** A schema of the wire contract, by its export name (loaded with the contract: contract.ts). */
export type SchemaName = keyof typeof Schemas;

/**
 * One row of `@credport/core/contract`'s operations table, as the client calls it: the method, the
 * path template with its `{name}` parameters, the wire casing, and the contract's schemas by name.
 */
export interface OperationRow {
  method: "GET" | "POST" | "PATCH";
  path: string;
  /** Snake_case on the wire (policies, verifications): top-level keys are mapped to and from camelCase. */
  snake?: true;
  query?: SchemaName;
  body?: SchemaName;
  answer: SchemaName;
}

/**
 * The rows the client calls, keyed by the table's operation IDs. Light facts only, read eagerly:
 * the table itself (`OPERATIONS`, with its summaries, documented errors and every schema) would
 * add ~1.2 kB gzip to the edge bundle, and a lighter export of it would change core's public
 * surface. `test/operation-rows.test.ts` holds every row equal to the table's, and every secret-key
 * operation of the table to a row. Paths written out in full: template strings at the top of a
 * module keep it in every bundle.
 */
export const OPERATION_ROWS = {
  createCredentialDefinition: {
    method: "POST",
    path: "/v1/issuer/credential-definitions",
    body: "createCredentialDefinitionBody",
    answer: "credentialDefinition",
  },
  listCredentialDefinitions: {
    method: "GET",
    path: "/v1/issuer/credential-definitions",
    query: "listCredentialDefinitionsQuery",
    answer: "credentialDefinitionList",
  },
  getCredentialDefinition: {
    method: "GET",
    path: "/v1/issuer/credential-definitions/{credentialDefinitionId}",
    answer: "credentialDefinition",
  },
  updateCredentialDefinition: {
    method: "PATCH",
    path: "/v1/issuer/credential-definitions/{credentialDefinitionId}",
    body: "updateCredentialDefinitionBody",
    answer: "credentialDefinition",
  },
  publishCredentialDefinition: {
    method: "POST",
    path: "/v1/issuer/credential-definitions/{credentialDefinitionId}/publish",
    answer: "credentialDefinition",
  },
  archiveCredentialDefinition: {
    method: "POST",
    path: "/v1/issuer/credential-definitions/{credentialDefinitionId}/archive",
    answer: "credentialDefinition",
  },
  createOffer: {
    method: "POST",
    path: "/v1/openid4vc/issuance/offer",
    body: "createOfferBody",
    answer: "issuanceOffer",
  },
  listIssuanceSessions: {
    method: "GET",
    path: "/v1/openid4vc/issuance",
    query: "listIssuanceQuery",
    answer: "issuanceList",
  },
  getIssuanceSession: {
    method: "GET",
    path: "/v1/openid4vc/issuance/{issuanceId}",
    answer: "issuanceSession",
  },
  cancelIssuanceSession: {
    method: "POST",
    path: "/v1/openid4vc/issuance/{issuanceId}/cancel",
    answer: "issuanceSession",
  },
  revokeIssuedCredential: {
    method: "POST",
    path: "/v1/openid4vc/issuance/{issuanceId}/revoke",
    answer: "issuanceSession",
  },
  createPolicy: {
    method: "POST",
    path: "/v1/policies",
    snake: true,
    body: "createPolicyBody",
    answer: "policy",
  },
  listPolicies: {
    method: "GET",
    path: "/v1/policies",
    snake: true,
    query: "listPoliciesQuery",
    answer: "policyList",
  },
  getPolicy: { method: "GET", path: "/v1/policies/{policyId}", snake: true, answer: "policy" },
  archivePolicy: {
    method: "POST",
    path: "/v1/policies/{policyId}/archive",
    snake: true,
    answer: "policy",
  },
  createVerification: {
    method: "POST",
    path: "/v1/verifications",
    snake: true,
    body: "createVerificationBody",
    answer: "createdVerification",
  },
  listVerifications: {
    method: "GET",
    path: "/v1/verifications",
    snake: true,
    query: "listVerificationsQuery",
    answer: "verificationList",
  },
  getVerification: {
    method: "GET",
    path: "/v1/verifications/{verificationId}",
    snake: true,
    answer: "verification",
  },
  getVerificationStatus: {
    method: "GET",
    path: "/v1/verifications/{verificationId}/status",
    snake: true,
    answer: "verificationStatus",
  },
  getVerificationResult: {
    method: "GET",
    path: "/v1/verifications/{verificationId}/result",
    snake: true,
    answer: "verificationResult",
  },
  cancelVerification: {
    method: "POST",
    path: "/v1/verifications/{verificationId}/cancel",
    snake: true,
    answer: "verification",
  },
} as const satisfies Record<string, OperationRow>;

/** An operation the client calls. */
export type OperationId = keyof typeof OPERATION_ROWS;
