import type { ResolvedConfig } from "../config/resolve-config.js";
import { clearCookieHeader, cookieHeader, readCookies } from "../cookies/cookie-header.js";
import { pendingCookie } from "../cookies/cookie-names.js";
import {
  PENDING_MAX_AGE_SECONDS,
  sealPendingBinding,
  surplusPendingCookies,
} from "../cookies/pending-binding.js";
import { expectedOriginsFor } from "../request/expected-origins.js";
import { checkRateLimit } from "../request/rate-limit.js";
import type { RouteNote } from "../telemetry/session-observer.js";
import { requireSameOrigin } from "./require-same-origin.js";
import { jsonResponse, RouteError } from "./route-error.js";

/**
 * `POST verifications`: creates the verification with the policy, user and metadata the server
 * decides (whatever the browser sent is ignored) and binds this browser to it with a pending cookie.
 * The Digital Credentials API requests are bound to the app's own origins (`expectedOriginsFor`)
 * and handed to the browser with the rest.
 */
export async function createVerification(
  request: Request,
  config: ResolvedConfig,
  remoteAddress?: string,
  note: RouteNote = {},
): Promise<Response> {
  requireSameOrigin(request, config);
  const { refusal, browserCookies } = await rateLimited(request, config, remoteAddress);
  if (refusal) {
    note.outcome = "rate_limited";
    return refusal;
  }
  const policyId = await config.policyFor(request);
  note.policyId = policyId;
  const userRef = await config.userRefFor(request);
  const metadata = await config.metadataFor(request);
  const expectedOrigins = expectedOriginsFor(request, config.allowedOrigins);
  const verification = await config.credport.verifications.create({
    policyId,
    ...(userRef ? { customerUserRef: userRef } : {}),
    ...(metadata ? { metadata } : {}),
    ...(expectedOrigins ? { expectedOrigins } : {}),
  });

  note.outcome = "started";
  config.telemetry?.count("started", { "credport.policy_id": policyId });
  const now = Date.now();
  const untilExpiry = Math.floor((Date.parse(verification.expiresAt) - now) / 1000);
  const maxAge = Number.isFinite(untilExpiry)
    ? Math.max(1, Math.min(PENDING_MAX_AGE_SECONDS, untilExpiry))
    : PENDING_MAX_AGE_SECONDS;
  const sealed = await sealPendingBinding(
    {
      purpose: "pending-binding",
      verificationId: verification.id,
      policyId,
      createdAt: now,
      expiresAt: now + maxAge * 1000,
      ...(userRef ? { userRef } : {}),
    },
    config.keyring,
    maxAge,
  );
  const scope = { secure: config.secureCookies, basePath: config.basePath };
  const cookie = pendingCookie(verification.id, scope.secure, scope.basePath);
  const surplus = await surplusPendingCookies(
    readCookies(request),
    config.keyring,
    config.maxPendingVerifications,
    scope,
  );
  return jsonResponse(
    201,
    {
      verificationId: verification.id,
      clientToken: verification.clientToken,
      expiresAt: verification.expiresAt,
      authorizationRequestUri: verification.authorizationRequestUri,
      // Present only when the service is the emulator in a test environment.
      ...(verification.testWalletUrl ? { testWalletUrl: verification.testWalletUrl } : {}),
      // For `navigator.credentials.get()` in the user's click; the browser posts the wallet's
      // answer to the service itself, with the client token (docs/security.md).
      ...(verification.dcApiRequests ? { dcApiRequests: verification.dcApiRequests } : {}),
    },
    [
      cookieHeader(cookie.name, sealed, { ...cookie, maxAge }),
      ...surplus.map((c) => clearCookieHeader(c.name, c)),
      ...browserCookies,
    ],
  );
}

/**
 * Counts this start against the rate limits: `429 rate_limited` with `Retry-After` over a limit
 * (before the service is asked, so that a flood costs it nothing). A failing store lets the start
 * through with a warning, or refuses it (503) with `onStoreFailure: "closed"`.
 */
async function rateLimited(
  request: Request,
  config: ResolvedConfig,
  remoteAddress: string | undefined,
): Promise<{ refusal?: Response; browserCookies: string[] }> {
  if (!config.rateLimit) return { browserCookies: [] };
  warnOfUntrustedProxy(request, config, remoteAddress);
  const verdict = await checkRateLimit(
    request,
    config.rateLimit,
    config.rateLimitStore,
    config.secureCookies,
    remoteAddress,
  );
  if (verdict.storeError !== undefined) {
    const cause = verdict.storeError;
    const reason = cause instanceof Error ? cause.message : String(cause);
    if (!config.rateLimit.failOpen) {
      config.log.error(`${config.label}: the rate limit's state store failed: ${reason}`);
      throw new RouteError(
        503,
        "state_store_unavailable",
        `${config.label}: the state store (e.g. Redis) is unavailable; try again shortly.`,
      );
    }
    config.log.warn(
      `${config.label}: the rate limit's state store failed; this start was let through (rateLimit.onStoreFailure: "open"): ${reason}`,
    );
    return { browserCookies: verdict.cookies };
  }
  if (!verdict.limited) return { browserCookies: verdict.cookies };
  const refusal = jsonResponse(
    429,
    {
      code: "rate_limited",
      message: `${config.label}: too many verifications started; try again in ${verdict.retryAfterSeconds} s.`,
      details: { retryAfterSeconds: verdict.retryAfterSeconds },
    },
    verdict.cookies,
  );
  refusal.headers.set("retry-after", String(verdict.retryAfterSeconds));
  return { refusal, browserCookies: [] };
}

// Apps already told, once per process each: a warning per request would flood the log.
const warnedOfProxy = new WeakSet<ResolvedConfig>();

/**
 * A request with `X-Forwarded-For` and a socket address, while `trustProxy` is off: the app is
 * probably behind a proxy, and then counts the proxy's address for every client (a limit for the
 * whole site). Said once, in the server log: the header is the client's to send, so it decides
 * nothing.
 */
function warnOfUntrustedProxy(
  request: Request,
  config: ResolvedConfig,
  remoteAddress: string | undefined,
): void {
  if (
    !config.rateLimit?.perAddress ||
    config.rateLimit.trustProxy > 0 ||
    !remoteAddress ||
    !request.headers.has("x-forwarded-for") ||
    warnedOfProxy.has(config)
  )
    return;
  warnedOfProxy.add(config);
  config.log.warn(
    `${config.label}: a request carries X-Forwarded-For, and trustProxy is not set: the start limit counts the socket's address. Behind a proxy of yours, that is the proxy's, shared by every client: set trustProxy (the number of proxies in front).`,
  );
}
