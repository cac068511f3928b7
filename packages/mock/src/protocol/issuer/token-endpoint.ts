import { createHash } from "node:crypto";
import { json } from "../../http/responses.js";
import type { RouteContext } from "../../http/route.js";
import { sameTenant, type Tenant } from "../../model/keys.js";
import type { Model } from "../../model/model.js";
import type { IssuanceRecord } from "../../model/records/issuance-record.js";
import { readAuthorizationDetails } from "../oauth/authorization-details.js";
import { checkClientAttestation, invalidClient } from "../oauth/client-attestation.js";
import { checkDpopProof } from "../oauth/dpop.js";
import { readFormBody } from "../oauth/form-body.js";
import { oauthError, type Refusal } from "../oauth/oauth-error.js";
import {
  AUTHORIZATION_CODE_GRANT,
  credentialIssuer,
  PRE_AUTHORIZED_GRANT,
  tokenEndpoint,
} from "./urls.js";

/** RFC 7636 §4.1: a code verifier is 43 to 128 unreserved characters. */
const CODE_VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;

type Refuse = (refusal: Refusal) => ReturnType<typeof oauthError>;

/**
 * The token endpoint (OpenID4VCI 1.0 §6, RFC 6749 §4.1.3, §5). Under `plain`, the pre-authorized
 * code grant with Bearer tokens (a DPoP header is ignored). Under `haip`, also the authorization
 * code grant, and every request needs a DPoP proof (RFC 9449) with this issuer's nonce, checked
 * before anything else, then the wallet attestation when presented: the token is DPoP-bound
 * (`token_type: DPoP`) and every answer carries the current `DPoP-Nonce`. Every refusal before the
 * code or tx_code comparison leaves the offer untouched; a wrong tx_code counts an attempt (the
 * third fails the issuance); an authorization code is spent by its first use, right or wrong, and
 * its second use revokes the token the first one got.
 */
export async function handleTokenRequest(ctx: RouteContext<Model>, tenant: Tenant) {
  const form = await readFormBody(ctx.request);
  const haip = ctx.model.profile === "haip";
  const nonceHeader: Record<string, string> = haip
    ? { "dpop-nonce": ctx.model.protocol.issuer.dpopNonce(tenant) }
    : {};
  const refuse: Refuse = (refusal) =>
    oauthError(refusal.status ?? 400, refusal.error, refusal.description, {}, nonceHeader);
  if (!form.ok) return refuse(form.refusal);
  const params = form.params;
  const grantType = params.get("grant_type");
  if (!grantType)
    return refuse({ error: "invalid_request", description: "grant_type is required." });

  let jkt: string | undefined;
  let attestedClientId: string | undefined;
  if (haip) {
    const dpop = await checkDpopProof(ctx.header("dpop"), ctx.model, tenant, {
      method: "POST",
      url: tokenEndpoint(ctx.baseUrl, tenant),
    });
    if (!dpop.ok) return refuse({ error: dpop.error, description: dpop.description });
    jkt = dpop.jkt;
    const client = await checkClientAttestation((name) => ctx.header(name), ctx.model, tenant, {
      issuer: credentialIssuer(ctx.baseUrl, tenant),
      clientId: params.get("client_id"),
    });
    if (!client.ok) return invalidClient(client.description);
    attestedClientId = client.attestedClientId;
  }

  const granted =
    grantType === PRE_AUTHORIZED_GRANT
      ? preAuthorizedCodeGrant(ctx, tenant, params)
      : haip && grantType === AUTHORIZATION_CODE_GRANT
        ? authorizationCodeGrant(ctx, tenant, params, { jkt, attestedClientId })
        : {
            refusal: {
              error: "unsupported_grant_type",
              description: haip
                ? "Only the authorization code and pre-authorized code grants are supported."
                : "Only the pre-authorized code grant is supported.",
            },
          };
  if ("refusal" in granted) return refuse(granted.refusal);
  const { issuance, detailsRequested, code } = granted;

  ctx.model.issuance.applyTrigger(issuance.id, "token_accepted");
  const credentialIdentifiers = detailsRequested ? [issuance.id] : undefined;
  const { token, expiresIn } = ctx.model.protocol.issuer.issueAccessToken(
    issuance.tenant,
    issuance.id,
    {
      notAfter: Date.parse(issuance.expiresAt),
      ...(credentialIdentifiers ? { credentialIdentifiers } : {}),
      ...(jkt ? { jkt } : {}),
    },
  );
  if (code) ctx.model.protocol.issuer.recordCodeToken(tenant, code, token);
  return json(
    200,
    {
      access_token: token,
      token_type: jkt ? "DPoP" : "Bearer",
      expires_in: expiresIn,
      ...(credentialIdentifiers
        ? {
            authorization_details: [
              {
                type: "openid_credential",
                credential_configuration_id: issuance.credentialDefinitionId,
                credential_identifiers: credentialIdentifiers,
              },
            ],
          }
        : {}),
    },
    { "cache-control": "no-store", ...nonceHeader },
  );
}

type Granted =
  | { issuance: IssuanceRecord; detailsRequested: boolean; code?: string }
  | { refusal: Refusal };

/** The pre-authorized code grant (OpenID4VCI 1.0 §6.1), with its tx_code. */
function preAuthorizedCodeGrant(
  ctx: RouteContext<Model>,
  tenant: Tenant,
  params: Map<string, string>,
): Granted {
  const code = params.get("pre-authorized_code");
  if (!code)
    return {
      refusal: { error: "invalid_request", description: "pre-authorized_code is required." },
    };
  const issuance = ctx.model.issuance.findByPreAuthorizedCode(code);
  if (!issuance || !sameTenant(issuance.tenant, tenant) || issuance.status !== "ready_to_issue")
    return {
      refusal: {
        error: "invalid_grant",
        description: "The pre-authorized code is unknown, used or expired.",
      },
    };
  const txCodeRefusal = checkTxCodePresence(issuance, params.get("tx_code"));
  if (txCodeRefusal) return { refusal: txCodeRefusal };
  const details = readAuthorizationDetails(params.get("authorization_details"), issuance);
  if (!details.ok) return { refusal: details.refusal };

  if (issuance.txCode && params.get("tx_code") !== issuance.txCode) {
    const left = ctx.model.issuance.rejectTxCode(issuance.id);
    return {
      refusal: {
        error: "invalid_grant",
        description:
          left > 0
            ? `Wrong transaction code; ${left} attempt(s) left.`
            : "Wrong transaction code; the offer has failed.",
      },
    };
  }
  return { issuance, detailsRequested: details.requested };
}

/**
 * The authorization code grant (RFC 6749 §4.1.3) of a code from the authorization endpoint: the
 * same client (its `client_id`, or the attested one), the same `redirect_uri`, the PKCE S256
 * verifier of the pushed challenge (RFC 7636 §4.6), and the DPoP key the code was bound to at PAR.
 */
function authorizationCodeGrant(
  ctx: RouteContext<Model>,
  tenant: Tenant,
  params: Map<string, string>,
  client: { jkt: string | undefined; attestedClientId: string | undefined },
): Granted {
  const invalidGrant = (description: string): Granted => ({
    refusal: { error: "invalid_grant", description },
  });
  const code = params.get("code");
  if (!code) return { refusal: { error: "invalid_request", description: "code is required." } };
  const clientId = params.get("client_id") ?? client.attestedClientId;
  if (!clientId)
    return { refusal: { error: "invalid_request", description: "client_id is required." } };
  const grant = ctx.model.protocol.issuer.takeAuthorizationCode(tenant, code);
  if (grant === "reused")
    return invalidGrant(
      "The authorization code was used before; the access token issued with it is revoked.",
    );
  if (!grant) return invalidGrant("The authorization code is unknown, used or expired.");
  if (grant.clientId !== clientId) return invalidGrant("The code was issued to another client_id.");
  if (params.get("redirect_uri") !== grant.redirectUri)
    return invalidGrant("redirect_uri is not the one of the authorization request.");
  const verifier = params.get("code_verifier");
  if (!verifier) return invalidGrant("code_verifier is required (PKCE).");
  if (
    !CODE_VERIFIER.test(verifier) ||
    createHash("sha256").update(verifier, "ascii").digest("base64url") !== grant.codeChallenge
  )
    return invalidGrant("The code_verifier does not match the code_challenge (S256).");
  if (grant.jkt !== undefined && grant.jkt !== client.jkt)
    return invalidGrant(
      "The DPoP proof is signed by another key than the one the code is bound to.",
    );
  const issuance = ctx.model.issuance.findForProtocol(grant.issuanceId);
  if (issuance?.status !== "ready_to_issue")
    return invalidGrant(`The offer is ${issuance?.status ?? "gone"}.`);
  return { issuance, detailsRequested: grant.detailsRequested, code };
}

/** OpenID4VCI 1.0 §6.3: a tx_code missing when the offer asks for one, or sent when it does not. */
function checkTxCodePresence(
  issuance: IssuanceRecord,
  txCode: string | undefined,
): Refusal | undefined {
  const sent = txCode !== undefined && txCode !== "";
  if (issuance.txCode && !sent)
    return {
      error: "invalid_request",
      description: "This offer needs a tx_code (the transaction code shown to the holder).",
    };
  if (!issuance.txCode && txCode !== undefined)
    return { error: "invalid_request", description: "This offer takes no tx_code." };
  return undefined;
}
