import type * as z from "zod/mini";
import { OPERATION_SCHEMAS } from "./operation-schemas.js";
import { OPERATION_ROUTES, type OperationId, type OperationRoute } from "./routes.js";

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
 * One operation of the REST API: its route (`OPERATION_ROUTES`), its schemas (`OPERATION_SCHEMAS`)
 * and its documentation, joined by operation ID. OpenAPI and the conformance checks read it; the
 * mock's routes and the server client read the route index and the schemas by the same IDs.
 */
export interface Operation extends OperationRoute {
  /** Stable name, used as the OpenAPI `operationId`. */
  id: OperationId;
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

/** What the operations table adds to a route and its schemas: the documentation. */
type OperationDocs = Pick<Operation, "summary" | "tag" | "auth" | "scope" | "errors"> & {
  status: Operation["success"]["status"];
};

const DOCUMENTATION: Record<OperationId, OperationDocs> = {
  createCredentialDefinition: {
    summary: "Create a credential definition (a draft, or published at once)",
    tag: "Credential definitions",
    auth: "secret",
    scope: "definitions:write",
    status: 201,
    errors: [
      validation,
      { status: 409, codes: ["credential_definition_conflict"] },
      notPublishable,
    ],
  },
  listCredentialDefinitions: {
    summary: "List credential definitions",
    tag: "Credential definitions",
    auth: "secret",
    scope: "definitions:read",
    status: 200,
    errors: [validation],
  },
  getCredentialDefinition: {
    summary: "Get a credential definition",
    tag: "Credential definitions",
    auth: "secret",
    scope: "definitions:read",
    status: 200,
    errors: [definitionNotFound],
  },
  updateCredentialDefinition: {
    summary: "Change a draft",
    tag: "Credential definitions",
    auth: "secret",
    scope: "definitions:write",
    status: 200,
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
  publishCredentialDefinition: {
    summary: "Publish a draft (a published one is answered unchanged)",
    tag: "Credential definitions",
    auth: "secret",
    scope: "definitions:write",
    status: 200,
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
  archiveCredentialDefinition: {
    summary: "Archive a credential definition",
    tag: "Credential definitions",
    auth: "secret",
    scope: "definitions:write",
    status: 200,
    errors: [
      definitionNotFound,
      { status: 409, codes: ["global_credential_definition_read_only"] },
    ],
  },
  createOffer: {
    summary: "Create a credential offer (the only answer with the wallet hand-off)",
    tag: "Issuance",
    auth: "secret",
    scope: "issuance:write",
    status: 201,
    errors: [validation, definitionNotFound],
  },
  listIssuanceSessions: {
    summary: "List issuance sessions (history and reconciliation; no hand-off data)",
    tag: "Issuance",
    auth: "secret",
    scope: "issuance:read",
    status: 200,
    errors: [validation],
  },
  getIssuanceSession: {
    summary: "Get an issuance session",
    tag: "Issuance",
    auth: "secret",
    scope: "issuance:read",
    status: 200,
    errors: [notFound],
  },
  cancelIssuanceSession: {
    summary: "Cancel an open offer",
    tag: "Issuance",
    auth: "secret",
    scope: "issuance:write",
    status: 200,
    errors: [notFound, { status: 409, codes: ["issuance_not_cancelable"] }],
  },
  getIssuanceTimeline: {
    summary:
      "The steps of an issuance session, in order: created, offer fetched, token, credential issued or refused, final status, webhook delivery attempts",
    tag: "Issuance",
    auth: "secret",
    scope: "issuance:read",
    status: 200,
    errors: [notFound],
  },
  revokeIssuedCredential: {
    summary: "Revoke the issued credential (status stays credential_issued)",
    tag: "Issuance",
    auth: "secret",
    scope: "issuance:write",
    status: 200,
    errors: [notFound, { status: 409, codes: ["issuance_not_revocable"] }],
  },
  createPolicy: {
    summary: "Create a custom policy",
    tag: "Policies",
    auth: "secret",
    scope: "policies:write",
    status: 201,
    errors: [validation, definitionNotFound],
  },
  listPolicies: {
    summary: "List the project's policies (presets are not listed)",
    tag: "Policies",
    auth: "secret",
    scope: "policies:read",
    status: 200,
    errors: [validation],
  },
  getPolicy: {
    summary: "Get a policy or a built-in preset",
    tag: "Policies",
    auth: "secret",
    scope: "policies:read",
    status: 200,
    errors: [notFound],
  },
  archivePolicy: {
    summary: "Archive a policy",
    tag: "Policies",
    auth: "secret",
    scope: "policies:write",
    status: 200,
    errors: [notFound, { status: 409, codes: ["preset_policy_read_only"] }],
  },
  createVerification: {
    summary: "Create a verification (the only answer with the client token and wallet URI)",
    tag: "Verifications",
    auth: "secret",
    scope: "verifications:write",
    status: 201,
    errors: [{ status: 400, codes: ["validation_error", "invalid_policy"] }],
  },
  listVerifications: {
    summary: "List verifications",
    tag: "Verifications",
    auth: "secret",
    scope: "verifications:read",
    status: 200,
    errors: [validation],
  },
  getVerification: {
    summary: "Get a verification (never its client token)",
    tag: "Verifications",
    auth: "secret",
    scope: "verifications:read",
    status: 200,
    errors: [notFound],
  },
  getVerificationStatus: {
    summary: "Read a verification's status (server, or browser with the client token)",
    tag: "Verifications",
    auth: "secret_or_client_token",
    scope: "verifications:read",
    status: 200,
    errors: browserReadErrors,
  },
  streamVerificationStatus: {
    summary:
      "Server-Sent Events: `event: status` with the status object at once and on every change",
    tag: "Verifications",
    auth: "secret_or_client_token",
    scope: "verifications:read",
    status: 200,
    errors: browserReadErrorsAndRealtime,
  },
  getVerificationResult: {
    summary: "The signed result, once the verification has ended",
    tag: "Verifications",
    auth: "secret",
    scope: "verifications:read",
    status: 200,
    errors: [notFound, { status: 409, codes: ["verification_not_finished"] }],
  },
  getVerificationTimeline: {
    summary:
      "The steps of a verification, in order: created, request fetched, answer received, each check with its outcome, final status, webhook delivery attempts",
    tag: "Verifications",
    auth: "secret",
    scope: "verifications:read",
    status: 200,
    errors: [notFound],
  },
  submitDcApiResponse: {
    summary:
      "Hand over a Digital Credentials API answer: what `navigator.credentials.get()` resolved with, `{ protocol, data }` unchanged (server, or browser with the client token)",
    tag: "Verifications",
    auth: "secret_or_client_token",
    scope: "verifications:write",
    status: 200,
    errors: [
      validation,
      browserUnauthenticated,
      browserForbidden,
      notFound,
      { status: 409, codes: ["verification_invalid_state"] },
    ],
  },
  cancelVerification: {
    summary: "Cancel an open verification",
    tag: "Verifications",
    auth: "secret",
    scope: "verifications:write",
    status: 200,
    errors: [notFound, { status: 409, codes: ["verification_not_cancelable"] }],
  },
  getResultKeys: {
    summary: "Public keys that verify `result_token`",
    tag: "Verifications",
    auth: "none",
    status: 200,
    errors: [],
  },
};

/**
 * Every operation, in the route index's order. Built by a call marked pure, so that bundles which
 * never read the table (the server client reads the index and the schemas) keep none of it.
 */
export const OPERATIONS: readonly Operation[] = /* @__PURE__ */ joinOperations();

function joinOperations(): Operation[] {
  return (Object.keys(OPERATION_ROUTES) as OperationId[]).map((id) => {
    const { query, body, answer } = OPERATION_SCHEMAS[id];
    const { status, ...docs } = DOCUMENTATION[id];
    return {
      id,
      ...OPERATION_ROUTES[id],
      ...docs,
      ...(query ? { query } : {}),
      ...(body ? { body } : {}),
      success: { status, schema: answer },
    };
  });
}

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
