import type { ResolvedConfig } from "../config/resolve-config.js";
import { clearCookieHeader, cookieHeader } from "../cookies/cookie-header.js";
import { pendingCookie, sessionCookie } from "../cookies/cookie-names.js";
import { sealVerifiedSession } from "../cookies/verified-session.js";
import { storeOrRefuse } from "../state-store.js";
import type { RouteNote } from "../telemetry/session-observer.js";
import { unmetClaimRequirement } from "../verification/claim-requirements.js";
import { keepClaims } from "../verification/keep-claims.js";
import { signedResultFor } from "../verification/signed-result.js";
import { parseFinalizeSessionBody } from "./browser-input.js";
import { readJson } from "./read-body.js";
import { requireCookieFits } from "./require-cookie-fits.js";
import { requireSameOrigin } from "./require-same-origin.js";
import { jsonResponse, RouteError } from "./route-error.js";
import { requireBinding } from "./user-binding.js";

/**
 * `POST session` `{ verificationId }`: with this browser's binding (and the same user), the
 * service's signed result for it, and claims that meet the requirements, a session cookie.
 */
export async function finalizeSession(
  request: Request,
  config: ResolvedConfig,
  note: RouteNote = {},
): Promise<Response> {
  if (config.sessionMode === "manual")
    throw new RouteError(
      404,
      "session_mode_manual",
      "Sessions are finalized by the app (sessionMode: manual).",
    );
  requireSameOrigin(request, config);
  // A form post (text/plain, no preflight) cannot reach this: only fetch with a JSON body can.
  if (!/^application\/json\s*(;|$)/i.test(request.headers.get("content-type") ?? ""))
    throw new RouteError(
      415,
      "unsupported_media_type",
      "credport/session: send the body as application/json.",
    );
  const { verificationId } = parseFinalizeSessionBody(await readJson(request));
  const binding = await requireBinding(request, verificationId, config);
  note.policyId = binding.policyId;

  const signed = await signedResultFor(binding, config.resultCheck);
  if ("problem" in signed) {
    note.outcome = signed.status ?? "not_verified";
    // Counted where the browser flow learns it, the status read (it never finalizes a failure).
    if (signed.status === "failed") note.failureCode = signed.failureCode;
    throw new RouteError(409, "verification_not_verified", `No session: ${signed.problem}.`);
  }
  const unmet = await unmetClaimRequirement(
    signed.result.claims,
    binding.policyId,
    config.requireClaims,
  );
  if (unmet) throw new RouteError(409, "claims_not_accepted", `No session: ${unmet}.`);

  // Sealed (and measured) before the verification is used up: a cookie too large to keep must
  // not cost the visitor their verification.
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
  const target = sessionCookie(config.secureCookies);
  requireCookieFits(target.name, session, config);

  // One session per verification: the pending cookie is cleared below, but a copy of it (curl, a
  // script racing itself) would finalize again until it expires, so the verification is
  // remembered for as long as its binding could still be replayed. Checked last, so that a
  // finalize refused above (too early, claims not accepted) does not use the verification up.
  const pending = pendingCookie(binding.verificationId, config.secureCookies, config.basePath);
  const replayableFor = Math.max(1, Math.ceil((binding.expiresAt - Date.now()) / 1000));
  // A store that cannot answer refuses (503, no cookie): it cannot tell whether this is a replay.
  const first = await storeOrRefuse(
    () => config.stateStore.rememberOnce(finalizedKey(binding.verificationId), replayableFor),
    config,
  );
  if (!first)
    throw new RouteError(
      409,
      "verification_already_finalized",
      "This verification already gave a session; start a new verification for another.",
    );

  note.outcome = "verified";
  config.telemetry?.count("verified", { "credport.policy_id": binding.policyId });
  return jsonResponse(200, { verified: true }, [
    cookieHeader(target.name, session, { ...target, maxAge: config.sessionMaxAgeSeconds }),
    clearCookieHeader(pending.name, pending),
  ]);
}

/** The state store key that marks a verification as finalized. */
const finalizedKey = (verificationId: string) => `finalized:${verificationId}`;
