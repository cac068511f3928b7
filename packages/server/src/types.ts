/**
 * The shapes the client takes and returns: the wire contract's types (`@credport/core/contract`),
 * in camelCase throughout. Issuance and definitions are camelCase on the wire already; policies
 * and verifications are snake_case there, written out as named interfaces in camelCase (types/)
 * and mapped key by key at run time (wire.ts).
 */
import type {
  ClaimEntryInput,
  CreateCredentialDefinitionBody,
  CreateOfferBody,
  CredentialDefinitionWire,
  IssuanceOfferWire,
  IssuanceSessionWire,
  UpdateCredentialDefinitionBody,
} from "@credport/core/contract";

export type {
  FailureCode,
  IssuanceStatus,
  LifecycleStatus,
  VerificationStatusValue,
} from "@credport/core/contract";

export type { CreatePolicyInput, Policy, PolicyField } from "./types/policies.js";
export type {
  CreatedVerification,
  CreateVerificationInput,
  Verification,
  VerificationResult,
  VerificationStatus,
} from "./types/verifications.js";

/** Exactly one of two shapes' keys. */
type OneOf<A, B> = (A & { [K in keyof B]?: never }) | (B & { [K in keyof A]?: never });

/** One claim a definition declares: `path` (nested segments), `mandatory`, wallet-visible `display`. */
export type ClaimEntry = ClaimEntryInput;

export type CredentialDefinition = CredentialDefinitionWire;

/** What `create` and `createDraft` take (the lifecycle status is set by the method). */
export type CredentialDefinitionInput = Omit<CreateCredentialDefinitionBody, "lifecycleStatus">;

/** What `update` takes: the editable fields of a draft. */
export type CredentialDefinitionUpdate = Omit<
  UpdateCredentialDefinitionBody,
  "credentialDefinitionId" | "lifecycleStatus"
>;

export type IssuanceSession = IssuanceSessionWire;

/** Returned by `createOffer` only: the wallet hand-off. Treat `offerUri` like a secret link. */
export type IssuanceOffer = IssuanceOfferWire;

/** `createOffer` input: exactly one of `credentialDefinitionId` and `vct`. */
export type CreateOfferInput = Omit<CreateOfferBody, "credentialDefinitionId" | "vct"> &
  OneOf<{ credentialDefinitionId: string }, { vct: string }>;

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
