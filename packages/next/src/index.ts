import {
  type CredportSessionConfig,
  createCredportHandlers as createHandlers,
  createCredportMiddleware as createMiddleware,
  type ProtectOptions,
} from "@credport/session";
import { NEXT_LABEL } from "./label.js";

export {
  type ClaimRequirements,
  type ClaimValue,
  type CredportErrorCode,
  type CredportRedisOptions,
  type GetUserRef,
  isProtectedPath,
  PRESET_CLAIM_REQUIREMENTS,
  type ProtectOptions,
  type RateLimitOptions,
  type RateLimitRule,
  REDIRECT_URL_PARAM,
  type StateCount,
  type StateStore,
  safeRedirectPath,
  type VerifiedSession,
  verifyWebhook,
} from "@credport/session";
export { getPublishableKey } from "./publishable-key.js";
export { type GetVerifiedSessionOptions, getVerifiedSession } from "./server-session.js";

/** The options of {@link createCredportHandlers}: those of `@credport/session`. */
export type CredportNextConfig = CredportSessionConfig;

/**
 * Route handlers for `app/api/credport/[...credport]/route.ts`:
 * `POST verifications` (create; sets the pending binding cookie), `GET verifications/{id}/status`,
 * `GET session` (`{ verified, expiresAt? }`, no claims), `POST session` (finalize),
 * `DELETE session` (sign out), `POST webhooks`.
 *
 * Configuration is checked here: what is missing or wrong throws a `CredportConfigurationError`
 * naming what to set, except during `next build` (a secret that is not set yet is needed at run
 * time only) and in development (logged, and answered as `500 configuration_error` with the message).
 */
export const createCredportHandlers = (options: CredportNextConfig) =>
  createHandlers(options, NEXT_LABEL);

/**
 * A middleware (`proxy.ts`, `middleware.ts` before Next.js 16) that sends visitors without a
 * verified session to `signInPath?redirect_url=…` (`307`, `Cache-Control: no-store`); returns
 * `undefined` to let the request through. The router's fetches and prefetches get `401 no-store`
 * instead, so that no redirect is kept for after verification. A missing session secret fails
 * here, at creation (except during `next build`).
 */
export function createCredportMiddleware(options: ProtectOptions) {
  const wall = createMiddleware(options, NEXT_LABEL);
  // Next.js resolves a middleware's Location without a base (a relative one throws), then makes
  // it relative itself when it is on the request's host.
  return async (request: Request): Promise<Response | undefined> => {
    const answer = await wall(request);
    const location = answer?.headers.get("location");
    if (location?.startsWith("/"))
      answer!.headers.set("location", new URL(location, request.url).href);
    return answer;
  };
}
