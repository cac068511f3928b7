import * as z from "zod/mini";
import { plainListQuery, snakeList } from "./lists.js";
import { oneOf, stringMap, text, timestamp } from "./rules.js";

/** Verifications: snake_case on the wire. */

export const VERIFICATION_STATUSES = [
  "pending",
  "in_progress",
  "verified",
  "failed",
  "expired",
  "canceled",
] as const;
export const verificationStatusValue = /* @__PURE__ */ oneOf(VERIFICATION_STATUSES);

/** `failure_code` values, present only when the status is `failed`. Receivers must accept others. */
export const FAILURE_CODES = [
  "presentation_invalid",
  "claims_missing",
  "credential_revoked",
  "credential_expired",
  "wallet_rejected",
] as const;
export const failureCode = /* @__PURE__ */ z.string();

/** `POST /v1/verifications`. */
export const createVerificationBody = /* @__PURE__ */ z.object(
  {
    /** A built-in preset or an active policy of the project. */
    policy_id: text(100),
    /** Your reference for the user, returned with the result. */
    customer_user_ref: z.optional(z.nullable(text(200))),
    /** String-to-string map. */
    metadata: z.optional(stringMap),
  },
  { error: "must be a JSON object" },
);

/** `GET /v1/verifications` query. */
export const listVerificationsQuery = /* @__PURE__ */ z.extend(plainListQuery, {
  status: z.optional(verificationStatusValue),
});

export const verification = /* @__PURE__ */ z.object({
  object: z.literal("verification"),
  id: z.string(),
  status: verificationStatusValue,
  failure_code: z.optional(failureCode),
  policy_id: z.string(),
  customer_user_ref: z.nullable(z.string()),
  metadata: z.record(z.string(), z.string()),
  expires_at: timestamp,
  created_at: timestamp,
  updated_at: timestamp,
  livemode: z.boolean(),
});

/** The answer to verification creation: the only place the client token and the wallet URI appear. */
export const createdVerification = /* @__PURE__ */ z.extend(verification, {
  /** For browser status reads with the publishable key; lives as long as the verification. */
  client_token: z.string(),
  /** `openid4vp://…`: render as a QR code or a wallet link. */
  authorization_request_uri: z.string(),
});

/** `GET /v1/verifications/{id}/status`: what a browser may read. */
export const verificationStatus = /* @__PURE__ */ z.object({
  object: z.literal("verification_status"),
  id: z.string(),
  status: verificationStatusValue,
  failure_code: z.optional(failureCode),
  expires_at: timestamp,
});

/** `GET /v1/verifications/{id}/result`. */
export const verificationResult = /* @__PURE__ */ z.object({
  object: z.literal("verification_result"),
  verification_id: z.string(),
  status: verificationStatusValue,
  failure_code: z.optional(failureCode),
  policy_id: z.string(),
  customer_user_ref: z.nullable(z.string()),
  /** Exactly the policy's fields, nested by path (`{}` unless verified). */
  claims: z.record(z.string(), z.unknown()),
  /** ES256 JWS over the same content, verifiable with `GET /v1/.well-known/jwks.json`. */
  result_token: z.string(),
});

/** `GET /v1/.well-known/jwks.json`: the keys that sign result tokens. */
export const jwks = /* @__PURE__ */ z.object({
  keys: z.array(z.looseObject({ kty: z.string(), kid: z.optional(z.string()) })),
});

export const verificationList = /* @__PURE__ */ snakeList(verification);

export type CreateVerificationBody = z.output<typeof createVerificationBody>;
export type VerificationWire = z.output<typeof verification>;
export type CreatedVerificationWire = z.output<typeof createdVerification>;
export type VerificationStatusWire = z.output<typeof verificationStatus>;
export type VerificationResultWire = z.output<typeof verificationResult>;
export type VerificationStatusValue = (typeof VERIFICATION_STATUSES)[number];
export type FailureCode = (typeof FAILURE_CODES)[number];
