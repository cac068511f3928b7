import { type CredportLogger, resolveLogger } from "../logger.js";
import {
  type CredportTelemetry,
  errorType,
  markFailed,
  meterFor,
  SPAN_KIND,
  type TelemetryAttributes,
  type TelemetryScope,
  type TelemetrySpan,
  tracerFor,
} from "../telemetry.js";
import { callLog } from "./call-log.js";
import {
  type ClientTelemetry,
  callName,
  type ObservedCall,
  type RequestObserver,
} from "./call-observer.js";

/** What `createTelemetry` takes: OpenTelemetry's providers, a logger, or both. */
export interface TelemetryOptions extends CredportTelemetry {
  /**
   * Where each call's request/response lines go (`debug`), redacted: `console` fits. Without it,
   * they go to the console when `CREDPORT_DEBUG=1`, and nowhere otherwise.
   */
  logger?: CredportLogger | undefined;
}

/** OpenTelemetry's advised buckets for `http.client.request.duration`, in seconds. */
const DURATION_BUCKETS = [
  0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10,
];

/**
 * A server client's spans, metric and log lines. Each call gets a CLIENT span named after its
 * operation, with the HTTP client attributes of OpenTelemetry's semantic conventions (retries and
 * idempotent replays as events), a value of the `http.client.request.duration` histogram (one per
 * call, retries included, as the span), and its request/response lines at `debug`. Nothing secret
 * can reach any of them: the URL is the checked base URL and the path (IDs only), and no header is
 * read but `x-request-id` and `idempotent-replayed`.
 */
export function clientTelemetry(
  options: TelemetryOptions,
  scope: TelemetryScope,
  version?: string,
): ClientTelemetry {
  const tracer = tracerFor(options, scope, version);
  const duration = meterFor(options, scope, version)?.createHistogram(
    "http.client.request.duration",
    {
      description: "Duration of HTTP client requests.",
      unit: "s",
      advice: { explicitBucketBoundaries: DURATION_BUCKETS },
    },
  );
  const { debug } = resolveLogger(options.logger);
  return {
    observeClient(baseUrl) {
      const url = new URL(baseUrl);
      const address = url.hostname;
      const port = Number(url.port) || (url.protocol === "https:" ? 443 : 80);
      return <T>(
        call: ObservedCall,
        run: (observer: RequestObserver) => Promise<T>,
      ): Promise<T> => {
        const started = performance.now();
        const name = callName(call);
        let status: number | undefined;
        const log = debug && callLog(call, debug);
        const observe = (span?: TelemetrySpan): RequestObserver => ({
          attempt(attempt) {
            log?.attempt(attempt);
          },
          response(attempt, answered, headers) {
            status = answered;
            span?.setAttribute("http.response.status_code", answered);
            if (headers.get("idempotent-replayed") === "true")
              span?.addEvent("credport.idempotency.replayed");
            log?.response(attempt, answered, headers);
          },
          retry(attempt, waitMs, error) {
            span?.addEvent("credport.retry", {
              "http.request.resend_count": attempt,
              "credport.retry.wait_ms": waitMs,
              "error.type": error,
            });
            log?.retry(attempt, waitMs, error);
          },
        });
        const record = (failure: unknown) => {
          if (!duration) return;
          const attributes: TelemetryAttributes = {
            "http.request.method": call.method,
            "server.address": address,
            "server.port": port,
            "credport.operation_id": name,
          };
          if (status !== undefined) attributes["http.response.status_code"] = status;
          if (failure !== undefined) attributes["error.type"] = errorType(failure);
          duration.record((performance.now() - started) / 1000, attributes);
        };
        const settle = async (span?: TelemetrySpan): Promise<T> => {
          try {
            const result = await run(observe(span));
            record(undefined);
            return result;
          } catch (error) {
            const answered = (error as { status?: unknown }).status;
            if (typeof answered === "number") status = answered;
            record(error);
            if (span) {
              markFailed(span, error);
              if (status !== undefined) span.setAttribute("http.response.status_code", status);
            }
            throw error;
          } finally {
            span?.end();
          }
        };
        if (!tracer) return settle();
        return tracer.startActiveSpan(
          name,
          {
            kind: SPAN_KIND.client,
            attributes: {
              "http.request.method": call.method,
              "url.full": baseUrl + call.path,
              "server.address": address,
              "server.port": port,
            },
          },
          (span) => settle(span),
        );
      };
    },
  };
}
