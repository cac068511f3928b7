/**
 * The verification shapes the client takes and returns: the contract's (`@credport/core/contract`,
 * verifications.ts) written out in camelCase, so that an editor shows their fields. The wire is
 * snake_case; the client maps the top-level keys. `test/types.test-d.ts` holds each equal to the
 * contract's type, camelCased: a field changed in the contract fails `pnpm typecheck` here.
 */
import type { VerificationStatusValue } from "@credport/core/contract";

/** `verifications.create` input. */
export interface CreateVerificationInput {
  /** A built-in preset or an active policy of the project. */
  policyId: string;
  /** Your reference for the user, returned with the result. */
  customerUserRef?: string | null | undefined;
  /** String-to-string map. */
  metadata?: Record<string, string> | undefined;
}

/** A verification of a wallet presentation against a policy. */
export interface Verification {
  object: "verification";
  id: string;
  status: VerificationStatusValue;
  /** Why it failed: present only when `status` is `failed` (see `FAILURE_CODES`). */
  failureCode?: string | undefined;
  policyId: string;
  /** Your reference for the user, as given to `create`. */
  customerUserRef: string | null;
  /** String-to-string map, as given to `create`. */
  metadata: Record<string, string>;
  /** ISO 8601 timestamp. */
  expiresAt: string;
  /** ISO 8601 timestamp. */
  createdAt: string;
  /** ISO 8601 timestamp. */
  updatedAt: string;
  livemode: boolean;
}

/**
 * Returned by `verifications.create` only: adds `clientToken` and `authorizationRequestUri`, and
 * in the emulator's test environments `testWalletUrl` (its wallet page for this request).
 */
export interface CreatedVerification extends Verification {
  /** For browser status reads with the publishable key; lives as long as the verification. */
  clientToken: string;
  /** `openid4vp://…`: render as a QR code or a wallet link. */
  authorizationRequestUri: string;
  /** Test environments of the emulator only: its test wallet page for this request. */
  testWalletUrl?: string | undefined;
}

/** `verifications.getStatus`: what a browser may read too. */
export interface VerificationStatus {
  object: "verification_status";
  id: string;
  status: VerificationStatusValue;
  /** Why it failed: present only when `status` is `failed` (see `FAILURE_CODES`). */
  failureCode?: string | undefined;
  /** ISO 8601 timestamp. */
  expiresAt: string;
}

/** `verifications.getResult`: the signed result, once the verification has ended. */
export interface VerificationResult {
  object: "verification_result";
  verificationId: string;
  status: VerificationStatusValue;
  /** Why it failed: present only when `status` is `failed` (see `FAILURE_CODES`). */
  failureCode?: string | undefined;
  policyId: string;
  /** Your reference for the user, as given to `create`. */
  customerUserRef: string | null;
  /** Exactly the policy's fields, nested by path (`{}` unless verified). */
  claims: Record<string, unknown>;
  /** ES256 JWS over the same content, verifiable with `GET /v1/.well-known/jwks.json`. */
  resultToken: string;
}
