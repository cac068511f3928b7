import {
  CredportAPIError,
  CredportAuthenticationError,
  CredportConflictError,
  type CredportError,
  CredportInvalidResponseError,
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

/** The one place an HTTP status becomes an error class. */
export function errorFromStatus(
  status: number,
  body: unknown,
  meta: { requestId?: string; retryAfter?: number; operation: string },
): CredportError {
  const wire = readWireError(body);
  if (!wire) {
    return new CredportInvalidResponseError(
      `credport: ${meta.operation} failed with HTTP ${status} and a body that is not a Credport error.`,
      { code: "invalid_response", status, requestId: meta.requestId },
    );
  }
  const message = `credport: ${meta.operation} failed (${wire.code}): ${wire.message}`;
  const options = { code: wire.code, status, requestId: meta.requestId, details: wire.details };
  if (status === 400 || status === 422) return new CredportValidationError(message, options);
  if (status === 401) return new CredportAuthenticationError(message, options);
  if (status === 403) return new CredportPermissionError(message, options);
  if (status === 404) return new CredportNotFoundError(message, options);
  if (status === 409) return new CredportConflictError(message, options);
  if (status === 429)
    return new CredportRateLimitError(message, { ...options, retryAfter: meta.retryAfter });
  return new CredportAPIError(message, options);
}
