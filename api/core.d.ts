// index.d.ts
export { A as ApiResponse, B as BackoffOptions, D as DEFAULT_BACKOFF, R as RequestPipeline, a as RequestPipelineOptions, b as RequestSpec, c as backoffDelay, p as parseRetryAfter } from './pipeline.js';
type KeyEnvironment = "test" | "live";
declare const INVALID_API_KEY_FORMAT = "INVALID_API_KEY_FORMAT";
declare function parseSecretKey(key: unknown): {
    environment: KeyEnvironment;
};
declare function parsePublishableKey(key: unknown): {
    environment: KeyEnvironment;
};
declare function normalizeBaseUrl(baseUrl: unknown): string;
declare function normalizeServerBaseUrl(baseUrl: unknown): string;
type CredportErrorType = "credport_error" | "configuration_error" | "validation_error" | "authentication_error" | "missing_token_error" | "invalid_token_error" | "permission_error" | "key_mismatch_error" | "not_found_error" | "conflict_error" | "rate_limit_error" | "api_error" | "connection_error" | "timeout_error" | "invalid_response_error" | "signature_verification_error";
interface CredportErrorOptions {
    code: string;
    status?: number;
    requestId?: string;
    details?: Record<string, unknown>;
    cause?: unknown;
}
declare class CredportError extends Error {
    static readonly type: CredportErrorType;
    readonly type: CredportErrorType;
    readonly code: string;
    readonly status: number | undefined;
    readonly requestId: string | undefined;
    readonly details: Record<string, unknown> | undefined;
    readonly idempotencyKey?: string;
    readonly mayHaveBeenApplied?: boolean;
    constructor(message: string, options: CredportErrorOptions);
    static [Symbol.hasInstance](value: unknown): boolean;
}
declare class CredportConfigurationError extends CredportError {
    static readonly type = "configuration_error";
    readonly type: "configuration_error";
}
declare class CredportValidationError extends CredportError {
    static readonly type = "validation_error";
    readonly type: "validation_error";
}
declare class CredportAuthenticationError extends CredportError {
    static readonly type: CredportErrorType;
    readonly type: "authentication_error" | "missing_token_error" | "invalid_token_error";
}
declare class CredportMissingTokenError extends CredportAuthenticationError {
    static readonly type = "missing_token_error";
    readonly type: "missing_token_error";
}
declare class CredportInvalidTokenError extends CredportAuthenticationError {
    static readonly type = "invalid_token_error";
    readonly type: "invalid_token_error";
}
declare class CredportPermissionError extends CredportError {
    static readonly type: CredportErrorType;
    readonly type: "permission_error" | "key_mismatch_error";
}
declare class CredportKeyMismatchError extends CredportPermissionError {
    static readonly type = "key_mismatch_error";
    readonly type: "key_mismatch_error";
}
declare class CredportNotFoundError extends CredportError {
    static readonly type = "not_found_error";
    readonly type: "not_found_error";
}
declare class CredportConflictError extends CredportError {
    static readonly type = "conflict_error";
    readonly type: "conflict_error";
}
declare class CredportRateLimitError extends CredportError {
    static readonly type = "rate_limit_error";
    readonly type: "rate_limit_error";
    readonly retryAfter: number | undefined;
    constructor(message: string, options: CredportErrorOptions & {
        retryAfter?: number;
    });
}
declare class CredportAPIError extends CredportError {
    static readonly type = "api_error";
    readonly type: "api_error";
}
declare class CredportConnectionError extends CredportError {
    static readonly type: CredportErrorType;
    readonly type: "connection_error" | "timeout_error";
}
declare class CredportTimeoutError extends CredportConnectionError {
    static readonly type = "timeout_error";
    readonly type: "timeout_error";
}
declare class CredportInvalidResponseError extends CredportError {
    static readonly type = "invalid_response_error";
    readonly type: "invalid_response_error";
}
declare class CredportSignatureVerificationError extends CredportError {
    static readonly type = "signature_verification_error";
    readonly type: "signature_verification_error";
}
type KnownCredportError = (CredportError & {
    readonly type: "credport_error";
}) | CredportConfigurationError | CredportValidationError | (CredportAuthenticationError & {
    readonly type: "authentication_error";
}) | CredportMissingTokenError | CredportInvalidTokenError | (CredportPermissionError & {
    readonly type: "permission_error";
}) | CredportKeyMismatchError | CredportNotFoundError | CredportConflictError | CredportRateLimitError | CredportAPIError | (CredportConnectionError & {
    readonly type: "connection_error";
}) | CredportTimeoutError | CredportInvalidResponseError | CredportSignatureVerificationError;
declare function isCredportError(value: unknown): value is KnownCredportError;
interface WireError {
    code: string;
    message: string;
    details?: Record<string, unknown>;
}
declare function readWireError(body: unknown): WireError | undefined;
declare function errorFromStatus(status: number, body: unknown, meta: {
    requestId?: string;
    retryAfter?: number;
    operation: string;
}): CredportError;
declare function redactSecrets(text: string): string;
export { CredportAPIError, CredportAuthenticationError, CredportConfigurationError, CredportConflictError, CredportConnectionError, CredportError, type CredportErrorOptions, type CredportErrorType, CredportInvalidResponseError, CredportInvalidTokenError, CredportKeyMismatchError, CredportMissingTokenError, CredportNotFoundError, CredportPermissionError, CredportRateLimitError, CredportSignatureVerificationError, CredportTimeoutError, CredportValidationError, INVALID_API_KEY_FORMAT, type KeyEnvironment, type KnownCredportError, type WireError, errorFromStatus, isCredportError, normalizeBaseUrl, normalizeServerBaseUrl, parsePublishableKey, parseSecretKey, readWireError, redactSecrets };
// pipeline.d.ts
interface BackoffOptions {
    initialDelayMs?: number;
    maxDelayMs?: number;
}
declare const DEFAULT_BACKOFF: {
    readonly initialDelayMs: 500;
    readonly maxDelayMs: 5000;
};
declare function backoffDelay(retry: number, backoff: Required<BackoffOptions>, random?: () => number): number;
declare function parseRetryAfter(header: string | null, now?: number): number | undefined;
interface RequestPipelineOptions {
    baseUrl: string;
    headers?: Record<string, string>;
    timeoutMs?: number;
    maxRetries?: number;
    backoff?: BackoffOptions;
    maxResponseBytes?: number;
    fetch?: typeof fetch;
    random?: () => number;
}
interface RequestSpec {
    method: "GET" | "POST" | "PATCH" | "DELETE";
    path: string;
    query?: Record<string, string | number | undefined>;
    body?: unknown;
    idempotencyKey?: string;
    signal?: AbortSignal;
    timeoutMs?: number;
    maxRetries?: number;
}
interface ApiResponse<T> {
    data: T;
    status: number;
    requestId: string | undefined;
    headers: Headers;
}
interface RequestPipeline {
    request<T>(spec: RequestSpec): Promise<ApiResponse<T>>;
}
declare const DEFAULT_TIMEOUT_MS = 30000;
declare const DEFAULT_MAX_RETRIES = 2;
declare const DEFAULT_MAX_RESPONSE_BYTES: number;
declare function createRequestPipeline(options: RequestPipelineOptions): RequestPipeline;
export { type ApiResponse as A, type BackoffOptions as B, DEFAULT_BACKOFF as D, type RequestPipeline as R, type RequestPipelineOptions as a, type RequestSpec as b, backoffDelay as c, DEFAULT_MAX_RESPONSE_BYTES as d, DEFAULT_MAX_RETRIES as e, DEFAULT_TIMEOUT_MS as f, createRequestPipeline as g, parseRetryAfter as p };
// pipeline.d.ts
export { A as ApiResponse, d as DEFAULT_MAX_RESPONSE_BYTES, e as DEFAULT_MAX_RETRIES, f as DEFAULT_TIMEOUT_MS, R as RequestPipeline, a as RequestPipelineOptions, b as RequestSpec, g as createRequestPipeline } from './pipeline.js';
