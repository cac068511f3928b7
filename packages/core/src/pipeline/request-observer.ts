import type { LogFields, ResolvedLogger } from "../logger.js";
import { markFailed, SPAN_KIND, type TelemetrySpan, type TelemetryTracer } from "../telemetry.js";

/** What a call is, for its span and log lines. */
export interface ObservedCall {
  /** The contract's operation ID (`createVerification`), or `METHOD path` without one. */
  name: string;
  method: string;
  /** Below the base URL, without the query (list filters and cursors stay out). */
  path: string;
}

/** Hooks the pipeline calls during one call; only made when a tracer or a debug log is wanted. */
export interface RequestObserver {
  attempt(attempt: number): void;
  response(attempt: number, status: number, headers: Headers): void;
  retry(attempt: number, waitMs: number, errorType: string): void;
}

/** Where calls go, parsed once per client: the span's `server.*` attributes and `url.full`'s base. */
export interface ObservedService {
  baseUrl: string;
  address: string;
  port: number;
}

export function observedService(baseUrl: string): ObservedService {
  const url = new URL(baseUrl);
  return {
    baseUrl,
    address: url.hostname,
    port: Number(url.port) || (url.protocol === "https:" ? 443 : 80),
  };
}

/**
 * Runs one server-client call under a CLIENT span named after its operation, with the HTTP client
 * attributes of OpenTelemetry's semantic conventions, and writes its request/response lines to the
 * debug log. Nothing secret can reach either: the URL is the checked base URL and the path (IDs
 * only), and no header is read but `x-request-id` and `idempotent-replayed`.
 */
export function observeCall<T>(
  call: ObservedCall,
  service: ObservedService,
  tracer: TelemetryTracer | undefined,
  logger: ResolvedLogger | undefined,
  run: (observer: RequestObserver) => Promise<T>,
): Promise<T> {
  const debug = logger?.debug;
  const started = Date.now();
  // `credport: response 201 POST /v1/verifications (createVerification, attempt 1, 38 ms, req_…)`
  const line = (what: string, attempt: number, extra: (string | undefined)[], fields: LogFields) =>
    debug?.(
      `credport: ${what} ${call.method} ${call.path} (${[call.name, `attempt ${attempt}`, ...extra].filter(Boolean).join(", ")})`,
      { operation: call.name, method: call.method, path: call.path, attempt, ...fields },
    );
  const observe = (span?: TelemetrySpan): RequestObserver => ({
    attempt: (attempt: number) => line("request", attempt, [], {}),
    response(attempt: number, status: number, headers: Headers) {
      const requestId = headers.get("x-request-id") ?? undefined;
      const replayed = headers.get("idempotent-replayed") === "true" || undefined;
      const durationMs = Date.now() - started;
      span?.setAttribute("http.response.status_code", status);
      if (replayed) span?.addEvent("credport.idempotency.replayed");
      line(
        `response ${status}`,
        attempt,
        [`${durationMs} ms`, requestId, replayed && "idempotent replay"],
        { status, durationMs, requestId, replayed },
      );
    },
    retry(attempt: number, waitMs: number, errorType: string) {
      span?.addEvent("credport.retry", {
        "http.request.resend_count": attempt,
        "credport.retry.wait_ms": waitMs,
        "error.type": errorType,
      });
      line("retry", attempt, [`in ${waitMs} ms`, errorType], { waitMs, error: errorType });
    },
  });
  if (!tracer) return run(observe());
  return tracer.startActiveSpan(
    call.name,
    {
      kind: SPAN_KIND.client,
      attributes: {
        "http.request.method": call.method,
        "url.full": service.baseUrl + call.path,
        "server.address": service.address,
        "server.port": service.port,
      },
    },
    async (span) => {
      try {
        return await run(observe(span));
      } catch (error) {
        markFailed(span, error);
        const { status } = error as { status?: unknown };
        if (typeof status === "number") span.setAttribute("http.response.status_code", status);
        throw error;
      } finally {
        span.end();
      }
    },
  );
}
