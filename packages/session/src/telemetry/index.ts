// `@credport/session/telemetry`: the session helper's spans, metrics and log lines, opt-in. The
// helper itself carries none of this code; an app that wants it imports this entry and passes what
// `createTelemetry` makes as the helper's `telemetry` option.

import type { TelemetryOptions } from "@credport/server/telemetry";
import { createTelemetry as createClientTelemetry } from "@credport/server/telemetry";
import type { SessionTelemetry } from "./session-observer.js";
import { observeProtect, observeRoute, sessionInstruments } from "./session-telemetry.js";

export type {
  CredportLogger,
  CredportTelemetry,
  LogFields,
  TelemetryMeterProvider,
  TelemetryOptions,
  TelemetryTracerProvider,
} from "@credport/server/telemetry";
export type {
  ProtectOutcome,
  RouteNote,
  SessionTelemetry,
  VerificationCount,
} from "./session-observer.js";

/**
 * The session helper's telemetry, for its `telemetry` option (and `@credport/next`'s). With
 * `tracerProvider` (`trace` from `@opentelemetry/api`), each route gets an INTERNAL span
 * (`credport.session.start`, `.finalize`, `.webhook`, `.status`, `.session`, `.sign_out`, and the
 * wall's `.protect`) with its outcome, policy and failure code, and the server client's calls are
 * its children. With `meterProvider` (`metrics`), the counters `credport.verifications.started`,
 * `.verified` and `.failed` (by `credport.failure_code`), the histogram
 * `credport.session.finalize.duration` (seconds) and the server client's
 * `http.client.request.duration`. With `logger` (`console` fits), the server client's
 * request/response lines at `debug`, redacted. No secret, token, cookie or claim value reaches
 * any of them.
 *
 * @example
 * import { metrics, trace } from "@opentelemetry/api";
 * import { createCredportSession } from "@credport/session";
 * import { createTelemetry } from "@credport/session/telemetry";
 *
 * export const credport = createCredportSession({
 *   policyId: "preset_age_over_18",
 *   telemetry: createTelemetry({ tracerProvider: trace, meterProvider: metrics }),
 * });
 */
export function createTelemetry(options: TelemetryOptions = {}): SessionTelemetry {
  const client = createClientTelemetry(options);
  const instruments = sessionInstruments(options);
  return {
    observeClient: (baseUrl) => client.observeClient(baseUrl),
    observeRoute: (route, run) => observeRoute(instruments, route, run),
    observeProtect: (run) => observeProtect(instruments.tracer, run),
    count: (counter, attributes) => instruments[counter]?.add(1, attributes),
  };
}
