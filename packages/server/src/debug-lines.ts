import { debugFromEnv } from "@credport/core";
import { type CallObserver, callLog } from "@credport/core/pipeline";

/**
 * `CREDPORT_DEBUG=1` on a client without a `telemetry` option: each call's request and response
 * lines on the console (`console.debug`), as `createTelemetry({ logger: console })` writes them.
 * `undefined` when the variable is not set.
 */
export function debugLines(): CallObserver | undefined {
  if (!debugFromEnv()) return undefined;
  const debug = (message: string, fields?: object) => console.debug(message, fields);
  return (call, run) => run(callLog(call, debug));
}
