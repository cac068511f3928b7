// index.d.ts
import { GetVerifiedSessionOptions, VerifiedSession, CredportSessionConfig, ProtectOptions } from '@credport/session';
export { ClaimRequirements, ClaimValue, CredportErrorCode, CredportRedisOptions, GetUserRef, GetVerifiedSessionOptions, PRESET_CLAIM_REQUIREMENTS, ProtectOptions, REDIRECT_URL_PARAM, RateLimitOptions, RateLimitRule, StateCount, StateStore, VerifiedSession, isProtectedPath, safeRedirectPath, verifyWebhook } from '@credport/session';
declare function getPublishableKey(value?: string | undefined): Promise<string>;
declare function getVerifiedSession(options?: GetVerifiedSessionOptions): Promise<VerifiedSession | null>;
type CredportNextConfig = CredportSessionConfig;
declare const createCredportHandlers: (options: CredportNextConfig) => {
    GET: (request: Request) => Promise<Response>;
    POST: (request: Request) => Promise<Response>;
    DELETE: (request: Request) => Promise<Response>;
};
declare function createCredportMiddleware(options: ProtectOptions): (request: Request) => Promise<Response | undefined>;
export { type CredportNextConfig, createCredportHandlers, createCredportMiddleware, getPublishableKey, getVerifiedSession };
// telemetry.d.ts
export * from '@credport/session/telemetry';
