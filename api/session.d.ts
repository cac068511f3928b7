// browser-guard.d.ts
export {  }
// express.d.ts
import { IncomingMessage, ServerResponse } from 'node:http';
import { V as VerifiedSession, C as CredportSessionOptions } from './session.js';
import '@credport/server';
import '@credport/server/redis';
import './session-observer.js';
import '@credport/core';
interface ExpressRequestLike extends IncomingMessage {
    originalUrl?: string;
    protocol?: string;
    body?: unknown;
    baseUrl?: string;
}
type ExpressNext = (error?: unknown) => void;
type ExpressMiddleware = (req: ExpressRequestLike, res: ServerResponse, next: ExpressNext) => void;
interface CredportExpress {
    readonly basePath: string;
    readonly router: ExpressMiddleware;
    readonly requireVerified: ExpressMiddleware;
    getSession(req: ExpressRequestLike): Promise<VerifiedSession | null>;
}
declare function createCredportExpress(options: CredportSessionOptions): CredportExpress;
export { type CredportExpress, CredportSessionOptions, type ExpressMiddleware, type ExpressNext, type ExpressRequestLike, VerifiedSession, createCredportExpress };
// fastify.d.ts
import { FastifyInstance, preHandlerAsyncHookHandler, FastifyRequest } from 'fastify';
import { V as VerifiedSession, C as CredportSessionOptions } from './session.js';
import '@credport/server';
import '@credport/server/redis';
import './session-observer.js';
import '@credport/core';
interface CredportFastify {
    readonly basePath: string;
    readonly plugin: (instance: FastifyInstance, options?: {
        prefix?: string;
    }) => Promise<void>;
    readonly requireVerified: preHandlerAsyncHookHandler;
    getSession(request: FastifyRequest): Promise<VerifiedSession | null>;
}
declare function createCredportFastify(options: CredportSessionOptions): CredportFastify;
export { type CredportFastify, CredportSessionOptions, VerifiedSession, createCredportFastify };
// index.d.ts
export { CredportErrorCode } from '@credport/core';
export { ClaimRequirements, ClaimValue, PRESET_CLAIM_REQUIREMENTS, StateCount, StateStore, createMemoryStateStore, verifyWebhook } from '@credport/server';
import { V as VerifiedSession } from './session.js';
export { A as Authorization, a as CredportRedisOptions, b as CredportSession, c as CredportSessionConfig, C as CredportSessionOptions, G as GetUserRef, P as ProtectOptions, R as REDIRECT_URL_PARAM, d as RateLimitOptions, e as RateLimitRule, f as RefusalOptions, g as RequestContext, h as createCredportHandler, i as createCredportHandlers, j as createCredportMiddleware, k as createCredportSession } from './session.js';
import '@credport/server/redis';
import './session-observer.js';
declare function isProtectedPath(pathname: string, protect: string[]): boolean;
declare function safeRedirectPath(value: unknown, fallback?: string): string;
declare function readPublishableKey(value?: string | undefined, label?: string): string;
interface GetVerifiedSessionOptions {
    sessionSecret?: string | string[] | undefined;
    userRef?: string | undefined;
    secureCookies?: boolean | undefined;
}
declare function getVerifiedSession(request: Request | Headers, options?: GetVerifiedSessionOptions,
label?: string): Promise<VerifiedSession | null>;
export { type GetVerifiedSessionOptions, VerifiedSession, getVerifiedSession, isProtectedPath, readPublishableKey, safeRedirectPath };
// session.d.ts
import { JsonWebKeySet, ClaimRequirements, StateStore, WebhookEvent, WebhookEventStore, CredportLogger, Credport } from '@credport/server';
import { RedisCommandClient } from '@credport/server/redis';
import { S as SessionTelemetry } from './session-observer.js';
interface VerifiedSession {
    verificationId: string;
    userRef?: string;
    policyId: string;
    verifiedAt: string;
    expiresAt: string;
    claims: Record<string, unknown>;
}
interface RateLimitRule {
    limit: number;
    windowSeconds?: number | undefined;
}
interface RateLimitOptions {
    perAddress?: RateLimitRule | false | undefined;
    ipv6PrefixLength?: number | undefined;
    perBrowser?: RateLimitRule | false | undefined;
    onStoreFailure?: "open" | "closed" | undefined;
}
interface CredportRedisOptions {
    client?: RedisCommandClient | undefined;
    url?: string | undefined;
    prefix?: string | undefined;
    timeoutMs?: number | undefined;
    assumeNoEviction?: boolean | undefined;
}
type GetUserRef = (request: Request) => string | undefined | Promise<string | undefined>;
interface CredportSessionConfig {
    secretKey?: string | undefined;
    baseUrl?: string | undefined;
    sessionSecret?: string | string[] | undefined;
    jwks?: JsonWebKeySet | string | undefined;
    projectId?: string | undefined;
    policyId?: string | undefined;
    getPolicyId?: ((request: Request) => string | Promise<string>) | undefined;
    getUserRef?: GetUserRef | undefined;
    getMetadata?: ((request: Request) => Record<string, string> | undefined | Promise<Record<string, string> | undefined>) | undefined;
    requireClaims?: ClaimRequirements | undefined;
    sessionMode?: "library" | "manual" | undefined;
    keepClaims?: string[] | undefined;
    sessionMaxAgeSeconds?: number | undefined;
    maxPendingVerifications?: number | undefined;
    basePath?: string | undefined;
    secureCookies?: boolean | undefined;
    stateStore?: StateStore | undefined;
    singleInstance?: boolean | undefined;
    redis?: CredportRedisOptions | undefined;
    rateLimit?: RateLimitOptions | false | undefined;
    trustProxy?: boolean | number | undefined;
    allowedOrigins?: string[] | undefined;
    webhook?: {
        secret?: string | undefined;
        onEvent: (event: WebhookEvent) => void | Promise<void>;
        eventStore?: WebhookEventStore | false | undefined;
    } | undefined;
    telemetry?: SessionTelemetry | undefined;
    logger?: CredportLogger | undefined;
    credport?: Credport | undefined;
}
declare const REDIRECT_URL_PARAM = "redirect_url";
interface ProtectOptions {
    protect: string[];
    signInPath: string;
    sessionSecret?: string | string[] | undefined;
    getUserRef?: GetUserRef | undefined;
    secureCookies?: boolean | undefined;
    telemetry?: SessionTelemetry | undefined;
}
interface RefusalOptions {
    page?: boolean | undefined;
}
type Authorization = {
    session: VerifiedSession;
    refusal?: undefined;
} | {
    session: null;
    refusal: Response;
};
declare function createCredportMiddleware(options: ProtectOptions, label?: string): (request: Request) => Promise<Response | undefined>;
type Handler = (request: Request) => Promise<Response>;
interface RequestContext {
    remoteAddress?: string | undefined;
}
declare function createCredportHandlers(options: CredportSessionConfig, label?: string): {
    GET: Handler;
    POST: Handler;
    DELETE: Handler;
};
declare function createCredportHandler(options: CredportSessionConfig, label?: string): (request: Request, context?: RequestContext) => Promise<Response>;
interface CredportSessionOptions extends CredportSessionConfig {
    protect?: string[] | undefined;
    signInPath?: string | undefined;
}
interface CredportSession {
    readonly basePath: string;
    handler(request: Request, context?: RequestContext): Promise<Response>;
    wall(request: Request): Promise<Response | undefined>;
    requireVerified(request: Request, options?: RefusalOptions): Promise<Response | undefined>;
    authorize(request: Request, options?: RefusalOptions): Promise<Authorization>;
    getSession(request: Request): Promise<VerifiedSession | null>;
}
declare function createCredportSession(options: CredportSessionOptions,
label?: string): CredportSession;
export { type Authorization as A, type CredportSessionOptions as C, type GetUserRef as G, type ProtectOptions as P, REDIRECT_URL_PARAM as R, type VerifiedSession as V, type CredportRedisOptions as a, type CredportSession as b, type CredportSessionConfig as c, type RateLimitOptions as d, type RateLimitRule as e, type RefusalOptions as f, type RequestContext as g, createCredportHandler as h, createCredportHandlers as i, createCredportMiddleware as j, createCredportSession as k };
// session-observer.d.ts
import { TelemetryAttributes } from '@credport/core';
import { ClientTelemetry } from '@credport/server';
interface RouteNote {
    policyId?: string | undefined;
    outcome?: string | undefined;
    failureCode?: string | undefined;
    errorCode?: string | undefined;
}
interface ProtectOutcome {
    session: {
        policyId: string;
    } | null;
    refusal?: Response | undefined;
}
type VerificationCount = "started" | "verified" | "failed";
interface SessionTelemetry extends ClientTelemetry {
    observeRoute(route: string, run: (note: RouteNote) => Promise<Response>): Promise<Response>;
    observeProtect<T extends ProtectOutcome>(run: () => Promise<T>): Promise<T>;
    count(counter: VerificationCount, attributes: TelemetryAttributes): void;
}
export type { ProtectOutcome as P, RouteNote as R, SessionTelemetry as S, VerificationCount as V };
// telemetry.d.ts
import { TelemetryOptions } from '@credport/server/telemetry';
export { CredportLogger, CredportTelemetry, LogFields, TelemetryMeterProvider, TelemetryOptions, TelemetryTracerProvider } from '@credport/server/telemetry';
import { S as SessionTelemetry } from './session-observer.js';
export { P as ProtectOutcome, R as RouteNote, V as VerificationCount } from './session-observer.js';
import '@credport/core';
import '@credport/server';
declare function createTelemetry(options?: TelemetryOptions): SessionTelemetry;
export { SessionTelemetry, createTelemetry };
