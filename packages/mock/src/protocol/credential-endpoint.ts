import { json } from "../http/responses.js";
import type { RouteContext } from "../http/route.js";
import { sameTenant, type Tenant } from "../model/keys.js";
import type { Model } from "../model/model.js";
import { readCredentialRequest } from "./credential-request.js";
import { issuerX5cHeader } from "./issuer-x5c.js";
import { bearerChallenge, oauthError, refusalResponse } from "./oauth-error.js";
import { verifyProofJwt, walletNowSeconds } from "./proof.js";
import { disclosureFrame, sdJwtVc } from "./sd-jwt.js";
import { credentialIssuer, statusListUri } from "./urls.js";

const CREDENTIAL_LIFETIME_S = 365 * 24 * 60 * 60;

/**
 * The credential endpoint (OpenID4VCI 1.0 §8). In this order: Bearer credentials (else a bare 401
 * `Bearer` challenge, RFC 6750 §3.1), a live access token (else 401 `invalid_token`), a well-formed request (else `invalid_credential_request` and friends, nothing
 * changed), a proof that verifies (else `invalid_proof`, nothing changed: OpenID4VCI 1.0 §8.3.1.2
 * lets the wallet send a corrected request, so the access token stays good until it expires), and
 * a c_nonce we handed out, unused and fresh (else `invalid_nonce` with a fresh `c_nonce` beside it,
 * nothing else changed, so the wallet can sign again at once).
 */
export async function handleCredentialRequest(ctx: RouteContext<Model>, tenant: Tenant) {
  const authorization = ctx.request.headers.get("authorization") ?? "";
  if (!/^Bearer\s/i.test(authorization))
    return bearerChallenge(
      "This endpoint needs the access token from the token endpoint: Authorization: Bearer <access_token>.",
    );
  const token = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/i.exec(authorization)?.[1];
  const grant = token ? ctx.model.protocol.accessToken(tenant, token) : undefined;
  const issuance = grant ? ctx.model.issuance.findForProtocol(grant.issuanceId) : undefined;
  if (!grant || !issuance || !sameTenant(issuance.tenant, tenant) || !stillOpen(ctx, issuance.id))
    return invalidToken();

  const request = await readCredentialRequest(ctx.request, {
    configurationId: issuance.credentialDefinitionId,
    ...(grant.credentialIdentifiers ? { credentialIdentifiers: grant.credentialIdentifiers } : {}),
  });
  if (!request.ok) return refusalResponse(request.refusal);

  const issuer = credentialIssuer(ctx.baseUrl, tenant);
  const now = Math.floor(ctx.model.clock.now() / 1000);
  const proof = await verifyProofJwt(request.proofJwt, {
    audience: issuer,
    nowSeconds: walletNowSeconds(),
  });
  if (!proof.ok)
    return oauthError(
      400,
      "invalid_proof",
      `The proof was refused: ${proof.reason}. Send a corrected request with the same access token.`,
    );
  if (!ctx.model.protocol.consumeNonce(tenant, proof.nonce))
    return oauthError(
      400,
      "invalid_nonce",
      "The c_nonce is unknown, used or expired; sign a new proof with the c_nonce of this answer.",
      { c_nonce: ctx.model.protocol.issueNonce(tenant) },
    );

  const keys = await ctx.model.protocol.issuerKeysFor(tenant);
  const sdjwt = await sdJwtVc({ issuerPrivateJwk: keys.privateJwk });
  const credential = await sdjwt.issue(
    {
      iss: issuer,
      iat: now,
      exp: now + CREDENTIAL_LIFETIME_S,
      vct: issuance.definition.vct,
      cnf: { jwk: proof.holderJwk },
      status: {
        status_list: { idx: issuance.statusListIndex, uri: statusListUri(ctx.baseUrl, tenant) },
      },
      ...issuance.claims,
    },
    disclosureFrame(issuance.claims) as never,
    {
      header: {
        kid: keys.kid,
        typ: "dc+sd-jwt",
        ...(await issuerX5cHeader(ctx.model, tenant, issuer)),
      },
    },
  );
  // Another request with this token may have finished while this one was signing.
  if (!stillOpen(ctx, issuance.id)) return invalidToken();
  ctx.model.issuance.applyTrigger(issuance.id, "credential_returned");
  return json(200, { credentials: [{ credential }] }, { "cache-control": "no-store" });
}

const stillOpen = (ctx: RouteContext<Model>, issuanceId: string) =>
  ctx.model.issuance.findForProtocol(issuanceId)?.status === "token_issued";

const invalidToken = () =>
  oauthError(401, "invalid_token", "The Bearer access token is invalid, expired or used.");
