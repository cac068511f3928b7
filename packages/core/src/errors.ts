import type { CredportErrorCode } from "./error-codes.js";
import { redactData, redactSecrets, sanitizeCause } from "./redact.js";

/** The `type` of every Credport error class. */
export type CredportErrorType =
  | "credport_error"
  | "configuration_error"
  | "validation_error"
  | "authentication_error"
  | "missing_token_error"
  | "invalid_token_error"
  | "permission_error"
  | "key_mismatch_error"
  | "not_found_error"
  | "conflict_error"
  | "rate_limit_error"
  | "api_error"
  | "connection_error"
  | "timeout_error"
  | "invalid_response_error"
  | "signature_verification_error";

/** What the constructors take; everything a server sent is redacted on the way in. */
export interface CredportErrorOptions {
  code: CredportErrorCode;
  status?: number | undefined;
  requestId?: string | undefined;
  details?: Record<string, unknown> | undefined;
  cause?: unknown;
}

/**
 * Marks Credport errors across copies of this package: the ESM and the CommonJS build (or two
 * installed versions) each define their own classes, so plain `instanceof` would miss errors made by
 * the other copy. `Symbol.for` gives every copy the same key; its value lists the `type` of the
 * error's class and of every class above it.
 */
const BRAND = Symbol.for("credport.error");

/**
 * Every failure of a Credport client is a CredportError: `type` is a stable string per class (also
 * on the class itself: `CredportRateLimitError.type`), `code` the service's (or the client's) error
 * code, `status` the HTTP status when there was one. Messages, codes, request IDs, `details` and
 * causes never contain key material, client tokens or offer URIs: they are redacted when the error
 * is made, and a cause keeps only a sanitized copy of the original error (name, message and
 * `code`).
 *
 * `instanceof` works for errors of any copy of the package (ESM or CommonJS build); so does
 * {@link isCredportError}.
 */
export class CredportError extends Error {
  static readonly type: CredportErrorType = "credport_error";
  declare readonly type: CredportErrorType;
  /**
   * What went wrong, one of {@link CredportErrorCode}: the service's code, or the client's own.
   * A service newer than this package may send a code not listed there yet.
   */
  readonly code: CredportErrorCode;
  readonly status: number | undefined;
  readonly requestId: string | undefined;
  readonly details: Record<string, unknown> | undefined;
  /**
   * Writes only (POST): the `Idempotency-Key` every attempt of the failed call carried. Retry the
   * call with `{ idempotencyKey: error.idempotencyKey }`: the service then applies the write at most
   * once, however many of the attempts reached it.
   */
  declare readonly idempotencyKey?: string;
  /**
   * Writes only: `false` when the service certainly did not apply the write (it refused it, or no
   * attempt reached it); `true` when it may have (a timeout, a dropped connection or a 5xx after the
   * request was sent). Either way, retrying with {@link CredportError.idempotencyKey} is safe.
   */
  declare readonly mayHaveBeenApplied?: boolean;

  constructor(message: string, options: CredportErrorOptions) {
    const cause = sanitizeCause(options.cause);
    super(redactSecrets(message), cause === undefined ? undefined : { cause });
    const types: string[] = [];
    for (let c: object = new.target; c !== Error; c = Object.getPrototypeOf(c))
      if (Object.hasOwn(c, "type")) types.unshift((c as typeof CredportError).type);
    Object.defineProperty(this, BRAND, { value: types });
    this.type = types.at(-1) as CredportErrorType;
    this.name = new.target.name;
    this.code = redactSecrets(String(options.code)) as CredportErrorCode;
    this.status = options.status;
    this.requestId = options.requestId && redactSecrets(options.requestId);
    this.details = options.details && (redactData(options.details) as Record<string, unknown>);
  }

  /** `instanceof` that also recognizes errors made by another copy of this package. */
  static [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: the class right of `instanceof`, a subclass too
    return isInstance(this, value);
  }
}

function isInstance(target: typeof CredportError, value: unknown): boolean {
  return (
    Function.prototype[Symbol.hasInstance].call(target, value) ||
    (Object.hasOwn(target, "type") &&
      isCredportError(value) &&
      (value as unknown as Record<symbol, string[]>)[BRAND]!.includes(target.type))
  );
}

/** Bad configuration found before any request: missing or malformed key, missing base URL. */
export class CredportConfigurationError extends CredportError {
  static override readonly type = "configuration_error";
  declare readonly type: "configuration_error";
}
/** 400 / 422: the request was refused for its content. Also thrown locally before sending. */
export class CredportValidationError extends CredportError {
  static override readonly type = "validation_error";
  declare readonly type: "validation_error";
}
/** 401: missing, invalid or revoked key; missing or invalid client token. */
export class CredportAuthenticationError extends CredportError {
  static override readonly type: CredportErrorType = "authentication_error";
  declare readonly type: "authentication_error" | "missing_token_error" | "invalid_token_error";
}
/** 401 missing_token: the status read carried no client token. */
export class CredportMissingTokenError extends CredportAuthenticationError {
  static override readonly type = "missing_token_error";
  declare readonly type: "missing_token_error";
}
/** 401 invalid_token: the client token is unknown, belongs to another verification, or expired with it. */
export class CredportInvalidTokenError extends CredportAuthenticationError {
  static override readonly type = "invalid_token_error";
  declare readonly type: "invalid_token_error";
}
/** 403: the key lacks a scope, or belongs to another project. */
export class CredportPermissionError extends CredportError {
  static override readonly type: CredportErrorType = "permission_error";
  declare readonly type: "permission_error" | "key_mismatch_error";
}
/** 403 key_mismatch: the publishable key belongs to another project or environment. */
export class CredportKeyMismatchError extends CredportPermissionError {
  static override readonly type = "key_mismatch_error";
  declare readonly type: "key_mismatch_error";
}
/** 404: absent, or from another project or environment (the service does not say which). */
export class CredportNotFoundError extends CredportError {
  static override readonly type = "not_found_error";
  declare readonly type: "not_found_error";
}
/** 409: a semantic conflict; never retried. */
export class CredportConflictError extends CredportError {
  static override readonly type = "conflict_error";
  declare readonly type: "conflict_error";
}
/** 429 that could not be absorbed by retries. `retryAfterSeconds`: the service's `Retry-After`, when it sent one. */
export class CredportRateLimitError extends CredportError {
  static override readonly type = "rate_limit_error";
  declare readonly type: "rate_limit_error";
  readonly retryAfterSeconds: number | undefined;
  constructor(
    message: string,
    options: CredportErrorOptions & { retryAfterSeconds?: number | undefined },
  ) {
    super(message, options);
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}
/** 5xx (or 408) after the retries ran out, or another unexpected status. */
export class CredportAPIError extends CredportError {
  static override readonly type = "api_error";
  declare readonly type: "api_error";
}
/** The network failed: no response arrived (or the caller aborted: `code` "request_aborted"). */
export class CredportConnectionError extends CredportError {
  static override readonly type: CredportErrorType = "connection_error";
  declare readonly type: "connection_error" | "timeout_error";
}
/** An attempt ran past its timeout. */
export class CredportTimeoutError extends CredportConnectionError {
  static override readonly type = "timeout_error";
  declare readonly type: "timeout_error";
}
/**
 * The service answered something that is not what it documents: a body that is not a JSON object,
 * a redirect (never followed: `code` "unexpected_redirect", the `Location` in the message), or a
 * body larger than the cap (`code` "response_too_large").
 */
export class CredportInvalidResponseError extends CredportError {
  static override readonly type = "invalid_response_error";
  declare readonly type: "invalid_response_error";
}
/** A webhook signature or a signed result did not verify. */
export class CredportSignatureVerificationError extends CredportError {
  static override readonly type = "signature_verification_error";
  declare readonly type: "signature_verification_error";
}

/**
 * Every Credport error, as a union on `type`: after {@link isCredportError}, `switch (error.type)`
 * narrows to the class (`case "rate_limit_error": error.retryAfterSeconds`).
 */
export type KnownCredportError =
  | (CredportError & { readonly type: "credport_error" })
  | CredportConfigurationError
  | CredportValidationError
  | (CredportAuthenticationError & { readonly type: "authentication_error" })
  | CredportMissingTokenError
  | CredportInvalidTokenError
  | (CredportPermissionError & { readonly type: "permission_error" })
  | CredportKeyMismatchError
  | CredportNotFoundError
  | CredportConflictError
  | CredportRateLimitError
  | CredportAPIError
  | (CredportConnectionError & { readonly type: "connection_error" })
  | CredportTimeoutError
  | CredportInvalidResponseError
  | CredportSignatureVerificationError;

/**
 * Whether `value` is an error of any Credport package, from the ESM or the CommonJS build alike.
 *
 * @example
 * try { await credport.issuance.createOffer(input); }
 * catch (error) {
 *   if (isCredportError(error) && error.type === "rate_limit_error") retryIn(error.retryAfterSeconds);
 * }
 */
export function isCredportError(value: unknown): value is KnownCredportError {
  return Array.isArray((value as Record<symbol, unknown> | null)?.[BRAND]);
}

/**
 * Records, on an error a write ended with, the key its attempts carried and whether the service
 * may have applied it (see {@link CredportError.idempotencyKey}).
 */
export function withWriteOutcome(
  error: CredportError,
  outcome: { idempotencyKey: string | undefined; mayHaveBeenApplied: boolean },
): CredportError {
  Object.defineProperties(error, {
    idempotencyKey: { value: outcome.idempotencyKey, enumerable: true },
    mayHaveBeenApplied: { value: outcome.mayHaveBeenApplied, enumerable: true },
  });
  return error;
}
