import type { LogFields } from "../logger.js";
import { callName, type ObservedCall, type RequestObserver } from "./call-observer.js";

type Debug = (message: string, fields?: LogFields) => void;

/**
 * One call's request, response and retry lines, to `debug`:
 * `credport: response 201 POST /v1/verifications (createVerification, attempt 1, 38 ms, req_…)`.
 * Nothing secret can reach them: the path holds IDs only, and no header is read but
 * `x-request-id` and `idempotent-replayed`.
 */
export function callLog(call: ObservedCall, debug: Debug): RequestObserver {
  const started = Date.now();
  const name = callName(call);
  const line = (what: string, attempt: number, extra: unknown[], fields: LogFields) =>
    debug(
      `credport: ${what} ${call.method} ${call.path} (${[name, `attempt ${attempt}`, ...extra].filter(Boolean).join(", ")})`,
      { operation: name, method: call.method, path: call.path, attempt, ...fields },
    );
  return {
    attempt: (attempt) => line("request", attempt, [], {}),
    response(attempt, status, headers) {
      const requestId = headers.get("x-request-id") ?? undefined;
      const replayed = headers.get("idempotent-replayed") === "true" || undefined;
      const durationMs = Date.now() - started;
      line(
        `response ${status}`,
        attempt,
        [`${durationMs} ms`, requestId, replayed && "idempotent replay"],
        { status, durationMs, requestId, replayed },
      );
    },
    retry: (attempt, waitMs, errorType) =>
      line("retry", attempt, [`in ${waitMs} ms`, errorType], { waitMs, error: errorType }),
  };
}
