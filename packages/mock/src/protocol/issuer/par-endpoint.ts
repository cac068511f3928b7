import { json } from "../../http/responses.js";
import type { RouteContext } from "../../http/route.js";
import { sameTenant, type Tenant } from "../../model/keys.js";
import type { Model } from "../../model/model.js";
import { readAuthorizationDetails } from "../oauth/authorization-details.js";
import { checkClientAttestation, invalidClient } from "../oauth/client-attestation.js";
import { checkDpopProof } from "../oauth/dpop.js";
import { readFormBody } from "../oauth/form-body.js";
import { oauthError, refusalResponse } from "../oauth/oauth-error.js";
import { credentialIssuer, parEndpoint } from "./urls.js";

/** RFC 7636 §4.2: a code challenge is 43 base64url characters (S256 of a verifier). */
const CODE_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;
/** Redirect URI schemes that would run code where the wallet opens them. */
const UNSAFE_SCHEMES = ["javascript:", "data:", "vbscript:", "file:"];

/**
 * The pushed authorization request endpoint (RFC 9126), `haip` profile only: the only way into the
 * authorization endpoint (`require_pushed_authorization_requests`). In this order: a DPoP proof
 * when presented (binds the code to its key; else `invalid_dpop_proof` / `use_dpop_nonce`), client
 * authentication by wallet attestation when presented (else `401 invalid_client`), then
 * the request: `response_type=code`, `client_id`, an absolute `redirect_uri`, a PKCE S256
 * challenge (`plain` refused, HAIP 1.0), the offer's `issuer_state`, and `scope`,
 * `authorization_details` and `resource` when sent, each for this offer. Answers `201` with a
 * one-minute, one-time `request_uri`. Nothing here changes the issuance.
 */
export async function handlePushedAuthorizationRequest(ctx: RouteContext<Model>, tenant: Tenant) {
  if (ctx.model.profile !== "haip") return notServed();
  const form = await readFormBody(ctx.request);
  if (!form.ok) return refusalResponse(form.refusal);
  const params = form.params;
  const issuer = credentialIssuer(ctx.baseUrl, tenant);
  const nonceHeader = { "dpop-nonce": ctx.model.protocol.issuer.dpopNonce(tenant) };
  const bad = (description: string, error = "invalid_request") =>
    oauthError(400, error, description, {}, nonceHeader);

  let jkt: string | undefined;
  const dpopHeader = ctx.header("dpop");
  if (dpopHeader !== null) {
    const dpop = await checkDpopProof(dpopHeader, ctx.model, tenant, {
      method: "POST",
      url: parEndpoint(ctx.baseUrl, tenant),
    });
    if (!dpop.ok) return bad(dpop.description, dpop.error);
    jkt = dpop.jkt;
  }
  // After DPoP: a wallet that retries with the DPoP nonce must not find its attestation PoP spent.
  const clientId = params.get("client_id");
  const client = await checkClientAttestation((name) => ctx.header(name), ctx.model, tenant, {
    issuer,
    clientId,
  });
  if (!client.ok) return invalidClient(client.description);
  const dpopJkt = params.get("dpop_jkt");
  if (dpopJkt !== undefined) {
    if (jkt !== undefined && jkt !== dpopJkt)
      return bad("dpop_jkt is not the thumbprint of the DPoP proof's key.");
    jkt = dpopJkt;
  }

  if (params.has("request_uri")) return bad("request_uri is not allowed in a pushed request.");
  if (params.has("request"))
    return bad("Request objects are not supported: send the parameters in the form.");
  if (params.get("response_type") !== "code") return bad("response_type must be code.");
  if (!clientId) return bad("client_id is required.");
  const redirectUri = params.get("redirect_uri");
  if (!redirectUri) return bad("redirect_uri is required.");
  if (!isRedirectUri(redirectUri))
    return bad("redirect_uri must be an absolute URI without a fragment (and not javascript:).");
  const method = params.get("code_challenge_method");
  const challenge = params.get("code_challenge");
  if (!challenge) return bad("code_challenge is required (PKCE with S256).");
  if (method !== "S256")
    return bad("code_challenge_method must be S256 (HAIP 1.0: plain is refused).");
  if (!CODE_CHALLENGE.test(challenge))
    return bad(
      "code_challenge must be the base64url SHA-256 of the code_verifier (43 characters).",
    );

  const issuerState = params.get("issuer_state");
  if (!issuerState)
    return bad("issuer_state is required: this issuer only issues what an offer offers.");
  const issuance = ctx.model.issuance.findByIssuerState(issuerState);
  if (!issuance || !sameTenant(issuance.tenant, tenant) || issuance.status !== "ready_to_issue")
    return bad("issuer_state is unknown, used or expired.");
  if (issuance.txCode)
    return bad(
      "This offer needs a transaction code: redeem it with the pre-authorized code grant.",
    );
  const scope = params.get("scope");
  if (scope !== undefined) {
    const asked = scope.split(" ").filter(Boolean);
    if (asked.length === 0 || asked.some((s) => s !== issuance.credentialDefinitionId))
      return bad(
        `scope must be ${issuance.credentialDefinitionId}, the scope of the offered configuration.`,
        "invalid_scope",
      );
  }
  const details = readAuthorizationDetails(params.get("authorization_details"), issuance);
  if (!details.ok) return bad(details.refusal.description, details.refusal.error);
  const resource = params.get("resource");
  if (resource !== undefined && resource !== issuer)
    return bad(`resource must be ${issuer}, this credential issuer.`, "invalid_target");

  const state = params.get("state");
  const { requestUri, expiresIn } = ctx.model.protocol.issuer.pushAuthorization(tenant, {
    issuanceId: issuance.id,
    clientId,
    redirectUri,
    codeChallenge: challenge,
    detailsRequested: details.requested,
    ...(state !== undefined ? { state } : {}),
    ...(jkt !== undefined ? { jkt } : {}),
  });
  return json(
    201,
    { request_uri: requestUri, expires_in: expiresIn },
    { "cache-control": "no-store", ...nonceHeader },
  );
}

/** The plain profile serves the pre-authorized code flow only. */
export const notServed = () =>
  oauthError(
    404,
    "invalid_request",
    "The authorization code flow is served under the haip profile only (this emulator runs --profile plain).",
  );

function isRedirectUri(value: string): boolean {
  try {
    const url = new URL(value);
    return !value.includes("#") && !UNSAFE_SCHEMES.includes(url.protocol);
  } catch {
    return false;
  }
}
