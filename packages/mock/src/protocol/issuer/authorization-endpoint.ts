import type { RouteContext } from "../../http/route.js";
import type { Tenant } from "../../model/keys.js";
import type { Model } from "../../model/model.js";
import { oauthError } from "../oauth/oauth-error.js";
import { notServed } from "./par-endpoint.js";
import { credentialIssuer } from "./urls.js";

/**
 * The authorization endpoint (RFC 6749 §4.1.1), `haip` profile only. It takes only a `request_uri`
 * from the PAR endpoint with its `client_id` (RFC 9126 §4); anything else is `400
 * invalid_request`, answered here, never redirected, since only a pushed request's `redirect_uri`
 * is known to be the client's. There is no login and no consent screen: the offer already names
 * the holder's claims, so the emulator consents on the holder's behalf and redirects at once with
 * `code`, `state` and `iss` (RFC 9207), or with `error=access_denied` when the offer ended meanwhile.
 */
export function handleAuthorizationRequest(ctx: RouteContext<Model>, tenant: Tenant) {
  if (ctx.model.profile !== "haip") return notServed();
  const query = ctx.url.searchParams;
  const requestUri = query.get("request_uri");
  const clientId = query.get("client_id");
  if (!requestUri)
    return oauthError(
      400,
      "invalid_request",
      "request_uri is required: push the authorization request to the PAR endpoint first (require_pushed_authorization_requests).",
    );
  if (!clientId) return oauthError(400, "invalid_request", "client_id is required.");
  const pushed = ctx.model.protocol.issuer.takePushedAuthorization(tenant, requestUri);
  if (!pushed)
    return oauthError(400, "invalid_request", "request_uri is unknown, used or expired.");
  if (pushed.clientId !== clientId)
    return oauthError(400, "invalid_request", "client_id is not the one of the pushed request.");

  const back = new URL(pushed.redirectUri);
  const issuance = ctx.model.issuance.findForProtocol(pushed.issuanceId);
  if (issuance?.status === "ready_to_issue") {
    back.searchParams.set(
      "code",
      ctx.model.protocol.issuer.issueAuthorizationCode(tenant, {
        issuanceId: pushed.issuanceId,
        clientId: pushed.clientId,
        redirectUri: pushed.redirectUri,
        codeChallenge: pushed.codeChallenge,
        detailsRequested: pushed.detailsRequested,
        ...(pushed.jkt !== undefined ? { jkt: pushed.jkt } : {}),
      }),
    );
  } else {
    back.searchParams.set("error", "access_denied");
    back.searchParams.set("error_description", `The offer is ${issuance?.status ?? "gone"}.`);
  }
  if (pushed.state !== undefined) back.searchParams.set("state", pushed.state);
  back.searchParams.set("iss", credentialIssuer(ctx.baseUrl, tenant));
  return {
    status: 302,
    headers: { location: back.href, "cache-control": "no-store" },
  };
}
