/**
 * The verification shapes the client takes and returns: the contract's (`@credport/core/contract`,
 * verifications.ts) written out in camelCase, so that an editor shows their fields. The wire is
 * snake_case; the client maps the top-level keys. `test/types.test-d.ts` holds each equal to the
 * contract's type, camelCased: a field changed in the contract fails `pnpm typecheck` here.
 */
import type {
  FailureDetail,
  TimelineEntry,
  VerificationStatusValue,
} from "@credport/core/contract";

/** `verifications.create` input. */
export interface CreateVerificationInput {
  /** A built-in preset or an active policy of the project. */
  policyId: string;
  /** Your reference for the user, returned with the result. */
  customerUserRef?: string | null | undefined;
  /** String-to-string map. */
  metadata?: Record<string, string> | undefined;
  /**
   * The origins of your pages that may ask a wallet through the Digital Credentials API, exactly as
   * browsers write them (1 to 5: `https://host[:port]`, `http://` only for `localhost`,
   * `127.0.0.1`, `[::1]`; no path, no trailing slash). With it, the answer has `dcApiRequests`.
   */
  expectedOrigins?: string[] | undefined;
}

/**
 * A Digital Credentials API request or answer: `{ protocol, data }`. A request goes to the browser
 * as made (`navigator.credentials.get({ digital: { requests } })`); an answer is what `get()`
 * resolved with, unchanged.
 */
export interface DcApiRequest {
  /** e.g. `openid4vp-v1-signed`, `openid4vp-v1-unsigned`, `org-iso-mdoc`. */
  protocol: string;
  data: Record<string, unknown>;
}

/** `verifications.submitDcApiResponse` input: what the browser's `get()` resolved with. */
export interface DcApiResponse {
  /** The protocol of the request the wallet answered. */
  protocol: string;
  /** The wallet's answer, unchanged (`{ response }`, `{ vp_token }`, or a wallet's `{ error }`). */
  data: Record<string, unknown>;
}

/** A verification of a wallet presentation against a policy. */
export interface Verification {
  object: "verification";
  id: string;
  status: VerificationStatusValue;
  /** Why it failed: present only when `status` is `failed` (see `FAILURE_CODES`). */
  failureCode?: string | undefined;
  /**
   * With `failed`: which check failed (`check`, one of `FAILURE_CHECKS`), the claim `path`
   * concerned, and a `message` saying what was expected. Server reads only: never in the
   * browser's status. Never a claim value, key or token.
   */
  failureDetail?: FailureDetail | undefined;
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
  /**
   * With `expectedOrigins` only: the requests to hand to the browser for
   * `navigator.credentials.get({ digital: { requests } })`; the QR code and link stay the fallback.
   */
  dcApiRequests?: DcApiRequest[] | undefined;
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
  /**
   * With `failed`: which check failed (`check`, one of `FAILURE_CHECKS`), the claim `path`
   * concerned, and a `message` saying what was expected. Server reads only: never in the
   * browser's status. Never a claim value, key or token.
   */
  failureDetail?: FailureDetail | undefined;
  policyId: string;
  /** Your reference for the user, as given to `create`. */
  customerUserRef: string | null;
  /** Exactly the policy's fields, nested by path (`{}` unless verified). */
  claims: Record<string, unknown>;
  /** ES256 JWS over the same content, verifiable with `GET /v1/.well-known/jwks.json`. */
  resultToken: string;
}

/**
 * `verifications.timeline` and `issuance.timeline`: the steps of a verification or an issuance
 * session, in order, each with its time (`step`: one of `TIMELINE_STEPS`; `detail`: its
 * particulars, such as a check's outcome or a webhook delivery's HTTP status).
 */
export interface Timeline {
  object: "list";
  data: TimelineEntry[];
}
