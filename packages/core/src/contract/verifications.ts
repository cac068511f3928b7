import * as z from "zod/mini";
import { EXPECTED_ORIGIN_RULE, isExpectedOrigin } from "../expected-origin.js";
import { FAILURE_CODES } from "./failure-codes.js";
import { failureDetail } from "./failure-detail.js";
import { listPage, snakeList } from "./lists.js";
import {
  isPlainObject,
  jsonObject,
  oneOf,
  rule,
  stringMap,
  testWalletLink,
  text,
  timestamp,
} from "./rules.js";

/** Verifications: snake_case on the wire. */

export const VERIFICATION_STATUSES = [
  "pending",
  "in_progress",
  "verified",
  "failed",
  "expired",
  "canceled",
] as const;
export const verificationStatusValue = oneOf(VERIFICATION_STATUSES);

/** `failure_code` values, present only when the status is `failed` (see FAILURE_CODES). */
export { FAILURE_CODES };
export const failureCode = z.string();

/** How many origins `expected_origins` takes at most. */
export const EXPECTED_ORIGINS_MAX = 5;

/** `POST /v1/verifications`. */
export const createVerificationBody = z.object(
  {
    /** A built-in preset or an active policy of the project. */
    policy_id: text(100),
    /** Your reference for the user, returned with the result. */
    customer_user_ref: z.optional(z.nullable(text(200))),
    /** String-to-string map. */
    metadata: z.optional(stringMap),
    /**
     * The origins of the pages that may ask a wallet through the Digital Credentials API (1 to 5
     * exact origins). With it, the answer carries `dc_api_requests`.
     */
    expected_origins: z.optional(expectedOrigins()),
  },
  { error: "must be a JSON object" },
);

/** `expected_origins`: 1 to `EXPECTED_ORIGINS_MAX` exact origins (`EXPECTED_ORIGIN_RULE`). */
function expectedOrigins() {
  const wording = { error: EXPECTED_ORIGIN_RULE };
  return z
    .array(z.string().check(z.refine(isExpectedOrigin, wording)), {
      error: rule(EXPECTED_ORIGIN_RULE),
    })
    .check(z.minLength(1, wording), z.maxLength(EXPECTED_ORIGINS_MAX, wording));
}

/**
 * `{ protocol, data }`: one request for `navigator.credentials.get({ digital: { requests } })` as
 * the service made it (`protocol`: `openid4vp-v1-signed`, `openid4vp-v1-unsigned`,
 * `org-iso-mdoc`, …), and the body of `POST /v1/verifications/{id}/dc-api-response`: what the
 * browser's `get()` resolved with, unchanged (`data`: `{ response }`, `{ vp_token }`, or a
 * wallet's `{ error }`). One schema for both: it is in the server's edge bundle.
 */
export const dcApiRequest = z.object(
  {
    protocol: text(100),
    data: z.custom<Record<string, unknown>>(isPlainObject, {
      error: rule("must be a JSON object"),
    }),
  },
  { error: "must be a JSON object" },
);
export const dcApiResponseBody = dcApiRequest;

/** `GET /v1/verifications` query. */
export const listVerificationsQuery = z.object({
  ...listPage,
  status: z.optional(verificationStatusValue),
});

const verificationShape = {
  object: z.literal("verification"),
  id: z.string(),
  status: verificationStatusValue,
  failure_code: z.optional(failureCode),
  /** Server reads only, with `failed`: which check failed and what it expected. */
  failure_detail: z.optional(failureDetail),
  policy_id: z.string(),
  customer_user_ref: z.nullable(z.string()),
  metadata: stringMap,
  expires_at: timestamp,
  created_at: timestamp,
  updated_at: timestamp,
  livemode: z.boolean(),
};
export const verification = z.object(verificationShape);

/** The answer to verification creation: the only place the client token and the wallet URI appear. */
export const createdVerification = z.object({
  ...verificationShape,
  /** For browser status reads with the publishable key; lives as long as the verification. */
  client_token: z.string(),
  /** `openid4vp://…`: render as a QR code or a wallet link. */
  authorization_request_uri: z.string(),
  /** Test environments of the emulator only: its test wallet page for this request. */
  test_wallet_url: z.optional(testWalletLink),
  /**
   * With `expected_origins` only: the requests to pass as `digital.requests` to
   * `navigator.credentials.get()` (the QR code and link stay the fallback).
   */
  dc_api_requests: z.optional(z.array(dcApiRequest)),
});

/** `GET /v1/verifications/{id}/status`: what a browser may read. */
export const verificationStatus = z.object({
  object: z.literal("verification_status"),
  id: z.string(),
  status: verificationStatusValue,
  failure_code: z.optional(failureCode),
  expires_at: timestamp,
});

/** `GET /v1/verifications/{id}/result`. */
export const verificationResult = z.object({
  object: z.literal("verification_result"),
  verification_id: z.string(),
  status: verificationStatusValue,
  failure_code: z.optional(failureCode),
  /** With `failed`: which check failed and what it expected (in `result_token` too). */
  failure_detail: z.optional(failureDetail),
  policy_id: z.string(),
  customer_user_ref: z.nullable(z.string()),
  /** Exactly the policy's fields, nested by path (`{}` unless verified). */
  claims: jsonObject,
  /** ES256 JWS over the same content, verifiable with `GET /v1/.well-known/jwks.json`. */
  result_token: z.string(),
});

/** `GET /v1/.well-known/jwks.json`: the keys that sign result tokens. */
export const jwks = z.object({
  /** JWKs (RFC 7517): `kty`, `kid`, `crv`, `x`, `y`, … */
  keys: z.array(jsonObject),
});

export const verificationList = snakeList(verification);

export type CreateVerificationBody = z.output<typeof createVerificationBody>;
export type DcApiRequestWire = z.output<typeof dcApiRequest>;
export type DcApiResponseBody = z.output<typeof dcApiResponseBody>;
export type VerificationWire = z.output<typeof verification>;
export type CreatedVerificationWire = z.output<typeof createdVerification>;
export type VerificationStatusWire = z.output<typeof verificationStatus>;
export type VerificationResultWire = z.output<typeof verificationResult>;
export type VerificationStatusValue = (typeof VERIFICATION_STATUSES)[number];
export type { FailureCode, KnownFailureCode } from "./failure-codes.js";
