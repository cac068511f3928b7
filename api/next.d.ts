// index.d.ts
import { JsonWebKeySet, ClaimRequirements, StateStore, WebhookEvent, WebhookEventStore, Credport } from '@credport/server';
export { ClaimRequirements, ClaimValue, PRESET_CLAIM_REQUIREMENTS, StateCount, StateStore, verifyWebhook } from '@credport/server';
import { RedisCommandClient } from '@credport/server/redis';
interface RateLimitRule {
    limit: number;
    windowSeconds?: number | undefined;
}
interface RateLimitOptions {
    perAddress?: RateLimitRule | false | undefined;
    perBrowser?: RateLimitRule | false | undefined;
    onStoreFailure?: "open" | "closed" | undefined;
}
interface CredportRedisOptions {
    client?: RedisCommandClient | undefined;
    url?: string | undefined;
    prefix?: string | undefined;
    timeoutMs?: number | undefined;
}
type GetUserRef = (request: Request) => string | undefined | Promise<string | undefined>;
interface CredportNextConfig {
    secretKey?: string | undefined;
    baseUrl?: string | undefined;
    sessionSecret?: string | string[] | undefined;
    jwks?: JsonWebKeySet | string | undefined;
    projectId?: string | undefined;
    policyId?: string | undefined;
    resolvePolicy?: ((request: Request) => string | Promise<string>) | undefined;
    getUserRef?: GetUserRef | undefined;
    resolveMetadata?: ((request: Request) => Record<string, string> | undefined | Promise<Record<string, string> | undefined>) | undefined;
    requireClaims?: ClaimRequirements | undefined;
    sessionMode?: "library" | "manual" | undefined;
    keepClaims?: string[] | undefined;
    sessionMaxAgeSeconds?: number | undefined;
    maxPendingVerifications?: number | undefined;
    basePath?: string | undefined;
    secureCookies?: boolean | undefined;
    stateStore?: StateStore | undefined;
    redis?: CredportRedisOptions | undefined;
    rateLimit?: RateLimitOptions | false | undefined;
    trustProxy?: boolean | number | undefined;
    allowedOrigins?: string[] | undefined;
    webhook?: {
        secret?: string | undefined;
        onEvent: (event: WebhookEvent) => void | Promise<void>;
        eventStore?: WebhookEventStore | false | undefined;
    } | undefined;
    credport?: Credport | undefined;
}
interface VerifiedSession {
    verificationId: string;
    userRef?: string;
    policyId: string;
    verifiedAt: string;
    expiresAt: string;
    claims: Record<string, unknown>;
}
declare const REDIRECT_URL_PARAM = "redirect_url";
interface ProtectOptions {
    protect: string[];
    signInPath: string;
    sessionSecret?: string | string[] | undefined;
    getUserRef?: GetUserRef | undefined;
    secureCookies?: boolean | undefined;
}
declare function createCredportMiddleware(options: ProtectOptions): (request: Request) => Promise<Response | undefined>;
declare function isProtectedPath(pathname: string, protect: string[]): boolean;
declare function safeRedirectPath(value: unknown, fallback?: string): string;
declare function getPublishableKey(value?: string | undefined): Promise<string>;
type Handler = (request: Request) => Promise<Response>;
declare function createCredportHandlers(options: CredportNextConfig): {
    GET: Handler;
    POST: Handler;
    DELETE: Handler;
};
interface GetVerifiedSessionOptions {
    sessionSecret?: string | string[] | undefined;
    userRef?: string | undefined;
    secureCookies?: boolean | undefined;
}
declare function getVerifiedSession(options?: GetVerifiedSessionOptions): Promise<VerifiedSession | null>;
export { type CredportNextConfig, type CredportRedisOptions, type GetUserRef, type GetVerifiedSessionOptions, type ProtectOptions, REDIRECT_URL_PARAM, type RateLimitOptions, type RateLimitRule, type VerifiedSession, createCredportHandlers, createCredportMiddleware, getPublishableKey, getVerifiedSession, isProtectedPath, safeRedirectPath };
