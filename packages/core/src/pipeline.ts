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
