export { verifyWebhook } from "@credport/server";
export type { CredportNextConfig, GetUserRef } from "./config/next-config.js";
export type { VerifiedSession } from "./cookies/verified-session.js";
export {
  createCredportMiddleware,
  type ProtectOptions,
  REDIRECT_URL_PARAM,
} from "./protect/middleware.js";
export { isProtectedPath } from "./protect/protected-path.js";
export { safeRedirectPath } from "./protect/return-path.js";
export { getPublishableKey } from "./publishable-key.js";
export type { RateLimitOptions, RateLimitRule } from "./request/rate-limit.js";
export { createCredportHandlers } from "./routes/handlers.js";
export { type GetVerifiedSessionOptions, getVerifiedSession } from "./server-session.js";
export type { CredportRedisOptions, StateCount, StateStore } from "./state-store.js";
export {
  type ClaimRequirements,
  type ClaimValue,
  PRESET_CLAIM_REQUIREMENTS,
} from "./verification/claim-requirements.js";
