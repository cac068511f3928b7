import {
  CredportConnectionError,
  type CredportError,
  CredportInvalidResponseError,
  CredportTimeoutError,
  CredportValidationError,
  withWriteOutcome,
} from "../errors.js";
import { errorFromStatus } from "../http-errors.js";
import {
  type BackoffOptions,
  backoffDelay,
  DEFAULT_BACKOFF,
  isRetryableStatus,
  parseRetryAfter,
} from "../retry-policy.js";
import type { CallObserver, RequestObserver } from "./call-observer.js";
import { type AttemptOutcome, sendAttempt } from "./send-attempt.js";

export interface RequestPipelineOptions {
  /** Base URL of the service, without a trailing slash. */
  baseUrl: string;
  /** Headers sent on every request (authentication, user agent). */
  headers?: Record<string, string> | undefined;
  /** Per-attempt timeout, body included. Default 30,000 ms. */
  timeoutMs?: number | undefined;
  /** Retries after the first attempt. Default 2. */
  maxRetries?: number | undefined;
  backoff?: BackoffOptions | undefined;
  /** Largest response body read, in bytes; a larger one is an invalid response. Default 4 MiB. */
  maxResponseBytes?: number | undefined;
  /** A Fetch implementation; the global one (read at the first request) by default. */
  fetch?: typeof fetch | undefined;
  /** For tests: the jitter source. */
  random?: (() => number) | undefined;
  /**
   * Observes each call (spans, metrics, log lines): `ClientTelemetry.observeClient`'s hook.
   * Without it, a call runs with no observer at all.
   */
  observe?: CallObserver | undefined;
}

export interface RequestSpec {
  method: "GET" | "POST" | "PATCH" | "DELETE";
  /** Path below the base URL; IDs in it must already be URL-encoded. */
  path: string;
  query?: Record<string, string | number | undefined> | undefined;
  body?: unknown;
  /** POST only; generated once per call when absent, and kept across retries. */
  idempotencyKey?: string | undefined;
  signal?: AbortSignal | undefined;
  /** Per-call overrides. */
  timeoutMs?: number | undefined;
  maxRetries?: number | undefined;
  /** The contract's operation ID: the span's name and the log lines' `operation`. */
  operationId?: string | undefined;
}

export interface ApiResponse<T> {
  /** The 2xx body: always a JSON object (anything else is a CredportInvalidResponseError). */
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
export const DEFAULT_MAX_RESPONSE_BYTES = 4 * 1024 * 1024;

/** One attempt's verdict: the answer, or an error and whether another attempt may help. */
type Verdict<T> =
  | { response: ApiResponse<T> }
  | { error: CredportError; retry: boolean; mayHaveBeenApplied: boolean; waitMs?: number };

/**
 * The one request pipeline every server-client call goes through: the platform's fetch, redirects
 * never followed, each attempt with its own timeout and a capped body, retries with backoff under
 * one idempotency key made before the first attempt, and every failure a typed, sanitized error.
 */
export function createRequestPipeline(options: RequestPipelineOptions): RequestPipeline {
  // Field by field: an explicit `undefined` (an unset environment variable) means the default.
  const backoff = {
    initialDelayMs: options.backoff?.initialDelayMs ?? DEFAULT_BACKOFF.initialDelayMs,
    maxDelayMs: options.backoff?.maxDelayMs ?? DEFAULT_BACKOFF.maxDelayMs,
  };
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const baseHeaders = { accept: "application/json", ...options.headers };
  const maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const fetchImpl: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  const { observe } = options;

  return {
    request<T>(spec: RequestSpec): Promise<ApiResponse<T>> {
      // Unobserved, the call allocates nothing for observers (bench: per call).
      if (!observe) return send<T>(spec, undefined);
      return observe(spec, (observer) => send<T>(spec, observer));
    },
  };

  async function send<T>(
    spec: RequestSpec,
    observer: RequestObserver | undefined,
  ): Promise<ApiResponse<T>> {
    checkCallOptions(spec);
    const maxRetries = spec.maxRetries ?? options.maxRetries ?? DEFAULT_MAX_RETRIES;
    const timeoutMs = spec.timeoutMs ?? options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const operation = `${spec.method} ${spec.path}`;
    const idempotencyKey =
      spec.method === "POST" ? (spec.idempotencyKey ?? crypto.randomUUID()) : undefined;
    const init: RequestInit = {
      method: spec.method,
      headers: headersFor(baseHeaders, spec, idempotencyKey),
      ...(spec.body === undefined ? {} : { body: JSON.stringify(spec.body) }),
      redirect: "manual",
    };
    const url = baseUrl + spec.path + queryString(spec.query);
    const write = spec.method !== "GET";
    let mayHaveBeenApplied = false;
    const fail = (error: CredportError) =>
      write ? withWriteOutcome(error, { idempotencyKey, mayHaveBeenApplied }) : error;

    for (let attempt = 1; ; attempt++) {
      if (spec.signal?.aborted) throw fail(abortedError(operation, spec.signal.reason));
      observer?.attempt(attempt);
      const outcome = await sendAttempt({
        fetch: fetchImpl,
        url,
        init,
        timeoutMs,
        maxResponseBytes,
        signal: spec.signal,
      });
      if (observer && "status" in outcome)
        observer.response(attempt, outcome.status, outcome.headers);
      const verdict = judge<T>(outcome, {
        operation,
        attempt: `attempt ${attempt} of ${maxRetries + 1}`,
        timeoutMs,
        maxResponseBytes,
        maxWaitMs: backoff.maxDelayMs,
      });
      if ("response" in verdict) return verdict.response;
      mayHaveBeenApplied ||= verdict.mayHaveBeenApplied;
      if (!verdict.retry || attempt > maxRetries) throw fail(verdict.error);
      const wait = verdict.waitMs ?? backoffDelay(attempt, backoff, options.random);
      observer?.retry(attempt, wait, verdict.error.code);
      if (!(await sleep(wait, spec.signal)))
        throw fail(abortedError(operation, spec.signal?.reason));
    }
  }
}

/** Turns one attempt's outcome into the answer, or a typed error and what to do next. */
function judge<T>(
  outcome: AttemptOutcome,
  context: {
    operation: string;
    attempt: string;
    timeoutMs: number;
    maxResponseBytes: number;
    maxWaitMs: number;
  },
): Verdict<T> {
  const { operation } = context;
  switch (outcome.kind) {
    case "aborted":
      return {
        error: abortedError(operation, outcome.reason),
        retry: false,
        mayHaveBeenApplied: true,
      };
    case "timeout":
      return {
        error: new CredportTimeoutError(
          `credport: ${operation} timed out after ${context.timeoutMs} ms (${context.attempt}).`,
          { code: "request_timeout" },
        ),
        retry: true,
        mayHaveBeenApplied: true,
      };
    case "network":
      return {
        error: new CredportConnectionError(
          `credport: ${operation} could not reach the service (${context.attempt}): ${describe(outcome.error)}.`,
          { code: "connection_failed", cause: outcome.error },
        ),
        retry: true,
        mayHaveBeenApplied: outcome.sent,
      };
    case "redirect":
      return {
        error: new CredportInvalidResponseError(
          `credport: ${operation} answered ${outcome.status || "a redirect"} to ${outcome.location ?? "an undisclosed location"}; redirects are never followed, so nothing was sent there. Check that baseUrl is the service's own URL.`,
          {
            code: "unexpected_redirect",
            status: outcome.status,
            requestId: outcome.headers.get("x-request-id") ?? undefined,
            details: { location: outcome.location },
          },
        ),
        retry: false,
        mayHaveBeenApplied: true,
      };
    case "too_large":
      return {
        error: new CredportInvalidResponseError(
          `credport: ${operation} answered ${outcome.status} with a body over ${context.maxResponseBytes} bytes; it was not read (maxResponseBytes raises the cap).`,
          {
            code: "response_too_large",
            status: outcome.status,
            requestId: outcome.headers.get("x-request-id") ?? undefined,
          },
        ),
        retry: false,
        mayHaveBeenApplied: outcome.status < 400 || outcome.status >= 500,
      };
  }
  const { status, headers } = outcome;
  const requestId = headers.get("x-request-id") ?? undefined;
  const body = parseJson(outcome.text);
  if (status >= 200 && status < 300) {
    if (typeof body === "object" && body !== null && !Array.isArray(body))
      return { response: { data: body as T, status, requestId, headers } };
    return {
      error: new CredportInvalidResponseError(
        `credport: ${operation} answered ${status} with ${describeBody(outcome.text, body)} instead of a JSON object.`,
        { code: "invalid_response", status, requestId },
      ),
      retry: false,
      mayHaveBeenApplied: true,
    };
  }
  // Retry-After counts on 429 and 503 only; a value beyond the cap is not waited for.
  const retryAfterSeconds =
    status === 429 || status === 503 ? parseRetryAfter(headers.get("retry-after")) : undefined;
  const tooLong = retryAfterSeconds !== undefined && retryAfterSeconds * 1000 > context.maxWaitMs;
  return {
    error: errorFromStatus(status, body, { requestId, retryAfterSeconds, operation }),
    retry: isRetryableStatus(status) && !tooLong,
    // 408, 429 and 503 say the request was not processed; other 5xx may come after the write.
    mayHaveBeenApplied: status >= 500 && status !== 503,
    ...(retryAfterSeconds !== undefined ? { waitMs: retryAfterSeconds * 1000 } : {}),
  };
}

function headersFor(
  base: Record<string, string>,
  spec: RequestSpec,
  idempotencyKey: string | undefined,
): Record<string, string> {
  if (spec.body === undefined && idempotencyKey === undefined) return base;
  return {
    ...base,
    ...(spec.body === undefined ? {} : { "content-type": "application/json" }),
    ...(idempotencyKey === undefined ? {} : { "idempotency-key": idempotencyKey }),
  };
}

function queryString(query: RequestSpec["query"]): string {
  if (!query) return "";
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined) params.append(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** Resolves `true` after `ms`, or `false` as soon as `signal` aborts. */
function sleep(ms: number, signal: AbortSignal | undefined): Promise<boolean> {
  if (signal?.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve(true);
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

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

const NOT_JSON = Symbol("not JSON");

function parseJson(text: string): unknown {
  if (text === "") return NOT_JSON;
  try {
    return JSON.parse(text);
  } catch {
    return NOT_JSON;
  }
}

function describeBody(text: string, body: unknown): string {
  if (text === "") return "an empty body";
  if (body === NOT_JSON) return "a body that is not JSON";
  if (body === null) return "null";
  return Array.isArray(body) ? "a JSON array" : `a JSON ${typeof body}`;
}

function abortedError(operation: string, reason: unknown): CredportConnectionError {
  return new CredportConnectionError(`credport: ${operation} was aborted by the caller.`, {
    code: "request_aborted",
    cause: reason,
  });
}

function describe(error: unknown): string {
  const cause = (error as { cause?: unknown })?.cause ?? error;
  if (cause instanceof Error) return cause.message || cause.name;
  return "network error";
}
