import type { ResolvedLogger } from "../logger.js";
import { redactSecrets } from "../redact.js";
import {
  errorType,
  markFailed,
  SPAN_KIND,
  type TelemetrySpan,
  type TelemetryTracer,
} from "../telemetry.js";

/** What a call is, for its span and log lines. */
export interface ObservedCall {
  /** The contract's operation ID (`createVerification`), or `METHOD path` without one. */
  name: string;
  method: string;
  /** The URL without its query (list filters and cursors stay out of spans and logs). */
  url: string;
  path: string;
}

/** Hooks the pipeline calls during one call; only built when a tracer or a debug log is wanted. */
export interface RequestObserver {
  attempt(attempt: number): void;
  response(attempt: number, status: number, headers: Headers): void;
  retry(attempt: number, waitMs: number, error: unknown): void;
}

/**
 * Runs one server-client call under a CLIENT span named after its operation, with the HTTP client
 * attributes of OpenTelemetry's semantic conventions, and writes its request/response lines to the
 * debug log. Secrets are never among them: the URL is the base URL and the path (IDs only), no
 * header is read but `x-request-id` and `idempotent-replayed`.
 */
export function observeCall<T>(
  call: ObservedCall,
  tracer: TelemetryTracer | undefined,
  logger: ResolvedLogger | undefined,
  run: (observer: RequestObserver) => Promise<T>,
): Promise<T> {
  const debug = logger?.debug;
  const started = Date.now();
  const observer = (span: TelemetrySpan | undefined): RequestObserver => ({
    attempt(attempt) {
      debug?.(`credport: request ${call.method} ${call.path} (${call.name}, attempt ${attempt})`, {
        operation: call.name,
        method: call.method,
        path: call.path,
        attempt,
      });
    },
    response(attempt, status, headers) {
      const requestId = headers.get("x-request-id") ?? undefined;
      const replayed = headers.get("idempotent-replayed") === "true";
      span?.setAttribute("http.response.status_code", status);
      if (requestId) span?.setAttribute("credport.request_id", redactSecrets(requestId));
      if (replayed) span?.addEvent("credport.idempotency.replayed");
      debug?.(
        `credport: response ${status} ${call.method} ${call.path} (${call.name}, attempt ${attempt}, ${Date.now() - started} ms${requestId ? `, ${requestId}` : ""}${replayed ? ", idempotent replay" : ""})`,
        {
          operation: call.name,
          method: call.method,
          path: call.path,
          attempt,
          status,
          durationMs: Date.now() - started,
          requestId,
          idempotentReplayed: replayed || undefined,
        },
      );
    },
    retry(attempt, waitMs, error) {
      const type = errorType(error);
      span?.addEvent("credport.retry", {
        "http.request.resend_count": attempt,
        "credport.retry.wait_ms": waitMs,
        "error.type": type,
      });
      debug?.(
        `credport: retrying ${call.method} ${call.path} (${call.name}) in ${waitMs} ms after ${type}`,
        { operation: call.name, attempt, waitMs, error: type },
      );
    },
  });
  if (!tracer) return run(observer(undefined));
  const url = new URL(call.url);
  return tracer.startActiveSpan(
    call.name,
    {
      kind: SPAN_KIND.client,
      attributes: {
        "http.request.method": call.method,
        "url.full": redactSecrets(call.url),
        "server.address": url.hostname,
        "server.port": Number(url.port) || (url.protocol === "https:" ? 443 : 80),
        "credport.operation_id": call.name,
      },
    },
    async (span) => {
      try {
        return await run(observer(span));
      } catch (error) {
        markFailed(span, error);
        const status = (error as { status?: unknown }).status;
        if (typeof status === "number") span.setAttribute("http.response.status_code", status);
        throw error;
      } finally {
        span.end();
      }
    },
  );
}
