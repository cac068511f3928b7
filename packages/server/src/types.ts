/** camelCase shapes of the resources, as the client returns them. */

export type LifecycleStatus = "draft" | "published" | "archived";

export interface ClaimEntry {
  /** Nested path segments, e.g. `["address", "locality"]`. */
  path: string[];
  mandatory?: boolean;
  /** Wallet-visible names. */
  display?: { name: string; locale?: string }[];
}

export interface CredentialDefinition {
  object: "credential_definition";
  credentialDefinitionId: string;
  vct: string | null;
  format: string;
  title: string | null;
  aliases: string[];
  rendering: Record<string, unknown> | null;
  claims: ClaimEntry[];
  lifecycleStatus: LifecycleStatus;
  metadata: unknown;
  /** A global definition, shared by every project and read-only. */
  global: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface CredentialDefinitionInput {
  credentialDefinitionId: string;
  vct?: string;
  format?: "dc+sd-jwt" | (string & {});
  title?: string;
  aliases?: string[];
  rendering?: Record<string, unknown>;
  claims?: ClaimEntry[];
  /** Management metadata: any JSON within the documented limits; never shown to wallets. */
  metadata?: unknown;
}

export type CredentialDefinitionUpdate = Omit<CredentialDefinitionInput, "credentialDefinitionId">;

export type IssuanceStatus =
  | "offer_created"
  | "ready_to_issue"
  | "token_issued"
  | "credential_issued"
  | "canceled"
  | "expired"
  | "failed";

export interface IssuanceSession {
  object: "openid4vc_issuance";
  id: string;
  status: IssuanceStatus;
  credentialDefinitionId: string;
  issuanceMode: "InTime";
  metadata: Record<string, string>;
  /** Absent before issuance; `active` once issued; `revoked` after revoke. */
  credentialStatus?: "active" | "revoked";
  revokedAt?: string;
  createdAt: string;
  updatedAt: string;
  expiresAt: string;
  livemode: boolean;
}

/** Returned by `createOffer` only: the wallet hand-off. Treat `offerUri` like a secret link. */
export interface IssuanceOffer extends IssuanceSession {
  offerUri: string;
  offerQrUri: string;
  /** Present when a transaction code was asked for; show it to the holder out of band. */
  txCode?: string;
}

export type CreateOfferInput = (
  | { credentialDefinitionId: string; vct?: never }
  | { vct: string; credentialDefinitionId?: never }
) & {
  /** Nested objects following the definition's claim paths. */
  claims: Record<string, unknown>;
  issuanceMode?: "InTime";
  /** String-to-string map. */
  metadata?: Record<string, string>;
  /** Ask for a numeric transaction code the wallet must present. */
  txCode?: { length?: number };
};

export interface Policy {
  object: "policy";
  policyId: string;
  name: string;
  status: "active" | "archived";
  preset: boolean;
  credentialDefinitionId?: string;
  vct: string;
  fields: { path: string[] }[];
  createdAt: string;
}

export type CreatePolicyInput = (
  | { credentialDefinitionId: string; vct?: never }
  | { vct: string; credentialDefinitionId?: never }
) & {
  name: string;
  /** Every field is requested from the wallet and returned in the result. */
  fields: { path: string[] }[];
};

export type VerificationStatusValue =
  | "pending"
  | "in_progress"
  | "verified"
  | "failed"
  | "expired"
  | "canceled";
export type FailureCode =
  | "presentation_invalid"
  | "claims_missing"
  | "credential_revoked"
  | "credential_expired"
  | "wallet_rejected"
  | (string & {});

export interface Verification {
  object: "verification";
  id: string;
  status: VerificationStatusValue;
  /** Only when status is failed. */
  failureCode?: FailureCode;
  policyId: string;
  customerUserRef: string | null;
  metadata: Record<string, string>;
  expiresAt: string;
  createdAt: string;
  updatedAt: string;
  livemode: boolean;
}

/** Returned by `verifications.create` only. */
export interface CreatedVerification extends Verification {
  /** For browser status reads with the publishable key; lives as long as the verification. */
  clientToken: string;
  /** `openid4vp://…`: render as a QR code or a wallet link. */
  authorizationRequestUri: string;
}

export interface CreateVerificationInput {
  policyId: string;
  customerUserRef?: string;
  metadata?: Record<string, string>;
}

export interface VerificationStatus {
  object: "verification_status";
  id: string;
  status: VerificationStatusValue;
  failureCode?: FailureCode;
  expiresAt: string;
}

export interface VerificationResult {
  object: "verification_result";
  verificationId: string;
  status: VerificationStatusValue;
  failureCode?: FailureCode;
  policyId: string;
  customerUserRef: string | null;
  /** Exactly the policy's fields, nested by path. */
  claims: Record<string, unknown>;
  /** JWS over the same content, verifiable with the service's JWKS. */
  resultToken: string;
}

/** Options every method accepts. */
export interface RequestOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  maxRetries?: number;
}

/** Options of methods that create or change something. */
export interface WriteOptions extends RequestOptions {
  /** Defaults to a generated UUID, kept across retries. */
  idempotencyKey?: string;
}

export interface ListParams extends RequestOptions {
  /** 1..100, default 20. */
  limit?: number;
  cursor?: string;
}
