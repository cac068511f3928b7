// `@credport/server/telemetry`: the server client's spans, metric and log lines, opt-in. The client
// itself carries none of this code; an app that wants it imports this entry and passes what
// `createTelemetry` makes as the client's `telemetry` option.
import { CredportConfigurationError, isCredportLogger } from "@credport/core";
import {
  type ClientTelemetry,
  clientTelemetry,
  type TelemetryOptions,
} from "@credport/core/pipeline";
import { VERSION } from "./version.js";

export type {
  CredportLogger,
  CredportTelemetry,
  LogFields,
  TelemetryMeterProvider,
  TelemetryTracerProvider,
} from "@credport/core";
export type { ClientTelemetry, ObservedCall, TelemetryOptions } from "@credport/core/pipeline";

/**
 * The server client's telemetry, for its `telemetry` option. With `tracerProvider` (`trace` from
 * `@opentelemetry/api`, or a `TracerProvider`), a CLIENT span per call named after its operation
 * ID, with OpenTelemetry's HTTP client attributes, retries and idempotent replays as events. With
 * `meterProvider` (`metrics`, or a `MeterProvider`), the `http.client.request.duration` histogram
 * (seconds; method, server address and port, status code, `credport.operation_id`, and
 * `error.type` on failure), one value per call. With `logger` (`console` fits), a request and a
 * response line per attempt at `debug`, redacted; without it, on the console with
 * `CREDPORT_DEBUG=1`. No secret, token or query string reaches any of them.
 *
 * @example
 * import { metrics, trace } from "@opentelemetry/api";
 * import { Credport } from "@credport/server";
 * import { createTelemetry } from "@credport/server/telemetry";
 *
 * const credport = new Credport({
 *   telemetry: createTelemetry({ tracerProvider: trace, meterProvider: metrics, logger: console }),
 * });
 */
export function createTelemetry(options: TelemetryOptions = {}): ClientTelemetry {
  if (options.logger !== undefined && !isCredportLogger(options.logger)) {
    throw new CredportConfigurationError(
      "credport: logger must have debug, warn and error functions (console fits).",
      { code: "invalid_option" },
    );
  }
  return clientTelemetry(options, "@credport/server", VERSION);
}
