import type {
  Credport,
  CredportLogger,
  JsonWebKeySet,
  WebhookEvent,
  WebhookEventStore,
} from "@credport/server";
import type { RateLimitOptions } from "../request/rate-limit.js";
import type { CredportRedisOptions, StateStore } from "../state-store.js";
import type { SessionTelemetry } from "../telemetry/session-observer.js";
import type { ClaimRequirements } from "../verification/claim-requirements.js";

/** The app's user reference for this request (e.g. from your auth), `undefined` when signed out. */
export type GetUserRef = (request: Request) => string | undefined | Promise<string | undefined>;

export interface CredportSessionConfig {
  /** Defaults to CREDPORT_SECRET_KEY. */
  secretKey?: string | undefined;
  /** Defaults to CREDPORT_BASE_URL: the service, the issuer of its signed results. */
  baseUrl?: string | undefined;
  /**
   * Seals the cookies: at least 32 random bytes (`openssl rand -base64 32`). Defaults to
   * CREDPORT_SESSION_SECRET. Several, newest first, to rotate: cookies sealed with any listed one
   * still open; drop a secret once its cookies have expired.
   */
  sessionSecret?: string | string[] | undefined;
  /**
   * The service's key set, pinned out of band (an object, or its JSON): signed results are checked
   * against it only, and `{baseUrl}/v1/.well-known/jwks.json` is never fetched, so that nothing
   * between the app and the service can swap it. Defaults to CREDPORT_JWKS.
   */
  jwks?: JsonWebKeySet | string | undefined;
  /** Your project ID; when set, signed results for another project (`aud`) are refused. Defaults to CREDPORT_PROJECT_ID. */
  projectId?: string | undefined;
  /** The policy every verification runs against… */
  policyId?: string | undefined;
  /** …or a function of the request that picks it. The browser never chooses. */
  getPolicyId?: ((request: Request) => string | Promise<string>) | undefined;
  /**
   * Your signed-in user's reference. When set, a verification is bound to the user who started
   * it, and the session to the user who finalized it: pass the same function to
   * `createCredportMiddleware` and the user to `getVerifiedSession`, and have your sign-out call
   * `DELETE {basePath}/session`.
   */
  getUserRef?: GetUserRef | undefined;
  /** The verification's metadata (it comes back in webhooks), decided on the server. The browser's is ignored. */
  getMetadata?:
    | ((
        request: Request,
      ) => Record<string, string> | undefined | Promise<Record<string, string> | undefined>)
    | undefined;
  /**
   * What the signed claims must say for a session. Default: `{ age_over_18: true }` for
   * `preset_age_over_18`, nothing for other policies. `{}` accepts any disclosed values.
   */
  requireClaims?: ClaimRequirements | undefined;
  /** "library" (default): the browser flow finalizes the session here. "manual": you do. */
  sessionMode?: "library" | "manual" | undefined;
  /** Signed claims to keep in the session cookie (dot-joined paths); none by default. */
  keepClaims?: string[] | undefined;
  /** Session lifetime. Default 12 hours. */
  sessionMaxAgeSeconds?: number | undefined;
  /** Pending verifications one browser keeps (the newest); older bindings are cleared. Default 5. */
  maxPendingVerifications?: number | undefined;
  /** Where the route is mounted; the binding cookies are scoped to it. Default `/api/credport`. */
  basePath?: string | undefined;
  /**
   * `Secure` cookies, named `__Host-credport_…` (Path=/, no Domain). Default: on, except when
   * NODE_ENV is `development`. When you set it, pass the same to `createCredportMiddleware` and
   * `getVerifiedSession`: where cookies are Secure, only the `__Host-` names are read.
   */
  secureCookies?: boolean | undefined;
  /**
   * Where the helper remembers what must hold across instances: finalized verifications (for the
   * life of their pending binding, at most 10 minutes: a replayed finalize is
   * `409 verification_already_finalized`), webhook event IDs (72 h) and rate-limit counters.
   * Default: Redis when `redis` or `CREDPORT_REDIS_URL` is set, else this process's memory
   * (bounded; right for ONE instance only). Unreachable: finalize answers
   * `503 state_store_unavailable`, a webhook 503 (the service delivers again).
   */
  stateStore?: StateStore | undefined;
  /**
   * Says that this app runs as ONE instance on purpose, so that the state store in this process's
   * memory is right: silences the warning logged once at start-up when `NODE_ENV` is `production`
   * and no Redis is configured (neither `redis`, `CREDPORT_REDIS_URL` nor `stateStore`). On a
   * platform that runs several instances (autoscaling, serverless), set `CREDPORT_REDIS_URL`
   * instead: in memory, each instance would accept a copied pending cookie or a replayed webhook
   * once of its own. Default `false`.
   */
  singleInstance?: boolean | undefined;
  /**
   * Use Redis as the state store (needs the `redis` package): a client you own, or a URL.
   * Setting `CREDPORT_REDIS_URL` does the same with its defaults.
   */
  redis?: CredportRedisOptions | undefined;
  /**
   * Limits on starting verifications (`POST verifications`), answered
   * `429 rate_limited` with `Retry-After`. Default: 10 per minute per client address (the
   * socket's, or with `trustProxy` the forwarded one; IPv6 per /64, see `ipv6PrefixLength`), 5 per
   * minute per browser; fails open when the store fails. `false`: none.
   */
  rateLimit?: RateLimitOptions | false | undefined;
  /**
   * Whether to read the client's address from `X-Forwarded-For`: only behind your own proxy (a
   * load balancer, Vercel), which appends the address it saw. `true`: one proxy (the last entry);
   * a number: that many proxies in a row. Default `false`: the socket's address, as the Express
   * and Fastify adapters pass it (a Fetch app passes `handler(request, { remoteAddress })`; Next.js
   * route handlers have none, so there the limit is per browser only). Behind a proxy without
   * it, every client counts as the proxy's address (the log says so once).
   */
  trustProxy?: boolean | number | undefined;
  /**
   * Origins allowed to create, finalize and sign out (e.g. `["https://shop.example"]`). Default:
   * the origin of `request.url`; set it behind a proxy that does not pass the public host and scheme.
   */
  allowedOrigins?: string[] | undefined;
  webhook?:
    | {
        /** Defaults to CREDPORT_WEBHOOK_SECRET. */
        secret?: string | undefined;
        /** Called once per event ID; a throw answers 500 so that the service delivers again. */
        onEvent: (event: WebhookEvent) => void | Promise<void>;
        /**
         * Where event IDs are remembered (72 h), to hand each event over once. Default: the
         * `stateStore` (Redis when configured). `false`: every delivery.
         * @deprecated Set `stateStore` (or `redis`) instead; `false` still turns dedupe off.
         */
        eventStore?: WebhookEventStore | false | undefined;
      }
    | undefined;
  /**
   * Spans, metrics and request/response log lines: pass
   * `createTelemetry({ tracerProvider: trace, meterProvider: metrics, logger })` from
   * `@credport/session/telemetry`. Each route gets a span (`credport.session.start`, `.finalize`,
   * `.webhook`, …, and the wall's `.protect`) with its outcome, policy and failure code, the server
   * client's calls are their children, and the counters `credport.verifications.started`,
   * `.verified` and `.failed` and the histograms `credport.session.finalize.duration` and
   * `http.client.request.duration` are recorded. Without it, the helper carries no tracing code
   * and loads no OpenTelemetry.
   */
  telemetry?: SessionTelemetry | undefined;
  /**
   * Where the helper's warnings and errors go, redacted: `console` fits. Default: the console.
   * (The server client's request/response lines go to `createTelemetry({ logger })`'s logger, or
   * to the console with `CREDPORT_DEBUG=1`.)
   */
  logger?: CredportLogger | undefined;
  /** For tests: the server client to use. */
  credport?: Credport | undefined;
}
