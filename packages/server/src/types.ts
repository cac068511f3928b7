/**
 * The shapes the client takes and returns: the wire contract's types (`@credport/core/contract`),
 * in camelCase throughout. Issuance and definitions are camelCase on the wire already; policies
 * and verifications are snake_case there and mapped key by key (`CamelCased`).
 */
import type {
  ClaimEntryInput,
  CreateCredentialDefinitionBody,
  CreatedVerificationWire,
  CreateOfferBody,
  CreatePolicyBody,
  CreateVerificationBody,
  CredentialDefinitionWire,
  IssuanceOfferWire,
  IssuanceSessionWire,
  PolicyWire,
  UpdateCredentialDefinitionBody,
  VerificationResultWire,
  VerificationStatusWire,
  VerificationWire,
} from "@credport/core/contract";

export type {
  FailureCode,
  IssuanceStatus,
  LifecycleStatus,
  VerificationStatusValue,
} from "@credport/core/contract";

/** `snake_case` → `snakeCase`. */
export type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S;

/** An object with its top-level keys in camelCase (nested caller data keeps its keys). */
export type CamelCased<T> = T extends unknown
  ? { [K in keyof T as K extends string ? CamelCase<K> : K]: T[K] }
  : never;

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

export type Policy = CamelCased<PolicyWire>;

/** `policies.create` input: exactly one of `credentialDefinitionId` and `vct`. */
export type CreatePolicyInput = CamelCased<
  Omit<CreatePolicyBody, "credential_definition_id" | "vct">
> &
  OneOf<{ credentialDefinitionId: string }, { vct: string }>;

export type Verification = CamelCased<VerificationWire>;

/**
 * Returned by `verifications.create` only: adds `clientToken` and `authorizationRequestUri`, and
 * in the emulator's test environments `testWalletUrl` (its wallet page for this request).
 */
export type CreatedVerification = CamelCased<CreatedVerificationWire>;

export type CreateVerificationInput = CamelCased<CreateVerificationBody>;

export type VerificationStatus = CamelCased<VerificationStatusWire>;

export type VerificationResult = CamelCased<VerificationResultWire>;

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
