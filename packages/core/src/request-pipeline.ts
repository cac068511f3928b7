import { createFetch, type FetchResponse } from "ofetch";
import {
  CredportAPIError,
  CredportConnectionError,
  type CredportError,
  CredportInvalidResponseError,
  CredportRateLimitError,
  CredportTimeoutError,
  CredportValidationError,
} from "./errors.js";
import { errorFromStatus, readWireError } from "./http-errors.js";
import {
  type BackoffOptions,
  backoffDelay,
  DEFAULT_BACKOFF,
  parseRetryAfter,
} from "./retry-policy.js";

export interface RequestPipelineOptions {
  /** Base URL of the service, without a trailing slash. */
  baseUrl: string;
  /** Headers sent on every request (authentication, user agent). */
  headers?: Record<string, string>;
  /** Per-attempt timeout. Default 30,000 ms. */
  timeoutMs?: number;
  /** Retries after the first attempt. Default 2. */
  maxRetries?: number;
  backoff?: BackoffOptions;
  fetch?: typeof fetch;
  /** For tests: how to wait between attempts, and the jitter source. */
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

export interface RequestSpec {
  method: "GET" | "POST" | "PATCH" | "DELETE";
  /** Path below the base URL; IDs in it must already be URL-encoded. */
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  /** POST only; generated once per call when absent, and kept across retries. */
  idempotencyKey?: string;
  signal?: AbortSignal;
  /** Per-call overrides. */
  timeoutMs?: number;
  maxRetries?: number;
}

export interface ApiResponse<T> {
  data: T;
  status: number;
  requestId: string | undefined;
  headers: Headers;
}

export interface RequestPipeline {
  request<T>(spec: RequestSpec): Promise<ApiResponse<T>>;
}

export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_RETRIES = 2;

type Attempt =
  | { kind: "response"; response: FetchResponse<string> }
  | { kind: "network"; error: unknown }
  | { kind: "timeout" };

/**
 * The one request pipeline every client call goes through. ofetch does the HTTP with its own retry
 * and timeout switched off: together they are broken in ofetch 1.5.1 (a timed-out attempt leaves
 * its aborted signal to the retries), so each attempt here gets a fresh timeout, and the
 * idempotency key is made once, before the first attempt.
 */
export function createRequestPipeline(options: RequestPipelineOptions): RequestPipeline {
  const $fetch = createFetch({ fetch: options.fetch ?? ((...args) => globalThis.fetch(...args)) });
  const backoff = { ...DEFAULT_BACKOFF, ...options.backoff };
  const sleep =
    options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const baseUrl = options.baseUrl.replace(/\/+$/, "");

  async function attempt(
    spec: RequestSpec,
    headers: Record<string, string>,
    timeoutMs: number,
  ): Promise<Attempt> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onAbort = () => controller.abort();
    spec.signal?.addEventListener("abort", onAbort);
    try {
      const response = await $fetch.raw<string, "text">(`${baseUrl}${spec.path}`, {
        method: spec.method,
        headers,
        query: spec.query,
        body: spec.body === undefined ? undefined : JSON.stringify(spec.body),
        responseType: "text",
        retry: false,
        ignoreResponseError: true,
        signal: controller.signal,
      });
      return { kind: "response", response };
    } catch (error) {
      if (spec.signal?.aborted) throw abortedError(spec, error);
      return timedOut ? { kind: "timeout" } : { kind: "network", error };
    } finally {
      clearTimeout(timer);
      spec.signal?.removeEventListener("abort", onAbort);
    }
  }

  return {
    async request<T>(spec: RequestSpec): Promise<ApiResponse<T>> {
      checkCallOptions(spec);
      const maxRetries = spec.maxRetries ?? options.maxRetries ?? DEFAULT_MAX_RETRIES;
      const timeoutMs = spec.timeoutMs ?? options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
      const headers: Record<string, string> = { accept: "application/json", ...options.headers };
      if (spec.body !== undefined) headers["content-type"] = "application/json";
      if (spec.method === "POST")
        headers["idempotency-key"] = spec.idempotencyKey ?? crypto.randomUUID();
      const operation = `${spec.method} ${spec.path}`;

      let lastError: CredportError | undefined;
      for (let attemptNumber = 0; attemptNumber <= maxRetries; attemptNumber++) {
        if (attemptNumber > 0) {
          const wait = retryWait(lastError, attemptNumber, backoff, options.random);
          await sleep(wait);
          if (spec.signal?.aborted) throw abortedError(spec, spec.signal.reason);
        }
        const result = await attempt(spec, headers, timeoutMs);
        if (result.kind === "timeout") {
          lastError = new CredportTimeoutError(
            `credport: ${operation} timed out after ${timeoutMs} ms (attempt ${attemptNumber + 1} of ${maxRetries + 1}).`,
            {
              code: "request_timeout",
            },
          );
          continue;
        }
        if (result.kind === "network") {
          lastError = new CredportConnectionError(
            `credport: ${operation} could not reach the service (attempt ${attemptNumber + 1} of ${maxRetries + 1}): ${describe(result.error)}.`,
            { code: "connection_failed", cause: result.error },
          );
          continue;
        }
        const { response } = result;
        const requestId = response.headers.get("x-request-id") ?? undefined;
        const body = parseBody(response._data);
        if (response.status >= 200 && response.status < 300) {
          if (body === INVALID) {
            throw new CredportInvalidResponseError(
              `credport: ${operation} answered ${response.status} with a body that is not JSON.`,
              {
                code: "invalid_response",
                status: response.status,
                requestId,
              },
            );
          }
          return { data: body as T, status: response.status, requestId, headers: response.headers };
        }
        const retryAfter = parseRetryAfter(response.headers.get("retry-after"));
        const error =
          response.status >= 500 && !readWireError(body)
            ? new CredportAPIError(`credport: ${operation} failed with HTTP ${response.status}.`, {
                code: "server_error",
                status: response.status,
                requestId,
              })
            : errorFromStatus(response.status, body === INVALID ? undefined : body, {
                requestId,
                retryAfter,
                operation,
              });
        const retryable =
          response.status >= 500 ||
          (response.status === 429 && (retryAfter ?? 0) * 1000 <= backoff.maxDelayMs);
        if (!retryable) throw error;
        lastError = error;
      }
      throw lastError!;
    },
  };
}

function retryWait(
  error: CredportError | undefined,
  retry: number,
  backoff: Required<BackoffOptions>,
  random?: () => number,
): number {
  if (error instanceof CredportRateLimitError && error.retryAfter !== undefined) {
    return Math.min(error.retryAfter * 1000, backoff.maxDelayMs);
  }
  return backoffDelay(retry, backoff, random);
}

const INVALID = Symbol("invalid");

/** Per-call options come from users too: refuse bad ones with a typed error before sending. */
function checkCallOptions(spec: RequestSpec): void {
  const bad = (field: string, rule: string) =>
    new CredportValidationError(`credport: ${field}: ${rule}`, {
      code: "validation_error",
      details: { field },
    });
  if (spec.signal !== undefined && !(spec.signal instanceof AbortSignal))
    throw bad("signal", "must be an AbortSignal");
  for (const field of ["timeoutMs", "maxRetries"] as const) {
    const value = spec[field];
    if (value !== undefined && (!Number.isInteger(value) || value < 0))
      throw bad(field, "must be a non-negative integer");
  }
  const key = spec.idempotencyKey;
  if (key !== undefined && (typeof key !== "string" || key.trim() === "" || key.length > 255)) {
    throw bad("idempotencyKey", "must be a non-blank string of at most 255 characters");
  }
}

function parseBody(text: string | undefined): unknown {
  if (text === undefined || text === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return INVALID;
  }
}

function abortedError(spec: RequestSpec, cause: unknown): CredportConnectionError {
  return new CredportConnectionError(
    `credport: ${spec.method} ${spec.path} was aborted by the caller.`,
    {
      code: "request_aborted",
      cause,
    },
  );
}

function describe(error: unknown): string {
  const cause = (error as { cause?: unknown })?.cause ?? error;
  if (cause instanceof Error) return cause.message || cause.name;
  return "network error";
}
