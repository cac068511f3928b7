export { callLog } from "./pipeline/call-log.js";
export {
  type CallObserver,
  type ClientTelemetry,
  isClientTelemetry,
  type ObservedCall,
  type RequestObserver,
} from "./pipeline/call-observer.js";
// Opt-in: only `@credport/server/telemetry` (and the session's) reach it, so bundles without it
// leave it out.
export { clientTelemetry, type TelemetryOptions } from "./pipeline/client-telemetry.js";
export { BODY_TOO_LARGE, readBodyCapped } from "./pipeline/read-body.js";
export {
  type ApiResponse,
  createRequestPipeline,
  DEFAULT_MAX_RESPONSE_BYTES,
  DEFAULT_MAX_RETRIES,
  DEFAULT_TIMEOUT_MS,
  type RequestPipeline,
  type RequestPipelineOptions,
  type RequestSpec,
} from "./pipeline/request-pipeline.js";
