/**
 * The `check` of a `failure_detail` (`failureDetail` on issuance sessions): which rule a failed
 * verification or issuance broke, one word each, so that a developer can tell a wrong audience from
 * an expired credential. Free of zod, so that any bundle can share the list. Receivers must accept
 * words they do not know (a newer service may add some).
 */
export const FAILURE_CHECKS = [
  /** The answer or the presentation is not the structure its format defines (not an SD-JWT, not a `DeviceResponse`, a mistyped field). */
  "format",
  /** The wallet answered with an OpenID4VP `error` (the holder declined, or the wallet could not answer). */
  "wallet_error",
  /** The answer was not encrypted to this request's key, or does not decrypt with it (`direct_post.jwt`, `dc_api.jwt`, ISO 18013-7 Annex C). */
  "decryption",
  /** The issuer's signature over the credential (SD-JWT issuer JWT, mdoc `issuerAuth`) does not verify. */
  "issuer_signature",
  /** The credential does not come from an issuer this verifier trusts: another `iss`, no chain to a trusted root, or a leaf certificate that does not hold the signing key. */
  "issuer_not_trusted",
  /** The credential is of another type than the policy asks for (SD-JWT VC `vct`). */
  "credential_type",
  /** The mdoc is of another doctype than the policy asks for, or its MSO names another doctype than its document. */
  "doctype",
  /** A disclosed claim does not match the digest the issuer signed (an SD-JWT disclosure, an mdoc `IssuerSignedItem`). */
  "digest",
  /** The SD-JWT's key-binding JWT is missing, or is not signed by the holder key the credential names (`cnf`). */
  "key_binding",
  /** The key-binding JWT's `aud` is not this verifier: its `client_id` (redirect flow) or `origin:<page origin>` (Digital Credentials API). */
  "audience",
  /** The key-binding JWT carries another nonce than this verification's request. */
  "nonce",
  /** The key-binding JWT's `iat` is not within the freshness window of the verifier's clock. */
  "freshness",
  /** The key-binding JWT's `sd_hash` is not the hash of the presentation it came with. */
  "sd_hash",
  /** The mdoc's device signature does not verify with the device key its MSO names. */
  "device_signature",
  /** The holder signed another session transcript (another origin, nonce or request) than this verification's. */
  "transcript",
  /** The credential's validity has not begun (`nbf`, mdoc `validFrom`). */
  "credential_not_yet_valid",
  /** The credential's validity has ended (`exp`, mdoc `validUntil`). */
  "credential_expired",
  /** The credential names no status list entry, or its status list cannot be read. */
  "status_unknown",
  /** The credential's status list entry says it was revoked. */
  "status_revoked",
  /** A claim the policy requires was not disclosed (`path` names it). */
  "claim_missing",
  /** A disclosed claim has none of the values the policy requires (`path` names it; its value is never told). */
  "claim_value",
  /** Issuance: the wallet sent a wrong transaction code (`tx_code`) too many times. */
  "tx_code",
] as const;

/** One of {@link FAILURE_CHECKS}: the checks this version knows. */
export type KnownFailureCheck = (typeof FAILURE_CHECKS)[number];

/**
 * A `failure_detail.check`: one of {@link FAILURE_CHECKS}, or a word a newer service added
 * (handle a default case). `string & {}` keeps the known words in editors' completion.
 */
export type FailureCheck = KnownFailureCheck | (string & {});

/**
 * Why a verification or an issuance failed, for the developer: which check, the claim path where
 * one is concerned, and what was expected. Never a claim value, key, token or personal data.
 * Server-side only: never in the browser's status read or its realtime events.
 */
export interface FailureDetail {
  check: FailureCheck;
  /** What the check expected, in a sentence. */
  message: string;
  /** The claim path concerned (`["address", "locality"]`; for an mdoc `[namespace, element]`). */
  path?: string[] | undefined;
}

/**
 * The `step` of a timeline entry (`GET /v1/verifications/{id}/timeline`,
 * `GET /v1/openid4vc/issuance/{issuanceId}/timeline`), in the order they usually come. Receivers
 * must accept steps they do not know.
 */
export const TIMELINE_STEPS = [
  /** The verification or issuance session was created (`detail.channel`: `dc-api` when the answer carried Digital Credentials API requests). */
  "created",
  /** A wallet fetched the verification's request object (redirect flow). */
  "request_fetched",
  /**
   * A well-formed answer reached the verifier (`detail.channel`: `redirect` or `dc-api`;
   * `detail.form` for the DC API). A malformed one is refused and changes nothing, this list included.
   */
  "answer_received",
  /** One check of the presentation (`detail.check`, one of {@link FAILURE_CHECKS}, and `detail.outcome`: `passed` or `failed`). */
  "check",
  /** A wallet fetched the credential offer (issuance). */
  "offer_fetched",
  /** A wrong transaction code was sent to the token endpoint (issuance; `detail.attempt`). */
  "tx_code_refused",
  /** The token endpoint issued an access token (issuance). */
  "token_issued",
  /** The credential was issued (issuance). */
  "credential_issued",
  /** The issued credential was revoked (issuance). */
  "revoked",
  /** Final statuses: the step is the status reached (`detail.failure_code` or `detail.check` for `failed`). */
  "verified",
  "failed",
  "expired",
  "canceled",
  /** One attempt to deliver a webhook event (`detail.event`, `detail.attempt`, and the receiver's HTTP `detail.status` or `detail.error`). */
  "webhook_delivery",
] as const;

/** One of {@link TIMELINE_STEPS}, or a step a newer service added. */
export type TimelineStep = (typeof TIMELINE_STEPS)[number] | (string & {});

/** One entry of a timeline: when, which step, and its particulars (never a secret or claim value). */
export interface TimelineEntry {
  /** ISO 8601 timestamp. */
  at: string;
  step: TimelineStep;
  detail?: Record<string, string | number | boolean> | undefined;
}
