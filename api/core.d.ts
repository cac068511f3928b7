// index.d.ts
type KeyEnvironment = "test" | "live";
declare const INVALID_API_KEY_FORMAT = "INVALID_API_KEY_FORMAT";
declare function parseSecretKey(key: unknown): {
    environment: KeyEnvironment;
};
declare function parsePublishableKey(key: unknown): {
    environment: KeyEnvironment;
};
declare class CredportError extends Error {
    readonly type: string;
    readonly code: string;
    readonly status: number | undefined;
    readonly requestId: string | undefined;
    readonly details: Record<string, unknown> | undefined;
    constructor(message: string, options: {
        code: string;
        status?: number;
        requestId?: string;
        details?: Record<string, unknown>;
        cause?: unknown;
    });
}
declare class CredportConfigurationError extends CredportError {
    readonly type = "configuration_error";
}
declare class CredportValidationError extends CredportError {
    readonly type = "validation_error";
}
declare class CredportAuthenticationError extends CredportError {
    readonly type: string;
}
declare class CredportPermissionError extends CredportError {
    readonly type: string;
}
declare class CredportNotFoundError extends CredportError {
    readonly type = "not_found_error";
}
declare class CredportConflictError extends CredportError {
    readonly type = "conflict_error";
}
declare class CredportRateLimitError extends CredportError {
    readonly type = "rate_limit_error";
    readonly retryAfter: number | undefined;
    constructor(message: string, options: ConstructorParameters<typeof CredportError>[1] & {
        retryAfter?: number;
    });
}
declare class CredportAPIError extends CredportError {
    readonly type = "api_error";
}
declare class CredportConnectionError extends CredportError {
    readonly type: string;
}
declare class CredportTimeoutError extends CredportConnectionError {
    readonly type = "timeout_error";
}
declare class CredportInvalidResponseError extends CredportError {
    readonly type = "invalid_response_error";
}
declare class CredportSignatureVerificationError extends CredportError {
    readonly type = "signature_verification_error";
}
declare function redactSecrets(text: string): string;
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
    fetch?: typeof fetch;
    sleep?: (ms: number) => Promise<void>;
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
declare function createRequestPipeline(options: RequestPipelineOptions): RequestPipeline;
export { type ApiResponse, type BackoffOptions, CredportAPIError, CredportAuthenticationError, CredportConfigurationError, CredportConflictError, CredportConnectionError, CredportError, CredportInvalidResponseError, CredportNotFoundError, CredportPermissionError, CredportRateLimitError, CredportSignatureVerificationError, CredportTimeoutError, CredportValidationError, DEFAULT_BACKOFF, DEFAULT_MAX_RETRIES, DEFAULT_TIMEOUT_MS, INVALID_API_KEY_FORMAT, type KeyEnvironment, type RequestPipeline, type RequestPipelineOptions, type RequestSpec, type WireError, backoffDelay, createRequestPipeline, errorFromStatus, parsePublishableKey, parseRetryAfter, parseSecretKey, readWireError, redactSecrets };
