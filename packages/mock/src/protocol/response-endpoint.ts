import { json } from "../http/responses.js";
import type { RouteContext } from "../http/route.js";
import type { Model } from "../model/model.js";
import { readAuthorizationResponse } from "./authorization-response.js";
import { CREDENTIAL_QUERY_ID, dcqlQueryFor } from "./dcql-query.js";
import { readFormBody } from "./form-body.js";
import { oauthError, refusalResponse } from "./oauth-error.js";
import { verifyPresentation } from "./presentation.js";
import { walletNowSeconds } from "./proof.js";
import { statusAt } from "./status-list.js";
import { credentialIssuer, statusListUri } from "./urls.js";

/**
 * The direct_post response endpoint (OpenID4VP 1.0 §8.2). A malformed answer (not a form, another
 * state, no vp_token and no error, a vp_token that does not fit the query) is refused with 400
 * `invalid_request` and the verification stays open; a well-formed one decides it: `error` →
 * wallet_rejected, a presentation → verified, or failed with the reason's failure code.
 */
export async function handleAuthorizationResponse(ctx: RouteContext<Model>) {
  const verification = ctx.model.verifications.findForProtocol(ctx.params.verificationId!);
  if (!verification || !["pending", "in_progress"].includes(verification.status))
    return oauthError(400, "invalid_request", "No open presentation request here.");
  const form = await readFormBody(ctx.request);
  if (!form.ok) return refusalResponse(form.refusal);
  const read = readAuthorizationResponse(form.params, {
    state: verification.id,
    query: dcqlQueryFor(verification.policy),
  });
  if (!read.ok) return refusalResponse(read.refusal);

  if (read.response.kind === "error") {
    ctx.model.verifications.applyTrigger(verification.id, "presentation_failed", {
      failureCode: "wallet_rejected",
    });
    return done();
  }
  const tenant = verification.tenant;
  const keys = await ctx.model.protocol.issuerKeysFor(tenant);
  const ownStatusList = statusListUri(ctx.baseUrl, tenant);
  const outcome = await verifyPresentation(read.response.presentations[CREDENTIAL_QUERY_ID]![0]!, {
    verification,
    // The project's own client_id: a presentation made for another project's verifier is refused.
    clientId: await ctx.model.protocol.verifierClientIdFor(tenant),
    issuer: credentialIssuer(ctx.baseUrl, tenant),
    issuerPublicJwk: keys.publicJwk,
    nowSeconds: Math.floor(ctx.model.clock.now() / 1000),
    walletNowSeconds: walletNowSeconds(),
    statusOf: (reference) => statusAt(ctx.model, tenant, ownStatusList, reference),
  });
  // Another answer may have decided the verification while this one was being checked.
  const current = ctx.model.verifications.findForProtocol(verification.id);
  if (!current || !["pending", "in_progress"].includes(current.status))
    return oauthError(400, "invalid_request", "No open presentation request here.");
  if (outcome.ok)
    ctx.model.verifications.applyTrigger(verification.id, "presentation_verified", {
      claims: outcome.claims as never,
    });
  else
    ctx.model.verifications.applyTrigger(verification.id, "presentation_failed", {
      failureCode: outcome.failureCode,
    });
  return done();
}

const done = () => json(200, {}, { "cache-control": "no-store" });
