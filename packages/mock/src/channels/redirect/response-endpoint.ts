import { CREDENTIAL_QUERY_ID, dcqlQueryFor } from "../../formats/sd-jwt-vc/dcql-query.js";
import { verifyPresentation } from "../../formats/sd-jwt-vc/verify-presentation.js";
import { presentationReturnUrl } from "../../http/handoff-uris.js";
import { json } from "../../http/responses.js";
import type { RouteContext } from "../../http/route.js";
import { walletNowSeconds } from "../../model/infrastructure/wallet-time.js";
import type { Model } from "../../model/model.js";
import type { VerificationRecord } from "../../model/records/verification-record.js";
import { statusAt } from "../../protocol/issuer/status-list.js";
import { credentialIssuer, statusListUri } from "../../protocol/issuer/urls.js";
import { readFormBody } from "../../protocol/oauth/form-body.js";
import { oauthError, refusalResponse } from "../../protocol/oauth/oauth-error.js";
import { readAuthorizationResponse } from "./authorization-response.js";
import { readEncryptedResponse } from "./encrypted-response.js";

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
  const tenant = verification.tenant;
  const haip = ctx.model.profile === "haip";
  const params = haip
    ? await readEncryptedResponse(
        form.params,
        ctx.model.protocol.responseKey(tenant, verification.id),
      )
    : form;
  if (!params.ok) return refusalResponse(params.refusal);
  const read = readAuthorizationResponse(params.params, {
    state: verification.id,
    query: dcqlQueryFor(verification.policy),
  });
  if (!read.ok) return refusalResponse(read.refusal);

  if (read.response.kind === "error") {
    ctx.model.verifications.applyTrigger(verification.id, "presentation_failed", {
      failureCode: "wallet_rejected",
    });
    return done(ctx, verification);
  }
  const keys = await ctx.model.protocol.issuerKeysFor(tenant);
  const ownStatusList = statusListUri(ctx.baseUrl, tenant);
  const outcome = await verifyPresentation(read.response.presentations[CREDENTIAL_QUERY_ID]![0]!, {
    verification,
    // The project's own client_id: a presentation made for another project's verifier is refused.
    clientId: await ctx.model.protocol.verifierClientIdFor(tenant, ctx.baseUrl),
    // HAIP: the issuer's x5c must chain to the test CA, the query's trusted_authorities.
    ...(haip ? { trustedRoots: [await ctx.model.ca.rootCertificate()] } : {}),
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
  return done(ctx, verification);
}

/**
 * The answer to a response that decided the verification. Under HAIP it carries a `redirect_uri`
 * (OpenID4VP 1.0 §8.2) with a one-time `response_code` that only this wallet learns: the browser
 * it sends there (same-device) is told the answer arrived, and a link or a stolen request URI
 * cannot produce such a page (docs/protocol.md, "Same-device").
 */
function done(ctx: RouteContext<Model>, verification: VerificationRecord) {
  ctx.model.protocol.dropResponseKey(verification.tenant, verification.id);
  if (ctx.model.profile !== "haip") return json(200, {}, { "cache-control": "no-store" });
  const code = ctx.model.protocol.issueResponseCode(verification.tenant, verification.id);
  return json(
    200,
    { redirect_uri: presentationReturnUrl(ctx.baseUrl, verification.id, code) },
    { "cache-control": "no-store" },
  );
}
