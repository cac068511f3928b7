import type { ResolvedConfig } from "../config/resolve-config.js";
import { clearCookieHeader, cookieHeader, readCookies } from "../cookies/cookie-header.js";
import { pendingCookie } from "../cookies/cookie-names.js";
import {
  PENDING_MAX_AGE_SECONDS,
  sealPendingBinding,
  surplusPendingCookies,
} from "../cookies/pending-binding.js";
import { requireSameOrigin } from "./require-same-origin.js";
import { jsonResponse } from "./route-error.js";

/**
 * `POST verifications`: creates the verification with the policy, user and metadata the server
 * decides (whatever the browser sent is ignored) and binds this browser to it with a pending cookie.
 */
export async function createVerification(
  request: Request,
  config: ResolvedConfig,
): Promise<Response> {
  requireSameOrigin(request, config);
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
    },
    [
      cookieHeader(cookie.name, sealed, { ...cookie, maxAge }),
      ...surplus.map((c) => clearCookieHeader(c.name, c)),
    ],
  );
}
