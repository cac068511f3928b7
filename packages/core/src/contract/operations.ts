import type * as z from "zod/mini";
import {
  createCredentialDefinitionBody,
  credentialDefinition,
  credentialDefinitionList,
  listCredentialDefinitionsQuery,
  updateCredentialDefinitionBody,
} from "./credential-definitions.js";
import {
  createOfferBody,
  issuanceList,
  issuanceOffer,
  issuanceSession,
  listIssuanceQuery,
} from "./issuance.js";
import { createPolicyBody, listPoliciesQuery, policy, policyList } from "./policies.js";
import {
  createdVerification,
  createVerificationBody,
  jwks,
  listVerificationsQuery,
  verification,
  verificationList,
  verificationResult,
  verificationStatus,
} from "./verifications.js";

/** How a caller authenticates. */
export type OperationAuth =
  /** `X-Service-Key: sk_…` (server code only). */
  | "secret"
  /** The secret key, or a browser's `Authorization: Bearer <client_token>` + `X-Publishable-Key`. */
  | "secret_or_client_token"
  /** None (public keys). */
  | "none";

/** An error answer an operation documents: HTTP status and the codes it may carry. */
export interface OperationError {
  status: number;
  codes: readonly string[];
}

/**
 * One operation of the REST API: the single table OpenAPI and the mock's routes are built from, and
 * the server client's light rows (`packages/server/src/operation-rows.ts`) are tested against.
 */
export interface Operation {
  /** Stable name, used as the OpenAPI `operationId`. */
  id: string;
  method: "GET" | "POST" | "PATCH";
  /** With `{name}` parameters, e.g. `/v1/verifications/{verificationId}`. */
  path: string;
  summary: string;
  tag: "Credential definitions" | "Issuance" | "Policies" | "Verifications";
  auth: OperationAuth;
  /** Scope the secret key needs. */
  scope?: string;
  query?: z.ZodMiniObject;
  body?: z.ZodMiniType;
  success: {
    status: 200 | 201;
    /** The JSON body, or `null` for a Server-Sent Events stream. */
    schema: z.ZodMiniType | null;
  };
  /** Errors particular to this operation; COMMON_ERRORS apply to every one as well. */
  errors: readonly OperationError[];
}

const validation: OperationError = { status: 400, codes: ["validation_error"] };
const notFound: OperationError = { status: 404, codes: ["not_found"] };
const definitionNotFound: OperationError = {
  status: 404,
  codes: ["credential_definition_not_found"],
};
const notPublishable: OperationError = {
  status: 422,
  codes: ["credential_definition_not_publishable"],
};

/** Errors any operation may answer. */
export const COMMON_ERRORS: readonly OperationError[] = [
  { status: 429, codes: ["rate_limited"] },
  { status: 500, codes: ["internal_error"] },
  { status: 503, codes: ["service_unavailable"] },
];
/** Errors of operations that take the secret key. */
export const SECRET_KEY_ERRORS: readonly OperationError[] = [
  { status: 401, codes: ["missing_api_key", "invalid_api_key", "api_key_revoked"] },
  { status: 403, codes: ["insufficient_scope"] },
];
/** Errors of every POST and PATCH: a request body over the service's size limit. */
export const BODY_ERRORS: readonly OperationError[] = [
  { status: 413, codes: ["request_too_large"] },
];
/** Errors of operations with path parameters: a parameter that is not valid percent-encoding. */
export const PATH_PARAMETER_ERRORS: readonly OperationError[] = [validation];
/** Errors of every POST: a malformed or reused `Idempotency-Key`. */
export const IDEMPOTENCY_ERRORS: readonly OperationError[] = [
  validation,
  { status: 409, codes: ["idempotency_key_reused"] },
];
const browserUnauthenticated: OperationError = {
  status: 401,
  codes: [
    "missing_token",
    "invalid_token",
    "missing_api_key",
    "invalid_api_key",
    "api_key_revoked",
  ],
};
const browserForbidden: OperationError = {
  status: 403,
  codes: ["key_mismatch", "insufficient_scope"],
};
// Listed rather than spread: a spread at the top of a module keeps it in every bundle.
const browserReadErrors: readonly OperationError[] = [
  browserUnauthenticated,
  browserForbidden,
  notFound,
];
const browserReadErrorsAndRealtime: readonly OperationError[] = [
  browserUnauthenticated,
  browserForbidden,
  notFound,
  { status: 503, codes: ["realtime_unavailable"] },
];

// Paths written out in full: template strings at the top of a module keep it in every bundle.
export const OPERATIONS: readonly Operation[] = [
  {
    id: "createCredentialDefinition",
    method: "POST",
    path: "/v1/issuer/credential-definitions",
    summary: "Create a credential definition (a draft, or published at once)",
    tag: "Credential definitions",
    auth: "secret",
    scope: "definitions:write",
    body: createCredentialDefinitionBody,
    success: { status: 201, schema: credentialDefinition },
    errors: [
      validation,
      { status: 409, codes: ["credential_definition_conflict"] },
      notPublishable,
    ],
  },
  {
    id: "listCredentialDefinitions",
    method: "GET",
    path: "/v1/issuer/credential-definitions",
    summary: "List credential definitions",
    tag: "Credential definitions",
    auth: "secret",
    scope: "definitions:read",
    query: listCredentialDefinitionsQuery,
    success: { status: 200, schema: credentialDefinitionList },
    errors: [validation],
  },
  {
    id: "getCredentialDefinition",
    method: "GET",
    path: "/v1/issuer/credential-definitions/{credentialDefinitionId}",
    summary: "Get a credential definition",
    tag: "Credential definitions",
    auth: "secret",
    scope: "definitions:read",
    success: { status: 200, schema: credentialDefinition },
    errors: [definitionNotFound],
  },
  {
    id: "updateCredentialDefinition",
    method: "PATCH",
    path: "/v1/issuer/credential-definitions/{credentialDefinitionId}",
    summary: "Change a draft",
    tag: "Credential definitions",
    auth: "secret",
    scope: "definitions:write",
    body: updateCredentialDefinitionBody,
    success: { status: 200, schema: credentialDefinition },
    errors: [
      validation,
      definitionNotFound,
      {
        status: 409,
        codes: [
          "published_credential_definition_immutable",
          "archived_credential_definition_immutable",
          "global_credential_definition_read_only",
        ],
      },
    ],
  },
  {
    id: "publishCredentialDefinition",
    method: "POST",
    path: "/v1/issuer/credential-definitions/{credentialDefinitionId}/publish",
    summary: "Publish a draft (a published one is answered unchanged)",
    tag: "Credential definitions",
    auth: "secret",
    scope: "definitions:write",
    success: { status: 200, schema: credentialDefinition },
    errors: [
      definitionNotFound,
      {
        status: 409,
        codes: [
          "archived_credential_definition_immutable",
          "global_credential_definition_read_only",
        ],
      },
      notPublishable,
    ],
  },
  {
    id: "archiveCredentialDefinition",
    method: "POST",
    path: "/v1/issuer/credential-definitions/{credentialDefinitionId}/archive",
    summary: "Archive a credential definition",
    tag: "Credential definitions",
    auth: "secret",
    scope: "definitions:write",
    success: { status: 200, schema: credentialDefinition },
    errors: [
      definitionNotFound,
      { status: 409, codes: ["global_credential_definition_read_only"] },
    ],
  },
  {
    id: "createOffer",
    method: "POST",
    path: "/v1/openid4vc/issuance/offer",
    summary: "Create a credential offer (the only answer with the wallet hand-off)",
    tag: "Issuance",
    auth: "secret",
    scope: "issuance:write",
    body: createOfferBody,
    success: { status: 201, schema: issuanceOffer },
    errors: [validation, definitionNotFound],
  },
  {
    id: "listIssuanceSessions",
    method: "GET",
    path: "/v1/openid4vc/issuance",
    summary: "List issuance sessions (history and reconciliation; no hand-off data)",
    tag: "Issuance",
    auth: "secret",
    scope: "issuance:read",
    query: listIssuanceQuery,
    success: { status: 200, schema: issuanceList },
    errors: [validation],
  },
  {
    id: "getIssuanceSession",
    method: "GET",
    path: "/v1/openid4vc/issuance/{issuanceId}",
    summary: "Get an issuance session",
    tag: "Issuance",
    auth: "secret",
    scope: "issuance:read",
    success: { status: 200, schema: issuanceSession },
    errors: [notFound],
  },
  {
    id: "cancelIssuanceSession",
    method: "POST",
    path: "/v1/openid4vc/issuance/{issuanceId}/cancel",
    summary: "Cancel an open offer",
    tag: "Issuance",
    auth: "secret",
    scope: "issuance:write",
    success: { status: 200, schema: issuanceSession },
    errors: [notFound, { status: 409, codes: ["issuance_not_cancelable"] }],
  },
  {
    id: "revokeIssuedCredential",
    method: "POST",
    path: "/v1/openid4vc/issuance/{issuanceId}/revoke",
    summary: "Revoke the issued credential (status stays credential_issued)",
    tag: "Issuance",
    auth: "secret",
    scope: "issuance:write",
    success: { status: 200, schema: issuanceSession },
    errors: [notFound, { status: 409, codes: ["issuance_not_revocable"] }],
  },
  {
    id: "createPolicy",
    method: "POST",
    path: "/v1/policies",
    summary: "Create a custom policy",
    tag: "Policies",
    auth: "secret",
    scope: "policies:write",
    body: createPolicyBody,
    success: { status: 201, schema: policy },
    errors: [validation, definitionNotFound],
  },
  {
    id: "listPolicies",
    method: "GET",
    path: "/v1/policies",
    summary: "List the project's policies (presets are not listed)",
    tag: "Policies",
    auth: "secret",
    scope: "policies:read",
    query: listPoliciesQuery,
    success: { status: 200, schema: policyList },
    errors: [validation],
  },
  {
    id: "getPolicy",
    method: "GET",
    path: "/v1/policies/{policyId}",
    summary: "Get a policy or a built-in preset",
    tag: "Policies",
    auth: "secret",
    scope: "policies:read",
    success: { status: 200, schema: policy },
    errors: [notFound],
  },
  {
    id: "archivePolicy",
    method: "POST",
    path: "/v1/policies/{policyId}/archive",
    summary: "Archive a policy",
    tag: "Policies",
    auth: "secret",
    scope: "policies:write",
    success: { status: 200, schema: policy },
    errors: [notFound, { status: 409, codes: ["preset_policy_read_only"] }],
  },
  {
    id: "createVerification",
    method: "POST",
    path: "/v1/verifications",
    summary: "Create a verification (the only answer with the client token and wallet URI)",
    tag: "Verifications",
    auth: "secret",
    scope: "verifications:write",
    body: createVerificationBody,
    success: { status: 201, schema: createdVerification },
    errors: [{ status: 400, codes: ["validation_error", "invalid_policy"] }],
  },
  {
    id: "listVerifications",
    method: "GET",
    path: "/v1/verifications",
    summary: "List verifications",
    tag: "Verifications",
    auth: "secret",
    scope: "verifications:read",
    query: listVerificationsQuery,
    success: { status: 200, schema: verificationList },
    errors: [validation],
  },
  {
    id: "getVerification",
    method: "GET",
    path: "/v1/verifications/{verificationId}",
    summary: "Get a verification (never its client token)",
    tag: "Verifications",
    auth: "secret",
    scope: "verifications:read",
    success: { status: 200, schema: verification },
    errors: [notFound],
  },
  {
    id: "getVerificationStatus",
    method: "GET",
    path: "/v1/verifications/{verificationId}/status",
    summary: "Read a verification's status (server, or browser with the client token)",
    tag: "Verifications",
    auth: "secret_or_client_token",
    scope: "verifications:read",
    success: { status: 200, schema: verificationStatus },
    errors: browserReadErrors,
  },
  {
    id: "streamVerificationStatus",
    method: "GET",
    path: "/v1/verifications/{verificationId}/events",
    summary:
      "Server-Sent Events: `event: status` with the status object at once and on every change",
    tag: "Verifications",
    auth: "secret_or_client_token",
    scope: "verifications:read",
    success: { status: 200, schema: null },
    errors: browserReadErrorsAndRealtime,
  },
  {
    id: "getVerificationResult",
    method: "GET",
    path: "/v1/verifications/{verificationId}/result",
    summary: "The signed result, once the verification has ended",
    tag: "Verifications",
    auth: "secret",
    scope: "verifications:read",
    success: { status: 200, schema: verificationResult },
    errors: [notFound, { status: 409, codes: ["verification_not_finished"] }],
  },
  {
    id: "cancelVerification",
    method: "POST",
    path: "/v1/verifications/{verificationId}/cancel",
    summary: "Cancel an open verification",
    tag: "Verifications",
    auth: "secret",
    scope: "verifications:write",
    success: { status: 200, schema: verification },
    errors: [notFound, { status: 409, codes: ["verification_not_cancelable"] }],
  },
  {
    id: "getResultKeys",
    method: "GET",
    path: "/v1/.well-known/jwks.json",
    summary: "Public keys that verify `result_token`",
    tag: "Verifications",
    auth: "none",
    success: { status: 200, schema: jwks },
    errors: [],
  },
];

/** Every error an operation may answer, merged by status. */
export function operationErrors(operation: Operation): OperationError[] {
  const all = [
    ...operation.errors,
    ...(operation.auth === "secret" ? SECRET_KEY_ERRORS : []),
    ...(operation.method === "POST" ? IDEMPOTENCY_ERRORS : []),
    ...(operation.method === "GET" ? [] : BODY_ERRORS),
    ...(operation.path.includes("{") ? PATH_PARAMETER_ERRORS : []),
    ...COMMON_ERRORS,
  ];
  const byStatus = new Map<number, Set<string>>();
  for (const { status, codes } of all) {
    const set = byStatus.get(status) ?? new Set();
    for (const code of codes) set.add(code);
    byStatus.set(status, set);
  }
  return [...byStatus]
    .sort(([a], [b]) => a - b)
    .map(([status, codes]) => ({ status, codes: [...codes] }));
}

// Compiled on first use, so that bundles which never match paths keep none of it.
let compiled: { operation: Operation; names: string[]; regex: RegExp }[] | undefined;
const compile = () =>
  OPERATIONS.map((operation) => ({
    operation,
    names: [...operation.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!),
    regex: new RegExp(
      `^${operation.path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{\w+\}/g, "([^/]+)")}$`,
    ),
  }));

/** The operation serving `method path` (path below the base URL), with its path parameters. */
export function findOperation(
  method: string,
  path: string,
): { operation: Operation; params: Record<string, string> } | undefined {
  compiled ??= compile();
  for (const { operation, names, regex } of compiled) {
    if (operation.method !== method) continue;
    const match = regex.exec(path);
    if (!match) continue;
    const params: Record<string, string> = {};
    names.forEach((name, index) => {
      params[name] = match[index + 1]!;
    });
    return { operation, params };
  }
  return undefined;
}
