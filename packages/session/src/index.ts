/** Every error code of the Credport packages, including the routes' JSON bodies. */
export type { CredportErrorCode } from "@credport/core";
export { verifyWebhook } from "@credport/server";
export type { CredportSessionConfig, GetUserRef } from "./config/session-config.js";
export type { VerifiedSession } from "./cookies/verified-session.js";
export { isProtectedPath } from "./protect/protected-path.js";
export { safeRedirectPath } from "./protect/return-path.js";
export {
  type Authorization,
  createCredportMiddleware,
  type ProtectOptions,
  REDIRECT_URL_PARAM,
  type RefusalOptions,
} from "./protect/wall.js";
export { readPublishableKey } from "./publishable-key.js";
export { type GetVerifiedSessionOptions, getVerifiedSession } from "./read-session.js";
export type { RateLimitOptions, RateLimitRule } from "./request/rate-limit.js";
export {
  createCredportHandler,
  createCredportHandlers,
  type RequestContext,
} from "./routes/handlers.js";
export {
  type CredportSession,
  type CredportSessionOptions,
  createCredportSession,
} from "./session.js";
export {
  type CredportRedisOptions,
  createMemoryStateStore,
  type StateCount,
  type StateStore,
} from "./state-store.js";
export {
  type ClaimRequirements,
  type ClaimValue,
  PRESET_CLAIM_REQUIREMENTS,
} from "./verification/claim-requirements.js";
