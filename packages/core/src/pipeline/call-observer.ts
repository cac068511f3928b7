// The one hook the request pipeline offers for spans, metrics and log lines. The pipeline itself
// knows none of them: what observes a call comes from `@credport/server/telemetry` (or, for
// `CREDPORT_DEBUG`, the small console writer in `call-log.ts`), so that a client without them
// carries no span, metric or log-formatting code, and a call without them allocates nothing.

/** What a call is, for its span, metric and log lines: the call's own spec, read only. */
export interface ObservedCall {
  /** The contract's operation ID (`createVerification`); observers name the call `METHOD path` without one. */
  operationId?: string | undefined;
  method: string;
  /** Below the base URL, without the query (list filters and cursors stay out). */
  path: string;
}

/** The name a call goes by in spans, metrics and log lines. */
export const callName = (call: ObservedCall): string =>
  call.operationId ?? `${call.method} ${call.path}`;

/** Hooks the pipeline calls during one observed call. */
export interface RequestObserver {
  attempt(attempt: number): void;
  response(attempt: number, status: number, headers: Headers): void;
  retry(attempt: number, waitMs: number, errorType: string): void;
}

/**
 * Runs one call (`run`), observing it: `run` sends the call's attempts and calls the observer it
 * is given. It settles as `run` does.
 */
export type CallObserver = <T>(
  call: ObservedCall,
  run: (observer: RequestObserver) => Promise<T>,
) => Promise<T>;

/**
 * What a server client's `telemetry` option takes: made by `createTelemetry` from
 * `@credport/server/telemetry` (or `@credport/session/telemetry`), never written by hand.
 */
export interface ClientTelemetry {
  /** Called once per client with its checked base URL: the hook for each of its calls. */
  observeClient(baseUrl: string): CallObserver;
}

/** Whether a value is a {@link ClientTelemetry} (what `createTelemetry` made). */
export function isClientTelemetry(value: unknown): value is ClientTelemetry {
  return typeof (value as Partial<ClientTelemetry> | null)?.observeClient === "function";
}
