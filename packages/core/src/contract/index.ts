export { checkRequestConforms, checkResponseConforms } from "./conformance.js";
export {
  type ClaimEntryInput,
  CREDENTIAL_DEFINITION_ID_PATTERN,
  type CreateCredentialDefinitionBody,
  type CredentialDefinitionWire,
  claimEntryInput,
  createCredentialDefinitionBody,
  credentialDefinition,
  credentialDefinitionId,
  credentialDefinitionList,
  LIFECYCLE_STATUSES,
  type LifecycleStatus,
  lifecycleStatus,
  listCredentialDefinitionsQuery,
  type UpdateCredentialDefinitionBody,
  updateCredentialDefinitionBody,
} from "./credential-definitions.js";
export { type ErrorBody, errorBody } from "./error-body.js";
export {
  FAILURE_CHECKS,
  type FailureCheck,
  type FailureDetail,
  type KnownFailureCheck,
  TIMELINE_STEPS,
  type TimelineEntry,
  type TimelineStep,
} from "./failure-checks.js";
export {
  type FailureDetailWire,
  failureDetail,
  type TimelineWire,
  timeline,
  timelineEntry,
} from "./failure-detail.js";
export {
  type ContractIssue,
  type DescribeOptions,
  describeFirstIssue,
  type FieldProblem,
  formatIssuePath,
} from "./first-issue.js";
export {
  type CreateOfferBody,
  createOfferBody,
  ISSUANCE_STATUSES,
  type IssuanceOfferWire,
  type IssuanceSessionWire,
  type IssuanceStatus,
  issuanceList,
  issuanceOffer,
  issuanceSession,
  issuanceStatus,
  listIssuanceQuery,
} from "./issuance.js";
export {
  CLAIM_LEAF_RULE,
  CLAIM_VALUE_LIMITS,
  claimLeaf,
  DEFINITION_METADATA_LIMITS,
  definitionMetadata,
  definitionRendering,
  findJsonProblem,
  type JsonLimits,
  offerClaims,
} from "./json-limits.js";
export {
  CLIENT_TOKEN_PREFIX,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  PUBLISHABLE_KEY_PATTERN,
  SECRET_KEY_PATTERN,
  WEBHOOK_SECRET_PATTERN,
} from "./key-shapes.js";
export { camelList, listCursor, listLimit, plainListQuery, snakeList } from "./lists.js";
export { createOpenApiDocument } from "./openapi.js";
export { OPERATION_SCHEMAS, type OperationSchemas } from "./operation-schemas.js";
export {
  BODY_ERRORS,
  COMMON_ERRORS,
  findOperation,
  IDEMPOTENCY_ERRORS,
  OPERATIONS,
  type Operation,
  type OperationAuth,
  type OperationError,
  operationErrors,
  PATH_PARAMETER_ERRORS,
  SECRET_KEY_ERRORS,
} from "./operations.js";
export {
  type CreatePolicyBody,
  createPolicyBody,
  FIELD_VALUES_LIMITS,
  type FieldValue,
  listPoliciesQuery,
  type PolicyWire,
  policy,
  policyList,
} from "./policies.js";
export { OPERATION_ROUTES, type OperationId, type OperationRoute } from "./routes.js";
export {
  claimPath,
  declarableClaimPath,
  exactlyOne,
  isPlainObject,
  oneOf,
  PATH_RULE,
  PROTOTYPE_KEY_RULE,
  PROTOTYPE_KEYS,
  RESERVED_CLAIMS_AT_ANY_LEVEL,
  RESERVED_TOP_LEVEL_CLAIMS,
  resourceId,
  rule,
  STRING_MAP_LIMITS,
  stringMap,
  text,
  timestamp,
} from "./rules.js";
export {
  type CreatedVerificationWire,
  type CreateVerificationBody,
  createdVerification,
  createVerificationBody,
  type DcApiRequestWire,
  type DcApiResponseBody,
  dcApiRequest,
  dcApiResponseBody,
  EXPECTED_ORIGINS_MAX,
  FAILURE_CODES,
  type FailureCode,
  jwks,
  type KnownFailureCode,
  listVerificationsQuery,
  VERIFICATION_STATUSES,
  type VerificationResultWire,
  type VerificationStatusValue,
  type VerificationStatusWire,
  type VerificationWire,
  verification,
  verificationList,
  verificationResult,
  verificationStatus,
  verificationStatusValue,
} from "./verifications.js";
export {
  ISSUANCE_EVENT_TYPES,
  issuanceEvent,
  VERIFICATION_EVENT_TYPES,
  verificationEvent,
  WEBHOOK_EVENT_TYPES,
  type WebhookEventType,
  type WebhookEventWire,
} from "./webhook-events.js";
