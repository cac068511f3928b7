import type { DcqlQuery } from "dcql";
import { calculateJwkThumbprint } from "jose";
import type { RedirectBinding } from "../../formats/presentation-binding.js";
import { presentationResponseUrl, presentationReturnUrl } from "../../http/handoff-uris.js";
import { json } from "../../http/responses.js";
import type { RouteContext } from "../../http/route.js";
import type { Model } from "../../model/model.js";
import type { VerificationRecord } from "../../model/records/verification-record.js";
import { readFormBody } from "../../protocol/oauth/form-body.js";
import { refusalResponse } from "../../protocol/oauth/oauth-error.js";
import { readAuthorizationResponse } from "../authorization-response.js";
import { readEncryptedResponse } from "../encrypted-response.js";
import type { ReadAnswer } from "../presentation-channel.js";

/**
 * The direct_post response endpoint's reading (OpenID4VP 1.0 §8.2): a `direct_post` form, or under HAIP the `direct_post.jwt` answer decrypted with this
 * verification's response key, read against the query. Presentations are bound to the project's
 * own `client_id` (one made for another project's verifier is refused), the request's nonce and
 * response URI, and under HAIP the response key's thumbprint.
 */
export async function readRedirectAnswer(
  ctx: RouteContext<Model>,
  verification: VerificationRecord,
  query: DcqlQuery,
): Promise<ReadAnswer> {
  const form = await readFormBody(ctx.request);
  if (!form.ok) return { ok: false, refusal: refusalResponse(form.refusal) };
  const tenant = verification.tenant;
  const haip = ctx.model.profile === "haip";
  const responseKey = haip
    ? ctx.model.protocol.verifier.responseKey(tenant, verification.id)
    : undefined;
  const params = haip ? await readEncryptedResponse(form.params, responseKey) : form;
  if (!params.ok) return { ok: false, refusal: refusalResponse(params.refusal) };
  const read = readAuthorizationResponse(params.params, { state: verification.id, query });
  if (!read.ok) return { ok: false, refusal: refusalResponse(read.refusal) };
  if (read.response.kind === "error") return { ok: true, answer: read.response };
  return {
    ok: true,
    answer: {
      kind: "vp_token",
      presentations: read.response.presentations,
      binding: await redirectBinding(ctx, verification),
    },
  };
}

/**
 * The binding of an answer over the redirect flow: the project's own `client_id`, the request's
 * nonce and response URI, and under HAIP the thumbprint of the response key it was encrypted to.
 */
export async function redirectBinding(
  ctx: RouteContext<Model>,
  verification: VerificationRecord,
): Promise<RedirectBinding> {
  const tenant = verification.tenant;
  const responseKey =
    ctx.model.profile === "haip"
      ? ctx.model.protocol.verifier.responseKey(tenant, verification.id)
      : undefined;
  return {
    channel: "redirect",
    clientId: await ctx.model.protocol.verifier.clientIdFor(tenant, ctx.baseUrl),
    nonce: verification.nonce,
    responseUri: presentationResponseUrl(ctx.baseUrl, verification.id),
    ...(responseKey
      ? { jwkThumbprint: await calculateJwkThumbprint((await responseKey).publicJwk) }
      : {}),
  };
}

/**
 * The answer to a response that decided the verification. Under HAIP it carries a `redirect_uri`
 * (OpenID4VP 1.0 §8.2) with a one-time `response_code` that only this wallet learns: the browser
 * it sends there (same-device) is told the answer arrived, and a link or a stolen request URI
 * cannot produce such a page (docs/protocol.md, "Same-device").
 */
export function finishRedirect(ctx: RouteContext<Model>, verification: VerificationRecord) {
  ctx.model.protocol.verifier.dropResponseKey(verification.tenant, verification.id);
  if (ctx.model.profile !== "haip") return json(200, {}, { "cache-control": "no-store" });
  const code = ctx.model.protocol.verifier.issueResponseCode(verification.tenant, verification.id);
  return json(
    200,
    { redirect_uri: presentationReturnUrl(ctx.baseUrl, verification.id, code) },
    { "cache-control": "no-store" },
  );
}
