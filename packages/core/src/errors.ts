/**
 * Every failure of a Credport client is a CredportError: `type` is a stable string per class,
 * `code` the service's (or the client's) error code, `status` the HTTP status when there was one.
 * Messages never contain key material, client tokens or offer URIs.
 */
export class CredportError extends Error {
  readonly type: string = "credport_error";
  readonly code: string;
  readonly status: number | undefined;
  readonly requestId: string | undefined;
  readonly details: Record<string, unknown> | undefined;

  constructor(
    message: string,
    options: {
      code: string;
      status?: number;
      requestId?: string;
      details?: Record<string, unknown>;
      cause?: unknown;
    },
  ) {
    super(
      redactSecrets(message),
      options.cause === undefined ? undefined : { cause: options.cause },
    );
    this.name = new.target.name;
    this.code = options.code;
    this.status = options.status;
    this.requestId = options.requestId;
    this.details = options.details;
  }
}

/** Bad configuration found before any request: missing or malformed key, missing base URL. */
export class CredportConfigurationError extends CredportError {
  override readonly type = "configuration_error";
}
/** 400 / 422: the request was refused for its content. Also thrown locally before sending. */
export class CredportValidationError extends CredportError {
  override readonly type = "validation_error";
}
/** 401: missing, invalid or revoked key; missing or invalid client token. */
export class CredportAuthenticationError extends CredportError {
  override readonly type: string = "authentication_error";
}
/** 403: the key lacks a scope, or belongs to another project. */
export class CredportPermissionError extends CredportError {
  override readonly type: string = "permission_error";
}
/** 404: absent, or from another project or environment (the service does not say which). */
export class CredportNotFoundError extends CredportError {
  override readonly type = "not_found_error";
}
/** 409: a semantic conflict; never retried. */
export class CredportConflictError extends CredportError {
  override readonly type = "conflict_error";
}
/** 429 that could not be absorbed by retries. `retryAfter` is in seconds when the service said. */
export class CredportRateLimitError extends CredportError {
  override readonly type = "rate_limit_error";
  readonly retryAfter: number | undefined;
  constructor(
    message: string,
    options: ConstructorParameters<typeof CredportError>[1] & { retryAfter?: number },
  ) {
    super(message, options);
    this.retryAfter = options.retryAfter;
  }
}
/** 5xx or an unexpected status after the retries ran out. */
export class CredportAPIError extends CredportError {
  override readonly type = "api_error";
}
/** The network failed: no response arrived. */
export class CredportConnectionError extends CredportError {
  override readonly type: string = "connection_error";
}
/** An attempt ran past its timeout. */
export class CredportTimeoutError extends CredportConnectionError {
  override readonly type = "timeout_error";
}
/** The service answered something that is not the JSON it documents. */
export class CredportInvalidResponseError extends CredportError {
  override readonly type = "invalid_response_error";
}
/** A webhook signature or a signed result did not verify. */
export class CredportSignatureVerificationError extends CredportError {
  override readonly type = "signature_verification_error";
}

const SECRET_PATTERNS = [
  /\b(sk|pk)_(test|live)_[A-Za-z0-9]+/g,
  /\bwhsec_[A-Za-z0-9]+/g,
  /\bct_[A-Za-z0-9]{8,}/g,
  /openid-credential-offer:\/\/\S*/g,
  /openid4vp:\/\/\S*/g,
];

/** Replaces anything shaped like a key, a client token or a wallet hand-off URI. */
export function redactSecrets(text: string): string {
  let out = text;
  for (const pattern of SECRET_PATTERNS) {
    out = out.replace(pattern, (match) => {
      const prefix = /^(sk|pk)_(test|live)_|^whsec_|^ct_|^[a-z0-9-]+:\/\//.exec(match)?.[0] ?? "";
      return `${prefix}[redacted]`;
    });
  }
  return out;
}
