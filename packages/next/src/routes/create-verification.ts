import type { ResolvedConfig } from "../config/resolve-config.js";
import { clearCookieHeader, cookieHeader, readCookies } from "../cookies/cookie-header.js";
import {
  PENDING_MAX_AGE_SECONDS,
  pendingCookieName,
  sealPendingBinding,
  surplusPendingCookies,
} from "../cookies/pending-binding.js";
import { isCrossSite } from "../request/same-origin.js";
import { jsonResponse, RouteError } from "./route-error.js";

/**
 * `POST verifications`: creates the verification with the policy, user and metadata the server
 * decides (whatever the browser sent is ignored) and binds this browser to it with a pending cookie.
 */
export async function createVerification(
  request: Request,
  config: ResolvedConfig,
): Promise<Response> {
  if (isCrossSite(request, config.allowedOrigins)) throw RouteError.crossSite();
  const policyId = await config.policyFor(request);
  const userRef = await config.userRefFor(request);
  const metadata = await config.metadataFor(request);
  const verification = await config.credport.verifications.create({
    policyId,
    ...(userRef ? { customerUserRef: userRef } : {}),
    ...(metadata ? { metadata } : {}),
  });

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
  const scope = { path: config.basePath, secure: config.secureCookies };
  const surplus = await surplusPendingCookies(
    readCookies(request),
    config.keyring,
    config.maxPendingVerifications,
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
    },
    [
      cookieHeader(pendingCookieName(verification.id), sealed, { ...scope, maxAge }),
      ...surplus.map((name) => clearCookieHeader(name, scope)),
    ],
  );
}
