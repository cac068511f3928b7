/**
 * The shapes the client takes and returns: the wire contract's types (`@credport/core/contract`),
 * in camelCase throughout, written out as named interfaces, one file per resource (types/).
 * Issuance and definitions are camelCase on the wire already; policies and verifications are
 * snake_case there and mapped key by key at run time (wire.ts).
 */

export type {
  FailureCheck,
  FailureCode,
  FailureDetail,
  IssuanceStatus,
  KnownFailureCheck,
  LifecycleStatus,
  TimelineEntry,
  TimelineStep,
  VerificationStatusValue,
} from "@credport/core/contract";

export type {
  ClaimDisplay,
  ClaimEntry,
  CredentialDefinition,
  CredentialDefinitionClaim,
  CredentialDefinitionInput,
  CredentialDefinitionUpdate,
} from "./types/credential-definitions.js";
export type { CreateOfferInput, IssuanceOffer, IssuanceSession } from "./types/issuance.js";
export type { CreatePolicyInput, Policy, PolicyField } from "./types/policies.js";
export type {
  CreatedVerification,
  CreateVerificationInput,
  DcApiRequest,
  DcApiResponse,
  Timeline,
  Verification,
  VerificationResult,
  VerificationStatus,
} from "./types/verifications.js";

/** Options every method accepts. */
export interface RequestOptions {
  signal?: AbortSignal | undefined;
  timeoutMs?: number | undefined;
  maxRetries?: number | undefined;
}

/** Options of methods that create or change something. */
export interface WriteOptions extends RequestOptions {
  /** Defaults to a generated UUID, kept across retries. */
  idempotencyKey?: string | undefined;
}

export interface ListParams extends RequestOptions {
  /** 1..100, default 20. */
  limit?: number | undefined;
  cursor?: string | undefined;
}
