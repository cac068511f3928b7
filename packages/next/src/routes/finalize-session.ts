import type { ResolvedConfig } from "../config/resolve-config.js";
import { clearCookieHeader, cookieHeader } from "../cookies/cookie-header.js";
import { pendingCookieName } from "../cookies/pending-binding.js";
import { SESSION_COOKIE, sealVerifiedSession } from "../cookies/verified-session.js";
import { isCrossSite } from "../request/same-origin.js";
import { unmetClaimRequirement } from "../verification/claim-requirements.js";
import { keepClaims } from "../verification/keep-claims.js";
import { signedResultFor } from "../verification/signed-result.js";
import { parseFinalizeSessionBody } from "./browser-input.js";
import { readJson } from "./read-body.js";
import { jsonResponse, RouteError } from "./route-error.js";
import { requireBinding } from "./user-binding.js";

/**
 * `POST session` `{ verificationId }`: with this browser's binding (and the same user), the
 * service's signed result for it, and claims that meet the requirements, a session cookie.
 */
export async function finalizeSession(request: Request, config: ResolvedConfig): Promise<Response> {
  if (config.sessionMode === "manual")
    throw new RouteError(
      404,
      "SESSION_MODE_MANUAL",
      "Sessions are finalized by the app (sessionMode: manual).",
    );
  if (isCrossSite(request, config.allowedOrigins)) throw RouteError.crossSite();
  // A form post (text/plain, no preflight) cannot reach this: only fetch with a JSON body can.
  if (!/^application\/json\s*(;|$)/i.test(request.headers.get("content-type") ?? ""))
    throw new RouteError(
      415,
      "UNSUPPORTED_MEDIA_TYPE",
      "credport/next: send the body as application/json.",
    );
  const { verificationId } = parseFinalizeSessionBody(await readJson(request));
  const binding = await requireBinding(request, verificationId, config);

  const signed = await signedResultFor(binding, config.resultCheck);
  if ("problem" in signed)
    throw new RouteError(409, "VERIFICATION_NOT_VERIFIED", `No session: ${signed.problem}.`);
  const unmet = await unmetClaimRequirement(
    signed.result.claims,
    binding.policyId,
    config.requireClaims,
  );
  if (unmet) throw new RouteError(409, "CLAIMS_NOT_ACCEPTED", `No session: ${unmet}.`);

  const now = Date.now();
  const session = await sealVerifiedSession(
    {
      verificationId: binding.verificationId,
      policyId: binding.policyId,
      verifiedAt: new Date(now).toISOString(),
      expiresAt: new Date(now + config.sessionMaxAgeSeconds * 1000).toISOString(),
      claims: keepClaims(signed.result.claims, config.keepClaims),
      ...(binding.userRef ? { userRef: binding.userRef } : {}),
    },
    config.keyring,
    config.sessionMaxAgeSeconds,
  );
  return jsonResponse(200, { verified: true }, [
    cookieHeader(SESSION_COOKIE, session, {
      path: "/",
      maxAge: config.sessionMaxAgeSeconds,
      secure: config.secureCookies,
    }),
    clearCookieHeader(pendingCookieName(binding.verificationId), {
      path: config.basePath,
      secure: config.secureCookies,
    }),
  ]);
}
