import { CredportConfigurationError } from "@credport/core";

/**
 * Caps on everything the model keeps besides the records it is asked to create, so that a long test
 * run or a load test holds its memory steady. docs/api.md lists the same values.
 */
export interface ModelLimits {
  /** `/v1` requests kept in `model.requestLog` (the oldest is dropped first). */
  requestLog: number;
  /** Webhook events kept in `model.webhooks.events` (the oldest is dropped first). */
  webhookEvents: number;
  /** Idempotent answers kept for replay (the oldest is forgotten first). */
  idempotencyRecords: number;
  /** Bytes of idempotent answer bodies kept for replay (the oldest is forgotten first). */
  idempotencyBytes: number;
  /** Realtime streams open at once; one more answers `503 realtime_unavailable`. */
  realtimeStreams: number;
  /** Webhook deliveries under way at once; an event emitted beyond is recorded, not delivered. */
  webhookDeliveries: number;
  /** Registered webhook endpoints; one more is `400 limit_exceeded`. */
  webhookEndpoints: number;
  /** Fault rules waiting at once; one more is `400 limit_exceeded`. */
  faultRules: number;
  /** Bytes of one request body; a larger body is `413 request_too_large`. */
  requestBodyBytes: number;
  /**
   * Unused `c_nonce`s kept per issuer (OpenID4VCI nonce endpoint; each project environment is its
   * own issuer, so one project cannot push out another's). Expired ones go first, then the oldest: a
   * proof with a dropped nonce is `400 invalid_nonce`, and the wallet fetches a fresh one.
   */
  protocolNonces: number;
  /**
   * Live issuance access tokens kept. Expired ones go first, then the oldest: the credential
   * request of a dropped token is `401 invalid_token`.
   */
  accessTokens: number;
  /**
   * Pushed authorization requests, and authorization codes, kept per issuer (each a one-minute,
   * one-time value; `haip` profile). Expired ones go first, then the oldest: a dropped request URI
   * is `400 invalid_request` at the authorization endpoint, a dropped code `400 invalid_grant`.
   */
  authorizationRequests: number;
  /**
   * DPoP proof and client attestation PoP `jti`s remembered per issuer, each for ten minutes (the
   * window their `iat` is accepted in), so that none is accepted twice. When the store is full of
   * live ones, a new proof is refused (`invalid_dpop_proof`, `invalid_client`) instead of a live
   * one being forgotten, which would let it be replayed.
   */
  dpopProofs: number;
}

export const DEFAULT_MODEL_LIMITS: Readonly<ModelLimits> = Object.freeze({
  requestLog: 5_000,
  webhookEvents: 10_000,
  idempotencyRecords: 10_000,
  idempotencyBytes: 32 * 2 ** 20,
  realtimeStreams: 10_000,
  webhookDeliveries: 1_000,
  webhookEndpoints: 100,
  faultRules: 100,
  requestBodyBytes: 4 * 2 ** 20,
  protocolNonces: 10_000,
  accessTokens: 10_000,
  authorizationRequests: 10_000,
  dpopProofs: 100_000,
});

/** The defaults with the caller's overrides; each must be a positive integer. */
export function resolveLimits(overrides: Partial<ModelLimits> = {}): ModelLimits {
  for (const name of Object.keys(overrides)) {
    if (!(name in DEFAULT_MODEL_LIMITS)) {
      throw new CredportConfigurationError(
        `@credport/mock: limits.${name} is not a limit; known: ${Object.keys(DEFAULT_MODEL_LIMITS).join(", ")}.`,
        { code: "invalid_option" },
      );
    }
  }
  const limits = { ...DEFAULT_MODEL_LIMITS, ...overrides };
  for (const [name, value] of Object.entries(limits)) {
    if (!Number.isSafeInteger(value) || value < 1) {
      throw new CredportConfigurationError(
        `@credport/mock: limits.${name} must be a positive integer; got ${String(value)}.`,
        { code: "invalid_option" },
      );
    }
  }
  return limits;
}
