import { credentialOfferUrl, offerUri } from "../../http/handoff-uris.js";
import { json } from "../../http/responses.js";
import type { RouteContext } from "../../http/route.js";
import { ModelError } from "../../model/infrastructure/errors.js";
import type { Model } from "../../model/model.js";
import { oauthError } from "../oauth/oauth-error.js";
import { withAgeFromBirthdate } from "./identity-age.js";

/** Path under a request URI where the test wallet asks for a credential it lacks. */
export const TEST_CREDENTIAL_OFFER_SUFFIX = "/test-credential-offer";

/**
 * Emulator only, test environments only: an offer of the global definition a verification asks
 * for, with the claims the test wallet sends (an identity's `age_over_18` computed from its
 * `birthdate` on the emulator's clock). The wallet then redeems it over OpenID4VCI like any
 * offer, so a fresh wallet can answer the built-in presets without setup. The issuance appears in
 * the project's list with `metadata.source` = `test_wallet`.
 */
export async function handleTestCredentialOffer(ctx: RouteContext<Model>) {
  const verification = ctx.model.verifications.findForProtocol(ctx.params.verificationId!);
  if (!verification) return oauthError(404, "invalid_request", "No such presentation request.");
  if (!["pending", "in_progress"].includes(verification.status))
    return oauthError(400, "invalid_request", `This request is ${verification.status}.`);
  if (verification.tenant.environment !== "test")
    return oauthError(
      403,
      "access_denied",
      "Test credentials are issued in test environments only; issue a real offer instead.",
    );
  const definition = ctx.model.definitions
    .allPublished(verification.tenant)
    .find((d) => d.owner === null && d.vct === verification.policy.vct);
  if (!definition)
    return oauthError(
      400,
      "invalid_request",
      "Test credentials exist for the global definitions only; issue an offer of your own.",
    );
  const mediaType = (ctx.request.headers.get("content-type") ?? "").split(";")[0]!.trim();
  let body: unknown;
  try {
    body =
      mediaType.toLowerCase() === "application/json"
        ? JSON.parse(await ctx.request.text())
        : undefined;
  } catch {
    body = undefined;
  }
  const claims = (body as { claims?: unknown } | undefined)?.claims;
  if (!claims || typeof claims !== "object" || Array.isArray(claims))
    return oauthError(400, "invalid_request", "Send application/json { claims: { ... } }.");
  // An identity's age_over_18 is the issuer's statement about its birthdate, not the holder's.
  const declares = (name: string) => definition.claims.some((c) => c.path.join(".") === name);
  const aged =
    declares("birthdate") && declares("age_over_18")
      ? withAgeFromBirthdate(claims as Record<string, unknown>, ctx.model.clock.now())
      : { ok: true as const, claims };
  if (!aged.ok) return oauthError(400, "invalid_request", `claims.${aged.reason}.`);
  try {
    const { record } = ctx.model.issuance.createOffer(verification.tenant, {
      credentialDefinitionId: definition.credentialDefinitionId,
      claims: aged.claims,
      metadata: { source: "test_wallet" },
    });
    return json(
      201,
      {
        credential_offer_uri: credentialOfferUrl(ctx.baseUrl, record.id),
        offer_uri: offerUri(ctx.baseUrl, record.id),
      },
      { "cache-control": "no-store" },
    );
  } catch (error) {
    if (error instanceof ModelError && error.status < 500)
      return oauthError(400, "invalid_request", error.message);
    throw error;
  }
}
