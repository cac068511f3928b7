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
