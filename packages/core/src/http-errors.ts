import type { CredportErrorCode } from "./error-codes.js";
import {
  CredportAPIError,
  CredportAuthenticationError,
  CredportConflictError,
  type CredportError,
  CredportInvalidResponseError,
  CredportInvalidTokenError,
  CredportKeyMismatchError,
  CredportMissingTokenError,
  CredportNotFoundError,
  CredportPermissionError,
  CredportRateLimitError,
  CredportValidationError,
} from "./errors.js";

/** A parsed error body: `{ object: "error", code, message, details? }`. */
export interface WireError {
  code: string;
  message: string;
  details?: Record<string, unknown>;
}

export function readWireError(body: unknown): WireError | undefined {
  if (!body || typeof body !== "object") return undefined;
  const { code, message, details } = body as Record<string, unknown>;
  if (typeof code !== "string") return undefined;
  return {
    code,
    message: typeof message === "string" ? message : "",
    ...(details && typeof details === "object"
      ? { details: details as Record<string, unknown> }
      : {}),
  };
}

/** Service codes with a class of their own (the browser-status failures). */
const BY_CODE = {
  missing_token: CredportMissingTokenError,
  invalid_token: CredportInvalidTokenError,
  key_mismatch: CredportKeyMismatchError,
} as const;

/** The one place an HTTP status (and a few codes) becomes an error class. */
export function errorFromStatus(
  status: number,
  body: unknown,
  meta: {
    requestId?: string | undefined;
    retryAfterSeconds?: number | undefined;
    operation: string;
  },
): CredportError {
  const wire = readWireError(body);
  if (!wire) {
    // A proxy's page, or nothing: a 5xx (or 408) is still the service failing; anything else is odd.
    const apiError = status >= 500 || status === 408;
    return new (apiError ? CredportAPIError : CredportInvalidResponseError)(
      `credport: ${meta.operation} failed with HTTP ${status} and no Credport error body.`,
      { code: apiError ? "server_error" : "invalid_response", status, requestId: meta.requestId },
    );
  }
  // The service's own wording may name its HTTP headers, which SDK users never set themselves.
  // (Spelled so that the secret header's name never appears in a browser bundle.)
  const text = /x-(service|publishable)-key|authorization/i.test(wire.message)
    ? "the key or client token was missing or refused; check the client's key (and clientToken)"
    : wire.message;
  const message = `credport: ${meta.operation} failed (${wire.code}): ${text}`;
  // The service's code as sent: a service newer than this package may send one not in the union.
  const code = wire.code as CredportErrorCode;
  const options = { code, status, requestId: meta.requestId, details: wire.details };
  const byCode = BY_CODE[wire.code as keyof typeof BY_CODE];
  if (byCode && (status === 401 || status === 403)) return new byCode(message, options);
  if (status === 400 || status === 422) return new CredportValidationError(message, options);
  if (status === 401) return new CredportAuthenticationError(message, options);
  if (status === 403) return new CredportPermissionError(message, options);
  if (status === 404) return new CredportNotFoundError(message, options);
  if (status === 409) return new CredportConflictError(message, options);
  if (status === 429)
    return new CredportRateLimitError(message, {
      ...options,
      retryAfterSeconds: meta.retryAfterSeconds,
    });
  return new CredportAPIError(message, options);
}
